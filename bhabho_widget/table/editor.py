"""The position editor in plain Python: set up a position card by card, checked as it is built.

An :class:`EditorSession` takes messages (plain dicts, as the editor widget's browser sends
them): the number of players, the rules, a card given to a seat, the table or the waste
pile (or put back in the box), a random deal, the leader, whether the opening trick is
over. After each one it checks the position with the engine (:meth:`Game.from_position`)
and says in one sentence what is wrong, then what to do about it in the editor
(:attr:`EditorSession.problem`, :data:`ADVICE`); when nothing is,
:meth:`EditorSession.game` is the game at that position, to play out, to open as a lesson
or to copy as position text (:meth:`EditorSession.text`).

>>> ed = EditorSession(players=3)
>>> ed.receive({"type": "give", "card": "AS", "to": 0})
>>> print(ed.problem)  # doctest: +NORMALIZE_WHITESPACE
The hands: a position needs at least 2 players holding cards: with fewer the game is over (rule 8).
Give cards to at least two seats, or press 'Deal at random'.
>>> for card, seat in [("KH", 0), ("2S", 1), ("QH", 1), ("3H", 2)]:
...     ed.receive({"type": "give", "card": card, "to": seat})
>>> ed.problem is None, ed.text()
(True, 'rules=classic hands=A.K../2.Q../.3..')
>>> ed.receive({"type": "opening", "over": True})
>>> ed.problem
'The leader: choose the seat that leads the next trick: it has the power (rule 4).'
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.cards import DECK, Card, CardIndex, Seat
from ..engine.errors import InvalidCardError, MessageError, PositionError
from ..engine.game import Game, seat_circles, shuffled_deck
from ..engine.html import card_html, game_html
from ..engine.position import cards_text, format_position, rules_text
from ..engine.rules import PRESETS, Rules, rules_from
from ..i18n import ENGLISH, N_, Message, Translator

__all__ = ["EDITOR_MESSAGES", "PLACES", "EditorSession", "Problem"]

PLACES = ("table", "waste", "box")
"""Where a card can go besides a seat: the trick on the table, the waste pile, or the box (out of the game)."""
EDITOR_MESSAGES = ("players", "rules", "give", "deal", "clear", "leader", "opening", "load")
PROBLEM = N_("{part}: {why}")
"""The editor's sentence about a part of the position: ``"The table: ..."``."""
PART_WORDS = {"hands": N_("The hands"), "lead": N_("The leader"), "opening": N_("The opening trick"),
              "table": N_("The table"), "waste": N_("The waste pile"), "rules": N_("The rules"),
              "trick": N_("The trick"), "seen": N_("The counts"), "drawn": N_("The drawn card"),
              "escaped": N_("The escaped seats"), "seed": N_("The seed"), "draws": N_("The draws")}
"""The parts of a position text (:data:`bhabho_widget.engine.position.PARTS`) as the editor names them."""
NO_LEADER = N_("choose the seat that leads the next trick: it has the power (rule 4)")
ADVICE = {
    N_("a position needs at least 2 players holding cards: with fewer the game is over (rule 8)"):
        N_("Give cards to at least two seats, or press '{deal}'."),
    N_("nobody holds a card of the opening suit ({suit}), so there is no opening trick (rule 3)"):
        N_("Tick '{over}', or give someone a card of {suit}."),
    N_("seat {first} leads the opening trick with {card} (rule 3), not seat {leader}"):
        N_("Choose '{decides}' as the leader, or tick '{over}'."),
    N_("the opening trick is led with {card} (rule 3), not {played}"):
        N_("Put {played} back in a hand and lay {card} on the table first, or tick '{over}'."),
    N_("the waste pile is empty until the opening trick is over (rule 3)"):
        N_("Tick '{over}', or put the waste pile's cards back in the box."),
    N_("the trick's first card is seat {leader}'s lead, not seat {seat}'s (rule 4)"):
        N_("Choose seat {seat} as the leader, or take the cards off the table and lay the leader's card first."),
    N_("the trick goes round in play order from seat {leader}: {order}, not {seats} (rule 4)"):
        N_("Take the cards off the table and lay them in play order from the leader: seats {order}."),
    N_("every seat has played to the trick: it is over and the table is empty (rule 4)"):
        N_("Take the last card off the table, or put the whole trick in the waste pile or a hand."),
    N_("a trick has at most {n} cards, one per seat (rule 4)"):
        N_("Take cards off the table until each seat has at most one there."),
    N_("{card} does not follow {suit}: a tochoo ends the trick at once (rule 4)"):
        N_("Take {card} off the table: a tochoo is the last card of its trick."),
    N_("seat {seat} played {card} but holds {suit}, so it had to follow suit (rule 3)"):
        N_("Give seat {seat} a card of {suit} on the table instead of {card}, or move its {suit} cards elsewhere."),
    N_("seat {seat} played {card} but holds {suit}, so it had to follow suit (rule 4)"):
        N_("Give seat {seat} a card of {suit} on the table instead of {card}, or move its {suit} cards elsewhere."),
    N_("seat {seat} holds no {suit} and would have picked up the trick already (pick-up form, rule 4)"):
        N_("Give seat {seat} a card of {suit}, or take the last card off the table."),
    N_("the leader, seat {seat}, holds no cards: the power goes with cards (rules 4 and 6)"):
        N_("Give seat {seat} a card, or choose another leader."),
    N_("seat {seat} must hold {card} to lead the opening trick"):
        N_("Give {card} to seat {seat}, or choose '{decides}' as the leader."),
    N_("the teams variant needs an even number of players, at least 4, not {n}"):
        N_("Choose 4, 6 or 8 players, or other rules."),
    # reasons a pasted position text can give (the editor's clicks never make them)
    N_("{card} is in two hands"):
        N_("Leave {card} in one hand only: a card is in one place."),
    N_("{card} is both in a hand and in the waste pile"):
        N_("Leave {card} in the hand or in the waste pile, not both."),
    N_("{card} is on the table and also in a hand or the waste pile"):
        N_("Leave {card} on the table only, or take it off the table."),
    N_("the opening trick is trick 1, not {n}"):
        N_("Tick '{over}', or make it trick 1 (trick=1)."),
    N_("seat {seat} holds cards or is in the trick on the table: it has not escaped"):
        N_("Take seat {seat} off the escaped seats, or take its cards away."),
    N_("nobody draws when must_draw is off (rule 6)"):
        N_("Leave out the drawn card (drawn=...), or choose rules in which a player draws from the waste pile."),
    N_("a drawn card is led at once: the table must be empty and the opening trick over"):
        N_("Take the cards off the table and tick '{over}', or leave out the drawn card (drawn=...)."),
    N_("the leader, seat {seat}, must hold the card drawn, {card}"):
        N_("Give {card} to seat {seat}, or leave out the drawn card (drawn=...)."),
    N_("in a counted position the leader, seat {seat}, holds no cards"):
        N_("Give seat {seat} a card in the counted position, or choose another leader there."),
}
"""What to do in the editor about each thing the engine finds wrong with a position (by the
engine's reason, :attr:`~bhabho_widget.engine.errors.PositionError.why`); the editor's own
:data:`NO_LEADER` says it already. ``{over}``, ``{decides}`` and ``{deal}`` are the editor's
controls as its labels name them in the reader's language (:data:`CONTROLS`)."""
CONTROLS = {"over": "editor_opening_over", "decides": "editor_leader_opening", "deal": "editor_deal"}
"""The editor's controls the advice names: placeholder -> the front end's label."""


class Problem(str):
    """What is wrong with a position, as one sentence (``"The hands: … (rule 8)."``). It is the
    English ``str``; :meth:`localize` tells it in another language (from the error's
    :class:`~bhabho_widget.i18n.Message`)."""

    error: PositionError

    def __new__(cls, error: PositionError) -> Problem:
        obj = super().__new__(cls, cls._tell(error, ENGLISH))
        obj.error = error
        return obj

    @staticmethod
    def _tell(error: PositionError, tr: Translator) -> str:
        why = tr.render(error.why)
        if error.part is None:
            text = why[:1].upper() + why[1:]
        else:
            part = tr.gettext(PART_WORDS[error.part]) if error.part in PART_WORDS else error.part.capitalize()
            text = tr.format(PROBLEM, part=part, why=why)
        text = text if text.endswith((".", "।")) else text + "."
        reason = error.why
        advice = ADVICE.get(reason.template) if isinstance(reason, Message) else None
        if advice is None or not isinstance(reason, Message):
            return text
        labels = tr.labels()
        controls = {key: labels[label] for key, label in CONTROLS.items()}
        return f"{text} {tr.render(Message(advice, **reason.values, **controls))}"

    def localize(self, translator: Translator | None = None, names: Sequence[str] | None = None) -> str:
        return self._tell(self.error, translator or ENGLISH)

    def __reduce__(self) -> tuple[Any, ...]:
        return Problem, (self.error,)


def _sentence(err: PositionError) -> Problem:
    """A position error as one sentence: ``"The table: ... (rule 4)."``."""
    return Problem(err)


class EditorSession:
    """A position being set up: ``players`` seats (2 to 8), ``rules`` (a :class:`Rules` or a
    preset name); ``seed`` (None: different every time) decides the random deals. The game's
    draws from the waste pile (rule 6) come from seed 0, as in a position text without a seed."""

    def __init__(self, players: int = 4, rules: Rules | str = "classic", seed: int | None = None) -> None:
        self.num_players = self._players(players)
        self.rules = rules_from(rules)
        self.seed = 0
        self._rng = random.Random(seed)
        self._place: dict[CardIndex, Seat | str] = {}  # where each card is; absent: in the box
        self._table: list[tuple[Seat, CardIndex]] = []
        self.leader: Seat | None = None
        self.opening_over = False
        self.version = 0
        self._problem: Problem | None = None
        self._game: Game | None = None
        self._check()

    # ------------------------------------------------------------------ messages
    @staticmethod
    def _players(n: object) -> int:
        if not isinstance(n, int) or isinstance(n, bool) or not 2 <= n <= 8:
            raise MessageError(f"players must be a whole number from 2 to 8, not {str(n)[:20]}")
        return n

    def _seat(self, value: object, what: str = "seat") -> Seat:
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < self.num_players:
            raise MessageError(f"{what} must be a seat from 0 to {self.num_players - 1}, not {str(value)[:20]}")
        return value

    def receive(self, message: Mapping[str, Any]) -> None:
        """Apply one message (see :data:`EDITOR_MESSAGES`); a malformed one raises
        :class:`MessageError` and changes nothing. The position is checked afterwards."""
        if not isinstance(message, Mapping) or message.get("type") not in EDITOR_MESSAGES:
            raise MessageError(f"an editor message has a type, one of {', '.join(EDITOR_MESSAGES)}")
        kind = message["type"]
        getattr(self, f"_on_{kind}")(message)
        self.version += 1
        self._check()

    def _on_players(self, m: Mapping[str, Any]) -> None:
        n = self._players(m.get("players"))
        if n < self.num_players:  # the cards of the seats that go back to the box
            for i, where in list(self._place.items()):
                if isinstance(where, int) and where >= n:
                    del self._place[i]
            self._table = [(s, i) for s, i in self._table if s < n]
            if self.leader is not None and self.leader >= n:
                self.leader = None
        self.num_players = n

    def _on_rules(self, m: Mapping[str, Any]) -> None:
        value = m.get("rules")
        try:
            if isinstance(value, str):
                self.rules = rules_from(value)
            elif isinstance(value, Mapping):
                self.rules = Rules.from_dict(dict(value))
            else:
                raise TypeError
        except (ValueError, TypeError):
            raise MessageError(f"rules must be a preset ({', '.join(PRESETS)}) or Rules fields") from None

    def _card(self, value: object) -> CardIndex:
        try:
            return Card.parse(value).index  # type: ignore[arg-type]
        except (InvalidCardError, TypeError):
            raise MessageError(f"{str(value)[:12]!r} is not a card") from None

    def _on_give(self, m: Mapping[str, Any]) -> None:
        i = self._card(m.get("card"))
        to = m.get("to")
        if to not in PLACES:
            to = self._seat(to, "to")
        seat = None
        if to == "table":
            seat = self._seat(m["seat"]) if m.get("seat") is not None else None
        self._remove(i)
        if to == "box":
            return
        if to == "table":
            if seat is None:
                seat = self._next_to_play()
            self._table.append((seat, i))
        self._place[i] = to

    def _remove(self, i: CardIndex) -> None:
        if self._place.pop(i, None) == "table":
            self._table = [(s, c) for s, c in self._table if c != i]

    def next_table_seat(self) -> Seat:
        """Whose card the next card given to the table is (see ``give``)."""
        return self._next_to_play()

    def _next_to_play(self) -> Seat:
        """The seat that plays the next card given to the table: the leader, then the next
        seats in play order that hold cards."""
        if not self._table:
            if self.leader is not None:
                return self.leader
            holder = next((s for s in range(self.num_players) if self._hand(s)), 0)
            opening = Card.parse(self.rules.opening_card).index
            return self._place[opening] if isinstance(self._place.get(opening), int) else holder  # type: ignore[return-value]
        last = self._table[-1][0]
        for s in seat_circles(self.num_players, self.rules.step)[last][1:]:
            if self._hand(s) and all(s != t for t, _ in self._table):
                return s
        return last

    def _on_deal(self, m: Mapping[str, Any]) -> None:
        """Deal the whole pack at random (from the seed), as rule 2 does, starting with seat 0."""
        seed = m.get("seed")
        if seed is None:
            seed = self._rng.randrange(2 ** 53)
        elif not isinstance(seed, int) or isinstance(seed, bool):
            raise MessageError("seed must be a whole number")
        deck = shuffled_deck(seed)
        self._place = {i: k % self.num_players for k, i in enumerate(deck)}
        self._table = []
        self.leader = None
        self.opening_over = False

    def _on_clear(self, m: Mapping[str, Any]) -> None:
        self._place = {}
        self._table = []
        self.leader = None
        self.opening_over = False

    def _on_leader(self, m: Mapping[str, Any]) -> None:
        seat = m.get("seat")
        self.leader = None if seat is None else self._seat(seat)
        if self._table and self.leader is not None:  # the trick on the table is led by the leader
            self._table[0] = (self.leader, self._table[0][1])

    def _on_opening(self, m: Mapping[str, Any]) -> None:
        over = m.get("over")
        if not isinstance(over, bool):
            raise MessageError("over must be true or false")
        self.opening_over = over

    def _on_load(self, m: Mapping[str, Any]) -> None:
        text = m.get("text")
        if not isinstance(text, str):
            raise MessageError("load needs the position text")
        try:
            g = Game.from_position(text)
        except PositionError as err:
            raise MessageError(_sentence(err)) from None
        self.load(g)

    def load(self, game: Game) -> None:
        """Set the editor to the position of ``game`` (not over)."""
        s = game.state()
        self.num_players = game.num_players
        self.rules = game.rules
        self.seed = game.seed
        self._place = {}
        for seat, h in enumerate(s.hands):
            for i in range(52):
                if h >> i & 1:
                    self._place[i] = seat
        for i in range(52):
            if s.waste >> i & 1:
                self._place[i] = "waste"
        self._table = list(zip(s.trick_order, s.table))
        for _, i in self._table:
            self._place[i] = "table"
        self.leader = s.leader
        self.opening_over = not s.opening
        self._check()

    # ------------------------------------------------------------------ the position
    def _hand(self, seat: Seat) -> int:
        return sum(1 << i for i, where in self._place.items() if where == seat)

    def _draft(self) -> str:
        """The position text of the editor's position, checked or not."""
        hands = [0] * self.num_players
        waste = 0
        for i, where in self._place.items():
            if where == "waste":
                waste |= 1 << i
            elif isinstance(where, int):
                hands[where] |= 1 << i
        words = [f"rules={rules_text(self.rules)}", "hands=" + "/".join(cards_text(h) for h in hands)]
        if self.leader is not None:
            words.append(f"lead={self.leader}")
        if self.opening_over:
            if self.leader is None and not self._table:
                why = Message(NO_LEADER)
                raise PositionError(Message("position text, {part}: {why}", part="lead", why=why), "lead", why)
        elif self.leader is not None or self._table:
            words.append("opening=yes")
        if self._table:
            words.append("table=" + ",".join(f"{s}:{DECK[i].code}" for s, i in self._table))
        if waste:
            words.append(f"waste={cards_text(waste)}")
        if self.seed:
            words.append(f"seed={self.seed}")
        return " ".join(words)

    def _check(self) -> None:
        try:
            self._game = Game.from_position(self._draft())
            self._problem = None
        except PositionError as err:
            self._game = None
            self._problem = _sentence(err)

    @property
    def problem(self) -> str | None:
        """What is wrong with the position, in one sentence; None when it is valid."""
        return self._problem

    @property
    def problem_message(self) -> Problem | None:
        """:attr:`problem` as a :class:`Problem`, to tell in another language (``.localize(translator)``)."""
        return self._problem

    @property
    def is_valid(self) -> bool:
        return self._problem is None

    def game(self) -> Game:
        """A new game at the position (raises PositionError with :attr:`problem` if it is not valid)."""
        if self._game is None:
            assert self._problem is not None
            raise PositionError(self._problem, self._problem.error.part, self._problem.error.why)
        return self._game.copy()

    def text(self) -> str:
        """The position as text (see :meth:`Game.position`), for a notebook, a message or a worksheet."""
        return format_position(self.game())

    def hand(self, seat: int) -> list[str]:
        """The codes of the cards given to ``seat``."""
        return [DECK[i].code for i in sorted(i for i, w in self._place.items() if w == self._seat(seat))]

    def _repr_html_(self) -> str:
        """The position as the engine draws a game (a static picture that reads on GitHub),
        with its text; or the cards placed so far and what is wrong."""
        from html import escape

        if self._game is not None:
            return (f'<div class="bhabho-static bhabho-editor-static">{game_html(self._game)}'
                    f"<p><code>{escape(self.text())}</code></p></div>")
        rows = [(f"Player {s}", [i for i, w in self._place.items() if w == s]) for s in range(self.num_players)]
        rows += [("table", [i for _, i in self._table]), ("waste pile", [i for i, w in self._place.items() if w == "waste"])]
        body = "".join(f"<tr><th>{escape(name)}</th><td>{' '.join(card_html(DECK[i]) for i in sorted(cards)) or '–'}</td></tr>"
                       for name, cards in rows)
        return (f'<div class="bhabho-static bhabho-editor-static"><table>{body}</table>'
                f"<p>{escape(self._problem or '')}</p></div>")

    def view(self) -> dict[str, Any]:
        """Everything the editor's browser shows: where each card is, the leader, whether
        the opening trick is over, the problem (or the position text)."""
        box = [DECK[i].code for i in range(52) if i not in self._place]
        return {
            "version": self.version,
            "num_players": self.num_players,
            "rules": self.rules.to_dict(),
            "hands": [self.hand(s) for s in range(self.num_players)],
            "table": [{"seat": s, "card": DECK[i].code} for s, i in self._table],
            "waste": [DECK[i].code for i in sorted(i for i, w in self._place.items() if w == "waste")],
            "box": box,
            "leader": self.leader,
            "opening_over": self.opening_over,
            "problem": self._problem,
            "text": None if self._problem else self.text(),
        }
