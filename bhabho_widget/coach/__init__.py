"""What helps a learner, over the players: :mod:`.hints` (the best action and why, from
simulations with intervals) and :mod:`.plots` (simulations drawn with matplotlib).

>>> from bhabho_widget.coach import hint
>>> hint.__module__
'bhabho_widget.coach.hints'
"""

from .hints import Hint, hint, hint_for_view

__all__ = ["Hint", "hint", "hint_for_view"]


def __getattr__(name: str) -> object:
    """Version 0.2's ``bhabho_widget.coach`` was the hints module: its other names
    (``T_*`` templates, ``HIGH_STRENGTH``, …) still resolve, from :mod:`.hints`."""
    from . import hints

    try:
        return getattr(hints, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
