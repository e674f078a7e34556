"""A table's settings (players, teams, rounds, variant, bots, pace), checked in one place.

Every way of making a table checks its settings here, with the same bounds and in the same
words: a table in this kernel (``Table(...)``, :class:`~.session.TableSession`, its New game),
a shared one (:meth:`~.widget.Table.host`, the table server's ``create``) and a class's
tables (``hand_out_table``). The protocol's schemas (``protocol.json``, ``server_protocol.json``)
declare the same bounds for what a browser or a kernel sends, and ``tests/test_settings.py``
holds them to these.

A value of the wrong kind raises ``TypeError``, one out of bounds ``ValueError``; the sentence
names the setting, what it may be and the value given:

>>> check_rounds(500)
Traceback (most recent call last):
    ...
ValueError: rounds must be from 1 to 100, not 500
>>> shared_settings(players=4, variant="Get Away", rounds=None, bots="rules")
{'players': 4, 'variant': 'get away', 'rounds': None, 'bots': 'rules'}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict

from ..engine.cards import _short
from ..engine.rules import PRESETS, Rules, rules_from
from ..play.bots import Bot
from ..play.registry import BOTS

__all__ = ["MAX_BHABHI_MAX", "PACE_MAX", "PLAYERS_MAX", "PLAYERS_MIN", "ROUNDS_MAX", "SHARED_BOTS", "SharedSettings",
           "check_bots", "check_int", "check_max_bhabhi", "check_pace", "check_players", "check_rounds", "check_teams",
           "check_variant", "shared_settings", "variant_name"]

PLAYERS_MIN = 3
PLAYERS_MAX = 8
"""A table seats 3 to 8 players (the engine plays 2 in a position set up by hand, a table does not)."""
ROUNDS_MAX = 100
"""The most rounds a match at a table has (None: a game at a time, no scoreboard)."""
MAX_BHABHI_MAX = 100
"""The highest bhabhi count that can end a match at a table."""
PACE_MAX = 5.0
"""The longest pause between two bots' steps, in seconds."""
SHARED_BOTS = ("random", "rules")
"""The bot levels of a table server's tables: the search bot thinks too long for a server
that plays every table's bots."""


def check_int(name: str, value: object, low: int, high: int, allow_none: bool = False) -> int | None:
    """``value`` if it is a whole number from ``low`` to ``high`` (or None, with ``allow_none``).

    >>> check_int("seat", 4, 0, 3)
    Traceback (most recent call last):
        ...
    ValueError: seat must be from 0 to 3, not 4
    """
    if value is None and allow_none:
        return None
    none = " or None" if allow_none else ""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an integer from {low} to {high}{none}, not {_short(value)}")
    if not low <= value <= high:
        raise ValueError(f"{name} must be from {low} to {high}, not {_short(value)}")
    return value


def check_players(players: object) -> int:
    """The number of players at a table: 3 to 8."""
    return check_int("players", players, PLAYERS_MIN, PLAYERS_MAX)  # type: ignore[return-value]


def check_rounds(rounds: object) -> int | None:
    """The rounds of a match: 1 to 100, or None for no match."""
    return check_int("rounds", rounds, 1, ROUNDS_MAX, allow_none=True)


def check_max_bhabhi(count: object) -> int | None:
    """The bhabhi count that ends a match: 1 to 100, or None."""
    return check_int("max_bhabhi", count, 1, MAX_BHABHI_MAX, allow_none=True)


def check_teams(players: int, rules: Rules) -> None:
    """The teams variant seats partners across the table: an even number of players, at least 4."""
    if rules.teams and (players < 4 or players % 2):
        raise ValueError(f"the teams variant needs an even number of players, at least 4, not {players}")


def check_variant(variant: object) -> str:
    """The name of a preset variant (``"classic"``, ``"get away"``, …; any case, with spaces,
    hyphens or underscores), as :data:`~bhabho_widget.engine.rules.PRESETS` spells it: what a
    shared table and the browser's New game take."""
    if not isinstance(variant, str):
        raise TypeError(f"variant must be the name of a variant ({', '.join(PRESETS)}), not {_short(variant)}")
    try:
        return variant_name(rules_from(variant))
    except ValueError:
        raise ValueError(f"unknown variant {_short(variant)}: the variants are {', '.join(PRESETS)}") from None


def variant_name(rules: Rules) -> str:
    """The preset name of ``rules``, or ``"custom"``."""
    return next((k for k, r in PRESETS.items() if r == rules), "custom")


def check_bots(bots: object, shared: bool = False) -> str | Bot | Mapping[int, Bot]:
    """The bots of a table: a level name (:data:`~bhabho_widget.play.registry.BOTS`), or in this
    kernel also one :class:`~bhabho_widget.play.bots.Bot` for every seat or a dict of seat ->
    Bot (checked against the seats when the bots are made). ``shared``: a table server's table,
    whose bots are ``"random"`` or ``"rules"``."""
    levels = SHARED_BOTS if shared else tuple(BOTS)
    if isinstance(bots, str):
        if bots not in levels:
            where = " at a shared table" if shared else ""
            extra = "" if shared else ", a Bot or a dict of seat -> Bot"
            raise ValueError(f"bots{where} must be one of {', '.join(map(repr, levels))}{extra}, not {_short(bots)}")
        return bots
    if not shared and isinstance(bots, (Bot, Mapping)):
        return bots
    if shared:
        raise TypeError(f"bots at a shared table must be one of {', '.join(map(repr, levels))}, not {_short(bots)}")
    raise TypeError(f"bots must be a level name ({', '.join(levels)}), a Bot or a dict of seat -> Bot, not {_short(bots)}")


def check_pace(pace: object) -> float:
    """Seconds between two bots' steps: a number from 0 to 5."""
    if not isinstance(pace, (int, float)) or isinstance(pace, bool):
        raise TypeError(f"pace must be a number of seconds from 0 to {PACE_MAX:g}, not {_short(pace)}")
    if not 0 <= pace <= PACE_MAX:  # NaN fails this too
        raise ValueError(f"pace must be from 0 to {PACE_MAX:g} seconds, not {_short(pace)}")
    return float(pace)


class SharedSettings(TypedDict):
    """The settings of a table server's table, as a class keeps them for the tables it hands out."""

    players: int
    variant: str
    rounds: int | None
    bots: str


def shared_settings(players: object, variant: object, rounds: object, bots: object) -> SharedSettings:
    """A shared table's settings, checked (the teams variant's seats too), the variant by its preset name."""
    n = check_players(players)
    name = check_variant(variant)
    check_teams(n, PRESETS[name])
    return SharedSettings(players=n, variant=name, rounds=check_rounds(rounds),
                          bots=check_bots(bots, shared=True))  # type: ignore[typeddict-item]

