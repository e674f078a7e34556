"""What a table does, in plain Python: a person at one seat plays bots, round after round.

:class:`TableSession` is the controller behind the :class:`~bhabho_widget.table.widget.Table`
widget, with no widget in it: it deals games (the rounds of a :class:`Match` when a
scoreboard is kept), lets the bots act in rule 7's order, takes the person's plays,
takes and undos, keeps the log, and builds the one view of the table that the person's
seat may see (:meth:`TableSession.browser_view`). Tests and scripts drive it directly.

>>> s = TableSession(players=4, seed=1, bots="rules")
>>> s.run_bots()            # the bots act until it is the person's turn
>>> s.waiting
'human'
>>> _ = s.play(s.game.legal_cards()[0])
>>> s.browser_view()["change"]
'step'
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..engine.cards import Card, to_card
from ..engine.errors import IllegalMoveError, MessageError
from ..engine.events import Event
from ..engine.game import MAX_SEED, Game
from ..engine.rules import PRESETS, Rules, rules_from
from ..i18n import ENGLISH, N_, Joined, Message, Plural, SeatList, SeatName, Translator, check_language, translator
from ..play.bots import Bot
from ..play.driver import Driver
from ..play.match import Match
from ..play.registry import BOTS

HINT_SEED = 0
"""The seed of the table's hints: the same position gets the same hint."""
HINT_CACHE = 16
"""Hints a table keeps, for positions asked about again."""
LOG_LENGTH = 80
"""Log lines a view carries: the last ones of the game on the table."""
PACE_MAX = 5.0


def _check_int(name: str, value: object, low: int, high: int, allow_none: bool = False) -> int | None:
    if value is None and allow_none:
        return None
    if not isinstance(value, int) or isinstance(value, bool):
        what = f"an integer from {low} to {high}" + (" or None" if allow_none else "")
        raise TypeError(f"{name} must be {what}, not {value!r}"[:160])
    if not low <= value <= high:
        raise ValueError(f"{name} must be from {low} to {high}, not {value!r}")
    return value


def check_pace(pace: object) -> float:
    """Seconds between bot steps: a number from 0 to 5."""
    if not isinstance(pace, (int, float)) or isinstance(pace, bool):
        raise TypeError(f"pace must be a number of seconds from 0 to {PACE_MAX:g}, not {pace!r}"[:160])
    if not 0 <= pace <= PACE_MAX:
        raise ValueError(f"pace must be from 0 to {PACE_MAX:g} seconds, not {pace!r}")
    return float(pace)


def variant_name(rules: Rules) -> str:
    """The preset name of ``rules``, or ``"custom"``."""
    return next((k for k, r in PRESETS.items() if r == rules), "custom")


def make_bots(spec: str | Bot | Mapping[int, Bot], seats: Sequence[int], rng: random.Random) -> dict[int, Bot]:
    """One bot per seat from a level name (``"random"``, ``"rules"``, ``"search"``), one Bot
    for all, or a dict of seat -> Bot. Named bots are seeded from ``rng``, once: they keep
    their own random numbers from round to round."""
    if isinstance(spec, str):
        if spec not in BOTS:
            raise ValueError(f"bots must be one of {', '.join(map(repr, BOTS))}, a Bot or a dict of seat -> Bot, "
                             f"not {spec[:40]!r}")
        cls = BOTS[spec]
        return {s: cls(seed=rng.randrange(2**63)) for s in seats}  # type: ignore[call-arg]
    if isinstance(spec, Bot):
        return dict.fromkeys(seats, spec)
    if isinstance(spec, Mapping):
        if set(spec) != set(seats) or not all(isinstance(b, Bot) for b in spec.values()):
            raise ValueError(f"bots must give a Bot for each of the seats {sorted(seats)}")
        return dict(spec)
    raise TypeError(f"bots must be a level name ({', '.join(BOTS)}), a Bot or a dict of seat -> Bot, not {spec!r}"[:200])


def result_message(game: Game, seat: int) -> tuple[str, Message | Joined] | None:
    """The game-over banner for ``seat`` as ``(kind, text)`` (a Message, English as it is),
    or None while the game goes on."""
    if not game.is_over:
        return None
    if game.is_stalemate:
        return "stalemate", Message("Stalemate: the same position came round for the third time. Nobody is the bhabhi "
                                    "(rule 10).")
    loser = game.loser
    if loser is None:
        return "nobody", Message("Nobody holds cards: nobody is the bhabhi this round.")
    if loser == seat:
        text = Message("You are the bhabhi: you lose this round.")
    else:
        text = Message("{name} is the bhabhi and loses this round.", name=SeatName(game.names[loser], loser))
    team = game.losing_team
    if not team:
        return "bhabhi", text
    partner = team[0] if team[1] == loser else team[1]
    if partner == seat:
        also = Message("Your team loses too.")
    else:
        also = Message("Partner {name} loses too.", name=SeatName(game.names[partner], partner))
    return "bhabhi", Joined(" ", text, also)


def result_of(game: Game, seat: int, translator: Translator | None = None,
              names: Sequence[str] | None = None) -> dict[str, str] | None:
    """The game-over banner for ``seat``: ``{"kind", "text"}``, or None while the game goes
    on; in ``translator``'s language (None: English), with ``names`` for the seats."""
    result = result_message(game, seat)
    if result is None:
        return None
    kind, text = result
    return {"kind": kind, "text": (translator or ENGLISH).render(text, names)}


def score_message(match: Match, names: Sequence[str], seat: int) -> Message | Joined:
    """The scoreboard's heading (see :func:`score_of`) as a Message."""
    summary = match.summary()

    def named(s: int) -> SeatName:
        return SeatName(names[s], s)

    if not summary["over"]:
        if match.rounds is not None:
            return Message("Round {round} of {rounds}", round=summary["round"], rounds=match.rounds)
        return Plural("Round {round} (the session ends at {n} bhabhi count)",
                      "Round {round} (the session ends at {n} bhabhi counts)", match.max_bhabhi or 0, round=summary["round"])
    losers, winners, pot = summary["losers"], summary["pot_winners"], summary["pot"]
    rounds = Plural("Session over after {n} round", "Session over after {n} rounds", summary["played"])
    if not losers:
        return Joined(": ", rounds, Message("nobody was the bhabhi, so nobody loses the session and the pot is empty."))
    top = summary["counts"][losers[0]]
    if losers == [seat]:
        lost = Plural("you lose the session with {n} bhabhi count", "you lose the session with {n} bhabhi counts", top)
    elif len(losers) == 1:
        lost = Plural("{name} loses the session with {n} bhabhi count", "{name} loses the session with {n} bhabhi counts",
                      top, name=named(losers[0]))
    else:
        lost = Plural("{names} lose the session with {n} bhabhi count", "{names} lose the session with {n} bhabhi counts",
                      top, names=SeatList([named(s) for s in losers], seat))
    if winners == [seat]:
        won = Plural("you take the pot of {n} chip.", "you take the pot of {n} chips.", pot)
    elif len(winners) == 1:
        won = Plural("{name} takes the pot of {n} chip.", "{name} takes the pot of {n} chips.", pot, name=named(winners[0]))
    else:
        won = Plural("{names} share the pot of {n} chip.", "{names} share the pot of {n} chips.", pot,
                     names=SeatList([named(s) for s in winners], seat))
    return Joined(": ", rounds, Joined("; ", lost, won))


def score_of(match: Match, names: Sequence[str], seat: int, translator: Translator | None = None) -> dict[str, Any]:
    """The scoreboard: the match summary with the names and a heading the kernel writes
    (in ``translator``'s language; None: English)."""
    summary = match.summary()
    summary["names"] = list(names)
    summary["text"] = (translator or ENGLISH).render(score_message(match, names, seat), names)
    return summary


def browser_view(game: Game, seat: int, *, reveal_all: bool, waiting: str, change: str, events: Sequence[Event],
                 narration: str, log_start: int = 0, legal: bool = True, translator: Translator | None = None,
                 names: Sequence[str] | None = None) -> dict[str, Any]:
    """The view of ``game`` that ``seat``'s browser gets: only what that seat may know
    (every hand only when ``reveal_all``), the events of the last change, the log from
    event ``log_start`` on and the narration line; every text in ``translator``'s
    language (None: English), the seats called ``names`` (None: the game's names)."""
    tr = translator or ENGLISH
    view = game.view(seat)
    del view["rules"], view["stalemate"]
    if names is not None:
        view["names"] = list(names)
    if not legal:
        view["legal"] = []
    ended = any(e.kind in ("waste", "pickup") for e in events)
    trick = game.last_trick() if ended and change == "step" else None
    log = [{"kind": e.kind, "text": e.describe(seat, reveal=reveal_all, translator=tr, names=names)}
           for e in game.events_since(log_start) if e.kind != "deal" or e.seat == seat or reveal_all]
    view.update(
        mode="play",
        hands=[[c.code for c in game.hand(s)] for s in range(game.num_players)] if reveal_all else None,
        waiting=waiting,
        take_offer=False,  # a table session sets it (TableSession.take_offer)
        can_undo=False,  # a table session sets it (TableSession.can_undo)
        change=change,
        narration=narration,
        events=[_event_dict(e, seat, reveal_all, tr, names) for e in events],
        log=log[-LOG_LENGTH:],
        last_trick=None if trick is None else {
            "cards": [{"seat": s, "card": c.code} for s, c in trick.plays],
            "outcome": trick.outcome, "picker": trick.picker},
        result=result_of(game, seat, tr, names),
        lesson=None,
        review=None,
    )
    return view


def _event_dict(e: Event, seat: int, reveal_all: bool, translator: Translator | None = None,
                names: Sequence[str] | None = None) -> dict[str, Any]:
    d = e.to_dict(seat, translator, names)
    if reveal_all and not e.visible_to(seat):  # the teacher's switch shows every card
        d["cards"] = [c.code for c in e.cards]
        d["text"] = e.describe(seat, reveal=True, translator=translator, names=names)
    return d


def narrate(events: Sequence[Event], seat: int, translator: Translator | None = None,
            names: Sequence[str] | None = None) -> str:
    """The line under the table for these events, as ``seat`` reads them (in
    ``translator``'s language, None: English)."""
    return " ".join(e.describe(seat, translator=translator, names=names) for e in events if e.kind != "deal" or e.seat == seat)


def localize_tree(value: Any, translator: Translator, names: Sequence[str] | None = None) -> Any:
    """A JSON-like value (a hint's dict) with every text that can be told in another
    language (a Message) told in ``translator``'s."""
    if isinstance(value, dict):
        return {k: localize_tree(v, translator, names) for k, v in value.items()}
    if isinstance(value, list):
        return [localize_tree(v, translator, names) for v in value]
    if isinstance(value, str) and type(value) is not str:
        return translator.render(value, names)
    return value


class TableSession:
    """A person at ``seat`` against bots: the plain-Python side of the Table widget.

    ``rounds`` (and/or ``max_bhabhi``) keeps a :class:`Match` scoreboard; ``seed`` makes the
    deals and the bots' choices repeat (for a match: every round of it). ``bots`` is a level
    (``"random"``, ``"rules"``, ``"search"``), one Bot, or a dict of seat -> Bot.
    ``language`` (see :data:`.i18n.LANGUAGES`) is the language of every text the person
    reads: the narration, the log, refusals, the banner and the scoreboard.

    ``position`` (a :class:`Game` or position text, see :meth:`Game.position`) starts the
    table at that position instead of dealing: its players and rules are the table's
    (``players`` and ``rules`` may be left out, or must agree), the person at ``seat``,
    bots at the others; ``seed`` then seeds the bots. New game deals as usual. A position is
    one game, so it does not go with ``rounds`` or ``max_bhabhi``.

    >>> s = TableSession(position="rules=classic hands=A.K../2.Q../.3..", seat=1)
    >>> s.game.num_players, [str(c) for c in s.game.hand(1)]
    (3, ['2♠', 'Q♥'])
    """

    def __init__(self, players: int | None = None, seed: int | None = None, rules: Rules | str | None = None,
                 seat: int = 0, bots: str | Bot | Mapping[int, Bot] = "rules", names: Sequence[str] | None = None,
                 rounds: int | None = None, max_bhabhi: int | None = None, language: str = "en",
                 position: Game | str | None = None) -> None:
        self.translator = translator(check_language(language))
        start: Game | None = None
        if position is not None:
            start = self._position(position, players, rules, rounds, max_bhabhi)
            players, rules = start.num_players, start.rules
        if players is None:
            players = 4
        if rules is None:
            rules = "classic"
        _check_int("players", players, 3, 8)
        _check_int("seat", seat, 0, players - 1)
        _check_int("seed", seed, 0, MAX_SEED, allow_none=True)
        _check_int("rounds", rounds, 1, 1000, allow_none=True)
        _check_int("max_bhabhi", max_bhabhi, 1, 1000, allow_none=True)
        self.seat = seat
        self.rules = rules_from(rules)
        if names is not None:
            if isinstance(names, str) or not isinstance(names, Sequence):
                raise TypeError(f"names must be a list of {players} names, not {names!r}"[:160])
            if len(names) != players:
                raise ValueError(f"names must have one name per seat: {players}, not {len(names)}")
        self._names = None if names is None else tuple(names)
        self._bots_spec = bots
        self.rounds = rounds
        self.max_bhabhi = max_bhabhi
        self.match: Match | None = None
        self.version = 0
        self.change = "new"
        self.last_events: list[Event] = []
        self.last_hint: Any = None
        """The last hint given, its texts as Messages (see :meth:`hint`)."""
        self._hints: dict[tuple[Any, int], Any] = {}  # hints given, by (what the seat saw, seed)
        self._hint_busy = False
        self._note: Callable[[], str] | None = None
        self._told: list[Event] = []
        self.seed: int | None = seed
        if start is None:
            self._deal(players, seed, self.rules, bots, fresh_match=True)
        else:
            self._set_up(start, seed, bots)

    # ------------------------------------------------------------------ a position
    @staticmethod
    def _position(position: object, players: int | None, rules: Rules | str | None, rounds: int | None,
                  max_bhabhi: int | None) -> Game:
        """The game a table starts from (checked: 3 to 8 players, not over, agreeing with
        ``players`` and ``rules`` when they are given)."""
        if isinstance(position, Game):
            game = position
        elif isinstance(position, str):
            game = Game.from_position(position)
        else:
            raise TypeError(f"position must be a Game or position text, not {type(position).__name__}")
        if game.is_over:
            raise ValueError("position: the game is over there, so there is nothing to play out")
        if not 3 <= game.num_players <= 8:
            raise ValueError(f"position: a table seats 3 to 8 players, not {game.num_players}")
        if players is not None and players != game.num_players:
            raise ValueError(f"players: the position has {game.num_players} players, not {players}")
        if rules is not None and rules_from(rules) != game.rules:
            raise ValueError(f"rules: the position is played under rules={variant_name(game.rules)}; "
                             "leave rules out or give the same")
        if rounds is not None or max_bhabhi is not None:
            raise ValueError("a position is one game: it does not go with rounds or max_bhabhi (New game starts them)")
        return game

    def _set_up(self, start: Game, seed: int | None, bots: str | Bot | Mapping[int, Bot]) -> None:
        """The table at ``start``'s position, the seats named as the table names them."""
        players = start.num_players
        game = Game.from_position(start.position(), names=self.names_for(players))
        self.match = None
        self._bots_rng = random.Random(f"{seed if seed is not None else random.randrange(MAX_SEED)}:bots")
        self.bots = make_bots(bots, [s for s in range(players) if s != self.seat], self._bots_rng)
        self._bots_spec = bots
        self.game = game
        self.driver = Driver(game, self.bots)
        self._changed("new", [], self._position_note, told=game.events)

    def _position_note(self) -> str:
        """The first words under a table started at a position: whose turn it is."""
        turn = self.game.current_player
        if turn == self.seat:
            return self.translator.format(N_("The game goes on from the position set up: it is your turn."))
        return self.translator.format(N_("The game goes on from the position set up: it is {name}'s turn."),
                                      name=self.names()[turn])  # type: ignore[index]

    # ------------------------------------------------------------------ dealing
    def names_for(self, players: int) -> tuple[str, ...]:
        if self._names is not None and len(self._names) == players:
            return self._names
        return tuple("You" if s == self.seat else f"Bot {s}" for s in range(players))

    def _deal(self, players: int, seed: int | None, rules: Rules, bots: str | Bot | Mapping[int, Bot],
              fresh_match: bool) -> None:
        names = self.names_for(players)
        keeps_score = self.rounds is not None or self.max_bhabhi is not None
        next_match = False  # a new match after the last one ended, with a seed of its own
        if keeps_score:
            if fresh_match or self.match is None or self.match.is_over:
                next_match = not fresh_match and self.match is not None
                self.match = Match(players, rounds=self.rounds, max_bhabhi=self.max_bhabhi, rules=rules, seed=seed,
                                   names=names)
                self._bots_rng = random.Random(f"{self.match.seed}:bots")
                self.bots = make_bots(bots, [s for s in range(players) if s != self.seat], self._bots_rng)
            game = self.match.new_game(abandon=True)
        else:
            self.match = None
            game = Game.deal(players, seed=seed, rules=rules, names=names)
            self._bots_rng = random.Random(f"{game.seed}:bots")
            self.bots = make_bots(bots, [s for s in range(players) if s != self.seat], self._bots_rng)
        self.rules = rules
        self._bots_spec = bots
        self.game = game
        self.driver = Driver(game, self.bots)
        if fresh_match or self.match is None:
            self.seed = seed  # the seed given is the seed used: of this game, or of the whole match
        elif next_match and self.seed is not None:
            # a seeded match ended and the next one has a fresh seed: show that one, so that
            # a table made with the seed shown deals these cards
            self.seed = self.match.seed  # type: ignore[union-attr]
        self._changed("new", [], self._heading if self.match is not None else None, told=game.events)

    def _heading(self) -> str:
        """The scoreboard's heading, as the first words of a new round's narration."""
        score = self.score()
        return "" if score is None else score["text"] + "."

    def new_game(self, players: int | None = None, seed: int | None = None, rules: Rules | str | None = None,
                 bots: str | Bot | Mapping[int, Bot] | None = None) -> Game:
        """Deal a new game: the next round of the match, if one is kept (a round still in play
        is dealt again and not counted). Giving ``seed``, ``players``, ``rules`` or ``bots``
        starts a new match with them."""
        if players is None:
            players = self.game.num_players
        _check_int("players", players, 3, 8)
        if not 0 <= self.seat < players:
            raise ValueError(f"players must be more than your seat, {self.seat}, not {players}")
        _check_int("seed", seed, 0, MAX_SEED, allow_none=True)
        new_rules = self.rules if rules is None else rules_from(rules)
        if new_rules.teams and players % 2:
            raise ValueError("the teams variant needs an even number of players")
        if bots is not None and isinstance(bots, str) and bots not in BOTS:
            raise ValueError(f"bots must be one of {', '.join(map(repr, BOTS))}, not {bots[:40]!r}")
        fresh = (seed is not None or players != self.game.num_players or new_rules != self.rules
                 or (bots is not None and bots != self._bots_spec))
        if fresh or self.match is None:
            self._deal(players, seed, new_rules, bots if bots is not None else self._bots_spec, fresh_match=True)
        else:
            self._deal(players, None, new_rules, self._bots_spec, fresh_match=False)
        return self.game

    # ------------------------------------------------------------------ bots
    @property
    def waiting(self) -> str:
        """``"human"`` (the person may act), ``"bot"`` (a bot is due: a play or a take
        offer, rule 7) or ``"over"``."""
        return self.driver.waiting_for()

    def advance(self) -> list[Event]:
        """Let the table go on: the next bot acts (declined take offers are passed over),
        up to the person's own chance to take (rule 7), where the table stops. At that
        chance, advancing is the person's pass. Returns the events."""
        driver = self.driver
        action = driver.next_action()
        if action is None:
            raise MessageError(Message("no bot is to act now"))
        events = driver.step(action)
        while not events:
            action = driver.next_action()
            if action is None or driver.is_person_offer(action):
                break
            events = driver.step(action)
        self._changed("step", events)
        return events

    @property
    def take_offer(self) -> bool:
        """True while the table waits at the person's own chance to take (rule 7): the person
        does not hold the power, and their place in the order of offers has come. Then
        :meth:`take` takes and :meth:`pass_take` (or :meth:`advance`) passes."""
        return self.driver.person_offer() == self.seat

    def pass_take(self) -> list[Event]:
        """The person lets their chance to take go by (rule 7); the table goes on."""
        if not self.take_offer:
            raise IllegalMoveError(Message("there is no chance to take to pass now"))
        return self.advance()

    def run_bots(self) -> None:
        """Let the bots act until it is the person's turn or the game is over."""
        events = self.driver.run()
        self._changed("step", events)

    # ------------------------------------------------------------------ the person
    def _check_person_may_act(self, taking: bool = False) -> None:
        """Refuse an action of the person while the table is not at their turn: a play or
        a hint while others act first; a take also at the person's own chance (rule 7)."""
        if self.game.is_over:
            raise IllegalMoveError(Message("the game is over: deal a new game"))
        if taking and self.driver.has_taken(self.seat):
            raise IllegalMoveError(Message("you have already taken a hand before this trick: each player has one chance "
                                           "to take at each trick boundary (rule 7)"))
        action = self.driver.next_action()
        if action is not None:
            if action.kind == "offer" and action.seat == self.seat:
                if taking:
                    return
                target = self.game.next_holder(self.seat)
                raise IllegalMoveError(Message(
                    "it is your chance to take {target}'s hand before the lead (rule 7): take it or pass",
                    target=SeatName(self.game.names[target], target)))  # type: ignore[index,arg-type]
            name = SeatName(self.game.names[action.seat], action.seat)
            if action.kind == "offer":
                raise IllegalMoveError(Message("wait: {name} still has the chance to take before the lead (rule 7)", name=name))
            raise IllegalMoveError(Message("wait: it is {name}'s turn, not yours", name=name))

    def play(self, card: Card | str) -> list[Event]:
        """The person plays ``card`` (a Card or code such as ``"10H"``)."""
        c = to_card(card)
        self._check_person_may_act()
        events = self.game.play(c, seat=self.seat, viewer=self.seat)
        self._changed("step", events)
        return events

    def take(self) -> list[Event]:
        """The person takes the next player's hand (rule 7): before their own lead, or at
        their chance in the order of offers when they do not hold the power."""
        self._check_person_may_act(taking=True)
        events = self.game.take(self.seat, viewer=self.seat)
        self.driver.took(self.seat)
        self._changed("step", events)
        return events

    @property
    def can_undo(self) -> bool:
        """True when the person has played or taken in this game, so :meth:`undo` has
        something to take back."""
        return self.seat in self.game.actors()

    def undo(self) -> None:
        """Take back the person's last action and every bot action after it. A finished
        round that was counted in the match is un-counted, so the scoreboard agrees."""
        g = self.game
        if self.seat not in g.actors():
            raise IllegalMoveError(Message("nothing to undo: you have not played in this game yet"))
        while g.moves:
            actor = g.last_actor()
            g.undo()
            if actor == self.seat:
                break
        self.driver.reset_offers()
        if self.match is not None:
            self.match.summary()  # un-counts a round that the undo brought back into play
        self._changed("undo", [], lambda: self.translator.format(N_("Undone: back to before your last move.")), told=[])

    def hint(self) -> Any:
        """A suggestion for the person's move, with its reason (see :func:`bhabho_widget.coach.hints.hint`),
        in the table's language.

        The same position asked again (a burst of clicks, a second view) is answered from a
        cache keyed by what the seat sees and the hint's seed, without working it out again;
        a hint asked for while one is being worked out is refused."""
        if self._hint_busy:
            raise MessageError(Message("a hint is already being worked out: wait for it"))
        self._check_person_may_act(taking=True)  # a hint at the person's chance to take weighs take or pass
        if self.game.current_player != self.seat and not self.game.legal_takes():
            raise IllegalMoveError(Message("a hint is for your turn, and it is not your turn"))
        from ..coach.hints import hint_for_view

        view = self.game.seat_view(self.seat)
        if self.driver.has_taken(self.seat):  # the person's one chance to take is used (rule 7)
            view = dataclasses.replace(view, can_take=False, take_target=None)
        key = (view, HINT_SEED)
        suggestion = self._hints.get(key)
        if suggestion is None:
            self._hint_busy = True
            try:
                suggestion = hint_for_view(view, seed=HINT_SEED).to_dict()
            finally:
                self._hint_busy = False
            if len(self._hints) >= HINT_CACHE:
                del self._hints[next(iter(self._hints))]  # the oldest
            self._hints[key] = suggestion
        self.last_hint = suggestion
        return localize_tree(suggestion, self.translator, self.names())

    # ------------------------------------------------------------------ language
    @property
    def language(self) -> str:
        """The code of the language the person reads (see :data:`.i18n.LANGUAGES`)."""
        return self.translator.code

    def set_language(self, language: str) -> None:
        """Tell everything from now on in ``language``; the line under the table, the log,
        the banner and the scoreboard are told again at once."""
        self.translator = translator(check_language(language))
        self.version += 1

    def tracker(self, chances: bool = False) -> dict[str, Any]:
        """What the person's seat knows about every card, for the Tracker panel (see
        :func:`bhabho_widget.coach.tracker.tracker_data`): from the seat's view alone, the
        seats by the names the table shows; the chances only when asked."""
        from ..coach.tracker import tracker_data

        return tracker_data(self.game.seat_view(self.seat), self.names(), chances)

    def names(self) -> tuple[str, ...]:
        """The seats' names as the person reads them: the table's own names ("You", "Bot 1")
        in the table's language, names given in ``names=`` as they are."""
        return self.translator.local_names(self.game.names, self.seat)

    def localize(self, text: object) -> str:
        """Any text of the engine (a Message, a refusal) in the table's language."""
        return self.translator.render(text, self.names())

    # ------------------------------------------------------------------ views
    def _changed(self, change: str, events: Sequence[Event], note: Callable[[], str] | None = None,
                 told: Sequence[Event] | None = None) -> None:
        """A new state: ``events`` (the last change) are narrated, or ``told`` if given, after
        ``note`` (the first words, written when read, in the language of the moment)."""
        self.version += 1
        self.change = change
        self.last_events = list(events)
        if note is not None or told is not None:
            self._note = note
            self._told = list(told or ())
        elif events:
            self._note = None
            self._told = list(events)

    @property
    def narration(self) -> str:
        """The line under the table: what the last change did, in the table's language;
        at the person's own chance to take, the offer (rule 7)."""
        parts = [self._note() if self._note is not None else "",
                 narrate(self._told, self.seat, self.translator, self.names())]
        if self.take_offer:
            target = self.game.next_holder(self.seat)
            parts.append(self.translator.format(
                N_("Your chance to take {target}'s hand before the lead (rule 7): Take, or Pass to keep your own."),
                target=self.names()[target]))  # type: ignore[index]
        g = self.game
        if self.change == "new" and g.is_opening_trick and not g.table and g.current_player == self.seat:
            # at the deal: the opening card of the rules in use (rule 3), the one card allowed
            opening = g.legal_cards()
            if len(opening) == 1:
                parts.append(self.translator.format(N_("You hold {card} and must lead it to open the game (rule 3)."),
                                                    card=str(opening[0])))
        return " ".join(p for p in parts if p)

    def browser_view(self, reveal_all: bool = False) -> dict[str, Any]:
        """What the person's browser gets (see :func:`browser_view`), in the table's language."""
        waiting = self.waiting
        view = browser_view(self.game, self.seat, reveal_all=reveal_all, waiting=waiting, change=self.change,
                            events=self.last_events, narration=self.narration, legal=waiting == "human",
                            translator=self.translator, names=self.names())
        view["version"] = self.version
        view["take_offer"] = offer = self.take_offer
        view["can_undo"] = self.can_undo
        if (waiting != "human" and not offer) or self.driver.has_taken(self.seat):
            view["can_take"] = False
            view["take_target"] = None
        return view

    def score(self) -> dict[str, Any] | None:
        """The scoreboard, or None when no match is kept."""
        if self.match is None:
            return None
        return score_of(self.match, self.names(), self.seat, self.translator)

    def config(self) -> dict[str, Any]:
        bots = self._bots_spec if isinstance(self._bots_spec, str) else "custom"
        return {"players": self.game.num_players, "seed": self.seed, "variant": variant_name(self.rules),
                "bots": bots, "language": self.language, "rounds": self.rounds}
