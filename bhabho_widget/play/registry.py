"""The bot levels by name: ``Table(bots="rules")``, the widget's menu, the arena's lineups.

It sits above :mod:`.bots` and :mod:`.search`, since it names bots of both; the search bot
is imported only when a ``"search"`` bot is made (it needs numpy, the engine does not).

:data:`BOTS` are the levels a table offers (each has a menu label in every language); the
``"search"`` level is :class:`bhabho_widget.play.search.SearchBot` with its defaults: 768
continuations per action over 48 sampled deals, played by the rules of thumb with every hand of
the deal open (the strongest in the arena, notebook 07). :data:`SPARRING` adds the arena's
sparring partners, the earlier search bots each with the continuations and budget it was
measured with: ``"search-2026"``, the search bot as first measured (random continuations, not
paired), ``"search-rules"``, rules-of-thumb continuations (64 per action over 16 deals),
``"search-random"``, uniformly random continuations at the same time (70 per action), the two
sides of the measurement that once made random continuations the default, ``"search-deep"``,
768 random continuations per action over 48 deals, ``"search-deep-rules"``, the same budget
with random leads and rules-of-thumb follows in the continuations, ``"search-deep-reads"``,
the ``"search-deep"`` bot with deals weighted by how the seats played, and ``"peer"``, a
heuristic bot in the style of another project's computer player
(:class:`bhabho_widget.play.peer.PeerBot`).
:data:`ARENA_BOTS` is both.

>>> sorted(BOTS)
['random', 'rules', 'search']
>>> sorted(SPARRING)  # doctest: +NORMALIZE_WHITESPACE
['peer', 'search-2026', 'search-deep', 'search-deep-reads', 'search-deep-rules',
 'search-random', 'search-rules']
>>> type(BOTS["rules"](seed=1)).__name__, type(ARENA_BOTS["search-2026"](seed=1)).__name__
('RuleBot', 'Search2026Bot')
"""

from __future__ import annotations

from .bots import Bot, RandomBot, RuleBot

__all__ = ["ARENA_BOTS", "BOTS", "SPARRING", "Bot", "RandomBot", "RuleBot"]


class _SearchLevel(Bot):
    """The ``"search"`` level: makes a :class:`bhabho_widget.play.search.SearchBot`, imported on
    first use (it needs numpy, which the rest of the engine does not)."""

    name = "search"

    def __new__(cls, *args, **kwargs):
        from .search import SearchBot

        return SearchBot(*args, **kwargs)


class _Search2026Level(Bot):
    """The ``"search-2026"`` sparring level: :class:`bhabho_widget.play.search.Search2026Bot`."""

    name = "search-2026"

    def __new__(cls, *args, **kwargs):
        from .search import Search2026Bot

        return Search2026Bot(*args, **kwargs)


class _SearchRandomLevel(Bot):
    """The ``"search-random"`` sparring level: the search bot with uniformly random
    continuations, 70 per action (the time of 64 played by the rules of thumb)."""

    name = "search-random"
    ROLLOUTS = 70

    def __new__(cls, *args, **kwargs):
        from .search import SearchBot

        kwargs.setdefault("rollouts", cls.ROLLOUTS)
        kwargs.setdefault("samples", 16)
        kwargs["policy"] = "random"
        bot = SearchBot(*args, **kwargs)
        bot.name = cls.name
        return bot


class _SearchRulesLevel(Bot):
    """The ``"search-rules"`` sparring level: the search bot with rules-of-thumb continuations
    (the default "search" level until the arena showed random ones stronger)."""

    name = "search-rules"

    def __new__(cls, *args, **kwargs):
        from .search import SearchBot

        kwargs.setdefault("rollouts", 64)
        kwargs.setdefault("samples", 16)
        kwargs["policy"] = "rules"
        bot = SearchBot(*args, **kwargs)
        bot.name = cls.name
        return bot


class _SearchDeepLevel(Bot):
    """The ``"search-deep"`` sparring level: the search bot with 768 uniformly random
    continuations per action over 48 sampled deals, the strongest search bot before the
    continuations saw the sampled hands. Its decisions took 0.21 s CPU at the 95th percentile with 4 players and 0.32 s
    with 8 on this project's machine (200 decisions each). Against three ``peer`` bots it lost
    20.6 % (95 % interval 18.8-22.4 %) of 2,000 games (``python -m bhabho_widget.play.arena
    --bots search-deep,peer,peer,peer --games 2000 --seed 1 --jobs 2``), where ``search-random``
    lost 29.4 % (27.5-31.5 %) on the same deals; against three ``search-2026`` bots 11.0 %
    (7.9-15.0 %) of 300 games. Spending the budget in two stages (every action over 64 deals
    with 256 continuations, then the best two over 128 fresh deals with 1,024 more) did not pay:
    on the first 400 of those deals against three ``peer`` bots it lost 75 games where this level
    lost 76, for 1.6 times the CPU time."""

    name = "search-deep"
    ROLLOUTS = 768
    SAMPLES = 48
    OPTIONS: dict[str, object] = {"policy": "random"}
    """Settings the level fixes, beside the budget."""

    def __new__(cls, *args, **kwargs):
        from .search import SearchBot

        kwargs.setdefault("rollouts", cls.ROLLOUTS)
        kwargs.setdefault("samples", cls.SAMPLES)
        kwargs.update(cls.OPTIONS)
        bot = SearchBot(*args, **kwargs)
        bot.name = cls.name
        return bot


class _SearchDeepRulesLevel(_SearchDeepLevel):
    """The ``"search-deep-rules"`` sparring level: the budget of ``"search-deep"`` with other
    continuations: every lead a random card, every other card played by the rules of thumb
    (``policy="rules"``, ``explore=1.0``), a closer model of players who duck and throw their
    highest card as a tochoo than random cards. Against three ``peer`` bots it lost 431 of 2,000
    games, 21.6 % (19.8-23.4 %), where ``search-deep`` lost 411 on the same deals (``--bots
    search-deep-rules,peer,peer,peer --games 2000 --seed 1``): no better, for about 1.2 times the
    CPU time per decision."""

    name = "search-deep-rules"
    OPTIONS = {"policy": "rules", "explore": 1.0}


class _SearchDeepReadsLevel(_SearchDeepLevel):
    """The ``"search-deep-reads"`` sparring level: the budget of ``"search-deep"`` with deals
    that fit how the seats played: a card a seat passed over (it shed a lower card when safe,
    or ducked further under the highest card than it had to; ``SeatView.passed``) goes to it
    in a sampled deal with a tenth of the weight of another card (``doubt=0.1``). Against three
    ``peer`` bots, whose plays this reading nearly always fits, it lost 402 of 2,000 games,
    20.1 % (18.4-21.9 %), where ``search-deep`` lost 411 on the same deals (``--bots
    search-deep-reads,peer,peer,peer --games 2000 --seed 1``); with ``doubt=0.02``, 79 of the
    first 400 where ``search-deep`` lost 76. Even told the true hidden cards, ``search-deep``
    lost 65 of those 400 (``benchmarks/sampler_bound.py``): a better sampler alone cannot
    bring the search far under 20 %."""

    name = "search-deep-reads"
    OPTIONS = {"policy": "random", "doubt": 0.1}


class _PeerLevel(Bot):
    """The ``"peer"`` sparring level: :class:`bhabho_widget.play.peer.PeerBot`."""

    name = "peer"

    def __new__(cls, *args, **kwargs):
        from .peer import PeerBot

        return PeerBot(*args, **kwargs)


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "rules": RuleBot, "search": _SearchLevel}
"""Bot levels by name, for ``Table(bots=...)`` and the widget's menu."""

SPARRING: dict[str, type[Bot]] = {"search-2026": _Search2026Level, "search-rules": _SearchRulesLevel,
                                  "search-random": _SearchRandomLevel, "search-deep": _SearchDeepLevel,
                                  "search-deep-rules": _SearchDeepRulesLevel, "search-deep-reads": _SearchDeepReadsLevel,
                                  "peer": _PeerLevel}
"""The arena's sparring partners beside the table's levels."""

ARENA_BOTS: dict[str, type[Bot]] = {**BOTS, **SPARRING}
"""Every bot the arena knows by name: the table's levels and the sparring partners."""
