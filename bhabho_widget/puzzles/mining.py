"""Mining puzzles from bot games: play, look at every decision, prove the clear ones, write the set.

:func:`mine_game` plays one game with bots of rules of thumb (one of them with more chance in
its leads, so that the positions vary), goes through every decision of every seat
(:func:`bhabho_widget.coach.review.decision_points`: the cards and the chances to take), and
keeps each one the coach proves (:func:`.proving.prove`): the position, the answer, its themes
(:func:`.themes.tag`), the coach's reason in the hint's words, and a starting difficulty from a
ladder of bots (:func:`calibrate`). Where the seat in the game played the answer and its next
decision, after the others' replies, is proved too, the puzzle goes on (at most three of the
seat's decisions). It is a plain function of its :class:`GameSpec`, so any
:class:`concurrent.futures.Executor` can run many at once: :func:`mine` does, writing each
game's puzzles to the output as they come (one line each, see :mod:`.puzzle`) and noting the
game as done, so that a run stopped half-way continues where it was. Dask spreads it over a
cluster: ``mine(..., executor=distributed.Client(address).get_executor())``.

``python -m bhabho_widget.puzzles mine`` (the ``bhabho-puzzles`` command) is the command line;
``benchmarks/puzzle_mining.py`` measures it.
"""

from __future__ import annotations

import json
import pathlib
import random
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, Future, as_completed
from dataclasses import dataclass, field
from typing import Any

from ..coach.hints import T_CMP_EVEN, T_CMP_SAME, T_CMP_WORSE, hint_from_estimates
from ..coach.review import DecisionPoint, decision_points, replay_to
from ..engine.game import Game
from ..engine.seat_view import SeatView
from ..i18n import Joined
from ..play.bots import RandomBot, RuleBot
from ..play.driver import Driver
from ..play.search import PASS, TAKE, SearchBot, estimate_actions
from .proving import DEALS, MARGIN, PER_DEAL, _rng, code, cushioned, proof_of, screen
from .puzzle import Proof, Puzzle, PuzzleRating, move_code
from .texts import to_data
from .themes import THEMES, tag

__all__ = ["GameSpec", "MineReport", "calibrate", "mine", "mine_game", "plan"]

LADDER_RUNS = 4
"""Runs of each bot of the ladder on a puzzle (the search bot's at a low budget)."""
MAX_LINE = 3
"""A puzzle goes on for at most this many of the seat's decisions."""


@dataclass(frozen=True)
class GameSpec:
    """One game to mine: its number in the run, players, seed, and the proof's budget."""

    number: int
    players: int
    seed: int
    deals: int = DEALS
    per_deal: int = PER_DEAL
    margin: float = MARGIN


@dataclass
class MineReport:
    """What a run did: games played, decisions looked at, candidates that passed the screen,
    puzzles proved, by players and by theme."""

    games: int = 0
    decisions: int = 0
    candidates: int = 0
    proved: int = 0
    by_players: Counter[int] = field(default_factory=Counter)
    by_theme: Counter[str] = field(default_factory=Counter)

    def add(self, other: dict[str, Any]) -> None:
        self.games += 1
        self.decisions += other["decisions"]
        self.candidates += other["candidates"]
        self.proved += len(other["lines"])
        for line in other["lines"]:
            data = json.loads(line)
            self.by_players[data["players"]] += 1
            self.by_theme.update(data["themes"])

    @property
    def kept(self) -> float:
        """The share of the screened candidates that the proof kept."""
        return self.proved / self.candidates if self.candidates else 0.0


def _bots(players: int, rng: random.Random) -> dict[int, Any]:
    """Bots of rules of thumb at every seat, one of them leading more at random, and now and
    then one that takes a hand, so that the games (and their decisions) vary."""
    out: dict[int, Any] = {s: RuleBot(seed=rng.randrange(2**31), explore=0.15) for s in range(players)}
    wild = rng.randrange(players)
    out[wild] = RandomBot(seed=rng.randrange(2**31), take_chance=0.3) if rng.random() < 0.3 else \
        RuleBot(seed=rng.randrange(2**31), explore=0.6)
    return out


def calibrate(view: SeatView, answer: str, actions: Sequence[int | str], seed: int = 0) -> PuzzleRating:
    """A puzzle's starting difficulty, from how often a ladder of bots finds the answer: a
    random player (one in as many as there are actions), the rules of thumb
    (:class:`~bhabho_widget.play.bots.RuleBot`) and the search at a low budget
    (:class:`~bhabho_widget.play.search.SearchBot`, 64 continuations), each
    :data:`LADDER_RUNS` times. Found by all: about 800; by none: about 2200."""
    rng = random.Random(repr((seed, "ladder", view)))
    take_question = set(actions) == {TAKE, PASS}

    def found(bot: Any) -> bool:
        if take_question:
            return (TAKE if bot.wants_take(view) else PASS) == answer
        return code(bot.choose_card(view).index) == answer

    r_random = 1 / len(actions)
    r_rules = sum(found(RuleBot(seed=rng.randrange(2**31))) for _ in range(LADDER_RUNS)) / LADDER_RUNS
    r_search = sum(found(SearchBot(seed=rng.randrange(2**31), rollouts=64, samples=16)) for _ in range(LADDER_RUNS)) \
        / LADDER_RUNS
    found_share = (r_random + 2 * r_rules + 3 * r_search) / 6
    return PuzzleRating(round(800 + 1400 * (1 - found_share), 1), 250.0, 0.06)


def _prove_point(pt: DecisionPoint, spec: GameSpec, seed: int) -> tuple[Proof, Any] | None:
    """The proof of one decision and the coach's reason for its answer, or None."""
    view = pt.view
    est = estimate_actions(view, pt.actions, spec.deals * spec.per_deal, spec.deals, _rng(view, seed, "proof"))
    proof = proof_of(est, spec.deals, spec.per_deal, spec.margin, seed)
    if not (proof.holds() and cushioned(proof)):
        return None
    hint = hint_from_estimates(view, est)
    if hint.action_code != proof.answer.action:
        return None  # the hint would say otherwise: not one voice, not a puzzle
    return proof, to_data(_rule_and_why(hint.reason))


def _rule_and_why(reason: Any) -> Any:
    """A hint's reason without its sentence of numbers ("Simulated 768 times from here..."): a
    puzzle shows its proof's own numbers beside the coach's words."""
    parts = getattr(reason, "parts", None)
    if parts is None:
        return reason
    kept = [p for p in parts if getattr(p, "template", "") not in _NUMBER_SENTENCES]
    return Joined(reason.separator, *kept)


_NUMBER_SENTENCES = frozenset({T_CMP_WORSE, T_CMP_SAME, T_CMP_EVEN})
PASS_KEPT = 0.03
"""The share of proved passes kept: passing is the answer at most chances to take, so a set of
every one of them would be mostly passes; every proved take is kept."""


def mine_game(spec: GameSpec) -> dict[str, Any]:
    """Play the game of ``spec`` and prove its decisions: ``{"lines": [...], "decisions": n,
    "candidates": n}`` (each line one puzzle, see :meth:`Puzzle.to_line`)."""
    rng = random.Random(repr(("mine", spec.players, spec.seed)))
    game = Game.deal(spec.players, seed=spec.seed)
    Driver(game, _bots(spec.players, rng)).run()
    lines: list[str] = []
    decisions = candidates = 0
    for seat in range(spec.players):
        points = [pt for pt in decision_points(game, seat) if len(pt.actions) >= 2]
        decisions += len(points)
        k = 0
        while k < len(points):
            pt = points[k]
            k += 1
            likely = screen(pt.view, pt.actions, spec.margin, spec.seed)
            if likely is None:
                continue
            if likely == PASS and random.Random(repr((spec.seed, "pass", pt.view))).random() > PASS_KEPT:
                continue  # most chances to take are passes: only some of them are kept (see PASS_KEPT)
            candidates += 1
            found = _prove_point(pt, spec, spec.seed)
            if found is None:
                continue
            proofs, reasons = [found[0]], [found[1]]
            line = [found[0].answer.action]
            # the puzzle goes on while the seat played the answer and its next card, after the
            # others' replies (no hand taken between), is proved too
            used = [pt]
            while len(proofs) < MAX_LINE and pt.kind == "card" and _played(game, pt) == line[-1]:
                nxt = next((q for q in points[k:] if q.kind == "card"), None)
                if nxt is None:
                    break
                between = [move_code(m) for m in game.moves[pt.move + 1:nxt.move]]
                if not between or any(m.startswith("take") for m in between) \
                        or screen(nxt.view, nxt.actions, spec.margin, spec.seed) is None:
                    break
                more = _prove_point(nxt, spec, spec.seed)
                if more is None:
                    break
                proofs.append(more[0])
                reasons.append(more[1])
                line += [*between, more[0].answer.action]
                used.append(nxt)
                pt = nxt
                k = points.index(nxt) + 1
            first = used[0]
            at = _replay(game, first.move)
            themes = tag(first.view, line[0])
            if not themes:
                continue
            rating = calibrate(first.view, line[0], first.actions, spec.seed)
            puzzle = Puzzle.at(at, seat, line, themes, proofs, kind="take" if first.kind == "offer" else "card",
                               rating=rating, source="bundled", reasons=tuple(reasons))
            lines.append(puzzle.to_line())
    return {"lines": lines, "decisions": decisions, "candidates": candidates}


def _played(game: Game, pt: DecisionPoint) -> str:
    """The action the seat took in the game at decision ``pt``."""
    return code(pt.chosen)


def _replay(game: Game, move: int) -> Game:
    """``game`` as it was after its first ``move`` moves."""
    return replay_to(game, move)


def plan(games: int, seed: int = 0, players: Sequence[int] = (3, 4, 5, 6), deals: int = DEALS,
         per_deal: int = PER_DEAL, margin: float = MARGIN) -> list[GameSpec]:
    """The games of a run: ``games`` of them, the players cycling through ``players``, each
    with its own seed drawn from ``seed`` (the same run every time)."""
    rng = random.Random(repr(("plan", seed)))
    return [GameSpec(n, players[n % len(players)], rng.randrange(2**31), deals, per_deal, margin) for n in range(games)]


def _done(path: pathlib.Path) -> set[int]:
    """The games of a run already mined (its ``.games`` file beside the output)."""
    done = path.with_name(path.name + ".games")
    if not done.exists():
        return set()
    return {int(x) for x in done.read_text().split() if x.strip().isdigit()}


def mine(output: str | pathlib.Path, games: int, seed: int = 0, players: Sequence[int] = (3, 4, 5, 6),
         executor: Executor | None = None, deals: int = DEALS, per_deal: int = PER_DEAL, margin: float = MARGIN,
         progress: bool = True, stop: Callable[[MineReport], bool] | None = None) -> MineReport:
    """Mine the puzzles of ``games`` bot games into ``output`` (one line each), seeded by
    ``seed`` (the same run gives the same puzzles); ``executor`` runs the games at once (None:
    one after another here). Resumable: the games already done (listed in ``output``'s
    ``.games`` file) are skipped and their puzzles kept. ``progress``: a tqdm bar. ``stop``:
    called after each game with the report so far; True ends the run early (the games under
    way are still written)."""
    from tqdm.auto import tqdm

    path = pathlib.Path(output)
    path.parent.mkdir(parents=True, exist_ok=True)
    done = _done(path)
    todo = [s for s in plan(games, seed, players, deals, per_deal, margin) if s.number not in done]
    report = MineReport()
    report.games = len(done)
    for line in path.read_text(encoding="utf-8").splitlines() if path.exists() else []:
        if line.strip():
            data = json.loads(line)
            report.proved += 1
            report.by_players[data["players"]] += 1
            report.by_theme.update(data["themes"])
    bar = tqdm(total=games, initial=len(done), desc="games mined", unit="game", disable=not progress)
    seen = {json.loads(line)["id"] for line in path.read_text(encoding="utf-8").splitlines() if line.strip()} \
        if path.exists() else set()

    def write(spec: GameSpec, result: dict[str, Any]) -> None:
        new = [line for line in result["lines"] if json.loads(line)["id"] not in seen]
        seen.update(json.loads(line)["id"] for line in new)
        with path.open("a", encoding="utf-8") as out:
            out.writelines(line + "\n" for line in new)
        with path.with_name(path.name + ".games").open("a", encoding="utf-8") as out:
            out.write(f"{spec.number}\n")
        report.add({**result, "lines": new})
        bar.update(1)
        bar.set_postfix(proved=report.proved)

    try:
        if executor is None:
            for spec in todo:
                write(spec, mine_game(spec))
                if stop is not None and stop(report):
                    break
        else:
            futures: dict[Future[dict[str, Any]], GameSpec] = {executor.submit(mine_game, s): s for s in todo}
            for fut in as_completed(futures):
                write(futures[fut], fut.result())
                if stop is not None and stop(report):
                    for f in futures:
                        f.cancel()
                    break
    finally:
        bar.close()
    return report


TAKE_SHARE = 0.25
"""The bundled set's largest share of take-or-pass puzzles: about half of what is mined is a
take or a pass (every trick boundary is a chance), so the card puzzles are kept the most of it."""


def select(lines: Sequence[str], target: int, min_per_theme: int = 20, take_share: float = TAKE_SHARE) -> list[str]:
    """A set of ``target`` puzzles chosen from mined ``lines``, the same every time (in the order
    of a hash of their ids): first enough of every theme (``min_per_theme``, where there are
    that many), then card puzzles, the take-or-pass ones at most ``take_share`` of the set;
    returned in the order mined. A position mined twice (the same deal met in two games, the
    same decision proved again as part of a longer line) is kept once: its first line."""
    import hashlib

    puzzles = []
    seen: set[str] = set()
    for k, line in enumerate(lines):
        if not line.strip():
            continue
        data = json.loads(line)
        if data["id"] in seen:
            continue
        seen.add(data["id"])
        puzzles.append((hashlib.sha256(data["id"].encode()).hexdigest(), k, data, line))
    puzzles.sort()
    chosen: dict[int, str] = {}
    takes = 0
    room = int(target * take_share)
    counts: Counter[str] = Counter()

    def take(k: int, data: dict[str, Any], line: str) -> None:
        nonlocal takes
        chosen[k] = line
        counts.update(data["themes"])
        takes += data["kind"] == "take"

    for theme in THEMES:
        for _, k, data, line in puzzles:
            if counts[theme] >= min_per_theme or len(chosen) >= target:
                break
            if k not in chosen and theme in data["themes"] and (data["kind"] != "take" or takes < room):
                take(k, data, line)
    for _, k, data, line in puzzles:
        if len(chosen) >= target:
            break
        if k not in chosen and (data["kind"] != "take" or takes < room):
            take(k, data, line)
    return [chosen[k] for k in sorted(chosen)]


def theme_counts(lines: Iterable[str]) -> dict[str, int]:
    """How many puzzles of ``lines`` have each theme."""
    counts = Counter(t for line in lines if line.strip() for t in json.loads(line)["themes"])
    return {t: counts.get(t, 0) for t in THEMES}


def mistakes_from_review(review: Any, game: Game, seat: int, *, deals: int = DEALS, per_deal: int = PER_DEAL,
                         margin: float = MARGIN, seed: int = 0) -> list[Puzzle]:
    """The puzzles of a reviewed game's mistakes and blunders (``review`` of ``game`` for
    ``seat``, :func:`bhabho_widget.coach.review.review`): each one the coach proves, at the
    proof's budget, from the seat's view at that decision, becomes a puzzle of source
    ``"mistake"`` (with its themes, reason and a starting difficulty); the others (close
    decisions the proof cannot settle) are left out. Keep them with
    :meth:`.progress.Progress.add_mistake` to be offered again until solved."""
    spec = GameSpec(0, game.num_players, 0, deals, per_deal, margin)
    points = {pt.move: pt for pt in decision_points(game, seat)}
    out = []
    for d in review.decisions:
        if d.grade not in ("mistake", "blunder"):
            continue
        pt = next((p for m, p in points.items() if m == d.move and (p.kind == "offer") == (d.kind == "offer")), None)
        if pt is None or len(pt.actions) < 2:
            continue
        found = _prove_point(pt, spec, seed)
        if found is None:
            continue
        proof, reason = found
        themes = tag(pt.view, proof.answer.action) or ("keep_low",)
        out.append(Puzzle.at(_replay(game, pt.move), seat, [proof.answer.action], themes, [proof],
                             kind="take" if pt.kind == "offer" else "card",
                             rating=calibrate(pt.view, proof.answer.action, pt.actions, seed), source="mistake",
                             reasons=(reason,)))
    return out
