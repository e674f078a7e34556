"""The traits a table sends its browser, each made by one typed constructor.

The shapes are ``protocol.json``'s, as :mod:`.protocol_types` types them; every trait a
widget syncs is built here (the view by :func:`.view.build_view`, the scoreboard by
:func:`.view.score_of`), so a field the schema adds, drops or renames is a type error where
the trait is made, not a surprise in the browser. Where the coach makes the data (a hint, the
tracker, a review), the constructor takes its plain data field by field.

>>> review_trait(2)["status"], config_trait(4, None, "classic", "rules", "en", None)["players"]
('ready', 4)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from ..engine.seat_view import SeatView
from . import protocol_types as wire

ReviewStatus = Literal["ready", "running", "done", "cancelled", "failed"]
DecisionKind = Literal["card", "offer"]
GradeName = Literal["inaccuracy", "mistake", "blunder"]
VerdictName = Literal["best", "even", "worse"]


_KINDS: dict[str, DecisionKind] = {"card": "card", "offer": "offer"}
_GRADES: dict[str | None, GradeName | None] = {None: None, "inaccuracy": "inaccuracy", "mistake": "mistake",
                                              "blunder": "blunder"}
_VERDICTS: dict[str, VerdictName] = {"best": "best", "even": "even", "worse": "worse"}


def decision_kind(kind: str) -> DecisionKind:
    """A review decision's kind as the protocol names it (the coach's ``"card"`` or ``"offer"``)."""
    if kind not in _KINDS:
        raise ValueError(f"a review decision is of kind 'card' or 'offer', not {kind!r}")
    return _KINDS[kind]


def grade_of(grade: str | None) -> GradeName | None:
    """A decision's grade as the protocol names it, or None (no grade)."""
    if grade not in _GRADES:
        raise ValueError(f"a grade is 'inaccuracy', 'mistake' or 'blunder', not {grade!r}")
    return _GRADES[grade]



def verdict_of(verdict: str) -> VerdictName:
    """A reviewed decision's verdict as the protocol names it: the chosen action was the best,
    about as good (``"even"``) or clearly worse (:mod:`bhabho_widget.coach.grading`)."""
    if verdict not in _VERDICTS:
        raise ValueError(f"a verdict is 'best', 'even' or 'worse', not {verdict!r}")
    return _VERDICTS[verdict]


__all__ = ["DecisionKind", "GradeName", "ReviewStatus", "VerdictName", "config_from", "config_trait", "decision_kind",
           "grade_of", "hint_trait", "review_trait", "tracker_trait", "verdict_of"]


def config_trait(players: int, seed: int | None, variant: str, bots: str, language: str, rounds: int | None) -> wire.Config:
    """The ``config`` trait: the settings of the game on the table, shown in the controls."""
    return wire.Config(players=players, seed=seed, variant=variant, bots=bots, language=language, rounds=rounds)


def config_from(data: Mapping[str, Any] | None) -> wire.Config | None:
    """The ``config`` trait from a table server's settings of a seat (its ``can_deal`` aside: the
    capabilities say whether this seat deals)."""
    if data is None:
        return None
    return config_trait(data["players"], data["seed"], data["variant"], data["bots"], data["language"], data["rounds"])


def review_trait(seat: int, status: ReviewStatus = "ready",
                 error: str = "", done: int = 0, total: int = 0, at: int | None = None,
                 decisions: list[wire.ReviewDecision] | None = None, events: list[wire.ReviewEvent] | None = None,
                 costliest: list[int] | None = None, counts: Mapping[str, int] | None = None,
                 title: str | None = None) -> wire.Review:
    """The ``review`` trait: before a review of the game over is worked out (``"ready"``: one
    may be asked for), while it is (``done`` of ``total`` decisions) and once it is (every
    decision, the marked events, the costliest decisions and the grade counts); ``title``: the
    panel's title for someone else's game (None: the person's own)."""
    counts = counts or {}
    return wire.Review(status=status, done=done, total=total, seat=seat, at=at, decisions=decisions or [],
                       events=events or [], costliest=costliest or [],
                       counts=wire.ReviewCounts(inaccuracy=counts.get("inaccuracy", 0), mistake=counts.get("mistake", 0),
                                                blunder=counts.get("blunder", 0)),
                       error=error, title=title)


def hint_trait(data: Mapping[str, Any]) -> wire.Hint:
    """The ``hint`` trait from a hint's plain data (:meth:`bhabho_widget.coach.hints.Hint.to_dict`,
    its texts in the table's language)."""
    return wire.Hint(action=data["action"], text=data["text"], compared=data["compared"],
                     estimates=[wire.Estimate(action=e["action"], label=e["label"], p=e["p"], lo=e["lo"], hi=e["hi"])
                                for e in data["estimates"]])


def tracker_trait(view: SeatView, names: Sequence[str], chances: bool) -> wire.Tracker:
    """The ``tracker`` trait: what ``view``'s seat knows about every card, the seats named
    ``names``, with the chances of the cards it cannot place when asked
    (:func:`bhabho_widget.coach.tracker.tracker_data`: from the seat's view alone)."""
    from ..coach.tracker import tracker_data  # the chances need numpy: loaded when the Tracker opens

    data = tracker_data(view, names, chances)
    odds = data["chances"]
    return wire.Tracker(
        seat=data["seat"], ranks=list(data["ranks"]),
        cells={code: wire.TrackerCell(status=c["status"], seat=c["seat"]) for code, c in data["cells"].items()},
        seats=[wire.TrackerSeat(seat=t["seat"], name=t["name"], cards=t["cards"], voids=list(t["voids"]), known=t["known"],
                                drew=t["drew"], escaped=t["escaped"]) for t in data["seats"]],
        waste_size=data["waste_size"], hidden_drawn=data["hidden_drawn"],
        chances=None if odds is None else wire.TrackerChances(samples=odds["samples"], seed=odds["seed"],
                                                              cards=dict(odds["cards"]), follow=list(odds["follow"])))
