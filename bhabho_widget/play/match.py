"""A session of several rounds: rotating dealer, bhabhi counts and the chip pot."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..engine.game import Game
from ..engine.rules import Rules, rules_from
from .driver import play_out

if TYPE_CHECKING:
    from .bots import Bot


class Match:
    """Rounds of Bhabho at one table (RULES.md, "A session of several rounds").

    Each round is one game; its bhabhi gets one *bhabhi count* and puts one chip in the
    pot; a stalemate round (rule 10) counts for nobody; the dealer moves one seat in play
    order each round. The session ends after
    ``rounds`` rounds, or as soon as a player reaches ``max_bhabhi`` counts (either may be
    None, not both). The player with most counts loses the session; the players with
    fewest counts share the pot.

    >>> m = Match(4, rounds=2, seed=1)
    >>> from bhabho_widget.play.bots import RandomBot
    >>> while not m.is_over:
    ...     _ = m.play_round([RandomBot(seed=s) for s in range(4)])
    >>> m.rounds_played, sum(m.counts) == m.pot
    (2, True)
    """

    def __init__(self, num_players: int, rounds: int | None = 5, max_bhabhi: int | None = None,
                 rules: Rules | str = Rules(), seed: int | None = None, first_dealer: int = 0,
                 names: Sequence[str] | None = None) -> None:
        if rounds is None and max_bhabhi is None:
            raise ValueError("a match needs an end: give rounds, max_bhabhi or both")
        for label, value in (("rounds", rounds), ("max_bhabhi", max_bhabhi)):
            if value is None:
                continue
            if not isinstance(value, int) or isinstance(value, bool):
                raise TypeError(f"{label} must be a positive integer or None, not {value!r}"[:120])
            if not 1 <= value <= 1000:
                raise ValueError(f"{label} must be from 1 to 1000 or None, not {value!r}")
        rules = rules_from(rules)
        # validate seats, rules, seed and names once, with the engine's own checks
        Game.deal(num_players, seed=seed if seed is not None else 0, rules=rules, dealer=first_dealer, names=names)
        self.num_players = num_players
        self.rounds = rounds
        self.max_bhabhi = max_bhabhi
        self.rules = rules
        self.names = names
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**63)
        self.first_dealer = first_dealer
        self._counts = [0] * num_players
        self._pot = 0
        self.results: list[int | None] = []  # loser of each finished round (None when nobody lost)
        self.stalemate_rounds: list[int] = []  # numbers (from 1) of the rounds that ended in a stalemate
        self.game: Game | None = None

    @property
    def counts(self) -> list:
        """Bhabhi counts per seat, the current round included once it is over."""
        self._catch_up()
        return list(self._counts)

    @property
    def pot(self) -> int:
        """Chips in the pot: one per bhabhi."""
        self._catch_up()
        return self._pot

    @property
    def rounds_played(self) -> int:
        """Rounds finished and counted."""
        self._catch_up()
        return len(self.results)

    @property
    def dealer(self) -> int:
        """The dealer of the current (or next) round."""
        if self.game is not None and not self.round_scored and self.game.dealer is not None:
            return self.game.dealer
        return (self.first_dealer + self.rounds_played * self.rules.step) % self.num_players

    @property
    def is_over(self) -> bool:
        self._catch_up()
        if self.rounds is not None and self.rounds_played >= self.rounds:
            return True
        return self.max_bhabhi is not None and max(self._counts) >= self.max_bhabhi

    @property
    def round_scored(self) -> bool:
        """True when the current round is over and counted (or no round was dealt)."""
        return len(self.results) >= self._dealt

    def new_game(self, abandon: bool = False) -> Game:
        """Deal the next round, scoring the previous one if that was not done yet.

        A round still in play is refused, unless ``abandon=True``: then that round is
        dealt again with fresh cards and nothing is counted.
        """
        if self.game is not None and not self.game.is_over:
            if not abandon:
                raise ValueError("the current round is not over yet")
            self._redeals += 1
        if self.is_over:
            raise ValueError("the match is over")
        k = self.rounds_played
        dealer = (self.first_dealer + k * self.rules.step) % self.num_players
        seed = random.Random(f"{self.seed}:round:{k}:{self._redeals}").randrange(2**63)
        self.game = Game.deal(self.num_players, seed=seed, rules=self.rules, dealer=dealer, names=self.names)
        self._dealt = k + 1
        return self.game

    _dealt = 0
    _redeals = 0

    def finish_round(self) -> int | None:
        """Score the finished current round (once); returns its bhabhi (or None)."""
        if self.game is None or not self.game.is_over:
            raise ValueError("no finished round to score")
        self._catch_up()
        return self.results[-1]

    def _catch_up(self) -> None:
        """Count the current round as soon as it is over, and take the count back if an
        undo brought the finished round back into play."""
        if self.game is None:
            return
        scored = len(self.results) >= self._dealt
        if self.game.is_over and not scored:
            self._score(self.game)
        elif scored and not self.game.is_over:
            self._unscore()

    def _score(self, game: Game) -> int | None:
        loser = game.loser
        self.results.append(loser)
        if game.is_stalemate:
            self.stalemate_rounds.append(len(self.results))
        if loser is not None:
            self._counts[loser] += 1
            self._pot += 1
        return loser

    def _unscore(self) -> None:
        loser = self.results.pop()
        if self.stalemate_rounds and self.stalemate_rounds[-1] == len(self.results) + 1:
            self.stalemate_rounds.pop()
        if loser is not None:
            self._counts[loser] -= 1
            self._pot -= 1

    @property
    def round_number(self) -> int:
        """The number (from 1) of the round on the table, or of the last round once the match is over."""
        return max(1, self._dealt) if self.game is not None else 1

    @property
    def stalemates(self) -> int:
        self._catch_up()
        return len(self.stalemate_rounds)

    def play_round(self, bots: Sequence[Bot] | Mapping[int, Bot]) -> int | None:
        """Deal a round, play it with one bot per seat, score it; returns the bhabhi."""
        play_out(self.new_game(), bots)
        return self.finish_round()

    @property
    def losers(self) -> list:
        """Seats with the most bhabhi counts (the session's losers, several on a tie)."""
        self._catch_up()
        top = max(self.counts)
        return [s for s, c in enumerate(self.counts) if c == top] if top else []

    @property
    def pot_winners(self) -> list:
        """Seats with the fewest bhabhi counts: they share the pot."""
        self._catch_up()
        low = min(self.counts)
        return [s for s, c in enumerate(self.counts) if c == low]

    def payout(self) -> dict:
        """Chips each pot winner receives (the pot shared equally on a tie)."""
        winners = self.pot_winners
        return {s: self.pot / len(winners) for s in winners}

    def summary(self) -> dict:
        """A JSON-safe summary for scoreboards."""
        self._catch_up()
        return {"rounds": self.rounds, "max_bhabhi": self.max_bhabhi, "round": self.round_number,
                "played": self.rounds_played, "counts": list(self.counts), "pot": self.pot,
                "stalemates": self.stalemates, "over": self.is_over, "losers": self.losers,
                "pot_winners": self.pot_winners}
