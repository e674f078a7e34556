"""Running a game at a table: which seats are bots, and the take offers of rule 7.

At each trick boundary (after the opening trick) a table offers every player holding
cards one chance to take the next player's hand, in play order starting with the player
who has the power, before the lead. A bot is asked through :meth:`Bot.wants_take`. A
person who does not hold the power is offered the chance in their place in that order:
the table stops there (:meth:`Driver.person_offer`) until the person takes
(``game.take``) or passes (:meth:`Driver.step`, which for a person's offer is a pass). A
person who holds the power has their chance before their own lead, and may not lead while
bots are still due theirs.

A person may be asked only some of the time (:attr:`Driver.ask`): a table that asks only when
taking may pay, or never, passes the person's chance over when it does not ask, and remembers
it (:meth:`Driver.let_go`), so the table can still name the chance in its narration.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from ..engine.errors import EndlessGameError
from ..engine.events import Event
from ..engine.game import MAX_MOVES as MAX_STEPS
from ..engine.game import Game
from .bots import Bot

__all__ = ["MAX_STEPS", "Action", "Driver", "EndlessGameError", "play_out"]


class Action(NamedTuple):
    """What comes next: ``kind`` is ``"offer"`` (rule 7, take or pass: a bot's, or a
    person's who does not hold the power) or ``"play"`` (a bot's)."""

    kind: str
    seat: int


class Driver:
    """Steps the bots of a game one action at a time.

    ``bots`` maps seats to :class:`~bhabho_widget.play.bots.Bot` objects; every other seat is
    a person, who acts through ``game.play`` and ``game.take`` directly. Bots are given
    only :meth:`Game.seat_view` of their seat.
    """

    def __init__(self, game: Game, bots: Mapping[int, Bot]) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"game must be a Game, not {type(game).__name__}")
        if not isinstance(bots, Mapping):
            raise TypeError("bots must be a dict of seat -> Bot")
        for seat, bot in bots.items():
            if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.num_players:
                raise ValueError(f"no seat {seat!r} for a bot: seats are 0 to {game.num_players - 1}")
            if not isinstance(bot, Bot):
                raise TypeError(f"the bot for seat {seat} must be a Bot, not {type(bot).__name__}")
        self.game = game
        self.bots = dict(bots)
        self.ask: Callable[[int], bool] | None = None
        """Whether a person is asked at their chance to take (called with their seat, once per
        trick boundary); None: always. A chance not asked is passed over (:meth:`let_go`)."""
        self._offers_trick: int | None = None
        self._offered: set[int] = set()
        self._let_go: dict[int, int] = {}  # person -> the hand they could have taken, at the boundary of _offers_trick

    def reset_offers(self) -> None:
        """Forget which bots were offered a take at this boundary (after an undo)."""
        self._offers_trick = None
        self._offered = set()
        self._let_go = {}

    def let_go(self) -> dict[int, int]:
        """The people whose chance to take before this trick was passed over without asking
        them (:attr:`ask`), each with the seat whose hand they could have taken; empty once the
        next trick has begun."""
        return dict(self._let_go) if self._offers_trick == self.game.trick_number else {}

    def offers(self) -> tuple[int | None, list[int]]:
        """Where rule 7's offers stand, to store: the trick whose boundary they belong to
        (None: none made yet) and the seats offered there so far."""
        return self._offers_trick, sorted(self._offered)

    def restore_offers(self, trick: int | None, offered: Sequence[int]) -> None:
        """Put back :meth:`offers` as stored, if they belong to the game's present boundary."""
        if trick is not None and trick == self.game.trick_number:
            self._offers_trick = trick
            self._offered = set(offered)

    def next_action(self) -> Action | None:
        """Rule 7's order of offers, then the play: the next offer (a bot's, or a person's
        who does not hold the power) or bot play, or None when a person is to play or the
        game is over."""
        g = self.game
        if g.is_over:
            return None
        if not g.table and g.take_refusal() is None:
            if self._offers_trick != g.trick_number:
                self._offers_trick = g.trick_number
                self._offered = set()
                self._let_go = {}
            for s in g.holders_from(g.leader):  # type: ignore[arg-type]
                if s not in self._offered and (s in self.bots or s != g.leader):
                    if s not in self.bots and self.ask is not None and not self.ask(s):
                        self._offered.add(s)  # not asked: the person's chance goes by
                        self._let_go[s] = g.next_holder(s)  # type: ignore[assignment]
                        continue
                    return Action("offer", s)
        seat = g.current_player
        return Action("play", seat) if seat in self.bots else None  # type: ignore[arg-type]

    def is_person_offer(self, action: Action | None) -> bool:
        """True when ``action`` is a person's own chance to take (rule 7), not a bot's."""
        return action is not None and action.kind == "offer" and action.seat not in self.bots

    def person_offer(self) -> int | None:
        """The person's seat when the next action is that person's own chance to take
        (rule 7), else None."""
        action = self.next_action()
        return action.seat if self.is_person_offer(action) else None  # type: ignore[union-attr]

    def took(self, seat: int) -> None:
        """``seat`` (a person) took at this boundary: that was their one chance."""
        if self._offers_trick == self.game.trick_number:
            self._offered.add(seat)

    def has_taken(self, seat: int) -> bool:
        """True when ``seat`` has already taken a hand at this trick boundary: that was its one
        chance (rule 7), for a person as for a bot. Read from the game's own moves, so an
        undo that takes the take back gives the chance back."""
        g = self.game
        if g.table or g.take_refusal() is not None:
            return False
        for move in reversed(g.moves):
            if not move.is_take:  # a play: the boundary began after it
                return False
            if move.taker == seat:
                return True
        return False

    def bots_due(self) -> bool:
        """True while some bot (or a person's offer before it) must act before a person may play."""
        return self.next_action() is not None

    def waiting_for(self) -> str:
        """``"over"``, ``"bot"`` or ``"human"``."""
        if self.game.is_over:
            return "over"
        return "bot" if self.next_action() is not None else "human"

    def step(self, action: Action | None = None) -> list[Event]:
        """Do the next action; returns its events ([] for a declined offer). A person's own
        offer is passed: the person lets the table go on.

        ``action`` is what :meth:`next_action` just returned, to save asking again.
        """
        if action is None:
            action = self.next_action()
        if action is None:
            raise ValueError("no bot is to act now")
        kind, seat = action
        if self.is_person_offer(action):
            self._offered.add(seat)
            return []
        bot = self.bots[seat]
        view = self.game.seat_view(seat)
        if kind == "offer":
            self._offered.add(seat)
            if bot.wants_take(view):
                return self.game.take(seat)
            return []
        return self.game.play(bot.choose_card(view), seat=seat)

    def run(self, max_steps: int = MAX_STEPS) -> list[Event]:
        """Step the bots until a person is to play or the game is over; returns all events.
        A person's chance to take on the way is passed.

        Rule 10 (stalemate) ends every game; ``max_steps`` is a safety net that raises
        :class:`EndlessGameError`.
        """
        events: list[Event] = []
        for _ in range(max_steps):
            action = self.next_action()
            if action is None:
                return events
            events.extend(self.step(action))
        raise EndlessGameError(
            f"the bots made {max_steps} moves without ending the game (trick {self.game.trick_number}, "
            f"hand sizes {self.game.hand_sizes()})")


def play_out(game: Game, bots: Sequence[Bot] | Mapping[int, Bot], max_steps: int = MAX_STEPS) -> Game:
    """Play ``game`` to the end with one bot per seat (a list or dict); returns the game."""
    seats = dict(bots) if isinstance(bots, Mapping) else dict(enumerate(bots))
    missing = set(range(game.num_players)) - set(seats)
    if missing:
        raise ValueError(f"every seat needs a bot; none for {sorted(missing)}")
    Driver(game, seats).run(max_steps=max_steps)
    return game
