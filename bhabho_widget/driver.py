"""Running a game at a table: which seats are bots, and the take offers of rule 7.

At each trick boundary (after the opening trick) a table offers every player holding
cards one chance to take the next player's hand, in play order starting with the player
who has the power, before the lead. Human seats are not asked: a person may take at any
moment the rules allow, and leading a card passes.
"""

from __future__ import annotations

from .errors import EndlessGameError
from .game import MAX_MOVES as MAX_STEPS
from .game import Game

__all__ = ["MAX_STEPS", "Driver", "EndlessGameError", "play_out"]


class Driver:
    """Steps the bots of a game one action at a time.

    ``bots`` maps seats to :class:`~bhabho_widget.bots.Bot` objects; every other seat is
    a person, who acts through ``game.play`` and ``game.take`` directly.
    """

    def __init__(self, game: Game, bots: dict):
        for seat in bots:
            if not isinstance(seat, int) or not 0 <= seat < game.num_players:
                raise ValueError(f"no seat {seat!r} for a bot: seats are 0 to {game.num_players - 1}")
        self.game = game
        self.bots = dict(bots)
        self._offers_trick = None
        self._offered = set()

    def reset_offers(self) -> None:
        """Forget which bots were offered a take at this boundary (after an undo)."""
        self._offers_trick = None
        self._offered = set()

    def next_action(self):
        """The next bot action as ``("offer", seat)`` or ``("play", seat)``, or None when
        a person is to act or the game is over."""
        g = self.game
        if g._over:
            return None
        if not g._table and g._take_refusal() is None:
            if self._offers_trick != g.trick_number:
                self._offers_trick = g.trick_number
                self._offered = set()
            for s in g._seats_from(g.leader):
                if s in self.bots and s not in self._offered:
                    return ("offer", s)
        seat = g.current_player
        return ("play", seat) if seat in self.bots else None

    def waiting_for(self) -> str:
        """``"over"``, ``"bot"`` or ``"human"``."""
        if self.game.is_over:
            return "over"
        return "bot" if self.next_action() is not None else "human"

    def step(self, action=None) -> list:
        """Do the next bot action; returns its events ([] for a declined offer).

        ``action`` is what :meth:`next_action` just returned, to save asking again.
        """
        if action is None:
            action = self.next_action()
        if action is None:
            raise ValueError("no bot is to act now")
        kind, seat = action
        bot = self.bots[seat]
        if kind == "offer":
            self._offered.add(seat)
            if bot.wants_take(self.game, seat):
                return self.game.take(seat)
            return []
        return self.game.play(bot.choose_card(self.game, seat))

    def run(self, max_steps: int = MAX_STEPS) -> list:
        """Step the bots until a person is to act or the game is over; returns all events.

        The rules set no limit to a game's length, and bots can pass the same cards round
        and round (most easily in the pick-up and whole-pile forms), so after
        ``max_steps`` steps this raises :class:`EndlessGameError`.
        """
        events = []
        for _ in range(max_steps):
            action = self.next_action()
            if action is None:
                return events
            events.extend(self.step(action))
        raise EndlessGameError(
            f"the bots made {max_steps} moves without ending the game (trick {self.game.trick_number}, "
            f"hand sizes {self.game.hand_sizes()}): they are going round in circles")


def play_out(game: Game, bots, max_steps: int = MAX_STEPS) -> Game:
    """Play ``game`` to the end with one bot per seat (a list or dict); returns the game."""
    seats = bots if isinstance(bots, dict) else dict(enumerate(bots))
    missing = set(range(game.num_players)) - set(seats)
    if missing:
        raise ValueError(f"every seat needs a bot; none for {sorted(missing)}")
    Driver(game, seats).run(max_steps=max_steps)
    return game
