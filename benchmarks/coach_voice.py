"""The coach speaks with one voice: games with a Hint at every decision, then their review, read
for every way the words can contradict the numbers or each other.

    python benchmarks/coach_voice.py [--games 8] [--players 4] [--seed 0] [--follow 0.6]
                                     [--rollouts R --samples S] [--json] [--show 5]

A learner at seat 0 of a local table (``TableSession``, rules-of-thumb bots, the table's take
offers) asks for a Hint at every decision, follows it with chance ``--follow`` and otherwise
plays a random legal action (a random take or pass at a chance to take). At game over the
game is reviewed as the table reviews it (``ReviewRun``: the passes the learner clicked, the
line under the table at each decision). The coach's budget is the table's (default the
coach's own; ``--rollouts``/``--samples`` set a smaller one, as the quick test does).

Counted, each of them 0 when the coach speaks with one voice:

- ``line_contradicts_row``: the line under the table at a reviewed decision, or the row, says
  "better" / "the best" / "about as good" other than the decision's verdict, or the reason
  calls two actions about equal where the verdict says worse (or the other way round);
- ``hint_review_disagree``: the review's best action at a decision is not the action the hint
  recommended there;
- ``zero_cost_costliest``: a decision among "the decisions that cost most" that is not graded
  or whose points lost, as the row reads them, are 0 or fewer;
- ``followed_hint_graded``: a decision graded (inaccuracy, mistake or blunder) where the
  learner played the hint's action;
- ``unsorted_or_mixed``: a hint's list of clearly worse actions not sorted by chance, or with a
  take inside a list of cards;
- ``bare_among_equals``: a hint that recommends one card of several within the margin without
  naming the others or the rule that separates them;
- ``unexplained_gap``: a hint whose clearly worse card is 5 points or more worse, with no
  sentence of what the simulations show (who picks up, who escapes, the power, what a later
  difference is);
- ``refused_hints``: a Hint asked at the learner's turn or chance to take that was refused;
- ``you_holds``: a sentence with "You" as the subject of a third-person verb ("You holds"; not
  "nobody after you has shown", where "you" is the object of "after");
- ``repeated_narration``: a line under the table that says a sentence twice, or a pickup twice.

Prints the counts and, with ``--show N``, N hints and N review rows at random, with the numbers
beside them, to read. A benchmark: nothing is asserted (tests/test_coach_voice.py runs it small
and asserts the zeros).
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections import Counter
from typing import Any

from bhabho_widget.coach.judgement import judge
from bhabho_widget.coach.review import MISTAKE
from bhabho_widget.engine.errors import IllegalMoveError, MessageError
from bhabho_widget.table.reviewing import ReviewRun
from bhabho_widget.table.session import TableSession

COUNTS = ("line_contradicts_row", "hint_review_disagree", "zero_cost_costliest", "followed_hint_graded",
          "unsorted_or_mixed", "bare_among_equals", "unexplained_gap", "refused_hints", "you_holds",
          "repeated_narration")

THIRD_PERSON_VERBS = ("holds", "has", "picks", "plays", "leads", "follows", "takes", "escapes", "is", "draws",
                      "discards", "loses", "must leads", "chooses", "throws")
OBJECT_BEFORE = ("after", "before", "behind", "than", "to", "with", "for", "of", "like")
"""Words after which "you" is an object, not a subject ("nobody after you has shown ...")."""
YOU_HOLDS = re.compile("".join(rf"(?<!\b{w} )" for w in OBJECT_BEFORE) + r"\b[Yy]ou (" + "|".join(THIRD_PERSON_VERBS)
                       + r")\b", re.IGNORECASE)
CAUSES = ("pick up this trick in", "escape at the end of this trick", "You have the power after this trick",
          "this trick ends alike", "pick up the next trick in", "the only one holding cards")
THUMBS = ("Of these, ", "any of them will do")


def sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!])\s+", text) if s.strip()]


def repeated(narration: str) -> bool:
    """A sentence said twice in one line, or one seat's pickup told twice."""
    said = sentences(narration)
    if len(said) != len(set(said)):
        return True
    pickups = re.findall(r"(\b[\w ]+?) (?:picks|pick) up \d+ cards?", narration)
    return len(pickups) != len(set(pickups))


def worse_list(reason: str) -> list[tuple[str, int]]:
    found = re.search(r"clearly worse: (.*?)(?:\.(?:\s|$))", reason)
    if not found:
        return []
    return [(label, int(p)) for label, p in re.findall(r"([^,()]+?) \((\d+)%\)", found.group(1))]


def check_hint(view: Any, hint: dict[str, Any], budget: dict[str, int], counts: Counter) -> None:
    text = hint["text"]
    listed = worse_list(text)
    ps = [p for _, p in listed]
    if ps != sorted(ps) or any("hand" in label for label, _ in listed):
        counts["unsorted_or_mixed"] += 1
    j = judge(view, seed=0, **budget)
    cards = [e for e in j.equals() if isinstance(e.action, int)]
    if len(cards) >= 2:
        named = all(str(e.card) in text for e in cards) or f"{len(cards)} of your cards" in text
        if not any(t in text for t in THUMBS) or not (named or "hardly matters" in text or "no difference" in text):
            counts["bare_among_equals"] += 1
    worse = [e for e in j.worse() if isinstance(e.action, int)]
    if worse and isinstance(j.recommended, int) and worse[0].p - j.best.p >= 0.05 and not any(c in text for c in CAUSES):
        counts["unexplained_gap"] += 1


def learner_action(s: TableSession, hint: dict[str, Any] | None, follow: float, rng: random.Random) -> str:
    """The learner's action: the hint's with chance ``follow``, else a random legal one."""
    legal = [c.code for c in s.game.legal_cards()] if s.waiting == "human" else []
    options = legal + (["take"] if s.browser_view()["can_take"] else []) + (["pass"] if s.take_offer else [])
    if hint is not None and hint["action"] in options and rng.random() < follow:
        return hint["action"]
    return rng.choice(options)


def play_game(seed: int, players: int, follow: float, budget: dict[str, int], counts: Counter,
              shown: list[dict[str, Any]]) -> dict[str, Any]:
    rng = random.Random(seed)
    s = TableSession(players=players, seed=seed, bots="rules")
    if budget:
        s.coach_budget = (budget["rollouts"], budget["samples"])
    hints: dict[tuple[int, str], str] = {}  # (moves before, kind) -> the hint's action
    followed: set[tuple[int, str]] = set()
    lines: list[str] = []
    for _ in range(2000):
        if s.waiting == "over":
            break
        if s.waiting == "bot" and not s.take_offer:
            s.advance()
            lines.append(s.narration)
            continue
        kind = "offer" if s.take_offer else "card"
        view = s.hint_view()
        try:
            hint: dict[str, Any] | None = s.hint()
        except (IllegalMoveError, MessageError, ValueError):
            counts["refused_hints"] += 1
            hint = None
        if hint is not None:
            check_hint(view, hint, budget, counts)
            hints[(len(s.game.moves), kind)] = hint["action"]
            if len(shown) < 400:
                shown.append({"kind": "hint", "text": hint["text"], "estimates": [
                    f"{e['label']} {round(e['p'] * 100)}%" for e in hint["estimates"]]})
        action = learner_action(s, hint, follow, rng)
        if hint is not None and action == hint["action"]:
            followed.add((len(s.game.moves), kind))
        if action == "take":
            s.take()
        elif action == "pass":
            s.pass_take()
        else:
            s.play(action)
        lines.append(s.narration)
    else:
        raise RuntimeError("the game did not end")
    run = ReviewRun(s.game, s.seat, lambda: None, passes=s.passes(), **budget)
    if not run.wait(1800) or run.result is None:
        raise RuntimeError(f"the review did not end: {run.status} {run.failure}")
    trait = run.trait(s.translator, s.names(), None)
    rows = trait["decisions"]
    for d, row in zip(run.result.decisions, rows):
        at = run.position_view(d.number, s.translator, s.names(), version=1)["narration"]
        says = {"worse": ("the better action was", "better was"), "best": ("the best action", ", the best"),
                "even": ("is about as good", "is about as good")}
        line_ok = says[d.verdict][0] in at and all(says[v][0] not in at for v in says if v != d.verdict)
        row_ok = says[d.verdict][1] in row["row"] and all(says[v][1] not in row["row"] for v in says if v != d.verdict)
        reason_ok = {"even": "about equal" in str(d.reason), "worse": "about equal" not in str(d.reason)}.get(d.verdict, True)
        if not (line_ok and row_ok and reason_ok):
            counts["line_contradicts_row"] += 1
        key = (d.move, d.kind)
        if key in hints and hints[key] != d.best:
            counts["hint_review_disagree"] += 1
        if key in followed and d.grade is not None:
            counts["followed_hint_graded"] += 1
        if len(shown) < 800:
            shown.append({"kind": "row", "text": row["row"], "grade": d.grade, "reason": row["reason"],
                          "loss": [round(x * 100) for x in (d.loss, d.loss_lo, d.loss_hi)],
                          "line": at})
    by_number = {d.number: d for d in run.result.decisions}
    for n in trait["costliest"]:
        d = by_number[n]
        if d.grade is None or d.loss_points[0] <= 0:
            counts["zero_cost_costliest"] += 1
    texts = lines + [line["text"] for line in s.browser_view()["log"]] + [str(d.reason) for d in run.result.decisions]
    texts += [h["text"] for h in shown if h["kind"] == "hint"]
    counts["you_holds"] += sum(bool(YOU_HOLDS.search(t)) for t in texts)
    counts["repeated_narration"] += sum(repeated(line) for line in lines)
    graded = [d for d in run.result.decisions if d.grade is not None]
    return {"seed": seed, "decisions": len(run.result.decisions), "graded": len(graded),
            "mistakes": sum(d.loss >= MISTAKE for d in graded), "hinted": len(hints), "followed": len(followed),
            "passes_listed": sum(d.kind == "offer" and d.chosen == "pass" for d in run.result.decisions)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--follow", type=float, default=0.6)
    ap.add_argument("--rollouts", type=int)
    ap.add_argument("--samples", type=int)
    ap.add_argument("--show", type=int, default=0, help="print this many hints and review rows at random")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    budget = {} if args.rollouts is None else {"rollouts": args.rollouts, "samples": args.samples or 8}
    counts: Counter = Counter(dict.fromkeys(COUNTS, 0))
    shown: list[dict[str, Any]] = []
    started = time.monotonic()
    games = [play_game(10_000 * args.seed + 7 * k + 1, args.players, args.follow, budget, counts, shown)
             for k in range(args.games)]
    out = {"games": games, "counts": dict(counts), "minutes": (time.monotonic() - started) / 60}
    if args.json:
        print(json.dumps(out))
    else:
        for g in games:
            print(g)
        for name in COUNTS:
            print(f"{name}: {counts[name]}")
        print(f"({out['minutes']:.1f} minutes)")
    if args.show:
        rng = random.Random(args.seed)
        for kind in ("hint", "row"):
            pool = [x for x in shown if x["kind"] == kind]
            for x in rng.sample(pool, min(args.show, len(pool))):
                print(json.dumps(x, ensure_ascii=False), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
