"""Why one action is better than another: the consequence that separates them and the facts
the seat knows behind it.

Every estimate of the coach (:func:`bhabho_widget.play.search.estimate_actions`) records, in
each of its continuations, what happened at the end of the trick the action was played to
(for a take or a pass, of the next trick): who picked it up or whether it went round cleanly,
who escaped, who had the power (:class:`~bhabho_widget.play.search.Consequences`). :func:`why`
compares two actions by them, names the consequence that differs most, with how often it
happened after each, and the facts the seat knows that cause it: a later player who has
shown no card of the suit (so the trick ends with a tochoo and the highest card picks up),
cards a later player is known to hold (picked up in view of everyone, or taken with a hand),
the highest card on the table. :func:`take_effect` says in one line what a take does (rule 7).

Every sentence is a template (the ``T_*`` constants), translated like the hints'; the seat
the coach speaks to is "you", and each sentence that says so has a third-person twin beside it
(``T_*_THEM``, all in :data:`THIRD_PERSON_TWINS`) for someone reading about the seat.

The J♦ trap: Player 1 picked up J♦ in public and Player 3 has shown no diamonds, so with Q♦
led Player 2 plays J♦ under it, Player 3 cannot follow and the leader picks up:

>>> import random
>>> from bhabho_widget import Card, Game
>>> from bhabho_widget.play.search import estimate_actions
>>> g = Game.from_hands([["4S", "5H", "6H"], ["KS", "4D", "QD", "7H"], ["JD", "2S", "8H"], ["9C", "3S", "10H"]],
...                     leader=2, seed=1)
>>> for card in ["JD", "9C", "2S", "3S", "4S", "KS"]:
...     _ = g.play(card)
>>> view = g.seat_view(1)
>>> est = {e.card.code: e for e in estimate_actions(view, [Card.parse("4D").index, Card.parse("QD").index], 192, 24,
...                                                 random.Random(0))}
>>> print(why(view, est["4D"], est["QD"]))  # doctest: +NORMALIZE_WHITESPACE
Why: Player 3 has shown no diamonds; Player 2 holds J♦, picked up in view of everyone. With Q♦ you
pick up this trick in 100% of the simulations, with 4♦ in 0%: Player 2 picks it up in 100%.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..engine.cards import DECK, SUIT_MASKS, SUITS, Seat, indices
from ..engine.events import TAKE_EFFECT
from ..engine.seat_view import SeatView
from ..i18n import Joined, ListOf, Message, SeatName, SuitName, third_person
from ..play.search import TAKE, ActionEstimate, Consequences

__all__ = ["CLEAR", "label", "most_telling", "pct", "percent", "separation", "take_effect", "take_why", "who", "why"]

KNOWN_SHOWN = 4
"""Known cards of a hand named in a take's reason, the strongest first; the rest are counted."""
CLEAR = 0.15
"""A consequence separates two actions when how often it happened after them differs by at
least this much (15 points)."""

T_YOU = "you"
T_TAKE_LABEL = "Take {target}'s hand"
T_PASS_LABEL = "Pass"
T_BECAUSE = "Why: {facts}."
T_FACT_VOID = "{name} has shown no {suit}"
T_FACT_KNOWN = "{name} holds {cards}, picked up in view of everyone"
T_FACT_TAKEN = "{name} holds {cards}, which came with the hand they took"
T_FACT_TOP = "{card} is the highest {one} on the table, played by {name}"
T_FACT_POWER = "you have the power and lead this trick"
T_FACT_POWER_THEM = "{name} has the power and leads this trick"
T_FACT_WHOLE_PILE = "the picker takes the waste pile too, {n} cards (whole pile)"
T_FACT_NONE_LEFT = "nobody else holds a {one}: every other {one} is in the waste pile or played"
T_CQ_PICKUP = "With {worse} you pick up this trick in {p_worse} of the simulations, with {better} in {p_better}{rest}."
T_CQ_PICKUP_THEM = ("With {worse} {name} picks up this trick in {p_worse} of the simulations, with {better} in "
                    "{p_better}{rest}.")
T_CQ_REST_PICKS = ": {name} picks it up in {p}"
T_CQ_REST_CLEAN = ": it goes round cleanly in {p}"
T_CQ_ESCAPE = "With {better} you escape at the end of this trick in {p_better} of the simulations, with {worse} in {p_worse}."
T_CQ_ESCAPE_THEM = ("With {better} {name} escapes at the end of this trick in {p_better} of the simulations, with "
                    "{worse} in {p_worse}.")
T_CQ_POWER = ("You have the power after this trick (you lead the next one) in {p_worse} of the simulations with {worse}, "
              "in {p_better} with {better}.")
T_CQ_POWER_THEM = ("{name} has the power after this trick (and leads the next one) in {p_worse} of the simulations "
                   "with {worse}, in {p_better} with {better}.")
T_CQ_LATER_VOID = ("After {better} and after {worse} this trick ends alike; the difference comes later: {better} is "
                   "your last {one}, so when {suit} are led again you can throw a high card on them.")
T_CQ_LATER_VOID_THEM = ("After {better} and after {worse} this trick ends alike; the difference comes later: "
                        "{better} is {name}'s last {one}, so when {suit} are led again {name} can throw a high card "
                        "on them.")
T_CQ_LATER_SHED = ("After {better} and after {worse} this trick ends alike; the difference comes later: {better} is the "
                   "higher card, gone now while it is safe, and {worse} stays to play under the others later.")
T_CQ_LATER_HOLD = ("After {better} and after {worse} this trick ends alike; the difference comes later, from the card "
                   "each keeps: in the simulations {worse} is the harder one to get rid of from here.")
T_CQ_LATER_KEEP = ("After {better} and after {worse} this trick ends alike; the difference comes later: playing {better} "
                   "now keeps {worse}, a lower {one}, to play under the others later.")
T_TAKE_ALONE = "Taking would leave you the only one holding cards: you would be the bhabhi at once (rule 8)."
T_TAKE_ALONE_THEM = "Taking would leave {name} the only one holding cards: {name} would be the bhabhi at once (rule 8)."
T_TAKE_KNOWN = "{target}'s hand holds {cards}, picked up in view of everyone."
T_MORE_CARDS = "{n} more"
T_TAKE_POWER = "{target} has the power: after a take you would have it and lead."
T_TAKE_POWER_THEM = "{target} has the power: after a take {name} would have it and lead."
T_TAKE_PICKUP = "After {worse} you pick up the next trick in {p_worse} of the simulations, after {better} in {p_better}."
T_TAKE_PICKUP_THEM = ("After {worse} {name} picks up the next trick in {p_worse} of the simulations, after {better} "
                      "in {p_better}.")

# the third person of each sentence that speaks to the seat ("you"): a teacher reads the reason of a student's
# decision with the student's name (Translator.about); "you" as a seat's name is the name itself
THIRD_PERSON_TWINS = third_person({T_YOU: "{name}", T_FACT_POWER: T_FACT_POWER_THEM, T_CQ_PICKUP: T_CQ_PICKUP_THEM,
                                   T_CQ_ESCAPE: T_CQ_ESCAPE_THEM, T_CQ_POWER: T_CQ_POWER_THEM,
                                   T_CQ_LATER_VOID: T_CQ_LATER_VOID_THEM, T_TAKE_ALONE: T_TAKE_ALONE_THEM,
                                   T_TAKE_POWER: T_TAKE_POWER_THEM, T_TAKE_PICKUP: T_TAKE_PICKUP_THEM})


def percent(p: float) -> int:
    """A chance as a whole percentage, halves rounded up: the one rounding of the coach, used
    by its sentences, its charts (the kernel sends these numbers) and its tables.

    >>> percent(0.225), percent(0.2249), percent(9 / 40), percent(1.0)
    (23, 22, 23, 100)
    """
    return int(math.floor(p * 100 + 0.5 + 1e-9))


def pct(p: float) -> str:
    return f"{percent(p)}%"


def who(view: SeatView, seat: Seat) -> str:
    """A seat as the coach names it to ``view.seat``: "you", or the seat's name."""
    return Message(T_YOU) if seat == view.seat else SeatName(view.names[seat], seat)


def _suit(suit: int) -> str:
    return SuitName(SUITS[suit])


def _one(suit: int) -> str:
    return SuitName(SUITS[suit], one=True)


def label(view: SeatView, action: int | str) -> str:
    """An action in a sentence: a card as it is printed (Q♦), a take or a pass as words."""
    if isinstance(action, int):
        return str(DECK[action])
    if action == TAKE:
        target = view.take_target if view.take_target is not None else view.next_holder(view.seat)
        return Message(T_TAKE_LABEL, target=SeatName(view.names[target], target))  # type: ignore[index,arg-type]
    return Message(T_PASS_LABEL)


# ---------------------------------------------------------------------- what separates two actions
def separation(view: SeatView, better: ActionEstimate, worse: ActionEstimate) -> tuple[str, float] | None:
    """The consequence that separates ``worse`` from ``better`` most, as ``(kind, size)``:
    ``"pickup"`` (``view.seat`` picks the trick up more often after ``worse``), ``"escape"``
    (it escapes more often after ``better``) or ``"power"`` (it has the power to lead the
    next trick more often after one than after the other, either way), by at least
    :data:`CLEAR`; None when no consequence of the trick separates them (or none was
    recorded): the trick ends alike."""
    cb, cw = better.consequences, worse.consequences
    if cb is None or cw is None or not cb.rollouts or not cw.rollouts:
        return None
    me = view.seat
    sizes = {"pickup": cw.share_picked(me) - cb.share_picked(me),
             "escape": cb.share_escaped(me) - cw.share_escaped(me),
             "power": abs(cw.share_power(me) - cb.share_power(me)) if cw.power and cb.power else 0.0}
    kind = max(sizes, key=lambda k: (sizes[k], k == "pickup", k == "escape"))
    return (kind, sizes[kind]) if sizes[kind] >= CLEAR else None


def _trick_seats(view: SeatView, action: int) -> tuple[int, list[Seat]]:
    """The suit of the trick ``action`` is played to and the seats that play after this one in it."""
    if view.table:
        order = list(view.trick_order)
        return view.led_suit, order[order.index(view.seat) + 1:]
    return action // 13, view.holders_from(view.seat)[1:]


def _facts(view: SeatView, better: int | str, worse: int | str) -> list[str]:
    """What the seat knows that makes the trick end as it does: the first later player who
    has shown no card of its suit, the known cards of that suit held by the players before
    it (those between the two cards' strengths when both are of the suit), the highest card
    on the table, and at a lead, the power."""
    if not isinstance(worse, int):
        return []
    suit, later = _trick_seats(view, worse)
    facts: list[str] = []
    void = next((s for s in later if view.voids[s] >> suit & 1), None)
    if void is not None:
        facts.append(Message(T_FACT_VOID, name=who(view, void), suit=_suit(suit)))
        later = later[:later.index(void)]
    elif not view.table and not view.unseen & SUIT_MASKS[suit] and not any(
            view.known[s] & SUIT_MASKS[suit] for s in later):
        facts.append(Message(T_FACT_NONE_LEFT, one=_one(suit)))
    strength = view.strength
    low, high = -1, 99
    if isinstance(better, int) and better // 13 == suit == worse // 13:
        low, high = sorted((strength[better], strength[worse]))
    taken = view.taken or (0,) * view.num_players
    for s in later:
        mine = [c for c in indices(view.known[s] & SUIT_MASKS[suit]) if low < strength[c] < high or low < 0]
        if not mine:
            continue
        cards = ListOf([str(DECK[c]) for c in mine])
        template = T_FACT_TAKEN if all(taken[s] >> c & 1 for c in mine) else T_FACT_KNOWN
        facts.append(Message(template, name=who(view, s), cards=cards))
    if view.table and view.led_suit == suit:
        on_table = [(s, c) for s, c in zip(view.trick_order, view.table) if c // 13 == suit]
        if on_table:
            top_seat, top = max(on_table, key=lambda p: strength[p[1]])
            facts.append(Message(T_FACT_TOP, card=DECK[top], one=_one(suit), name=who(view, top_seat)))
    if view.rules.pickup == "trick_and_waste" and view.waste_size:
        facts.append(Message(T_FACT_WHOLE_PILE, n=view.waste_size))
    return facts


def _after_better(view: SeatView, c: Consequences) -> str:
    """How the trick most often ended after the better action when not with this seat
    picking up: another seat picks it up, or it goes round cleanly ("" when neither is common)."""
    me = view.seat
    others = [(c.share_picked(s), s) for s in range(view.num_players) if s != me]
    top, seat = max(others) if others else (0.0, me)
    if c.share_clean >= top and c.share_clean >= CLEAR:
        return Message(T_CQ_REST_CLEAN, p=pct(c.share_clean))
    if top >= CLEAR:
        return Message(T_CQ_REST_PICKS, name=who(view, seat), p=pct(top))
    return ""


def why(view: SeatView, better: ActionEstimate, worse: ActionEstimate) -> str | None:
    """Why ``better`` is better than ``worse`` at ``view``, in the coach's words (a
    translatable text): the facts behind it and the consequence that separates them, with
    how often it happened after each (see the module's docstring). None for a take or a
    pass (see :func:`take_why`) or when neither estimate recorded its consequences."""
    if better.consequences is None or worse.consequences is None:
        return None
    if not isinstance(better.action, int) or not isinstance(worse.action, int):
        return take_why(view, better, worse)
    names = {"better": label(view, better.action), "worse": label(view, worse.action)}
    found = separation(view, better, worse)
    cb, cw = better.consequences, worse.consequences
    me = view.seat
    if found is None:  # the trick ends alike: what differs later, from the cards each action keeps
        b, w = better.action, worse.action
        strength = view.strength
        if b // 13 == w // 13 and strength[b] > strength[w]:  # the lower card kept for later
            return Message(T_CQ_LATER_KEEP, one=_one(w // 13), **names)
        if b // 13 != w // 13 and view.hand & SUIT_MASKS[b // 13] == 1 << b:  # a void made
            return Message(T_CQ_LATER_VOID, one=_one(b // 13), suit=_suit(b // 13), **names)
        if b // 13 != w // 13 and strength[b] > strength[w]:  # the high card gone while it is safe
            return Message(T_CQ_LATER_SHED, **names)
        return Message(T_CQ_LATER_HOLD, **names)
    kind, _ = found
    if kind == "pickup":
        consequence = Message(T_CQ_PICKUP, p_worse=pct(cw.share_picked(me)), p_better=pct(cb.share_picked(me)),
                              rest=_after_better(view, cb), **names)
    elif kind == "escape":
        consequence = Message(T_CQ_ESCAPE, p_better=pct(cb.share_escaped(me)), p_worse=pct(cw.share_escaped(me)), **names)
    else:
        consequence = Message(T_CQ_POWER, p_better=pct(cb.share_power(me)), p_worse=pct(cw.share_power(me)), **names)
    facts = _facts(view, better.action, worse.action) if kind in ("pickup", "power") else []
    if kind == "power" and not view.table and not view.opening:
        facts.append(Message(T_FACT_POWER))
    if not facts:
        return consequence
    return Joined(" ", Message(T_BECAUSE, facts=_and(facts)), consequence)


def _and(facts: Sequence[str]) -> str:
    return Joined("; ", *facts)


# ---------------------------------------------------------------------- takes
def take_effect(view: SeatView) -> str | None:
    """What a take would do now, in one line (rule 7): the cards it adds, that the player
    taken from escapes; None when ``view.seat`` may not take."""
    target = view.take_target if view.take_target is not None else None
    if target is None:
        return None
    return Message(TAKE_EFFECT, target=who(view, target), n=view.hand_sizes[target], m=view.hand_sizes[view.seat])


def take_why(view: SeatView, better: ActionEstimate, worse: ActionEstimate) -> str | None:
    """Why taking (or passing) is the better of the two here: a take that leaves only this
    seat holding cards, the known cards and the power that would come with the hand, and how
    often the seat picks up the next trick after each."""
    target = view.take_target
    if target is None:
        return None
    sentences: list[str] = []
    holders = [s for s in range(view.num_players) if view.hand_sizes[s]]
    if TAKE in (better.action, worse.action) and len(holders) == 2:
        sentences.append(Message(T_TAKE_ALONE))
    known = indices(view.known[target])
    if known:
        strength = view.strength
        shown: list[str] = [str(DECK[c]) for c in sorted(known, key=lambda c: -strength[c])[:KNOWN_SHOWN]]
        if len(known) > KNOWN_SHOWN:
            shown.append(Message(T_MORE_CARDS, n=len(known) - KNOWN_SHOWN))
        sentences.append(Message(T_TAKE_KNOWN, target=who(view, target), cards=ListOf(shown)))
    if view.leader == target:
        sentences.append(Message(T_TAKE_POWER, target=who(view, target)))
    cb, cw = better.consequences, worse.consequences
    me = view.seat
    if cb is not None and cw is not None and abs(cw.share_picked(me) - cb.share_picked(me)) >= CLEAR:
        sentences.append(Message(T_TAKE_PICKUP, better=label(view, better.action), worse=label(view, worse.action),
                                 p_better=pct(cb.share_picked(me)), p_worse=pct(cw.share_picked(me))))
    return Joined(" ", *sentences) if sentences else None


def most_telling(view: SeatView, chosen: ActionEstimate, worse: Sequence[ActionEstimate]) -> ActionEstimate | None:
    """Of the ``worse`` actions, the one whose difference from ``chosen`` the consequences
    explain best (the largest separation), else the worst one."""
    if not worse:
        return None
    scored = [(sep[1] if (sep := separation(view, chosen, w)) else 0.0, w.p, w) for w in worse]
    return max(scored, key=lambda t: (t[0], t[1]))[2]

