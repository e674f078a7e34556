"""A puzzle: one decision from one seat's view, with the answer the coach proved.

A :class:`Puzzle` holds the game up to the decision as a record the engine replays (the
deal's players, rules, seed and dealer, and the moves so far: :meth:`Puzzle.game`), the
seat to move, what is asked (``"card"``: which card to play; ``"take"``: take the next
player's hand or pass), the answer, the themes it is about, its rating, and the
:class:`Proof`: the budget the coach spent, the margin it asked for, and each action's
chance of ending as the bhabhi with its 95 % interval and its paired difference from the
answer. The answer is *proved*: every other action's chance is higher by at least the
margin, with the paired difference's 95 % interval clear of zero (:func:`.proving.prove`).
Where the seat's next decision, after the others' replies, is proved too, the puzzle goes on:
``line`` holds the whole line (the seat's answers and the replies between them, as they were
played), and ``proofs`` one proof per answer of the seat.

One puzzle is one line of JSON (:meth:`Puzzle.to_line`, :meth:`Puzzle.from_line`): the
bundled set is a file of them (``data/bundled.jsonl``, see :mod:`.bundled`).

>>> from bhabho_widget import Game
>>> g = Game.deal(3, seed=5)
>>> _ = g.play("AS"); _ = g.play(g.legal_cards()[0])
>>> p = Puzzle.at(g, seat=g.current_player, answer=(g.legal_cards()[-1].code,), themes=("opening",),
...               proofs=(Proof(deals=8, rollouts=16, margin=0.08, seed=1, actions=()),))
>>> q = Puzzle.from_line(p.to_line())
>>> q == p, q.game().state_key() == g.state_key(), q.kind, q.seat == g.current_player
(True, True, 'card', True)
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from ..engine.errors import RecordError
from ..engine.game import Game
from ..engine.move import Move
from ..engine.rules import PRESETS, Rules
from .texts import from_data

__all__ = ["KINDS", "ActionProof", "Proof", "Puzzle", "PuzzleRating", "apply_move", "move_code"]

KINDS = ("card", "take")
"""What a puzzle asks: which card to play, or whether to take the next player's hand."""
FORMAT = "bhabho-puzzle"
VERSION = 1


def move_code(move: Move) -> str:
    """A move of :attr:`Game.moves` as the puzzles write it: its text, a card's code or ``"take 2"``."""
    return str(move)


def apply_move(game: Game, text: str) -> None:
    """Play the move ``text`` (a card's code, ``"take 2"``, ``"take:2"`` or ``"pass"``: a pass
    changes nothing in the game) on ``game``."""
    if text != "pass":
        game.push(Move.parse(text))


@dataclass(frozen=True)
class ActionProof:
    """One action's numbers in a proof: its chance ``p`` of ending as the bhabhi with the 95 %
    interval ``lo``..``hi``, and ``diff``, ``p`` less the answer's, with the paired 95 % interval
    ``diff_lo``..``diff_hi`` (0 for the answer itself)."""

    action: str
    p: float
    lo: float
    hi: float
    diff: float
    diff_lo: float
    diff_hi: float

    def __post_init__(self) -> None:  # kept to 4 decimals, as its line writes them
        for name in ("p", "lo", "hi", "diff", "diff_lo", "diff_hi"):
            object.__setattr__(self, name, round(float(getattr(self, name)), 4))

    def to_list(self) -> list[Any]:
        return [self.action, *(round(x, 4) for x in (self.p, self.lo, self.hi, self.diff, self.diff_lo, self.diff_hi))]

    @classmethod
    def from_list(cls, data: Sequence[Any]) -> ActionProof:
        action, *numbers = data
        return cls(str(action), *(float(x) for x in numbers))


@dataclass(frozen=True)
class Proof:
    """How the coach proved an answer: ``deals`` imagined deals of the hidden cards drawn from
    what the seat knew, ``rollouts`` continuations per action (on the same deals with the same
    random numbers for every action: common random numbers), the ``margin`` asked for, the
    ``seed``, and every action's numbers (:class:`ActionProof`), the answer first."""

    deals: int
    rollouts: int
    margin: float
    seed: int
    actions: tuple[ActionProof, ...]

    @property
    def answer(self) -> ActionProof:
        return self.actions[0]

    @property
    def closest(self) -> ActionProof | None:
        """The other action closest to the answer (the smallest difference), or None."""
        others = self.actions[1:]
        return min(others, key=lambda a: a.diff) if others else None

    def holds(self, margin: float | None = None) -> bool:
        """Whether the answer is proved: every other action's chance is higher by at least
        ``margin`` (the proof's own by default), with the paired difference's 95 % interval
        clear of zero."""
        m = self.margin if margin is None else margin
        return all(a.diff >= m and a.diff_lo > 0 for a in self.actions[1:])

    def to_dict(self) -> dict[str, Any]:
        return {"deals": self.deals, "rollouts": self.rollouts, "margin": self.margin, "seed": self.seed,
                "actions": [a.to_list() for a in self.actions]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Proof:
        return cls(int(data["deals"]), int(data["rollouts"]), float(data["margin"]), int(data["seed"]),
                   tuple(ActionProof.from_list(a) for a in data["actions"]))


@dataclass(frozen=True)
class PuzzleRating:
    """A Glicko-2 rating: ``rating``, its deviation ``rd`` and the ``volatility``."""

    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06

    def to_list(self) -> list[float]:
        return [round(self.rating, 1), round(self.rd, 1), round(self.volatility, 5)]

    @classmethod
    def from_list(cls, data: Sequence[Any]) -> PuzzleRating:
        return cls(*(float(x) for x in data))


def _dealt(game: Game) -> bool:
    """Whether ``game`` was dealt by :meth:`Game.deal` from its seed (its deal is that seed's)."""
    if game.start.position is not None or game.start.dealer is None or game.seed is None:
        return False
    again = Game.deal(game.num_players, seed=game.seed, rules=game.rules, dealer=game.start.dealer)
    return again.start.hands == game.start.hands and again.start.leader == game.start.leader


def _rules_name(rules: Rules) -> str | dict[str, Any]:
    return next((name for name, r in PRESETS.items() if r == rules), rules.to_dict())


@dataclass(frozen=True)
class Puzzle:
    """One puzzle (see the module's docstring). Build one with :meth:`at` from a game at the
    decision; :meth:`game` gives the game there again."""

    players: int
    rules: str | dict[str, Any] = field(hash=False)
    seed: int
    dealer: int
    moves: tuple[str, ...]
    seat: int
    kind: str
    line: tuple[str, ...]
    themes: tuple[str, ...]
    proofs: tuple[Proof, ...]
    rating: PuzzleRating = PuzzleRating()
    source: str = "bundled"
    """Where it comes from: ``"bundled"``, ``"mistake"`` (your own game) or ``"teacher"``."""
    reasons: tuple[Any, ...] = field(default=(), hash=False, compare=False)
    """The coach's reason for each answer of the seat, in the hint's words, as kept data
    (:func:`.texts.to_data`): :attr:`reason` tells the first one."""
    position: str | None = None
    """A position set up by hand (a teacher's, from the editor) as its text (:meth:`Game.position`),
    instead of a deal and its moves."""

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"a puzzle asks one of {', '.join(KINDS)}, not {self.kind!r}")
        if not self.line:
            raise ValueError("a puzzle has an answer")
        if not 3 <= self.players <= 8:
            raise ValueError(f"a puzzle is at a table of 3 to 8 players, not {self.players}")

    # ------------------------------------------------------------------ making and reading
    @classmethod
    def at(cls, game: Game, seat: int, answer: Sequence[str], themes: Sequence[str], proofs: Sequence[Proof],
           kind: str | None = None, rating: PuzzleRating | None = None, source: str = "bundled",
           reasons: Sequence[Any] = ()) -> Puzzle:
        """The puzzle of ``game`` as it stands, asked of ``seat``: ``answer`` is the line from
        here (the seat's answer, then, for a longer puzzle, the replies and its next answers)."""
        if kind is None:
            kind = "take" if answer[0] in ("take", "pass") or answer[0].startswith("take ") else "card"
        moves = tuple(move_code(m) for m in game.moves)
        if not _dealt(game):  # a position set up by hand (a teacher's, from the editor): its start as text, and the moves
            start = game.copy()
            while start.moves:
                start.undo()
            return cls(game.num_players, _rules_name(game.rules), 0, 0, moves, seat, kind, tuple(answer), tuple(themes),
                       tuple(proofs), rating or PuzzleRating(), source, tuple(reasons), position=start.position())
        return cls(game.num_players, _rules_name(game.rules), int(game.seed or 0), int(game.start.dealer or 0),
                   tuple(move_code(m) for m in game.moves), seat, kind, tuple(answer), tuple(themes), tuple(proofs),
                   rating or PuzzleRating(), source, tuple(reasons))

    @property
    def id(self) -> str:
        """A short name of the puzzle, the same wherever it is made: a hash of its position and seat."""
        parts: list[Any] = [self.players, self.rules, self.seed, self.dealer, list(self.moves), self.seat]
        key = json.dumps(parts if self.position is None else [*parts, self.position])
        return hashlib.sha256(key.encode()).hexdigest()[:10]

    @property
    def answer(self) -> str:
        """The seat's answer at the decision: a card's code, ``"take"`` or ``"pass"``."""
        return self.line[0]

    @property
    def reason(self) -> Any:
        """The coach's reason for the answer, in the hint's words (a translatable text), or ""."""
        return from_data(self.reasons[0]) if self.reasons else ""

    @property
    def answers(self) -> tuple[str, ...]:
        """The seat's own answers along the line (the replies between them left out)."""
        return tuple(self.line[k] for k in self.answer_steps)

    @cached_property
    def answer_steps(self) -> tuple[int, ...]:
        """Where in :attr:`line` the seat answers (one place per proof; the replies between)."""
        g = self.game()
        steps = []
        for k, text in enumerate(self.line):
            if k == 0 or g.current_player == self.seat:
                steps.append(k)
            if text not in ("take", "pass"):
                apply_move(g, text)
        return tuple(steps[:len(self.proofs)])

    @property
    def proof(self) -> Proof:
        """The proof of the (first) answer."""
        return self.proofs[0]

    @property
    def rules_object(self) -> Rules:
        return PRESETS[self.rules] if isinstance(self.rules, str) else Rules.from_dict(self.rules)

    def game(self) -> Game:
        """The :class:`Game` at the decision: dealt again from its seed and replayed (or set up
        from its position text)."""
        g = Game.from_position(self.position) if self.position is not None else \
            Game.deal(self.players, seed=self.seed, rules=self.rules_object, dealer=self.dealer)
        try:
            for text in self.moves:
                apply_move(g, text)
        except ValueError as err:
            raise RecordError(f"puzzle {self.id}: its moves do not replay ({str(err)[:80]})") from None
        return g

    def with_rating(self, rating: PuzzleRating) -> Puzzle:
        return replace(self, rating=rating)

    # ------------------------------------------------------------------ one line of JSON
    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "format": FORMAT, "version": VERSION, "players": self.players, "rules": self.rules,
                "seed": self.seed, "dealer": self.dealer, "moves": " ".join(self.moves), "seat": self.seat,
                "kind": self.kind, "line": list(self.line), "themes": list(self.themes),
                "rating": self.rating.to_list(), "source": self.source, "proofs": [p.to_dict() for p in self.proofs],
                "reasons": list(self.reasons), **({"position": self.position} if self.position is not None else {})}

    def to_line(self) -> str:
        """The puzzle as one line of JSON (the bundled file's format)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Any) -> Puzzle:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("not a puzzle: its format is not 'bhabho-puzzle'")
        if data.get("version") != VERSION:
            raise RecordError(f"a puzzle of version {data.get('version')!r}; this package reads version {VERSION}")
        try:
            moves = tuple(str(data["moves"]).split(" ")) if data["moves"] else ()
            moves = tuple(" ".join(m) for m in _pairs(moves))
            puzzle = cls(int(data["players"]), data["rules"], int(data["seed"]), int(data["dealer"]), moves,
                         int(data["seat"]), str(data["kind"]), tuple(str(x) for x in data["line"]),
                         tuple(str(x) for x in data["themes"]), tuple(Proof.from_dict(p) for p in data["proofs"]),
                         PuzzleRating.from_list(data["rating"]), str(data.get("source", "bundled")),
                         tuple(data.get("reasons", ())), data.get("position"))
        except (KeyError, TypeError, ValueError) as err:
            raise RecordError(f"a puzzle with a bad field: {str(err)[:80]}") from None
        if data.get("id") not in (None, puzzle.id):
            raise RecordError(f"puzzle {data.get('id')!r}: its id is not that of its position")
        return puzzle

    @classmethod
    def from_line(cls, line: str) -> Puzzle:
        """The puzzle of one line of JSON (see :meth:`to_line`)."""
        try:
            data = json.loads(line)
        except ValueError as err:
            raise RecordError(f"a puzzle line that is not JSON: {str(err)[:60]}") from None
        return cls.from_dict(data)


def _pairs(words: Sequence[str]) -> list[list[str]]:
    """Moves written with spaces (``"take 2"``) split back: a ``take`` joins the word after it."""
    out: list[list[str]] = []
    for w in words:
        if out and out[-1] == ["take"]:
            out[-1].append(w)
        else:
            out.append([w])
    return out
