"""What helps a learner, over the players: :mod:`.hints` (the best action and why, from
simulations with intervals), :mod:`.review` (a game's decisions graded, with
:mod:`.grading`, :mod:`.review_plot` and :mod:`.review_html`), :mod:`.tracker` (what a seat
knows of every card) and :mod:`.plots` (simulations drawn with matplotlib); :mod:`.lru`
keeps the hints and reviews worked out.

``hint``, ``Hint`` and ``hint_for_view`` import from here as from :mod:`.hints`, which is
imported on their first use: it needs numpy, and importing another module of this
package (the plots, the tracker) does not import it.

>>> from bhabho_widget.coach import hint
>>> hint.__module__
'bhabho_widget.coach.hints'
"""

from __future__ import annotations

import importlib.util
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .hints import Hint, hint, hint_for_view

__all__ = ["Hint", "hint", "hint_for_view"]


def __getattr__(name: str) -> object:
    """:mod:`.hints`'s names, on first use. Version 0.2's ``bhabho_widget.coach`` was the hints
    module: its other names (``T_*`` templates, ``HIGH_STRENGTH``, …) still resolve too. A
    submodule not imported yet (``from bhabho_widget.coach import plots``) is not looked
    for in the hints, which would need numpy."""
    if name.startswith("__") or importlib.util.find_spec(f"{__name__}.{name}") is not None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from . import hints

    try:
        return getattr(hints, name)
    except AttributeError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
