"""The review as a static picture: its graph as SVG and its costliest decisions as HTML.

:func:`review_html` is what a notebook shows for a :class:`~bhabho_widget.coach.review.Review`
(``_repr_html_``), without matplotlib, so that a saved notebook shows it on GitHub or
nbviewer. The graph's data and look (:func:`graph_series`, :data:`GRADE_COLORS`,
:data:`EVENT_MARKS`) are the same as the matplotlib graph's (:mod:`.review_plot`).
"""

from __future__ import annotations

import html
import math
from collections.abc import Sequence
from typing import Protocol

from ..engine.cards import Seat
from ..i18n import ENGLISH
from .grading import GRADES
from .hints import percent
from .review_decisions import MARKED_EVENTS, Decision, GameEvent

__all__ = ["EVENT_MARKS", "GRADE_COLORS", "MARKED_EVENTS", "PicturedReview", "graph_series", "review_html", "review_svg",
           "whose_game"]


class PicturedReview(Protocol):
    """What the pictures read of a review (a :class:`~bhabho_widget.coach.review.Review`,
    which draws itself with them): the seat and its name, the decisions and the marked
    events, the end of the game, the simulations' budget, and the counts of each grade and
    the costliest decisions."""

    @property
    def seat(self) -> Seat: ...
    @property
    def names(self) -> Sequence[str]: ...
    @property
    def decisions(self) -> Sequence[Decision]: ...
    @property
    def events(self) -> Sequence[GameEvent]: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def loser(self) -> Seat | None: ...
    @property
    def rollouts(self) -> int: ...
    @property
    def samples(self) -> int: ...
    @property
    def person(self) -> str | None: ...

    def count(self, grade: str) -> int: ...

    def costliest(self, n: int = 3) -> list[Decision]: ...


def whose_game(rev: PicturedReview) -> str:
    """The pictures' title, in the person of the reader: "your game" for the reader's own (the seat
    the table calls "You"), "Asha's game" for someone else's.

    >>> from types import SimpleNamespace as R
    >>> whose_game(R(seat=0, names=["You", "Bot 1"], person=None)), whose_game(R(seat=1, names=["You", "Bot 1"], person=None))
    ('your game', "Bot 1's game")
    >>> whose_game(R(seat=0, names=["You", "Bot 1"], person="Asha"))
    "Asha's game"
    """
    if rev.person is not None:
        return f"{rev.person}'s game"
    name = rev.names[rev.seat]
    return "your game" if name == "You" else f"{name}'s game"


def graph_series(rev: PicturedReview) -> tuple[list[float], list[float], list[float], list[float]]:
    """x (the trick, spread within a trick by the decision's order), p, lo, hi after each decision."""
    xs, ps, los, his = [], [], [], []
    per_trick: dict[int, int] = {}
    for d in rev.decisions:
        per_trick[d.trick] = per_trick.get(d.trick, 0) + 1
    seen: dict[int, int] = {}
    for d in rev.decisions:
        k = seen.get(d.trick, 0)
        seen[d.trick] = k + 1
        xs.append(d.trick + (k + 1) / (per_trick[d.trick] + 1) - 0.5)
        e = d.estimate(d.chosen)
        ps.append(e.p)
        los.append(e.lo)
        his.append(e.hi)
    return xs, ps, los, his


GRADE_COLORS = {"inaccuracy": "#f9a825", "mistake": "#ef6c00", "blunder": "#c62828"}
"""The colour of a graded decision's point, by grade."""
EVENT_MARKS = {"pickup": ("v", "#6d4c41"), "take": ("s", "#1565c0"), "escape": ("^", "#2e7d32"),
               "draw": ("D", "#6a1b9a")}
"""The marker and colour of each of :data:`MARKED_EVENTS` along the graph's bottom."""


def _pct(p: float) -> str:
    return f"{percent(p)}%"


def review_svg(rev: PicturedReview, width: int = 640, height: int = 220) -> str:
    """The graph as a small SVG, for pages without matplotlib (GitHub, nbviewer)."""
    left, right, top, bottom = 44, 10, 12, 40
    xs, ps, los, his = graph_series(rev)
    tricks = [d.trick for d in rev.decisions] + [e.trick for e in rev.events]
    x0, x1 = (min(tricks) - 0.5, max(tricks) + 0.5) if tricks else (0.0, 1.0)
    w, h = width - left - right, height - top - bottom

    def X(x: float) -> float:
        return left + (x - x0) / (x1 - x0 or 1) * w

    def Y(p: float) -> float:
        return top + (1 - p) * h

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
             f'aria-label="chance of ending as the bhabhi after each decision">']
    for p in (0, 0.25, 0.5, 0.75, 1):
        parts.append(f'<line x1="{left}" x2="{left + w}" y1="{Y(p):.1f}" y2="{Y(p):.1f}" stroke="#ddd"/>'
                     f'<text x="{left - 4}" y="{Y(p) + 4:.1f}" font-size="10" text-anchor="end">{p:.0%}</text>')
    if xs:
        band = [f"{X(x):.1f},{Y(v):.1f}" for x, v in zip(xs, his)] + \
               [f"{X(x):.1f},{Y(v):.1f}" for x, v in zip(reversed(xs), reversed(los))]
        parts.append(f'<polygon points="{" ".join(band)}" fill="#90caf9" fill-opacity="0.5"/>')
        line = " ".join(f"{X(x):.1f},{Y(v):.1f}" for x, v in zip(xs, ps))
        parts.append(f'<polyline points="{line}" fill="none" stroke="#1565c0" stroke-width="1.5"/>')
        for x, p, d in zip(xs, ps, rev.decisions):
            color = GRADE_COLORS.get(d.grade or "", "#1565c0")
            r = 4.5 if d.grade else 2.5
            parts.append(f'<circle cx="{X(x):.1f}" cy="{Y(p):.1f}" r="{r}" fill="{color}"><title>'
                         f'{html.escape(f"trick {d.trick}: {d.chosen_label} {_pct(p)}" + (f" ({d.grade})" if d.grade else ""))}'
                         f'</title></circle>')
    for e in rev.events:
        color = EVENT_MARKS[e.kind][1]
        row = MARKED_EVENTS.index(e.kind)
        parts.append(f'<rect x="{X(e.trick) - 3:.1f}" y="{top + h + 2 + 5 * row}" width="5" height="4" fill="{color}">'
                     f'<title>{html.escape(f"trick {e.trick}: {e.text}")}</title></rect>')
    step = max(1, round((x1 - x0) / 12))
    for t in range(math.ceil(x0), math.floor(x1) + 1, step):
        parts.append(f'<text x="{X(t):.1f}" y="{height - 8}" font-size="10" text-anchor="middle">{t}</text>')
    parts.append(f'<text x="{left + w / 2:.1f}" y="{height}" font-size="10" text-anchor="middle">trick</text></svg>')
    return "".join(parts)


def review_html(rev: PicturedReview, n: int = 3) -> str:
    """A static picture of the review: the graph as SVG, the counts of each grade and the
    ``n`` costliest decisions (those that cost points beyond the margin, :meth:`Review.costliest`)
    with the best action and the coach's reason (of the reader, or of :attr:`person` by name),
    or a line saying there are none. English, as the graph."""
    teller = ENGLISH if rev.person is None else ENGLISH.about(rev.person)
    plural = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}
    counts = ", ".join(f"{rev.count(g)} {g if rev.count(g) == 1 else plural[g]}" for g in GRADES)
    rows = []
    for d in rev.costliest(n):
        loss, lo, hi = d.loss_points
        rows.append(f"<tr><td>{d.trick}</td><td>{html.escape(str(d.chosen_label))}</td>"
                    f"<td>{_pct(d.chance_after)}</td><td>{html.escape(str(d.best_label))}</td>"
                    f"<td>{_pct(d.chance_before)}</td><td>{loss} points ({lo}–{hi})</td>"
                    f"<td>{d.grade or ''}</td><td>{html.escape(teller.render(d.reason, rev.names))}</td></tr>")
    table = ("<table><tr><th>trick</th><th>played</th><th>chance after</th><th>best</th><th>chance with the best</th>"
             "<th>loss (95 % interval)</th><th>grade</th><th>why the best</th></tr>" + "".join(rows) + "</table>"
             if rows else "<p>None: no decision cost points beyond the simulations' margin.</p>")
    title = html.escape(whose_game(rev), quote=False)
    return (f"<div class='bhabho-review'><p><b>Review of {title}</b>: {len(rev.decisions)} decisions, "
            f"{counts} ({rev.rollouts} continuations per action over {rev.samples} sampled deals).</p>"
            f"{review_svg(rev)}<p>The decisions that cost most:</p>{table}</div>")
