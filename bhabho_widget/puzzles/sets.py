"""Sets of puzzles: the bundled set, and any file of puzzle lines.

The package ships a set mined from bot games (``data/bundled.jsonl``: one puzzle per line, each
the JSON of :meth:`.puzzle.Puzzle.to_line`). :data:`bundled` is that set, read on first use:
a sequence of :class:`~.puzzle.Puzzle` (iterate it, index it, ``len`` it; ``bundled()`` gives
the same set), with its counts by theme and by players. Anyone can re-prove it::

    from bhabho_widget.puzzles import bundled, prove

    for p in bundled:
        again = prove(p.game(), p.seat, seed=7, deals=2048)   # another seed, more deals
        assert again is not None and again.answer.action == p.answer

``python -m bhabho_widget.puzzles mine --games 400 --output set.jsonl`` makes a set like it
(:mod:`.mining`); :func:`read` reads any such file.
"""

from __future__ import annotations

import pathlib
import threading
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import overload

from ..engine.errors import RecordError
from .puzzle import Puzzle
from .themes import THEMES

__all__ = ["BUNDLED_PATH", "PuzzleSet", "bundled", "read"]

BUNDLED_PATH = pathlib.Path(__file__).parent / "data" / "bundled.jsonl"
"""The bundled set's file in the package."""


def read(path: str | pathlib.Path) -> list[Puzzle]:
    """The puzzles of a file of puzzle lines; a :class:`RecordError` names a bad line."""
    out = []
    for n, line in enumerate(pathlib.Path(path).read_text(encoding="utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            out.append(Puzzle.from_line(line))
        except RecordError as err:
            raise RecordError(f"{pathlib.Path(path).name}, line {n}: {err}") from None
    return out


class PuzzleSet(Sequence[Puzzle]):
    """A set of puzzles read from a file on first use (see the module's docstring)."""

    def __init__(self, path: str | pathlib.Path) -> None:
        self.path = pathlib.Path(path)
        self._puzzles: list[Puzzle] | None = None
        self._lock = threading.Lock()

    @property
    def puzzles(self) -> list[Puzzle]:
        with self._lock:
            if self._puzzles is None:
                self._puzzles = read(self.path)
            return self._puzzles

    def __call__(self) -> PuzzleSet:
        """The set itself: ``bundled()`` is ``bundled``."""
        return self

    def __len__(self) -> int:
        return len(self.puzzles)

    @overload
    def __getitem__(self, k: int) -> Puzzle: ...

    @overload
    def __getitem__(self, k: slice) -> Sequence[Puzzle]: ...

    def __getitem__(self, k: int | slice) -> Puzzle | Sequence[Puzzle]:
        return self.puzzles[k]

    def __iter__(self) -> Iterator[Puzzle]:
        return iter(self.puzzles)

    def __repr__(self) -> str:
        return f"<PuzzleSet {self.path.name}: {len(self)} puzzles>"

    def get(self, puzzle_id: str) -> Puzzle:
        """The puzzle of this id; a KeyError when the set has none."""
        for p in self.puzzles:
            if p.id == puzzle_id:
                return p
        raise KeyError(puzzle_id)

    def by_theme(self, theme: str) -> list[Puzzle]:
        """The puzzles with ``theme`` (one of :data:`.themes.THEMES`)."""
        if theme not in THEMES:
            raise ValueError(f"theme must be one of {', '.join(THEMES)}, not {theme!r}"[:200])
        return [p for p in self.puzzles if theme in p.themes]

    def theme_counts(self) -> dict[str, int]:
        """How many puzzles have each theme."""
        counts = Counter(t for p in self.puzzles for t in p.themes)
        return {t: counts.get(t, 0) for t in THEMES}

    def player_counts(self) -> dict[int, int]:
        """How many puzzles are at a table of each size."""
        return dict(sorted(Counter(p.players for p in self.puzzles).items()))


bundled = PuzzleSet(BUNDLED_PATH)
"""The bundled set (see the module's docstring)."""
