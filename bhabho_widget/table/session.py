"""A person at one seat plays bots, round after round, in plain Python.

:class:`TableSession` is the local table behind the :class:`~bhabho_widget.table.widget.Table`
widget, with no widget in it. The round itself (the bots' turns, rule 7's offers, the
checks of every action, undo, the version and the view) is the one
:class:`~.controller.TableController` that the shared tables of the server use too; the
session adds what is the person's own: dealing (the rounds of a :class:`Match` when a
scoreboard is kept), their language, the names they read, hints and the tracker. Tests and
scripts drive it directly.

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
import threading
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future
from typing import Any

from ..engine.cards import Card
from ..engine.errors import IllegalMoveError, MessageError
from ..engine.events import Event
from ..engine.game import MAX_SEED, Game
from ..engine.rules import Rules, rules_from
from ..engine.seat_view import SeatView
from ..i18n import N_, Message, Translator, check_language, translator
from ..play.bots import Bot
from ..play.match import Match
from ..play.registry import BOTS
from .controller import DEFAULT_TAKE_OFFERS, Note, OnController, TableController, check_take_offers
from .protocol_types import Config, Score, Tracker
from .settings import (
    PLAYERS_MAX,
    PLAYERS_MIN,
    check_bots,
    check_int,
    check_max_bhabhi,
    check_players,
    check_rounds,
    check_teams,
    variant_name,
)
from .traits import config_trait, tracker_trait
from .view import View, score_of

HINT_SEED = 0
"""The seed of the table's hints: the same position gets the same hint."""
HINT_CACHE = 16
"""Hints a table keeps, for positions asked about again."""
QUICK = (128, 16)
"""The coach's quick estimate of a take, ``(rollouts, samples)``: whether a table that asks only
when taking may pay asks (a tenth of a hint's work)."""
HINT_WAIT = 60.0
"""The longest a click waits for a hint being worked out (the coach's worker, ahead of it)."""


def make_bots(spec: str | Bot | Mapping[int, Bot], seats: Sequence[int], rng: random.Random) -> dict[int, Bot]:
    """One bot per seat from a level name (``"random"``, ``"rules"``, ``"search"``), one Bot
    for all, or a dict of seat -> Bot. Named bots are seeded from ``rng``, once: they keep
    their own random numbers from round to round."""
    spec = check_bots(spec)
    if isinstance(spec, str):
        cls = BOTS[spec]
        return {s: cls(seed=rng.randrange(2**63)) for s in seats}  # type: ignore[call-arg]
    if isinstance(spec, Bot):
        return dict.fromkeys(seats, spec)
    if isinstance(spec, Mapping):
        if set(spec) != set(seats) or not all(isinstance(b, Bot) for b in spec.values()):
            raise ValueError(f"bots must give a Bot for each of the seats {sorted(seats)}")
    return dict(spec)


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



class TableSession(OnController):
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

    table: TableController
    """The round, the bots and the checks (see :class:`~.controller.TableController`)."""

    def __init__(self, players: int | None = None, seed: int | None = None, rules: Rules | str | None = None,
                 seat: int = 0, bots: str | Bot | Mapping[int, Bot] = "rules", names: Sequence[str] | None = None,
                 rounds: int | None = None, max_bhabhi: int | None = None, language: str = "en",
                 position: Game | str | None = None, take_offers: str = DEFAULT_TAKE_OFFERS) -> None:
        self.translator = translator(check_language(language))
        self._take_offers = check_take_offers(take_offers)
        start: Game | None = None
        if position is not None:
            start = self._position(position, players, rules, rounds, max_bhabhi)
            players, rules = start.num_players, start.rules
        if players is None:
            players = 4
        if rules is None:
            rules = "classic"
        check_players(players)
        check_int("seat", seat, 0, players - 1)
        check_int("seed", seed, 0, MAX_SEED, allow_none=True)
        check_rounds(rounds)
        check_max_bhabhi(max_bhabhi)
        check_bots(bots)
        self.seat = seat
        self.rules = rules_from(rules)
        check_teams(players, self.rules)
        if names is not None:
            if isinstance(names, str) or not isinstance(names, Sequence):
                raise TypeError(f"names must be a list of {players} names, not {names!r}"[:160])
            if len(names) != players:
                raise ValueError(f"names must have one name per seat: {players}, not {len(names)}")
        self._names = None if names is None else tuple(names)
        self._bots_spec = bots
        self.rounds = rounds
        self.max_bhabhi = max_bhabhi
        self.last_hint: Any = None
        """The last hint given, its texts as Messages (see :meth:`hint`)."""
        self.last_hint_view: Any = None
        """The seat's view the last hint was worked out from (see :meth:`hint_view`)."""
        self._hints: dict[tuple[Any, int], Future[Any]] = {}  # hints given or being worked out, by (view, seed)
        self._hints_lock = threading.Lock()
        self._hint_threads: dict[tuple[Any, int], int] = {}  # the thread working a hint out
        self.seed: int | None = seed
        self.coach_budget: tuple[int, int] | None = None
        """The coach's budget at this table, ``(rollouts, samples)``; None: the coach's own. The
        hint, its Show me and the review all judge with it, so they read one judgement of each
        decision (:mod:`bhabho_widget.coach.judgement`)."""
        if start is None:
            self._deal(players, seed, self.rules, bots, fresh_match=True)
        else:
            self._set_up(start, seed, bots)

    # ------------------------------------------------------------------ the round, read through the controller
    @property
    def match(self) -> Match | None:
        return self.table.match

    def _new_table(self, game: Game, bots: dict[int, Bot], match: Match | None, note: Note | None) -> None:
        """A new controller for a new match or position; the next rounds of a match are
        dealt on the same one (:meth:`TableController.new_game`)."""
        version = self.table.version if hasattr(self, "table") else 0
        self.table = TableController(game, bots, match=match, undo=True)
        self.table.set_take_offers(self._take_offers, self._take_may_pay)
        self.table.version += version  # versions only grow: a click on a view of the old game is stale
        if note is not None:
            self.table.changed("new", [], note, told=game.events)

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
        if not PLAYERS_MIN <= game.num_players <= PLAYERS_MAX:
            raise ValueError(f"position: a table seats {PLAYERS_MIN} to {PLAYERS_MAX} players, not {game.num_players}")
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
        self._bots_rng = random.Random(f"{seed if seed is not None else random.randrange(MAX_SEED)}:bots")
        self._bots_spec = bots
        self._new_table(game, make_bots(bots, [s for s in range(players) if s != self.seat], self._bots_rng), None,
                        self._position_note)

    def _position_note(self, tr: Translator, names: Sequence[str], seat: int) -> str:
        """The first words under a table started at a position: whose turn it is."""
        turn = self.game.current_player
        if turn == seat:
            return tr.format(N_("The game goes on from the position set up: it is your turn."))
        return tr.format(N_("The game goes on from the position set up: it is {name}'s turn."), name=names[turn])  # type: ignore[index]

    # ------------------------------------------------------------------ dealing
    def names_for(self, players: int) -> tuple[str, ...]:
        if self._names is not None and len(self._names) == players:
            return self._names
        return tuple("You" if s == self.seat else f"Bot {s}" for s in range(players))

    def _deal(self, players: int, seed: int | None, rules: Rules, bots: str | Bot | Mapping[int, Bot],
              fresh_match: bool) -> None:
        names = self.names_for(players)
        keeps_score = self.rounds is not None or self.max_bhabhi is not None
        note = self._heading if keeps_score else None
        others = [s for s in range(players) if s != self.seat]
        self.rules = rules
        self._bots_spec = bots
        if not keeps_score:
            game = Game.deal(players, seed=seed, rules=rules, names=names)
            self._bots_rng = random.Random(f"{game.seed}:bots")
            self._new_table(game, make_bots(bots, others, self._bots_rng), None, note)
            self.seed = seed
            return
        match = self.table.match if hasattr(self, "table") else None
        if fresh_match or match is None or match.is_over:
            next_match = not fresh_match and match is not None  # a new match after the last one ended
            match = Match(players, rounds=self.rounds, max_bhabhi=self.max_bhabhi, rules=rules, seed=seed, names=names)
            self._bots_rng = random.Random(f"{match.seed}:bots")
            self._new_table(match.new_game(abandon=True), make_bots(bots, others, self._bots_rng), match, note)
            if fresh_match:
                self.seed = seed  # the seed given is the seed used: of the whole match
            elif next_match and self.seed is not None:
                # a seeded match ended and the next one has a fresh seed: show that one, so that
                # a table made with the seed shown deals these cards
                self.seed = match.seed
            return
        self.table.new_game(match.new_game(abandon=True), note)

    def _heading(self, tr: Translator, names: Sequence[str], seat: int) -> str:
        """The scoreboard's heading, as the first words of a new round's narration."""
        return "" if self.match is None else score_of(self.match, names, seat, tr)["text"] + "."

    def new_game(self, players: int | None = None, seed: int | None = None, rules: Rules | str | None = None,
                 bots: str | Bot | Mapping[int, Bot] | None = None) -> Game:
        """Deal a new game: the next round of the match, if one is kept (a round still in play
        is dealt again and not counted). Giving ``seed``, ``players``, ``rules`` or ``bots``
        starts a new match with them."""
        if players is None:
            players = self.game.num_players
        check_players(players)
        if not 0 <= self.seat < players:
            raise ValueError(f"players must be more than your seat, {self.seat}, not {players}")
        check_int("seed", seed, 0, MAX_SEED, allow_none=True)
        new_rules = self.rules if rules is None else rules_from(rules)
        check_teams(players, new_rules)
        if bots is not None:
            check_bots(bots)
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
        return self.table.waiting(self.seat)

    def advance(self) -> list[Event]:
        """Let the table go on: the next bot acts (declined take offers are passed over),
        up to the person's own chance to take (rule 7), where the table stops. At that
        chance, advancing is the person's pass. Returns the events."""
        if self.take_offer:
            return self.table.pass_take(self.seat)
        return self.table.advance()

    @property
    def take_offer(self) -> bool:
        """True while the table waits at the person's own chance to take (rule 7): the person
        does not hold the power, and their place in the order of offers has come. Then
        :meth:`take` takes and :meth:`pass_take` (or :meth:`advance`) passes."""
        return self.table.take_offer(self.seat)

    def pass_take(self) -> list[Event]:
        """The person lets their chance to take go by (rule 7); the table goes on."""
        return self.table.pass_take(self.seat)

    @property
    def take_offers(self) -> str:
        """When the person is asked at their chance to take: ``"always"``, ``"may_pay"`` (only
        when the coach's quick estimate says taking may pay) or ``"never"`` (see
        :data:`~.controller.TAKE_OFFERS`); the chance is named under the table where it goes by."""
        return self._take_offers

    def set_take_offers(self, mode: str) -> None:
        """Ask the person at their chance to take ``mode`` (see :attr:`take_offers`), from the
        next chance on."""
        self._take_offers = check_take_offers(mode)
        self.table.set_take_offers(self._take_offers, self._take_may_pay)

    def _take_may_pay(self, seat: int) -> bool:
        """Whether taking may pay for the person now: the coach's quick estimate (:data:`QUICK`)
        finds the take within the margin of not taking, or better. Without numpy, it may."""
        try:
            from ..coach.judgement import judge
            from ..play.search import PASS, TAKE
        except ImportError:
            return True
        view = self.game.seat_view(seat)
        if not view.can_take or view.take_target is None:
            return False
        rollouts, samples = QUICK
        return judge(view, (TAKE, PASS), rollouts=rollouts, samples=samples, seed=HINT_SEED).verdict(TAKE) != "worse"

    def run_bots(self) -> None:
        """Let the bots act until it is the person's turn or the game is over."""
        self.table.run_bots()

    def passes(self) -> frozenset[int]:
        """The moves at which the person let a chance to take go by with their own click (Pass
        or advance at their offer): the review lists those passes (:func:`~bhabho_widget.coach.review.review`)."""
        return self.table.passes(self.seat)

    # ------------------------------------------------------------------ the person
    def play(self, card: Card | str) -> list[Event]:
        """The person plays ``card`` (a Card or code such as ``"10H"``)."""
        return self.table.play(self.seat, card)

    def take(self) -> list[Event]:
        """The person takes the next player's hand (rule 7): before their own lead, or at
        their chance in the order of offers when they do not hold the power."""
        return self.table.take(self.seat)

    @property
    def can_undo(self) -> bool:
        """True when the person has played or taken in this game, so :meth:`undo` has
        something to take back."""
        return self.table.can_undo(self.seat)

    def undo(self) -> None:
        """Take back the person's last action and every bot action after it. A finished
        round that was counted in the match is un-counted, so the scoreboard agrees."""
        self.table.undo(self.seat, lambda tr, names, seat: tr.format(N_("Undone: back to before your last move.")))

    def _hint_view(self) -> SeatView:
        """The view a hint for the person works from now; refused when no hint may be asked.
        At the person's chance to take, the hint weighs take or pass; once they have taken at
        this boundary, it weighs their lead (their one chance is used, rule 7), never refused
        for the take already made."""
        self.table.check_may_act(self.seat, taking=not self.driver.has_taken(self.seat))
        if self.game.current_player != self.seat and not self.game.legal_takes():
            raise IllegalMoveError(Message("a hint is for your turn, and it is not your turn"))
        return self.hint_view()

    def _work_out(self, key: tuple[Any, int], view: SeatView) -> Future[Any]:
        """The hint of ``key`` worked out now, in this thread, and kept (the oldest forgotten)."""
        from ..coach.hints import hint_for_view  # needs numpy

        future: Future[Any] = Future()
        with self._hints_lock:
            if key in self._hints:
                return self._hints[key]
            if len(self._hints) >= HINT_CACHE:
                del self._hints[next(iter(self._hints))]  # the oldest
            self._hints[key] = future
            self._hint_threads[key] = threading.get_ident()
        try:
            future.set_result(hint_for_view(view, seed=HINT_SEED, **self.coach_settings()).to_dict())
        except BaseException as err:
            future.set_exception(err)
            with self._hints_lock:
                self._hints.pop(key, None)
        finally:
            with self._hints_lock:
                self._hint_threads.pop(key, None)
        return future

    def hint(self) -> Any:
        """A suggestion for the person's move, with its reason (see :func:`bhabho_widget.coach.hints.hint`),
        in the table's language.

        The same position asked again (a burst of clicks, a second view) is answered from a
        cache keyed by what the seat sees and the hint's seed, without working it out again;
        one the coach is working out already, ahead of the click (:mod:`.ahead`), is waited
        for; a hint asked for in the middle of working one out is refused."""
        view = self._hint_view()
        key = (view, HINT_SEED)
        with self._hints_lock:
            future = self._hints.get(key)
            mine = threading.get_ident() in self._hint_threads.values()  # asked again while working one out
        if mine:
            raise MessageError(Message("a hint is already being worked out: wait for it"))
        if future is None:
            future = self._work_out(key, view)
        suggestion = future.result(HINT_WAIT)
        self.last_hint = suggestion
        self.last_hint_view = view
        return localize_tree(suggestion, self.translator, self.names())

    def coach_settings(self) -> dict[str, int]:
        """The coach's budget as keyword arguments (``{}``: the coach's own), see :attr:`coach_budget`."""
        if self.coach_budget is None:
            return {}
        rollouts, samples = self.coach_budget
        return {"rollouts": rollouts, "samples": samples}

    def hint_job(self) -> tuple[tuple[Any, int], Callable[[], Any]] | None:
        """The hint of the moment to work out ahead of the click (:mod:`.ahead`): ``(key, job)``,
        or None when no hint may be asked now or it is known already."""
        try:
            view = self._hint_view()
        except ValueError:
            return None
        key = (view, HINT_SEED)
        with self._hints_lock:
            if key in self._hints:
                return None
        return key, lambda: self._work_out(key, view)

    def hint_ready(self) -> bool:
        """True when the hint of the moment is worked out already: a click shows it at once."""
        try:
            key = (self._hint_view(), HINT_SEED)
        except ValueError:
            return False
        with self._hints_lock:
            future = self._hints.get(key)
        return future is not None and future.done()

    def hint_view(self) -> Any:
        """The person's seat view as a hint weighs it now: without the chance to take once the
        person has taken at this trick boundary (rule 7)."""
        view = self.game.seat_view(self.seat)
        if self.driver.has_taken(self.seat):  # the person's one chance to take is used (rule 7)
            view = dataclasses.replace(view, can_take=False, take_target=None)
        return view

    # ------------------------------------------------------------------ language
    @property
    def language(self) -> str:
        """The code of the language the person reads (see :data:`.i18n.LANGUAGES`)."""
        return self.translator.code

    def set_language(self, language: str) -> None:
        """Tell everything from now on in ``language``; the line under the table, the log,
        the banner and the scoreboard are told again at once."""
        self.translator = translator(check_language(language))
        self.table.bump()

    def tracker(self, chances: bool = False) -> Tracker:
        """What the person's seat knows about every card, for the Tracker panel (see
        :func:`.traits.tracker_trait`): from the seat's view alone, the seats by the names the
        table shows; the chances only when asked."""
        return tracker_trait(self.game.seat_view(self.seat), self.names(), chances)

    def names(self) -> tuple[str, ...]:
        """The seats' names as the person reads them: the table's own names ("You", "Bot 1")
        in the table's language, names given in ``names=`` as they are."""
        return self.translator.local_names(self.game.names, self.seat)

    def localize(self, text: object) -> str:
        """Any text of the engine (a Message, a refusal) in the table's language."""
        return self.translator.render(text, self.names())

    # ------------------------------------------------------------------ views
    @property
    def narration(self) -> str:
        """The line under the table: what the last change did, in the table's language;
        at the person's own chance to take, the offer (rule 7)."""
        return self.table.narration(self.seat, self.translator, self.names())

    def browser_view(self, reveal_all: bool = False) -> View:
        """What the person's browser gets (see :func:`.view.build_view`), in the table's language."""
        return self.table.view(self.seat, self.translator, self.names(), reveal_all=reveal_all)

    def score(self) -> Score | None:
        """The scoreboard, or None when no match is kept."""
        if self.match is None:
            return None
        return score_of(self.match, self.names(), self.seat, self.translator)

    def config(self) -> Config:
        bots = self._bots_spec if isinstance(self._bots_spec, str) else "custom"
        return config_trait(self.game.num_players, self.seed, variant_name(self.rules), bots, self.language, self.rounds)
