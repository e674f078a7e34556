"""Ratings of learners and puzzles: Glicko-2, from the ``glicko2`` library.

Every attempt at a puzzle is a game between the learner and the puzzle: the learner wins when
the answer is right, the puzzle wins otherwise, and both ratings move as Glicko-2 says
(Glickman, *Example of the Glicko-2 system*, 2012), one rating period per attempt, as lichess
rates its puzzles. The arithmetic is the ``glicko2`` package's (a maintained implementation of
that paper, checked against its worked example in the tests); :func:`update` wraps it for the
immutable :class:`~.puzzle.PuzzleRating`.

>>> learner, puzzle = PuzzleRating(1500, 200, 0.06), PuzzleRating(1400, 30, 0.06)
>>> after, _ = update(learner, puzzle, solved=True)
>>> round(after.rating) > 1500, after.rd < 200
(True, True)
"""

from __future__ import annotations

import math

import glicko2

from .puzzle import PuzzleRating

__all__ = ["LEARNER_START", "expected", "update", "update_many"]

LEARNER_START = PuzzleRating(1500.0, 350.0, 0.06)
"""A new learner's rating: Glicko-2's unrated player."""
RD_FLOOR = 45.0
"""A rating's deviation never falls below this: a learner (or a puzzle) can always move."""


def _player(r: PuzzleRating) -> glicko2.Player:
    return glicko2.Player(rating=r.rating, rd=r.rd, vol=r.volatility)


def _rating(p: glicko2.Player) -> PuzzleRating:
    return PuzzleRating(float(p.rating), max(RD_FLOOR, float(p.rd)), float(p.vol))


def update_many(player: PuzzleRating, opponents: list[PuzzleRating], outcomes: list[float]) -> PuzzleRating:
    """``player``'s rating after one rating period against ``opponents`` with ``outcomes``
    (1 a win, 0 a loss), as Glicko-2 says."""
    p = _player(player)
    p.update_player([o.rating for o in opponents], [o.rd for o in opponents], list(outcomes))
    return _rating(p)


def update(learner: PuzzleRating, puzzle: PuzzleRating, solved: bool) -> tuple[PuzzleRating, PuzzleRating]:
    """The learner's and the puzzle's ratings after one attempt (``solved``: the learner's win)."""
    won = 1.0 if solved else 0.0
    return update_many(learner, [puzzle], [won]), update_many(puzzle, [learner], [1.0 - won])


def expected(learner: PuzzleRating, puzzle: PuzzleRating) -> float:
    """The learner's chance of solving the puzzle, as Glicko-2 reckons it (its E function).

    >>> round(expected(PuzzleRating(1500, 200), PuzzleRating(1400, 30)), 3)
    0.639
    """
    scale = 173.7178
    mu, mu_j, phi_j = (learner.rating - 1500) / scale, (puzzle.rating - 1500) / scale, puzzle.rd / scale
    g = 1 / math.sqrt(1 + 3 * phi_j ** 2 / math.pi ** 2)
    return 1 / (1 + math.exp(-g * (mu - mu_j)))
