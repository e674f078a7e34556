"""A session of several rounds: rotating dealer, bhabhi counts and the chip pot."""

from __future__ import annotations

import random

from .game import Game
from .rules import Rules


class Match:
    """Rounds of Bhabho at one table (RULES.md, "A session of several rounds").

    Each round is one game; its bhabhi gets one *bhabhi count* and puts one chip in the
    pot; the dealer moves one seat in play order each round. The session ends after
    ``rounds`` rounds, or as soon as a player reaches ``max_bhabhi`` counts (either may be
    None, not both). The player with most counts loses the session; the players with
    fewest counts share the pot.

    >>> m = Match(4, rounds=2, seed=1)
    >>> from bhabho_widget.bots import RandomBot
    >>> while not m.is_over:
    ...     _ = m.play_round([RandomBot(seed=s) for s in range(4)])
    >>> m.rounds_played, sum(m.counts) == m.pot
    (2, True)
    """

    def __init__(self, num_players: int, rounds: int | None = 5, max_bhabhi: int | None = None,
                 rules: Rules = Rules(), seed: int | None = None, first_dealer: int = 0, names=None):
        if rounds is None and max_bhabhi is None:
            raise ValueError("a match needs an end: give rounds, max_bhabhi or both")
        for label, value in (("rounds", rounds), ("max_bhabhi", max_bhabhi)):
            if value is not None and (not isinstance(value, int) or isinstance(value, bool) or value < 1):
                raise ValueError(f"{label} must be a positive integer or None, not {value!r}")
        # validate seats, rules and names once, with the engine's own checks
        Game.deal(num_players, seed=0, rules=rules, dealer=first_dealer, names=names)
        self.num_players = num_players
        self.rounds = rounds
        self.max_bhabhi = max_bhabhi
        self.rules = rules
        self.names = names
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**63)
        self.first_dealer = first_dealer
        self.counts = [0] * num_players
        self.pot = 0
        self.results = []  # loser of each finished round (None when nobody lost)
        self.game = None

    @property
    def rounds_played(self) -> int:
        return len(self.results)

    @property
    def dealer(self) -> int:
        """The dealer of the current (or next) round."""
        k = self.rounds_played - (1 if self.game is not None and not self.game.is_over else 0)
        return (self.first_dealer + k * self.rules.step) % self.num_players

    @property
    def is_over(self) -> bool:
        if self.rounds is not None and self.rounds_played >= self.rounds:
            return True
        return self.max_bhabhi is not None and max(self.counts) >= self.max_bhabhi

    def new_game(self) -> Game:
        """Deal the next round. The previous round must be over (it is scored here)."""
        if self.game is not None and not self.game.is_over:
            raise ValueError("the current round is not over yet")
        if self.game is not None and len(self.results) < self._games_dealt:
            self._score(self.game)
        if self.is_over:
            raise ValueError("the match is over")
        k = self.rounds_played
        dealer = (self.first_dealer + k * self.rules.step) % self.num_players
        seed = random.Random(f"{self.seed}:round:{k}").randrange(2**63)
        self.game = Game.deal(self.num_players, seed=seed, rules=self.rules, dealer=dealer, names=self.names)
        self._games_dealt = k + 1
        return self.game

    _games_dealt = 0

    def finish_round(self) -> int | None:
        """Score the finished current round; returns its bhabhi (or None)."""
        if self.game is None or not self.game.is_over:
            raise ValueError("no finished round to score")
        if len(self.results) >= self._games_dealt:
            raise ValueError("this round is already scored")
        return self._score(self.game)

    def _score(self, game: Game):
        loser = game.loser
        self.results.append(loser)
        if loser is not None:
            self.counts[loser] += 1
            self.pot += 1
        return loser

    def play_round(self, bots) -> int | None:
        """Deal a round, play it with one bot per seat, score it; returns the bhabhi."""
        from .driver import play_out

        play_out(self.new_game(), bots)
        return self.finish_round()

    @property
    def losers(self) -> list:
        """Seats with the most bhabhi counts (the session's losers, several on a tie)."""
        top = max(self.counts)
        return [s for s, c in enumerate(self.counts) if c == top] if top else []

    @property
    def pot_winners(self) -> list:
        """Seats with the fewest bhabhi counts: they share the pot."""
        low = min(self.counts)
        return [s for s, c in enumerate(self.counts) if c == low]

    def payout(self) -> dict:
        """Chips each pot winner receives (the pot shared equally on a tie)."""
        winners = self.pot_winners
        return {s: self.pot / len(winners) for s in winners}

    def summary(self) -> dict:
        """A JSON-safe summary for scoreboards."""
        return {"rounds": self.rounds, "played": self.rounds_played, "counts": list(self.counts),
                "pot": self.pot, "over": self.is_over, "losers": self.losers,
                "pot_winners": self.pot_winners}
