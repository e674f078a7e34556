"""The rule set of a game: the classic rules and the variants of RULES.md."""

from __future__ import annotations

import functools
from dataclasses import asdict, dataclass, fields

from .cards import Card, Seat

_CHOICES = {
    "direction": ("clockwise", "anticlockwise"),
    "off_suit": ("tochoo", "discard"),
    "picker": ("highest", "offsuit_player"),
    "pickup": ("trick", "trick_and_waste"),
    "next_leader": ("highest", "lowest"),
    "ace": ("high", "low"),
}


@dataclass(frozen=True)
class Rules:
    """Which variant is played. ``Rules()`` is the classic game; any bad value raises ValueError.

    >>> Rules(picker="offsuit_player").picker
    'offsuit_player'
    >>> Rules(ace="middle")
    Traceback (most recent call last):
    ...
    ValueError: Rules.ace must be one of 'high', 'low', not 'middle'
    """

    direction: str = "clockwise"
    off_suit: str = "tochoo"
    picker: str = "highest"
    pickup: str = "trick"
    next_leader: str = "highest"
    ace: str = "high"
    opening_card: str = "AS"
    must_draw: bool = True
    take_from_left: bool = True
    teams: bool = False

    def __post_init__(self):
        for name, choices in _CHOICES.items():
            value = getattr(self, name)
            if value not in choices:
                allowed = ", ".join(repr(c) for c in choices)
                raise ValueError(f"Rules.{name} must be one of {allowed}, not {value!r}")
        if not isinstance(self.opening_card, (str, Card)):
            raise ValueError(f"Rules.opening_card must be a card code like 'AS', not {self.opening_card!r}")
        code = Card.parse(self.opening_card).code
        object.__setattr__(self, "opening_card", code)
        for name in ("must_draw", "take_from_left", "teams"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"Rules.{name} must be True or False, not {getattr(self, name)!r}")
        if self.off_suit == "discard" and self.picker != "highest":
            raise ValueError(
                "Rules.picker='offsuit_player' needs off_suit='tochoo': in the discard form nobody picks up"
            )
        if self.off_suit == "discard" and self.pickup != "trick":
            raise ValueError(
                "Rules.pickup='trick_and_waste' needs off_suit='tochoo': in the discard form nobody picks up"
            )

    @property
    def step(self) -> int:
        """+1 when play goes from seat i to i+1, -1 when to i-1."""
        return 1 if self.direction == "clockwise" else -1

    def to_dict(self) -> dict:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict) -> Rules:
        if not isinstance(data, dict):
            raise TypeError(f"rules must be an object of Rules fields, not {data!r}")
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise ValueError(f"unknown rule fields: {', '.join(sorted(unknown))}")
        return cls(**data)

    def describe(self) -> str:
        """The differences from the classic rules, in words ('classic rules' if none)."""
        diffs = [f"{f.name}={getattr(self, f.name)!r}" for f in fields(self)
                 if getattr(self, f.name) != f.default]
        return ", ".join(diffs) if diffs else "classic rules"


@functools.cache
def seat_rings(n: int, step: int) -> tuple[tuple[Seat, ...], ...]:
    """For each of ``n`` seats, the other seats in play order after it (``step``: :attr:`Rules.step`).

    >>> seat_rings(4, 1)[2], seat_rings(4, -1)[2]
    ((3, 0, 1), (1, 0, 3))
    """
    return tuple(tuple((s + k * step) % n for k in range(1, n)) for s in range(n))


@functools.cache
def seat_circles(n: int, step: int) -> tuple[tuple[Seat, ...], ...]:
    """For each of ``n`` seats, every seat in play order starting with it."""
    return tuple((s, *ring) for s, ring in enumerate(seat_rings(n, step)))


def preset_key(name: str) -> str:
    """A preset name as :func:`rules_from` compares it: without regard to case, spaces,
    hyphens and underscores.

    >>> preset_key("Pick-up_Form") == preset_key("pick up form")
    True
    """
    return "".join(ch for ch in name.casefold() if ch not in " -_\t")


def rules_from(value: Rules | str) -> Rules:
    """A :class:`Rules` object, or the preset of that name (see PRESETS), written in any
    case, with spaces, hyphens or underscores: ``"get away"``, ``"Get Away"``, ``"GET_AWAY"``.

    >>> rules_from("Get Away").next_leader
    'lowest'
    >>> rules_from("pick up form") == PRESETS["pick-up form"]
    True
    """
    if isinstance(value, Rules):
        return value
    if isinstance(value, str):
        rules = _BY_KEY.get(preset_key(value))
        if rules is None:
            names = ", ".join(repr(k) for k in PRESETS)
            raise ValueError(f"unknown rules {value[:40]!r}: give a Rules object or one of the preset names {names}")
        return rules
    raise TypeError(f"rules must be a Rules object or a preset name ({', '.join(PRESETS)}), not {value!r}"[:200])


#: Named rule sets from RULES.md, for menus and notebooks.
PRESETS: dict[str, Rules] = {
    "classic": Rules(),
    "pick-up form": Rules(picker="offsuit_player"),
    "discard form": Rules(off_suit="discard"),
    "get away": Rules(next_leader="lowest"),
    "whole pile": Rules(pickup="trick_and_waste"),
    "anticlockwise": Rules(direction="anticlockwise"),
    "ace low": Rules(ace="low", opening_card="2S"),
    "no draw": Rules(must_draw=False),
    "no taking": Rules(take_from_left=False),
    "teams": Rules(teams=True),
}

_BY_KEY = {preset_key(name): rules for name, rules in PRESETS.items()}
assert len(_BY_KEY) == len(PRESETS), "two preset names differ only in case, spaces, hyphens or underscores"
