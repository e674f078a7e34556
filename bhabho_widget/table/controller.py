"""The one table controller: a round of Bhabho with people and bots, as every table plays it.

:class:`TableController` is what the local :class:`~.session.TableSession` (one person
against bots) and the server's shared table (several people, see
:mod:`bhabho_widget.server.tables`) both are underneath. It owns, once for every table:

- the round: the game on the table and, when a scoreboard is kept, the :class:`Match`;
- the bots' turns, through the :class:`~bhabho_widget.play.driver.Driver`, and rule 7's
  offers: the order of offers, a person's own chance to take (``take_offer``), one take
  per seat at a trick boundary;
- every check of a person's action (whose turn it is, the game over, a bot at that seat,
  the table not dealt yet) with the same sentences everywhere;
- undo, where the table allows it;
- the version: every change makes a new one, and a click made on an older view is refused
  (:func:`check_version`);
- each seat's view, built once by :func:`.view.build_view`.

A table around it adds only what is its own: the local one the person's language and
hints, the server seats, tokens, storage and pacing.

>>> from bhabho_widget import Game
>>> from bhabho_widget.play.bots import RuleBot
>>> g = Game.deal(4, seed=3)
>>> t = TableController(g, {s: RuleBot(seed=s) for s in (1, 2, 3)})
>>> t.run_bots()
>>> t.waiting(0), t.waiting(1)
('human', 'bot')
>>> t.check_version(t.version - 1)
Traceback (most recent call last):
    ...
bhabho_widget.engine.errors.MessageError: the table changed before that click arrived; nothing was done, please try again
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from ..engine.cards import Card, to_card
from ..engine.errors import IllegalMoveError, MessageError
from ..engine.events import TAKE_EFFECT, Event
from ..engine.game import Game
from ..i18n import N_, Message, SeatName, Translator
from ..play.bots import Bot
from ..play.driver import Driver
from ..play.match import Match
from .view import LOG_LENGTH, Change, LogLine, View, Waiting, build_view, log_lines, narrate

__all__ = ["DEFAULT_TAKE_OFFERS", "STALE", "TAKE_OFFERS", "Note", "OnController", "TableController", "check_take_offers",
           "check_version"]

STALE = N_("the table changed before that click arrived; nothing was done, please try again")
"""The refusal of a click made on an older view (a double click, a second view, a slow network)."""

TAKE_OFFERS = ("always", "may_pay", "never")
"""When a table asks a person who does not hold the power whether to take at their chance
(rule 7): every time, only when taking may pay (the coach's quick estimate says the take is
within the margin of not taking, or better), or never (the chance goes by, named under the
table). A person with the power may take before their own lead whatever the setting."""
DEFAULT_TAKE_OFFERS = "may_pay"
"""What a learner picks after one game: asked at every trick boundary, they answer "Pass" to
nearly every offer (taking adds a hand of cards, and rarely pays); asked only where it may pay,
the question comes where it teaches something, and the chance is still named where it goes by."""

Note = Callable[[Translator, Sequence[str], int], str]
"""The first words of the line under the table after a change, written when read: given the
reader's translator, the seat names as they read them and their seat."""


def check_take_offers(value: object) -> str:
    """``value`` if it is one of :data:`TAKE_OFFERS`, else a ValueError listing them."""
    if value not in TAKE_OFFERS:
        raise ValueError(f"take_offers must be one of {', '.join(map(repr, TAKE_OFFERS))}, not {str(value)[:30]!r}")
    return value  # type: ignore[return-value]


def check_version(sent: object, current: int, stale: str = STALE) -> None:
    """Refuse a click made on a view older than ``current`` (the one check of every table,
    the editor's too, which passes its own sentence as ``stale``)."""
    if sent != current:
        raise MessageError(Message(stale))


class OnController:
    """A table built on a :class:`TableController` (``self.table``): the round read through it,
    the same for the local table and the server's."""

    table: TableController

    @property
    def game(self) -> Game:
        return self.table.game

    @property
    def driver(self) -> Driver:
        return self.table.driver

    @property
    def bots(self) -> dict[int, Bot]:
        return self.table.bots

    @property
    def version(self) -> int:
        return self.table.version

    @property
    def change(self) -> str:
        return self.table.change

    @property
    def last_events(self) -> list[Event]:
        return self.table.last_events


class TableController:
    """One table's round (see the module's docstring).

    ``bots`` is every bot the table has, by seat; ``people`` the seats people sit at now (the
    others are played by their bots; a person's seat may have a bot that stands in while
    they are away, see :meth:`seat_bot`). ``match`` keeps the scoreboard of a session of
    rounds (``game`` is then its current round). ``undo`` lets people take back their moves.
    ``started`` is False at a table waiting for its host to deal.
    """

    def __init__(self, game: Game, bots: Mapping[int, Bot], *, people: Sequence[int] | None = None,
                 match: Match | None = None, undo: bool = False, started: bool = True) -> None:
        self.bots: dict[int, Bot] = dict(bots)
        self.match = match
        self.undo_allowed = undo
        self.started = started
        self.version = 0
        self.change: Change = "new"
        self.last_events: list[Event] = []
        self._told: list[Event] = []
        self._note: Note | None = None
        self._logs: dict[tuple[int, bool, str, tuple[str, ...]], tuple[int, list[LogLine]]] = {}
        self._passes: dict[int, set[int]] = {}  # seat -> the moves at which it passed its chance to take by a click
        people = [s for s in range(game.num_players) if s not in self.bots] if people is None else people
        self._playing = {s for s in range(game.num_players) if s not in people}  # seats a bot plays now
        missing = self._playing - set(self.bots)
        if missing:
            raise ValueError(f"no bot for the seats {sorted(missing)}, which no person takes")
        self.game = game
        self.take_offers = "always"
        """When people are asked at their chance to take (:data:`TAKE_OFFERS`, :meth:`set_take_offers`)."""
        self._may_pay: Callable[[int], bool] | None = None
        self.driver = Driver(game, {s: self.bots[s] for s in self._playing})
        self.changed("new", [], told=game.events)

    # ------------------------------------------------------------------ seats
    @property
    def people(self) -> list[int]:
        """The seats people play now (the others, their bots)."""
        return [s for s in range(self.game.num_players) if s not in self._playing]

    def bot_plays(self, seat: int) -> bool:
        return seat in self._playing

    def seat_bot(self, seat: int) -> None:
        """A bot plays ``seat`` from now on (an open seat, or a person away too long)."""
        if seat not in self.bots:
            raise ValueError(f"no bot for seat {seat}")
        self._playing.add(seat)
        self.driver.bots[seat] = self.bots[seat]
        self.bump()

    def seat_person(self, seat: int) -> None:
        """A person plays ``seat`` from now on: its bot, if one played it, stands up."""
        self._playing.discard(seat)
        self.driver.bots.pop(seat, None)
        self.bump()

    # ------------------------------------------------------------------ the round
    def new_game(self, game: Game, note: Note | None = None) -> None:
        """Put ``game`` on the table (a new deal, the next round of the match): the same
        seats are people's and bots', the offers start afresh."""
        self.game = game
        self.driver = Driver(game, {s: self.bots[s] for s in self._playing})
        self.driver.ask = self._ask()
        self._logs.clear()
        self._passes.clear()
        self.changed("new", [], note, told=game.events)

    def changed(self, change: Change, events: Sequence[Event], note: Note | None = None,
                told: Sequence[Event] | None = None) -> None:
        """A new state: ``events`` (the last change) are narrated, or ``told`` if given, after
        ``note``. A step with no events (a chance to take passed by) keeps the last change's
        events and the line under the table as they were: the line never tells what the
        view's events do not hold, and a trick that ended rests on the table until the lead."""
        self.version += 1
        self.change = change
        if note is not None or told is not None:
            self.last_events = list(events)
            self._note = note
            self._told = list(told or ())
        elif events:
            self.last_events = list(events)
            self._note = None
            self._told = list(events)

    def set_take_offers(self, mode: str, may_pay: Callable[[int], bool] | None = None) -> None:
        """Ask people at their chance to take ``mode`` (one of :data:`TAKE_OFFERS`); ``may_pay(seat)``
        says whether taking may pay for ``seat`` now (for ``"may_pay"``; without it, every time)."""
        self.take_offers = check_take_offers(mode)
        self._may_pay = may_pay
        self.driver.ask = self._ask()
        self.bump()

    def _ask(self) -> Callable[[int], bool] | None:
        if self.take_offers == "never":
            return lambda seat: False
        if self.take_offers == "may_pay":
            return self._may_pay
        return None

    def bump(self) -> None:
        """Something other than the game changed (a seat, a language): a new version, so
        every view is sent again and a click on the old one is refused."""
        self.version += 1

    def check_version(self, sent: object) -> None:
        """Refuse a click made on an older view of this table."""
        check_version(sent, self.version)

    # ------------------------------------------------------------------ who acts
    def waiting(self, seat: int) -> Waiting:
        """What ``seat`` waits for: ``"human"`` (that seat acts now), ``"bot"`` (anyone else
        acts, or rule 7's offers go round) or ``"over"``."""
        if self.game.is_over:
            return "over"
        if not self.started or seat in self._playing:
            return "bot"
        if self.driver.next_action() is None and self.game.current_player == seat:
            return "human"
        return "bot"

    def take_offer(self, seat: int) -> bool:
        """True while the table waits at ``seat``'s own chance to take (rule 7): a person
        not holding the power, whose place in the order of offers has come."""
        return self.started and self.driver.person_offer() == seat

    def can_take(self, seat: int) -> bool:
        """True when ``seat`` may take the next player's hand now: at its turn to lead or at
        its own chance (rule 7), and not taken already at this boundary."""
        return ((self.waiting(seat) == "human" or self.take_offer(seat)) and seat in self.game.legal_takes()
                and not self.driver.has_taken(seat))

    def can_undo(self, seat: int) -> bool:
        """True when the table allows undo and ``seat`` has played or taken in this game."""
        return self.undo_allowed and seat in self.game.actors()

    def bot_due(self) -> bool:
        """True when a bot is to act now (a play or its chance to take)."""
        if not self.started:
            return False
        action = self.driver.next_action()
        return action is not None and not self.driver.is_person_offer(action)

    def _name(self, seat: int) -> SeatName:
        return SeatName(self.game.names[seat], seat)

    def check_may_act(self, seat: int, taking: bool = False) -> None:
        """Refuse an action of the person at ``seat`` while the table is not at their turn: a
        play while others act first; a take also at their own chance (rule 7), once per
        trick boundary. The same sentences at every table."""
        if not self.started:
            raise IllegalMoveError(Message("wait for the host to deal"))
        if self.game.is_over:
            raise IllegalMoveError(Message("the game is over: deal a new game"))
        if seat in self._playing:
            raise IllegalMoveError(Message("a bot plays seat {seat} now", seat=seat))
        if taking and self.driver.has_taken(seat):
            raise IllegalMoveError(Message("you have already taken a hand before this trick: each player has one chance "
                                           "to take at each trick boundary (rule 7)"))
        action = self.driver.next_action()
        if action is None:
            current = self.game.current_player
            if current != seat:
                raise IllegalMoveError(Message("wait: it is {name}'s turn, not yours", name=self._name(current)))  # type: ignore[arg-type]
            return
        if action.kind == "offer" and action.seat == seat:
            if taking:
                return
            target = self.game.next_holder(seat)
            raise IllegalMoveError(Message(
                "it is your chance to take {target}'s hand before the lead (rule 7): take it or pass",
                target=self._name(target)))  # type: ignore[arg-type]
        if action.kind == "offer":
            raise IllegalMoveError(Message("wait: {name} still has the chance to take before the lead (rule 7)",
                                           name=self._name(action.seat)))
        raise IllegalMoveError(Message("wait: it is {name}'s turn, not yours", name=self._name(action.seat)))

    # ------------------------------------------------------------------ actions
    def play(self, seat: int, card: Card | str) -> list[Event]:
        """The person at ``seat`` plays ``card`` (a Card or a code such as ``"10H"``)."""
        c = to_card(card)
        self.check_may_act(seat)
        events = self.game.play(c, seat=seat, viewer=seat)
        self.changed("step", events)
        return events

    def take(self, seat: int) -> list[Event]:
        """The person at ``seat`` takes the next player's hand (rule 7): before their own
        lead, or at their chance in the order of offers; once per trick boundary."""
        self.check_may_act(seat, taking=True)
        events = self.game.take(seat, viewer=seat)
        self.driver.took(seat)
        self.changed("step", events)
        return events

    def pass_take(self, seat: int) -> list[Event]:
        """The person at ``seat`` lets their chance to take go by (rule 7); the bots' declined
        offers after it are passed over too. Returns the events (a bot's take, if one took)."""
        if not self.take_offer(seat):
            raise IllegalMoveError(Message("there is no chance to take to pass now"))
        self._passes.setdefault(seat, set()).add(len(self.game.moves))
        self.driver.step()
        return self._go_on([])

    def passes(self, seat: int) -> frozenset[int]:
        """The moves (how many came before) at which the person at ``seat`` let their chance to
        take go by with their own click, in this game: the review lists those passes."""
        return frozenset(self._passes.get(seat, ()))

    def advance(self) -> list[Event]:
        """The next bot acts; its declined chances to take, and the next bots', are passed
        over up to a change or a person's own chance (rule 7). Returns the events."""
        if not self.bot_due():
            raise MessageError(Message("no bot is to act now"))
        return self._go_on(self.driver.step())

    def _go_on(self, events: list[Event]) -> list[Event]:
        driver = self.driver
        while not events:
            action = driver.next_action()
            if action is None or driver.is_person_offer(action):
                break
            events = driver.step(action)
        self.changed("step", events)
        return events

    def run_bots(self) -> None:
        """Let the bots act until a person is to act or the game is over (a person's chance
        to take on the way is passed)."""
        events = self.driver.run()
        self.changed("step", events)

    def undo(self, seat: int, note: Note | None = None) -> None:
        """Take back the last action of the person at ``seat`` and every action after it. A
        finished round that was counted in the match is un-counted, so the scoreboard agrees."""
        if not self.undo_allowed:
            raise IllegalMoveError(Message("undo is off at this table"))
        g = self.game
        if seat not in g.actors():
            raise IllegalMoveError(Message("nothing to undo: you have not played in this game yet"))
        while g.move_count:
            actor = g.last_actor()
            g.undo()
            if actor == seat:
                break
        self.driver.reset_offers()
        self._logs.clear()
        for passed in self._passes.values():  # a pass at a moment now taken back is undone too
            passed.difference_update({m for m in passed if m >= len(g.moves)})
        if self.match is not None:
            self.match.summary()  # un-counts a round that the undo brought back into play
        self.changed("undo", [], note, told=[])

    # ------------------------------------------------------------------ what a seat reads
    def narration(self, seat: int, translator: Translator, names: Sequence[str], extra: Sequence[str] = ()) -> str:
        """The line under ``seat``'s table: the first words of the last change, ``extra``
        sentences of the table's own, what the change did, then at the seat's own chance to
        take the offer (rule 7), or at the deal the opening card it must lead (rule 3)."""
        parts = [self._note(translator, names, seat) if self._note is not None else "", *extra,
                 narrate(self._told, seat, translator, names)]
        g = self.game
        if self.take_offer(seat):
            target = g.next_holder(seat)
            assert target is not None
            parts.append(translator.format(
                N_("Your chance to take {target}'s hand before the lead (rule 7): Take, or Pass to keep your own."),
                target=names[target]))
            sizes = g.hand_sizes()
            parts.append(translator.format(TAKE_EFFECT, target=names[target], n=sizes[target], m=sizes[seat]))
        elif seat in self.driver.let_go() and not g.is_over:  # the chance went by unasked: named all the same
            template = (N_("Before this trick, your chance to take {target}'s hand (rule 7) went by: take offers are "
                           "off at this table.") if self.take_offers == "never" else
                        N_("Before this trick, your chance to take {target}'s hand (rule 7) went by: the coach's quick "
                           "estimate says taking would not pay."))
            parts.append(translator.format(template, target=names[self.driver.let_go()[seat]]))
        if self.change == "new" and self.started and g.is_opening_trick and not g.table and g.current_player == seat:
            opening = g.legal_cards()
            if len(opening) == 1:
                parts.append(translator.format(N_("You hold {card} and must lead it to open the game (rule 3)."),
                                               card=str(opening[0])))
        return " ".join(p for p in parts if p)

    def log(self, seat: int, translator: Translator, names: Sequence[str], reveal_all: bool = False) -> list[LogLine]:
        """The game's log as ``seat`` reads it, each line told once: kept per reader and
        extended with the new events only."""
        key = (seat, reveal_all, translator.code, tuple(names))
        told, lines = self._logs.get(key, (0, []))
        if told > self.game.event_count:  # cannot happen but after an undo, which clears the logs
            told, lines = 0, []
        lines = lines + log_lines(self.game.events_since(told), seat, reveal_all, translator, names)
        del lines[:-LOG_LENGTH]
        self._logs[key] = (self.game.event_count, lines)
        return lines

    def view(self, seat: int, translator: Translator, names: Sequence[str], *, narration: str | None = None,
             reveal_all: bool = False) -> View:
        """What ``seat``'s browser gets now (see :func:`.view.build_view`); ``narration``
        defaults to :meth:`narration`."""
        waiting = self.waiting(seat)
        return build_view(
            self.game, seat, version=self.version, waiting=waiting, change=self.change,
            narration=self.narration(seat, translator, names) if narration is None else narration,
            log=self.log(seat, translator, names, reveal_all), events=self.last_events, reveal_all=reveal_all,
            take_offer=self.take_offer(seat), can_take=self.can_take(seat), can_undo=self.can_undo(seat),
            translator=translator, names=names)
