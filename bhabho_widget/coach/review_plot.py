"""The review's graph with matplotlib (:meth:`Review.plot <bhabho_widget.coach.review.Review.plot>`).

The same graph as the static picture's SVG (:mod:`.review_html`, whose data and colours it
draws), for notebooks with a running kernel.
"""

from __future__ import annotations

from typing import Any

from ..engine.optional import optional_import
from .grading import GRADES
from .review_decisions import MARKED_EVENTS
from .review_html import EVENT_MARKS, GRADE_COLORS, PicturedReview, graph_series, whose_game

__all__ = ["plot_review"]


def plot_review(rev: PicturedReview, ax: Any = None) -> Any:
    """The review's graph with matplotlib: the chance of ending as the bhabhi after each of
    the seat's decisions with its 95 % interval (a band), the trick number on the x axis,
    graded decisions coloured by grade, and the game's events (pickups, takes, escapes,
    draws from the waste pile) marked along the bottom. Returns the Axes."""
    plt = optional_import("matplotlib.pyplot", "The review's graph")

    if ax is None:
        _, ax = plt.subplots(figsize=(9, 3.6), layout="constrained")
    xs, ps, los, his = graph_series(rev)
    name = rev.person or rev.names[rev.seat]
    if xs:
        ax.fill_between(xs, los, his, color="#90caf9", alpha=0.45, step=None, label="95 % interval")
        ax.plot(xs, ps, color="#1565c0", lw=1.5, marker="o", ms=3.5, label=f"{name}: chance of ending as the bhabhi")
        for grade in GRADES:
            pts = [(x, p) for x, p, d in zip(xs, ps, rev.decisions) if d.grade == grade]
            if pts:
                ax.scatter(*zip(*pts), s=60, color=GRADE_COLORS[grade], zorder=3, label=grade, edgecolor="black",
                           linewidth=0.6)
    shown: set[str] = set()
    for e in rev.events:
        marker, color = EVENT_MARKS[e.kind]
        label = e.kind if e.kind not in shown else None
        shown.add(e.kind)
        y = -0.015 - 0.022 * MARKED_EVENTS.index(e.kind)
        ax.scatter([e.trick], [y], marker=marker, color=color, s=28, clip_on=False, zorder=3, label=label)
    ax.set_ylim(-0.1, 1.02)
    ax.set_xlabel("trick")
    ax.set_ylabel("chance of ending as the bhabhi")
    ax.yaxis.set_major_formatter(plt.FuncFormatter(lambda v, _: f"{v:.0%}" if v >= 0 else ""))
    ax.grid(alpha=0.3)
    result = ""
    if rev.is_over:
        result = " (the bhabhi)" if rev.loser == rev.seat else " (escaped)" if rev.loser is not None else ""
    ax.set_title(f"Review of {whose_game(rev)}{result}", fontsize="medium")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize="x-small", borderaxespad=0)
    return ax
