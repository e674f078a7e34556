"""The bot levels by name: ``Table(bots="rules")``, the widget's menu, the arena's lineups.

It sits above :mod:`.bots` and :mod:`.search`, since it names bots of both; the search bot
is imported only when a ``"search"`` bot is made (it needs numpy, the engine does not).

>>> sorted(BOTS)
['random', 'rules', 'search']
>>> type(BOTS["rules"](seed=1)).__name__
'RuleBot'
"""

from __future__ import annotations

from .bots import Bot, RandomBot, RuleBot

__all__ = ["BOTS", "Bot", "RandomBot", "RuleBot"]


class _SearchLevel(Bot):
    """The ``"search"`` level: makes a :class:`bhabho_widget.play.search.SearchBot`, imported on
    first use (it needs numpy, which the rest of the engine does not)."""

    name = "search"

    def __new__(cls, *args, **kwargs):
        from .search import SearchBot

        return SearchBot(*args, **kwargs)


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "rules": RuleBot, "search": _SearchLevel}
"""Bot levels by name, for ``Table(bots=...)`` and the widget's menu."""
