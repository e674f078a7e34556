"""One seat's record of a game, and a game rebuilt from it: the review of a shared table.

At a shared table a player's kernel holds its own seat's views only; the table server holds
the game. For the review of the game over (:func:`bhabho_widget.coach.review.review`) the
server sends the seat :func:`seat_record`: its own dealt hand, every move (public), the
hand sizes dealt, and the game's events as that seat saw them (another seat's cards left
out, as in its log). Nothing in it is another seat's hidden card.

:func:`stand_in` rebuilds, in the kernel, a whole game from that record: a *stand-in* deal
for the hands the seat never saw, one that tells the seat the very same story (every move
legal, every event the seat saw the same), and a seed whose draws from the waste pile are
the draws the seat saw (rule 6). The review reads nothing but the seat's own view at each
of its decisions (:meth:`Game.seat_view`), and its random numbers come from that view
only, so the review of the stand-in is the review of the real game, card for card.

The hidden cards are placed by what the seat saw: a card a seat played was in one of the
hands dealt that had come to that seat by then (hands move whole, by takes, rule 7); a card
of a suit a seat showed it lacked (a tochoo, a discard, a forced pickup) was in none of its
hands until played; a seat that ran out of cards (or whose hand the reviewed seat took and
saw) held no card it did not show. Those are the only facts; any placement that keeps them
(a flow of the hidden cards into the dealt hands, each of its dealt size) replays the game.

>>> from bhabho_widget import Game
>>> from bhabho_widget.play.bots import RuleBot
>>> from bhabho_widget.play.driver import Driver
>>> g = Game.deal(4, seed=11)
>>> _ = Driver(g, {s: RuleBot(seed=s) for s in range(4)}).run()  # two draws from the waste pile on the way
>>> record = seat_record(g, 2)
>>> rebuilt = stand_in(record)
>>> rebuilt.moves == g.moves, rebuilt.start.hands[2] == g.start.hands[2], rebuilt.seat_view(2) == g.seat_view(2)
(True, True, True)
"""

from __future__ import annotations

import hashlib
import json
import random
import time
from collections.abc import Sequence
from typing import Any

from ..engine.cards import DECK, SUIT_MASKS, indices, mask_of
from ..engine.errors import MessageError
from ..engine.game import Game
from ..engine.rules import Rules
from ..i18n import N_, Message

__all__ = ["SEARCH_SECONDS", "record_digest", "seat_record", "stand_in"]

SEARCH_SECONDS = 60.0
"""The longest search for a seed that draws from the waste pile as the game did."""
ALL: int = (1 << 52) - 1
NOT_REBUILT = N_("this game could not be rebuilt from your seat's record for its review")


# ---------------------------------------------------------------------- the server's side
def _extra(e: Any) -> Any:
    """The public detail of an event that the rebuilding needs (never a card)."""
    if e.kind == "pickup":
        return str(e.info)
    if e.kind == "take":
        return e.info.target
    if e.kind == "escape":
        return e.info.how
    if e.kind == "lead":
        return e.info if isinstance(e.info, str) else None
    return None


def seat_record(game: Game, seat: int) -> dict[str, Any]:
    """What ``seat`` saw of ``game``, as JSON-safe data: the rules, the names, the hand sizes
    dealt and the seat's own dealt hand, every move, and every event with the cards that
    seat may see (its log's cards; another seat's hidden cards are left out)."""
    start = game.start
    return {
        "seat": seat,
        "players": game.num_players,
        "rules": game.rules.to_dict(),
        "names": list(game.names),
        "sizes": [h.bit_count() for h in start.hands],
        "hand": [DECK[i].code for i in indices(start.hands[seat])],
        "moves": [str(m) for m in game.moves],
        "events": [[e.kind, e.seat, [DECK[i].code for i in e.card_indices] if e.visible_to(seat) else [], _extra(e)]
                   for e in game.events],
    }


def record_digest(record: dict[str, Any]) -> str:
    """The SHA-256 of a seat record's canonical JSON: what names one game of one seat. A
    kernel reports a game of a class table by it, and the server finds the game with that
    record among the table's own (:mod:`bhabho_widget.server.classes`).

    >>> record_digest({"seat": 1, "moves": ["AS"]}) == record_digest({"moves": ["AS"], "seat": 1})
    True
    """
    text = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# ---------------------------------------------------------------------- the kernel's side
class _Infeasible(Exception):
    """These draws (or this record) cannot give a game that tells the seat's story."""


def _events(record: dict[str, Any]) -> list[tuple[str, int | None, int, Any]]:
    out = []
    for kind, who, cards, extra in record["events"]:
        out.append((kind, who, mask_of(cards), extra))
    return out


def _draw_plan(events: Sequence[tuple[str, int | None, int, Any]], seat: int) -> list[tuple[str, int, int]]:
    """The waste pile's part of the game, for trying seeds fast: ``("add", cards, 0)``,
    ``("clear", 0, 0)`` (a pickup of the whole pile) and ``("draw", trick_cards, card)`` with
    the card drawn when the seat saw it (its own draw, or the drawer's forced lead), else -1."""
    plan: list[tuple[str, int, int]] = []
    n = len(events)
    for k, (kind, who, cards, extra) in enumerate(events):
        if kind == "waste":
            if k + 1 < n and events[k + 1][0] == "draw":
                continue  # the draw event below takes the trick's cards
            plan.append(("add", cards, 0))
        elif kind == "pickup" and extra == "waste":
            plan.append(("clear", 0, 0))
        elif kind == "draw":
            trick = events[k - 1][2] if k and events[k - 1][0] == "waste" else 0
            known = cards.bit_length() - 1 if who == seat and cards else -1
            if known < 0:
                lead = next((e for e in events[k + 1:] if e[0] == "lead"), None)
                if lead is not None and lead[1] == who and lead[3] == "drawn":
                    known = lead[2].bit_length() - 1
            plan.append(("draw", trick, known))
    return plan


def _draws_for(seed: int, plan: Sequence[tuple[str, int, int]]) -> list[int] | None:
    """The cards the engine draws with ``seed`` (as :meth:`Game._draw_from_waste` does), or
    None as soon as one differs from a draw the seat saw."""
    waste = 0
    picks = []
    k = 0
    for op, cards, known in plan:
        if op == "add":
            waste |= cards
        elif op == "clear":
            waste = 0
        else:
            options = indices(waste if waste else cards)
            if not options:
                return None
            pick = options[random.Random(f"{seed}:draw:{k}").randrange(len(options))]
            k += 1
            if known >= 0 and pick != known:
                return None
            picks.append(pick)
            waste = (waste | cards) & ~(1 << pick)
    return picks


def _placement(record: dict[str, Any], events: Sequence[tuple[str, int | None, int, Any]],
               picks: Sequence[int]) -> list[int]:
    """The dealt hands (masks) of a stand-in deal that tells the seat's story with these
    draws; raises _Infeasible when none does."""
    n, me = record["players"], record["seat"]
    own = mask_of(record["hand"])
    sizes = list(record["sizes"])
    hidden = ALL & ~own
    groups: list[set[int]] = [set() if s == me else {s} for s in range(n)]  # the dealt hands each seat holds now
    known = [0] * n  # cards each seat holds that the stand-in's story has shown
    known[me] = own
    size = list(sizes)
    appeared: dict[int, int] = {}  # hidden card -> when it was first seen
    must: dict[int, frozenset[int]] = {}  # hidden card -> the dealt hands it can come from
    excluded: list[tuple[int, frozenset[int], int]] = []  # (when, dealt hands, cards not in them unless seen before)
    waste = 0
    trick = 0
    led = -1
    draw = 0
    for t, (kind, who, cards, extra) in enumerate(events):
        if kind in ("lead", "follow", "discard", "tochoo"):
            p: int = who  # type: ignore[assignment]
            if kind == "lead":
                trick, led = 0, -1
            if cards:
                c = cards.bit_length() - 1
                if led < 0:
                    led = c // 13
                if hidden >> c & 1 and c not in appeared:
                    if not groups[p]:
                        raise _Infeasible
                    appeared[c] = t
                    must[c] = frozenset(groups[p])
                elif known[p] >> c & 1:
                    known[p] &= ~(1 << c)
                else:
                    raise _Infeasible
                size[p] -= 1
                trick |= 1 << c
            if kind in ("discard", "tochoo") and led >= 0:
                excluded.append((t, frozenset(groups[p]), SUIT_MASKS[led]))
        elif kind == "pickup":
            p = who  # type: ignore[assignment]
            if extra == "waste":
                known[p] |= waste
                size[p] += waste.bit_count()
                waste = 0
            else:
                known[p] |= trick
                size[p] += trick.bit_count()
                trick = 0
        elif kind == "waste":
            if not (t + 1 < len(events) and events[t + 1][0] == "draw"):
                waste |= cards
            trick = 0
        elif kind == "draw":
            p = who  # type: ignore[assignment]
            pending = events[t - 1][2] if t and events[t - 1][0] == "waste" else 0
            pick = picks[draw]
            draw += 1
            waste = (waste | pending) & ~(1 << pick)
            known[p] |= 1 << pick
            size[p] += 1
        elif kind == "take":
            taker: int = who  # type: ignore[assignment]
            target: int = extra
            if taker == me:  # the seat saw the hand it took
                unseen = cards & hidden & ~known[target]
                for c in indices(unseen):
                    if c in appeared:
                        raise _Infeasible
                    appeared[c] = t
                    must[c] = frozenset(groups[target])
                if cards & ~unseen != known[target]:
                    raise _Infeasible
                excluded.append((t, frozenset(groups[target]), ALL & ~cards))
                known[target] = cards
            known[taker] |= known[target]
            known[target] = 0
            groups[taker] |= groups[target]
            groups[target] = set()
            size[taker] += size[target]
            size[target] = 0
        elif kind == "escape" and extra in ("empty", "power"):
            excluded.append((t, frozenset(groups[who]), ALL))  # type: ignore[index]
    if draw != len(picks):
        raise _Infeasible
    holding = frozenset(g for s in range(n) if size[s] for g in groups[s])
    end = len(events)
    allowed: dict[int, set[int]] = {}
    for c in indices(hidden):
        when = appeared.get(c, end)
        options = set(must.get(c, holding))
        for t, gs, cards in excluded:
            if t < when and cards >> c & 1:
                options -= gs
        if not options:
            raise _Infeasible
        allowed[c] = options
    return _flow(allowed, {s: sizes[s] for s in range(n) if s != me}, own, me, n)


def _flow(allowed: dict[int, set[int]], capacity: dict[int, int], own: int, me: int, n: int) -> list[int]:
    """Place every hidden card in a dealt hand it is allowed in, each hand filled to its
    size: a matching of cards to the hands' places by augmenting paths (52 cards at most)."""
    places = [g for g in sorted(capacity) for _ in range(capacity[g])]
    holder: list[int | None] = [None] * len(places)  # the card in each place

    def seat(c: int, visited: set[int]) -> bool:
        for k, g in enumerate(places):
            if g in allowed[c] and k not in visited:
                visited.add(k)
                other = holder[k]
                if other is None or seat(other, visited):
                    holder[k] = c
                    return True
        return False

    for c in sorted(allowed, key=lambda c: (len(allowed[c]), c)):
        if not seat(c, set()):
            raise _Infeasible
    hands = [0] * n
    hands[me] = own
    for k, g in enumerate(places):
        if holder[k] is None:
            raise _Infeasible
        hands[g] |= 1 << holder[k]  # type: ignore[operator]
    return hands


def _seen(game: Game, seat: int) -> list[list[Any]]:
    return [[e.kind, e.seat, [DECK[i].code for i in e.card_indices] if e.visible_to(seat) else [], _extra(e)]
            for e in game.events if e.kind != "deal"]


def _replay(record: dict[str, Any], hands: list[int], seed: int) -> Game | None:
    """The stand-in game, or None when it does not tell the seat's story."""
    rules = Rules.from_dict(record["rules"])
    game = Game.from_hands([[DECK[i] for i in indices(h)] for h in hands], rules=rules, seed=seed,
                           names=record["names"])
    try:
        game = game.replay(record["moves"])  # "take 2", or "take:2" as records stored before 0.4 have it
    except ValueError:
        return None
    wanted = [e for e in record["events"] if e[0] != "deal"]
    return game if _seen(game, record["seat"]) == wanted else None


def stand_in(record: dict[str, Any], seconds: float = SEARCH_SECONDS, cancel: Any = None) -> Game:
    """A whole game that tells ``record``'s seat everything it saw, no more (see the module's
    docstring); a MessageError when none is found within ``seconds`` (a game with many
    draws from the waste pile may need long), or when ``cancel`` (an Event) is set."""
    try:
        events = _events(record)
        plan = _draw_plan(events, record["seat"])
    except (KeyError, TypeError, ValueError):
        raise MessageError(Message(NOT_REBUILT)) from None
    deadline = time.monotonic() + seconds
    tried = 0
    start = 0
    draws = any(op == "draw" for op, _, _ in plan)
    while time.monotonic() < deadline and not (cancel is not None and cancel.is_set()):
        for seed in range(start, start + 4096):
            picks = _draws_for(seed, plan)
            if picks is None:
                continue
            try:
                hands = _placement(record, events, picks)
            except _Infeasible:
                if not draws:
                    raise MessageError(Message(NOT_REBUILT)) from None
                continue
            game = _replay(record, hands, seed)
            tried += 1
            if game is not None:
                return game
            if not draws or tried >= 64:
                raise MessageError(Message(NOT_REBUILT))
        start += 4096
    raise MessageError(Message(NOT_REBUILT))
