"""What one seat knows about every card, and the chances of the rest: :func:`tracker`.

The tracker reads a :class:`~bhabho_widget.engine.seat_view.SeatView` and nothing else, so
it can never show a card the seat may not know. Every card of the deck gets one status:

- ``"hand"``: in the seat's own hand;
- ``"drawn"``: the card the seat drew from the waste pile and must lead (rule 6);
- ``"table"``: on the table now;
- ``"known"``: known to be in another seat's hand (it picked the card up in public, or
  took a hand holding it): ``seat`` says whose;
- ``"waste"``: seen going to the waste pile (when another seat has drawn from the pile and
  not led yet, its card is one of these; see :attr:`SeatTrack.drew`);
- ``"unseen"``: anywhere the seat cannot see.

Per seat it gives the card count, the suits the seat has shown it lacks (its voids) and
how many cards drawn from the waste pile it must still lead. With ``chances=True`` it
samples hidden deals that fit the view (:func:`bhabho_widget.play.search.sample_hidden`)
and counts, for every card the seat cannot place, how often each other seat holds it, and
for every seat and suit how often it can still follow: :class:`Chances`, with 95 % Wilson
intervals. The same view and seed give the same numbers.

>>> from bhabho_widget import Game
>>> g = Game.from_hands([["QH", "5S"], ["JD", "3H"], ["8S", "2C"]], leader=0)
>>> _ = g.play("QH"); _ = g.play("3H"); _ = g.play("2C")   # seat 2 cannot follow: tochoo
>>> t = tracker(g.seat_view(1))
>>> t.status("QH"), t.status("JD"), t.status("8S")
(('known', 0), ('hand', 1), ('unseen', None))
>>> t.seats[2].voids, t.seats[0].cards
(('H',), 4)
>>> c = tracker(g.seat_view(1), chances=True, samples=200, seed=1).chances
>>> c.samples, c.follow(2, "H"), c.follow(0, "H")   # seat 2 showed no hearts; seat 0 picked up two
(200, 0.0, 1.0)
"""

from __future__ import annotations

import html
import json
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from ..engine.optional import MissingPackageError, optional_import

try:
    import numpy  # noqa: F401  (the chances are sampled by the search bot's module, which needs numpy)
except ImportError as err:  # where numpy is missing, one sentence says what needs it
    raise MissingPackageError.for_feature("numpy", "The card tracker") from err

from ..engine.cards import DECK, SUIT_MASKS, SUIT_SYMBOLS, SUITS, Card, CardIndex, Mask, Seat, to_card
from ..engine.seat_view import SeatView
from ..play.search import sample_hidden
from ..play.stats import wilson

__all__ = ["DEFAULT_SAMPLES", "SEAT_COLOURS", "STATUSES", "Chances", "SeatTrack", "Tracker", "describe", "plot_chances",
           "tracker", "tracker_data", "tracker_html"]

STATUSES = ("hand", "drawn", "table", "known", "waste", "unseen")
"""Every status a card can have in the tracker, in this order of certainty."""
DEFAULT_SAMPLES = 160
"""Deals sampled for the chances by default (see ``benchmarks/tracker_speed.py``)."""
MAX_SAMPLES = 20_000
REJECTION_LIMIT = 8
"""When fewer than one draw in this many fits the voids, the chances use the sampler with voids (see ``_deals``)."""
SEAT_COLOURS = ("#37474f", "#1565c0", "#c62828", "#2e7d32", "#6a1b9a", "#a14a04", "#00695c", "#ad1457")
"""One colour per seat, the same in the static picture, the heatmap and the widget."""


@dataclass(frozen=True, slots=True)
class SeatTrack:
    """One seat in the tracker: its ``name``, ``cards`` (how many it holds), ``voids``
    (the suits it has shown it lacks, as letters of ``"SHDC"``), ``known`` (how many of its
    cards the viewing seat can name), ``drew`` (cards it drew from the waste pile and must
    still lead: their faces are hidden unless this is the viewing seat) and ``escaped``."""

    seat: Seat
    name: str
    cards: int
    voids: tuple[str, ...]
    known: int
    drew: int
    escaped: bool


@dataclass(frozen=True, slots=True)
class Chances:
    """Counts over ``samples`` deals that fit the view, drawn with ``seed``.

    ``held[c][s]``: in how many deals seat s held card index c (only for cards the viewing
    seat cannot place: the unseen cards, and the waste cards when a drawn card is hidden;
    ``cards`` lists them). ``following[s][j]``: in how many deals seat s held a card of
    suit j. Read them as chances with :meth:`holds` and :meth:`follow`, intervals with
    :meth:`holds_interval` and :meth:`follow_interval` (95 % Wilson).
    """

    samples: int
    seed: int
    cards: tuple[CardIndex, ...]
    held: tuple[tuple[int, ...], ...]
    following: tuple[tuple[int, ...], ...]

    def _index(self, card: Card | str | int) -> CardIndex:
        return card if isinstance(card, int) else to_card(card).index

    def holds(self, card: Card | str | int, seat: Seat) -> float:
        """The estimated chance that ``seat`` holds ``card``."""
        return self.held[self._index(card)][seat] / self.samples

    def holds_interval(self, card: Card | str | int, seat: Seat) -> tuple[float, float]:
        return wilson(self.held[self._index(card)][seat], self.samples)

    def follow(self, seat: Seat, suit: str | int) -> float:
        """The estimated chance that ``seat`` holds a card of ``suit`` (a letter or 0..3)."""
        j = SUITS.index(suit) if isinstance(suit, str) else suit
        return self.following[seat][j] / self.samples

    def follow_interval(self, seat: Seat, suit: str | int) -> tuple[float, float]:
        j = SUITS.index(suit) if isinstance(suit, str) else suit
        return wilson(self.following[seat][j], self.samples)


@dataclass(frozen=True, slots=True)
class Tracker:
    """What ``seat`` knows about every card (see the module docstring). ``cells[c]`` is
    ``(status, seat)`` for card index c; ``seat`` is the holder for ``"hand"``, ``"drawn"``
    and ``"known"``, the player for ``"table"`` and None otherwise."""

    seat: Seat
    names: tuple[str, ...]
    ace_low: bool
    cells: tuple[tuple[str, Seat | None], ...]
    seats: tuple[SeatTrack, ...]
    waste_size: int
    hidden_drawn: int
    chances: Chances | None = None

    def status(self, card: Card | str | int) -> tuple[str, Seat | None]:
        """``(status, seat)`` of one card."""
        return self.cells[card if isinstance(card, int) else to_card(card).index]

    def ranks(self) -> list[int]:
        """The column order of the grid: card ranks from the strongest to the weakest."""
        high = list(range(14, 1, -1))
        return high[1:] + [14] if self.ace_low else high

    def grid(self) -> list[list[tuple[Card, str, Seat | None]]]:
        """The 4 × 13 grid: one row per suit (S H D C), strongest card first."""
        return [[(c := DECK[j * 13 + r - 2], *self.cells[c.index]) for r in self.ranks()] for j in range(4)]

    def cards_with(self, status: str, seat: Seat | None = None) -> list[Card]:
        """The cards with ``status`` (and holder ``seat`` when given), in deck order."""
        return [DECK[i] for i, (st, s) in enumerate(self.cells) if st == status and (seat is None or s == seat)]

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-safe data for the browser: the grid by card code, the seats and, when
        computed, the chances rounded to three places."""
        out: dict[str, Any] = {
            "seat": self.seat,
            "ranks": self.ranks(),
            "cells": {DECK[i].code: {"status": st, "seat": s} for i, (st, s) in enumerate(self.cells)},
            "seats": [{"seat": t.seat, "name": t.name, "cards": t.cards, "voids": list(t.voids), "known": t.known,
                       "drew": t.drew, "escaped": t.escaped} for t in self.seats],
            "waste_size": self.waste_size,
            "hidden_drawn": self.hidden_drawn,
            "chances": None,
        }
        c = self.chances
        if c is not None:
            holders = [t.seat != self.seat and t.cards > 0 for t in self.seats]  # the seats a card may be with
            out["chances"] = {
                "samples": c.samples,
                "seed": c.seed,
                "cards": {DECK[i].code: [_p3(c.held[i][s], c.samples) if holders[s] else None
                                         for s in range(len(self.seats))] for i in c.cards},
                "follow": [[_p3(c.following[s][j], c.samples) if holders[s] else [float(c.following[s][j] > 0)] * 3
                            for j in range(4)] for s in range(len(self.seats))],
            }
        return out

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), separators=(",", ":"))

    # ------------------------------------------------------------------ picture
    def _repr_html_(self) -> str:
        return tracker_html(self)


def _p3(k: int, n: int) -> list[float]:
    lo, hi = wilson(k, n)
    return [round(k / n, 3), round(lo, 3), round(hi, 3)]


def tracker(view: SeatView, chances: bool = False, samples: int = DEFAULT_SAMPLES, seed: int = 0) -> Tracker:
    """What ``view.seat`` knows about every card, and with ``chances`` the chances of the
    cards it cannot place, from ``samples`` deals fitting the view drawn with ``seed``.

    Everything comes from ``view``; the same view and seed give the same tracker.
    """
    if not isinstance(view, SeatView):
        raise TypeError(f"tracker needs a SeatView (game.seat_view(seat)), not {type(view).__name__}")
    me, n = view.seat, view.num_players
    cells: list[tuple[str, Seat | None]] = [("unseen", None)] * 52
    for i in _bits(view.waste_known):
        cells[i] = ("waste", None)
    for s in range(n):
        if s != me:
            for i in _bits(view.known[s]):
                cells[i] = ("known", s)
    for s, i in zip(view.trick_order, view.table):
        cells[i] = ("table", s)
    for i in _bits(view.hand):
        cells[i] = ("hand", me)
    # a card of its own hand seen going to the waste pile: drawn (or taken with a drawer's hand), not yet led
    for i in _bits(view.hand & view.waste_known | (1 << view.drawn if view.drawn >= 0 else 0)):
        cells[i] = ("drawn", me)
    # cards seen going to the waste pile that it no longer holds: drawn and not yet led
    pending = sum(1 for i in _bits(view.waste_known) if cells[i][0] == "waste")
    hidden_drawn = max(0, pending - view.waste_size)
    drew = [0] * n
    drew[me] = sum(1 for st, _ in cells if st == "drawn")
    if view.drawer is not None and view.drawer != me and hidden_drawn:
        drew[view.drawer] = 1
    seats = tuple(SeatTrack(s, view.names[s], view.hand_sizes[s], tuple(SUITS[j] for j in range(4) if view.voids[s] >> j & 1),
                            view.hand_sizes[s] if s == me else (view.known[s] & ~view.hand).bit_count(), drew[s],
                            s in view.escaped) for s in range(n))
    out = Tracker(me, tuple(view.names), view.rules.ace == "low", tuple(cells), seats, view.waste_size, hidden_drawn)
    if not chances:
        return out
    return Tracker(out.seat, out.names, out.ace_low, out.cells, out.seats, out.waste_size, out.hidden_drawn,
                   _chances(view, out, samples, seed))


def _bits(mask: Mask) -> list[CardIndex]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _deals(view: SeatView, samples: int, rng: random.Random) -> list[list[Mask]]:
    """``samples`` hands, each deal equally likely among those that fit the view.

    The sampler deals the hidden cards at random to the free places, ignoring the voids,
    and a deal that gives a seat a suit it showed it lacks is drawn again: so every deal
    that fits is equally likely (the sampler's own way with voids, card by card, leans
    slightly). When the voids leave too few deals for that (fewer than one in
    ``REJECTION_LIMIT`` draws fits, checked once ``samples`` draws are made), the rest
    come from the sampler with voids."""
    forbidden = [sum(SUIT_MASKS[j] for j in range(4) if view.voids[s] >> j & 1) for s in range(view.num_players)]
    if not any(forbidden):
        return [sample_hidden(view, rng)[0] for _ in range(samples)]
    free = replace(view, voids=(0,) * view.num_players)
    out: list[list[Mask]] = []
    tries = 0
    while len(out) < samples:
        if tries >= samples and len(out) * REJECTION_LIMIT < tries:
            break  # too few deals fit: the sampler with voids is quicker
        tries += 1
        try:
            hands, _ = sample_hidden(free, rng)
        except ValueError:
            continue
        if not any(h & f for h, f in zip(hands, forbidden)):
            out.append(hands)
    while len(out) < samples:
        out.append(sample_hidden(view, rng)[0])
    return out


def _chances(view: SeatView, t: Tracker, samples: int, seed: int) -> Chances:
    if not isinstance(samples, int) or isinstance(samples, bool) or not 1 <= samples <= MAX_SAMPLES:
        raise ValueError(f"samples must be an integer from 1 to {MAX_SAMPLES}, not {samples!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"seed must be an integer, not {seed!r}")
    n, me = view.num_players, view.seat
    open_cards = view.unseen | (view.waste_known if t.hidden_drawn else 0)
    rng = random.Random(f"tracker:{seed}")
    held = [[0] * n for _ in range(52)]
    following = [[0] * 4 for _ in range(n)]
    others = [s for s in range(n) if s != me and view.hand_sizes[s]]
    for hands in _deals(view, samples, rng):
        for s in others:
            h = hands[s]
            for i in _bits(h & open_cards):
                held[i][s] += 1
            row = following[s]
            for j in range(4):
                if h & SUIT_MASKS[j]:
                    row[j] += 1
    for j in range(4):  # the seat's own hand: certain
        following[me][j] = samples if view.hand & SUIT_MASKS[j] else 0
    return Chances(samples, seed, tuple(_bits(open_cards)), tuple(tuple(r) for r in held),
                   tuple(tuple(r) for r in following))


TRACKER_SEED = 0
"""The seed of the chances a table or a lesson shows: the same view shows the same numbers."""


def tracker_data(view: SeatView, names: Sequence[str], chances: bool = False) -> dict[str, Any]:
    """The tracker of ``view`` as the browser gets it (:meth:`Tracker.to_dict`), the seats
    named ``names`` (as the table shows them), the chances with :data:`TRACKER_SEED`.
    The same view asked again is answered from a small cache."""
    result: dict[str, Any] = json.loads(_tracker_json(view, tuple(names), chances))
    return result


@lru_cache(maxsize=16)
def _tracker_json(view: SeatView, names: tuple[str, ...], chances: bool) -> str:
    out = tracker(view, chances=chances, seed=TRACKER_SEED).to_dict()
    for seat, name in zip(out["seats"], names):
        seat["name"] = name
    return json.dumps(out, separators=(",", ":"))


# ---------------------------------------------------------------------- pictures
_STATUS_TEXT = {
    "hand": "in your hand",
    "drawn": "drawn by you from the waste pile, to lead",
    "table": "on the table",
    "known": "known in {name}'s hand",
    "waste": "seen going to the waste pile",
    "unseen": "unseen",
}


def describe(t: Tracker, card: Card | str | int) -> str:
    """One card's status in words: ``"J♦: known in Player 2's hand"``."""
    c = DECK[card] if isinstance(card, int) else to_card(card)
    st, s = t.cells[c.index]
    text = _STATUS_TEXT[st].format(name=t.names[s] if s is not None else "")
    if st == "table" and s is not None:
        text += f" (played by {t.names[s]})"
    return f"{c}: {text}"


def tracker_html(t: Tracker) -> str:
    """A static HTML picture of the tracker (inline styles only, for GitHub and nbviewer)."""
    red = {"H", "D"}
    rows = []
    for j, row in enumerate(t.grid()):
        suit = SUITS[j]
        cells = []
        for card, st, s in row:
            colour = SEAT_COLOURS[s % len(SEAT_COLOURS)] if s is not None and st in ("known", "table") else None
            bg = {"hand": "#fff7d6", "drawn": "#ffe08a", "table": "#e8f4e8", "waste": "#d9d9d9",
                  "unseen": "#ffffff"}.get(st, "#ffffff")
            border = f"3px solid {colour}" if colour else "1px solid #999"
            opacity = "0.45" if st == "waste" else "1"
            fg = "#c00" if suit in red else "#000"
            mark = ""
            if st == "known" and s is not None:
                mark = f"<br><small style='color:{colour}'>{html.escape(t.names[s])}</small>"
            elif st in ("hand", "drawn"):
                mark = "<br><small>you</small>"
            elif st == "table":
                mark = "<br><small>table</small>"
            cells.append(f"<td title='{html.escape(describe(t, card))}' style='border:{border};background:{bg};"
                         f"color:{fg};opacity:{opacity};text-align:center;padding:2px 4px;min-width:2.2em'>"
                         f"{html.escape(str(card))}{mark}</td>")
        rows.append(f"<tr><th style='color:{'#c00' if suit in red else '#000'}'>{SUIT_SYMBOLS[suit]}</th>{''.join(cells)}</tr>")
    seat_rows = []
    for track in t.seats:
        colour = SEAT_COLOURS[track.seat % len(SEAT_COLOURS)]
        voids = " ".join(SUIT_SYMBOLS[v] for v in track.voids) or "–"
        extra = ", must lead a drawn card" if track.drew else ""
        follow = ""
        if t.chances is not None and track.seat != t.seat and track.cards:
            follow = " · can follow: " + " ".join(
                f"{SUIT_SYMBOLS[SUITS[j]]} {t.chances.follow(track.seat, j):.0%}" for j in range(4))
        who = " (you)" if track.seat == t.seat else ""
        seat_rows.append(f"<li><span style='color:{colour};font-weight:bold'>{html.escape(track.name)}{who}</span>: "
                         f"{track.cards} cards, {track.known} known, void in {voids}{extra}{follow}</li>")
    note = f"<p>{t.chances.samples} sampled deals</p>" if t.chances is not None else ""
    return (f"<div class='bhabho-tracker'><b>What {html.escape(t.names[t.seat])} knows</b>"
            f"<table style='border-collapse:collapse;font-family:sans-serif'>{''.join(rows)}</table>"
            f"<ul>{''.join(seat_rows)}</ul><p>Waste pile: {t.waste_size} cards.</p>{note}</div>")


def plot_chances(t: Tracker, ax: Any = None) -> Any:
    """A heatmap of the chances: one row per card the seat cannot place, one column per
    other seat holding cards, coloured by the chance that the seat holds the card. Returns
    the Axes."""
    plt = optional_import("matplotlib.pyplot", "The tracker's chart")

    c = t.chances
    if c is None:
        raise ValueError("this tracker has no chances: make it with tracker(view, chances=True)")
    seats = [s.seat for s in t.seats if s.seat != t.seat and s.cards]
    order = t.ranks()
    cards = sorted(c.cards, key=lambda i: (i // 13, order.index(i % 13 + 2)))
    if ax is None:
        _, ax = plt.subplots(figsize=(1.2 + 0.9 * len(seats), 1 + 0.22 * max(1, len(cards))), layout="constrained")
    data = [[c.held[i][s] / c.samples for s in seats] for i in cards]
    im = ax.imshow(data if data else [[0.0] * max(1, len(seats))], vmin=0, vmax=1, cmap="viridis", aspect="auto")
    ax.set_xticks(range(len(seats)), [t.names[s] for s in seats])
    ax.set_yticks(range(len(cards)), [str(DECK[i]) for i in cards])
    ax.set_title(f"Who holds the cards {t.names[t.seat]} cannot place ({c.samples} deals)")
    ax.figure.colorbar(im, ax=ax, label="chance")
    return ax

