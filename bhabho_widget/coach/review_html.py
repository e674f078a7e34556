"""The review as a static picture: its graph as SVG and its costliest decisions as HTML.

:func:`review_html` is what a notebook shows for a :class:`~bhabho_widget.coach.review.Review`
(``_repr_html_``), without matplotlib, so that a saved notebook shows it on GitHub or
nbviewer. The graph's data and look (:func:`graph_series`, :data:`GRADE_COLORS`,
:data:`EVENT_MARKS`) are the same as the matplotlib graph's (:mod:`.review_plot`).
"""

from __future__ import annotations

import html
import math
from typing import TYPE_CHECKING

from .grading import GRADES
from .hints import percent

if TYPE_CHECKING:  # the review reaches this module from its _repr_html_; no import back
    from .review import Review

__all__ = ["EVENT_MARKS", "GRADE_COLORS", "MARKED_EVENTS", "graph_series", "review_html", "review_svg"]

MARKED_EVENTS = ("pickup", "take", "escape", "draw")
"""The game's events marked on the review's graph."""


def graph_series(rev: Review) -> tuple[list[float], list[float], list[float], list[float]]:
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


def review_svg(rev: Review, width: int = 640, height: int = 220) -> str:
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


def review_html(rev: Review, n: int = 3) -> str:
    """A static picture of the review: the graph as SVG, the counts of each grade and the
    ``n`` costliest decisions with the best action and the coach's reason."""
    name = html.escape(rev.names[rev.seat])
    plural = {"inaccuracy": "inaccuracies", "mistake": "mistakes", "blunder": "blunders"}
    counts = ", ".join(f"{rev.count(g)} {g if rev.count(g) == 1 else plural[g]}" for g in GRADES)
    rows = []
    for d in rev.costliest(n):
        loss, lo, hi = d.loss_points
        rows.append(f"<tr><td>{d.trick}</td><td>{html.escape(str(d.chosen_label))}</td>"
                    f"<td>{_pct(d.chance_after)}</td><td>{html.escape(str(d.best_label))}</td>"
                    f"<td>{_pct(d.chance_before)}</td><td>{loss} points ({lo}–{hi})"
                    f"{'' if d.loss_lo > 0 else ', within the margin of error'}</td>"
                    f"<td>{d.grade or ''}</td><td>{html.escape(str(d.reason))}</td></tr>")
    table = ("<table><tr><th>trick</th><th>played</th><th>chance after</th><th>best</th><th>chance with the best</th>"
             "<th>loss (95 % interval)</th><th>grade</th><th>why the best</th></tr>" + "".join(rows) + "</table>"
             if rows else "<p>No decision lost anything measurable.</p>")
    return (f"<div class='bhabho-review'><p><b>Review of {name}'s game</b>: {len(rev.decisions)} decisions, "
            f"{counts} ({rev.rollouts} continuations per action over {rev.samples} sampled deals).</p>"
            f"{review_svg(rev)}<p>The costliest decisions:</p>{table}</div>")
