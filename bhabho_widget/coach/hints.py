"""Hints that explain: the best action for a seat, why, and each action's chance of losing.

:func:`hint` looks at a game through one seat's eyes (its :class:`SeatView`, nothing
more), estimates for every legal action the chance that the seat ends as the bhabhi
(:func:`bhabho_widget.play.search.estimate_actions`: hidden hands sampled to fit what the
seat has seen, then many continuations played on by the rules of thumb with every hand of
the sampled deal open, every action on the same deals), recommends the action with the
lowest chance and explains it in plain words. A percentage means: if everyone played on
sensibly from here (ducking when a later player cannot follow, shedding high cards when the
trick goes round, leading suits everyone holds), this is how often the seat would end as
the bhabhi. Its 95 % interval counts the spread between the sampled
deals (:attr:`~bhabho_widget.play.search.ActionEstimate.deal_interval`), since the
continuations of one deal are alike.

Every sentence is a template with named placeholders (the ``T_*`` constants below), so
the explanations can be translated; the hinted seat is "you", other seats go by
``view.names``.

Each hint compares the recommended action with the actions that are clearly worse (the
interval of the paired difference excludes 0), names them with their chances, and says why,
from what happens next in the simulations and the facts the seat knows
(:mod:`.causes`); where no action is clearly worse, it says that here it hardly matters.

The classic trap: you lead, the next player picked up J♦ in view of everyone, the one after
has shown no diamonds. A diamond below the jack makes the next player pick up; one above it
makes you pick up, since the next player plays the jack under it.

>>> from bhabho_widget import Game
>>> g = Game.from_hands([["4S", "5H", "6H"], ["KS", "4D", "QD", "7H"], ["JD", "2S", "8H"], ["9C", "3S", "10H"]],
...                     leader=2, seed=1)
>>> for card in ["JD", "9C", "2S", "3S", "4S", "KS"]:   # Player 3 shows no diamonds; Player 2 picks up J♦
...     _ = g.play(card)
>>> h = hint(g, rollouts=192, samples=24, seed=0)
>>> h.action
Card.parse('4D')
>>> for sentence in h.reason.split(". "):  # doctest: +NORMALIZE_WHITESPACE
...     print(sentence)
Lead 4♦
Simulated 192 times from here, you end as the bhabhi 38% of the time with 4♦; clearly worse: Q♦ (60%), 7♥ (63%)
    and Take Player 2's hand (63%)
Why: Player 3 has shown no diamonds; Player 2 holds J♦, picked up in view of everyone
With Q♦ you pick up this trick in 100% of the simulations, with 4♦ in 0%: Player 2 picks it up in 100%.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine.optional import MissingPackageError, optional_import

try:
    import numpy  # noqa: F401  (the hints simulate with the search bot's numpy)
except ImportError as err:  # where numpy is missing, one sentence says what needs it
    raise MissingPackageError.for_feature("numpy", "Hints", plural=True) from err

from ..engine.cards import DECK, SUIT_MASKS, SUITS, Card, CardIndex, Mask, Seat, indices
from ..engine.game import Game
from ..engine.seat_view import SeatView
from ..i18n import Joined, ListOf, Message, SeatName, SuitName
from ..play import search
from ..play.search import PASS, TAKE, ActionEstimate, estimate_actions
from .causes import T_PASS_LABEL, T_TAKE_LABEL, most_telling, pct, percent, take_effect, take_why, why
from .lru import LRUCache

__all__ = ["Estimate", "Hint", "about_equal", "clearly_worse", "decision_reason", "explain", "hint", "hint_actions",
           "hint_estimates", "hint_for_view", "hint_from_estimates", "percent", "view_estimates"]

DEFAULT_ROLLOUTS = search.DEFAULT_ROLLOUTS
"""Continuations per action for a hint, spread over :data:`DEFAULT_SAMPLES` sampled deals: the
search bot's own budget, so a hint is the move the ``"search"`` level would make."""
DEFAULT_SAMPLES = search.DEFAULT_SAMPLES
TAKE_MARGIN = 0.03
"""A take is recommended only when it lowers the estimated chance of losing by this much, and
by more than the two estimates' intervals (see :func:`about_equal`)."""
HIGH_STRENGTH = 8
"""A card is high, for the hints' advice to get rid of high cards, when it is one of the five
strongest of its suit: strength 8 or more (10, J, Q, K, A; with the ace low, 9 to K)."""

# ---------------------------------------------------------------------- sentence templates
T_YOU = "you"
T_OPENING = "Lead {card}: whoever holds {card} must open the game with it (rule 3)."
T_DRAWN = "Lead {card}: it is the card you drew from the waste pile, and you must lead it (rule 6)."
T_ONLY = "Play {card}: it is your only legal card."
T_LEAD_LOW = "Lead {card}: nobody after you has shown a lack of {suit}, and your lowest {one} lets the others play over it."
T_LEAD_SHED = ("Lead {card}: nobody has shown a lack of {suit}, so the trick is likely to go round cleanly; "
               "a good moment to get rid of a high {one}.")
T_LEAD = "Lead {card}."
T_AVOID = "Avoid {suit}: {void} has shown none, so you would pick up your own lead at once."
T_FOLLOW_LAST = ("Play {card}: you are the last to play to this trick, so it goes to the waste pile whatever you play; "
                 "a safe moment to get rid of a high {one}.")
T_FOLLOW_UNDER = "Play {card}, under {top}: if someone after you cannot follow, {owner} picks up, not you."
T_FOLLOW_OVER = "Play {card}: every {one} you hold beats {top}, so the highest of them goes now, while you are over anyway."
T_FOLLOW = "Play {card}."
T_FOLLOW_OPENING = ("Play {card}: in the opening trick nobody picks up (rule 3); the trick goes to the waste pile and "
                    "the highest {one} leads next.")
T_TOCHOO = ("Play {card} as a tochoo: you have no {suit}, so the trick ends at once and {owner} picks it up. "
            "High cards are the hardest to get rid of, so throw one now.")
T_DISCARD = "Discard {card}: you have no {suit}, and nobody picks up in this trick, so get rid of a high card."
# the same moments for a card that is not high (see HIGH_STRENGTH): no advice about high cards
T_LEAD_CLEAN = "Lead {card}: nobody has shown a lack of {suit}, so the trick is likely to go round cleanly."
T_FOLLOW_LAST_PLAIN = "Play {card}: you are the last to play to this trick, so it goes to the waste pile whatever you play."
T_TOCHOO_PLAIN = "Play {card} as a tochoo: you have no {suit}, so the trick ends at once and {owner} picks it up."
T_DISCARD_PLAIN = "Discard {card}: you have no {suit}, and nobody picks up in this trick."
T_TAKE = "Take {target}'s hand: after taking you end as the bhabhi {p_take} of the time, against {p_keep} if you do not."
T_PASS = "Do not take {target}'s hand: after taking you would end as the bhabhi {p_take} of the time, against {p_keep}."
T_CMP_WORSE = "Simulated {n} times from here, you end as the bhabhi {p} of the time with {card}; clearly worse: {worse}."
T_CMP_ITEM = "{card} ({p})"
T_CMP_MORE = "{n} more"
T_CMP_SAME = ("Simulated {n} times from here, every card gives you the same chance of ending as the bhabhi, {p}: "
              "here it makes no difference which you play.")
T_TAKE_CLOSE = ("Taking {target}'s hand measured {p_take}, within the simulations' margin of your best card: "
                "not worth taking more cards.")
T_TAKE_SMALL = ("Taking {target}'s hand measured {p_take}, a little lower, but not by enough to be worth taking "
                "more cards.")
T_CMP_EVEN = ("Simulated {n} times from here, every card gives about the same chance of ending as the bhabhi "
              "({lo} to {hi}), within the simulations' margin: here it hardly matters which you play.")
T_REVIEW_EVEN = "{chosen} and {best} are about equal here, within the simulations' margin of error."
T_PASS_EVEN = ("Do not take {target}'s hand: after taking you would end as the bhabhi {p_take} of the time and {p_keep} "
               "without, about equal within the simulations' margin of error, so there is no reason to take more cards.")
T_NUMBERS_ONE = "Simulated {n} times from here, you end as the bhabhi {p} of the time."


def about_equal(a: ActionEstimate, b: ActionEstimate) -> bool:
    """True when the simulations cannot tell two actions apart: the 95 % interval of their
    difference holds 0. Estimated on the same sampled deals (:func:`estimate_actions`), the
    difference is paired over the deals, the sharper test and the one the review grades by;
    else each estimate must lie within the other's interval (the intervals the chart draws,
    :attr:`~bhabho_widget.play.search.ActionEstimate.deal_interval`).

    >>> about_equal(ActionEstimate(0, 100, 22), ActionEstimate(1, 100, 25))
    True
    >>> about_equal(ActionEstimate(0, 100, 10), ActionEstimate(1, 100, 40))
    False
    >>> about_equal(ActionEstimate(0, 40, 8, deal_losses=(2, 2, 2, 2)), ActionEstimate(1, 40, 28, deal_losses=(7, 7, 7, 7)))
    False
    >>> about_equal(ActionEstimate(0, 40, 8, deal_losses=(0, 8, 0, 0)), ActionEstimate(1, 40, 9, deal_losses=(9, 0, 0, 0)))
    True
    """
    if len(a.deal_losses) >= 2 and len(a.deal_losses) == len(b.deal_losses) and a.rollouts == b.rollouts:
        _, lo, hi = a.difference(b)
        return lo <= 0 <= hi
    (a_lo, a_hi), (b_lo, b_hi) = a.deal_interval, b.deal_interval
    return b_lo <= a.p <= b_hi and a_lo <= b.p <= a_hi


def clearly_worse(chosen: ActionEstimate, others: Sequence[ActionEstimate]) -> list[ActionEstimate]:
    """The actions of ``others`` that are clearly worse than ``chosen``: a higher chance of
    ending as the bhabhi, not :func:`about_equal` to it; the least bad first."""
    return sorted((e for e in others if e.action != chosen.action and e.p > chosen.p and not about_equal(e, chosen)),
                  key=lambda e: (e.p, str(e.action)))


@dataclass(frozen=True)
class Estimate:
    """One action's estimated chance ``p`` of ending as the bhabhi, with a 95 % interval."""

    action: str  # a card code, "take" or "pass"
    label: str
    p: float
    lo: float
    hi: float
    rollouts: int

    def to_dict(self) -> dict:
        """The estimate for the browser, its chances as whole percentages (:func:`percent`): the
        chart draws and prints exactly the numbers the hint's sentence gives."""
        return {"action": self.action, "label": self.label, "p": percent(self.p) / 100, "lo": percent(self.lo) / 100,
                "hi": percent(self.hi) / 100}


@dataclass(frozen=True)
class Hint:
    """A recommendation for ``seat``: ``action`` (a :class:`Card`, ``"take"`` or ``"pass"``),
    ``reason`` in plain words, ``estimates`` for every legal action, and ``compared``: the
    code of the clearly worse action the reason explains (None: none is clearly worse), the
    one *Show me* plays out beside the recommended one."""

    seat: Seat
    action: Card | str
    reason: str
    estimates: tuple[Estimate, ...]
    compared: str | None = None

    @property
    def action_code(self) -> str:
        return self.action.code if isinstance(self.action, Card) else self.action

    def to_dict(self) -> dict:
        """``{"action": <card code or "take">, "text": <reason>, "estimates": [{"action", "label", "p", "lo", "hi"}],
        "compared": <the worse action explained, or None>}``."""
        return {"action": self.action_code, "text": self.reason, "estimates": [e.to_dict() for e in self.estimates],
                "compared": self.compared}

    def plot(self, ax: Any = None) -> Any:
        """A small bar chart of each action's chance of ending as the bhabhi, with its 95 %
        interval and its percentage (rounded as in the sentence) over the bar; returns the Axes."""
        plt = optional_import("matplotlib.pyplot", "Hints' charts", plural=True)

        if ax is None:
            _, ax = plt.subplots(figsize=(max(3.0, 0.6 * len(self.estimates) + 1.5), 2.6), layout="constrained")
        shown = [e.to_dict() for e in self.estimates]  # the rounded numbers the sentence gives
        ps = [e["p"] for e in shown]
        err = [[e["p"] - e["lo"] for e in shown], [e["hi"] - e["p"] for e in shown]]
        colors = ["#2e7d32" if e.action == self.action_code else "#9e9e9e" for e in self.estimates]
        bars = ax.bar(range(len(ps)), ps, yerr=err, capsize=3, color=colors)
        ax.bar_label(bars, labels=[pct(e.p) for e in self.estimates], padding=2, fontsize="small")
        ax.set_xticks(range(len(ps)), [e.label for e in self.estimates])
        ax.set_ylabel("chance of ending as the bhabhi")
        ax.set_ylim(0, min(1.0, max(e["hi"] for e in shown) * 1.15 + 0.06))
        ax.set_title("Hint: " + (str(self.action) if isinstance(self.action, Card) else self.estimates[0].label),
                     fontsize="medium")
        return ax

    def _repr_html_(self) -> str:
        rows = "".join(f"<tr><td>{e.label}</td><td>{pct(e.p)}</td><td>{pct(e.lo)}–{pct(e.hi)}</td></tr>"
                       for e in self.estimates)
        return (f"<p><b>{self.action}</b>: {self.reason}</p><table><tr><th>action</th><th>chance of ending as the bhabhi</th>"
                f"<th>95 % interval</th></tr>{rows}</table>")


# ---------------------------------------------------------------------- entry points
def hint(game: Game, seat: Seat | None = None, rollouts: int = DEFAULT_ROLLOUTS, samples: int = DEFAULT_SAMPLES,
         seed: int | None = 0) -> Hint:
    """The hint for ``seat`` (default: the seat to play) in ``game``, from that seat's view only.

    A seat that is not to play gets a hint only when it may take the next player's hand
    (rule 7): take or pass. ``rollouts`` continuations per action, over
    ``samples`` sampled deals of the hidden cards; ``seed`` makes the hint reproducible.
    """
    if game.is_over:
        raise ValueError("the game is over: no hint")
    if seat is None:
        seat = game.current_player
    assert seat is not None
    return hint_for_view(game.seat_view(seat), rollouts=rollouts, samples=samples, seed=seed)


def hint_for_view(view: SeatView, rollouts: int = DEFAULT_ROLLOUTS, samples: int = DEFAULT_SAMPLES,
                  seed: int | None = 0) -> Hint:
    """:func:`hint` from a :class:`SeatView`: what a hint may know, and nothing more."""
    return hint_from_estimates(view, view_estimates(view, hint_actions(view), rollouts, samples, seed))


def hint_estimates(view: SeatView, rollouts: int = DEFAULT_ROLLOUTS, samples: int = DEFAULT_SAMPLES,
                   seed: int | None = 0) -> list[ActionEstimate]:
    """The estimates of every action a hint at ``view`` weighs (each legal card, and a take or
    a pass where the seat may take), with what happened next in their simulations: the ones
    :func:`hint_for_view` gives its hint from, with the same arguments (kept, so asked again
    they are not worked out again; *Show me* picks its typical imagined deal from them)."""
    return view_estimates(view, hint_actions(view), rollouts, samples, seed)


def hint_actions(view: SeatView) -> tuple[int | str, ...]:
    """What a hint weighs for ``view.seat``: its legal cards when it is to play, and taking the
    next player's hand when it may (with passing, when it is not to play)."""
    actions: list[int | str] = list(indices(view.legal)) if view.my_turn else []
    if view.can_take and view.take_target is not None:
        actions.append(TAKE)
        if not view.my_turn:
            actions.append(PASS)
    if not actions:
        raise ValueError(f"{view.names[view.seat]} has nothing to do now: no hint")
    return tuple(actions)


def view_estimates(view: SeatView, actions: Sequence[int | str], rollouts: int = DEFAULT_ROLLOUTS,
                   samples: int = DEFAULT_SAMPLES, seed: int | None = 0) -> list[ActionEstimate]:
    """The estimates a hint gives ``actions`` at ``view``: from the seat's view alone, its
    hidden cards sampled (:func:`~bhabho_widget.play.search.estimate_actions`); the same
    ``seed`` and view give the same estimates."""
    return _estimates(view, tuple(actions), rollouts, samples, seed)


def hint_from_estimates(view: SeatView, est: Sequence[ActionEstimate], hands: Sequence[Mask] | None = None) -> Hint:
    """The hint for ``view.seat`` from estimates of its actions made elsewhere (by
    :func:`view_estimates`, or on a deal whose every hand a lesson shows): the recommended
    action, its reason and the chart's numbers, all from ``est``. ``hands``: every seat's
    hand, where a lesson shows them all: the rules of thumb are then said of the hands as
    shown (no "the others may play over it" when nobody can), the facts still of what was
    seen in play."""
    est = list(est)
    by_action = {e.action: e for e in est}
    cards = [e for e in est if isinstance(e.action, int)]
    best_card = min(cards, key=lambda e: (e.p, e.action)) if cards else None
    keep = best_card if best_card is not None else by_action.get(PASS)
    chosen: ActionEstimate
    take = by_action.get(TAKE)
    if take is not None and keep is not None and take.p + TAKE_MARGIN < keep.p and not about_equal(take, keep):
        chosen = by_action[TAKE]
    else:
        assert keep is not None
        chosen = keep
    reason = _explain(view, chosen, est, hands)
    estimates = tuple(_estimate(view, e) for e in est)
    action: Card | str = DECK[chosen.action] if isinstance(chosen.action, int) else chosen.action
    compared = compared_action(view, chosen, est)
    return Hint(view.seat, action, reason, estimates, None if compared is None else _code(compared.action))


def compared_action(view: SeatView, chosen: ActionEstimate, est: Sequence[ActionEstimate]) -> ActionEstimate | None:
    """The clearly worse action a reason for ``chosen`` explains: the most telling clearly
    worse card, or for a take or a pass the other of the two; None when none is clearly worse."""
    if chosen.action in (TAKE, PASS) or any(e.action == TAKE for e in est) and not view.my_turn:
        other = next((e for e in est if e.action in (TAKE, PASS) and e.action != chosen.action), None)
        if other is None:
            other = min((e for e in est if isinstance(e.action, int)), key=lambda e: e.p, default=None)
        return other if other is not None and not about_equal(other, chosen) and other.p > chosen.p else None
    return most_telling(view, chosen, clearly_worse(chosen, [e for e in est if isinstance(e.action, int)]))


def _code(action: int | str) -> str:
    return DECK[action].code if isinstance(action, int) else action


_CACHE: LRUCache[tuple, list[ActionEstimate]] = LRUCache(256)


def _estimates(view: SeatView, actions: tuple[int | str, ...], rollouts: int, samples: int,
               seed: int | None) -> list[ActionEstimate]:
    """The estimates of a hint, kept for a repeated hint of the same view and seed (a seed of
    None is fresh randomness and is not kept). The estimator is part of the key, so a test
    that replaces it is not answered from the cache."""
    key = (estimate_actions, view, actions, rollouts, samples, seed)
    if seed is not None:
        kept = _CACHE.get(key)
        if kept is not None:
            return list(kept)
    rng = random.Random(repr((seed, view.seat, view.trick_number, view.table, view.hand, view.hand_sizes)))
    est = estimate_actions(view, actions, rollouts, samples, rng)
    if seed is not None:
        _CACHE.put(key, est)
    return est


def explain(view: SeatView, chosen: ActionEstimate, estimates: Sequence[ActionEstimate]) -> str:
    """The coach's reason for ``chosen`` among ``estimates`` (every legal action's, from
    :func:`bhabho_widget.play.search.estimate_actions`) at ``view``: the sentence of a hint,
    translatable (``reason.localize(translator)``)."""
    return _explain(view, chosen, estimates)


def _estimate(view: SeatView, e: ActionEstimate) -> Estimate:
    lo, hi = e.deal_interval
    if isinstance(e.action, int):
        code, label = DECK[e.action].code, str(DECK[e.action])
    elif e.action == TAKE:
        code, label = TAKE, Message(T_TAKE_LABEL, target=SeatName(view.names[view.take_target], view.take_target))  # type: ignore[index,arg-type]
    else:
        code, label = PASS, Message(T_PASS_LABEL)
    return Estimate(code, label, e.p, lo, hi, e.rollouts)


# ---------------------------------------------------------------------- explanations
def _name(view: SeatView, seat: Seat) -> str:
    return Message(T_YOU) if seat == view.seat else SeatName(view.names[seat], seat)


def _one(suit: int) -> str:
    return SuitName(SUITS[suit], one=True)


def _suit(suit: int) -> str:
    return SuitName(SUITS[suit])


def _void_after(view: SeatView, suit: int) -> Seat | None:
    """The first seat after this one (in play order) that has shown no ``suit``."""
    return next((s for s in view.holders_from(view.seat)[1:] if view.voids[s] >> suit & 1), None)


def _action_sentence(view: SeatView, c: CardIndex, cards: Sequence[ActionEstimate],
                     worse: Sequence[ActionEstimate] = (), said: frozenset[int] = frozenset(),
                     hands: Sequence[Mask] | None = None) -> str:
    """The first sentence of a card's hint: what to play, with the rule of thumb that fits and
    that the numbers bear out. The advice to get rid of a high card comes only with the
    strongest legal card; "the others play over it" only where someone may; "avoid" a suit
    only when every card of it is among the ``worse`` ones (clearly worse) and the reason does
    not say so already (``said``: the suits the reason's facts are about). With ``hands``
    (every hand shown), who lacks the suit and who may play over the card are read from them."""
    card = DECK[c]
    strength = view.strength
    legal = [e.action for e in cards if isinstance(e.action, int)]
    high = strength[c] >= HIGH_STRENGTH and all(strength[c] >= strength[x] for x in legal)  # type: ignore[index]
    suit = c // 13
    if len(cards) == 1:
        if not view.table and view.opening:
            return Message(T_OPENING, card=card)
        if not view.table and view.drawn >= 0:
            return Message(T_DRAWN, card=card)
        return Message(T_ONLY, card=card)
    if not view.table:  # a lead
        low = min(indices(view.hand & SUIT_MASKS[suit]), key=strength.__getitem__)
        if hands is None:
            void = _void_after(view, suit)
            others = view.unseen | sum(m for s, m in enumerate(view.known) if s != view.seat)
        else:  # every hand shown: what the others really hold
            void = next((s for s in view.holders_from(view.seat)[1:] if not hands[s] & SUIT_MASKS[suit]), None)
            others = sum(m for s, m in enumerate(hands) if s != view.seat)
        over = any(strength[x] > strength[c] for x in indices(others & SUIT_MASKS[suit]))  # someone may play over it
        if void is None and c == low and over:
            first = Message(T_LEAD_LOW, card=card, suit=_suit(suit), one=_one(suit))
        elif void is None:
            first = Message(T_LEAD_SHED if high else T_LEAD_CLEAN, card=card, suit=_suit(suit), one=_one(suit))
        else:
            first = Message(T_LEAD, card=card)
        nxt = view.next_holder(view.seat)
        if nxt is not None:
            bad = {e.action for e in worse}
            avoided = [j for j in range(4) if j != suit and j not in said and view.voids[nxt] >> j & 1
                       and view.hand & SUIT_MASKS[j] and all(x in bad for x in indices(view.hand & SUIT_MASKS[j]))]
            if avoided:
                return Joined(" ", first, Message(T_AVOID, suit=_suit(avoided[0]), void=SeatName(view.names[nxt], nxt)))
        return first
    led = view.led_suit
    on_table = [(s, i) for s, i in zip(view.trick_order, view.table) if i // 13 == led]
    top_seat, top = max(on_table, key=lambda p: strength[p[1]])
    if not view.hand & SUIT_MASKS[led]:
        if view.opening or view.rules.off_suit == "discard":
            return Message(T_DISCARD if high else T_DISCARD_PLAIN, card=card, suit=_suit(led))
        return Message(T_TOCHOO if high else T_TOCHOO_PLAIN, card=card, suit=_suit(led), owner=_name(view, top_seat))
    if view.opening:
        return Message(T_FOLLOW_OPENING, card=card, one=_one(led))
    if len(view.table) == len(view.trick_order) - 1:
        return Message(T_FOLLOW_LAST if high else T_FOLLOW_LAST_PLAIN, card=card, one=_one(led))
    if strength[c] < strength[top]:
        return Message(T_FOLLOW_UNDER, card=card, top=DECK[top], owner=_name(view, top_seat))
    mine = indices(view.hand & SUIT_MASKS[led])
    if all(strength[i] > strength[top] for i in mine) and strength[c] == max(strength[i] for i in mine):
        # "the highest of them goes now" only of the highest; a lower one (as good here) is just played
        return Message(T_FOLLOW_OVER, card=card, one=_one(led), top=DECK[top])
    return Message(T_FOLLOW, card=card)


def _label_of(view: SeatView, e: ActionEstimate) -> str:
    return str(DECK[e.action]) if isinstance(e.action, int) else _label(view, e.action)


def _comparison(view: SeatView, chosen: ActionEstimate, cards: Sequence[ActionEstimate],
                worse: Sequence[ActionEstimate], telling: ActionEstimate | None = None) -> str:
    """The numbers: the chosen card's chance and the actions that are clearly worse (the one
    the reason explains first, ``telling``, then the worst), or that here it hardly matters."""
    card = DECK[chosen.action]  # type: ignore[index]
    if len(cards) == 1 and not worse:
        return Message(T_NUMBERS_ONE, n=chosen.rollouts, p=pct(chosen.p))
    if not worse:
        ps = [percent(e.p) for e in cards]
        if min(ps) == max(ps):
            return Message(T_CMP_SAME, n=chosen.rollouts, p=pct(cards[0].p))
        return Message(T_CMP_EVEN, n=chosen.rollouts, lo=pct(min(e.p for e in cards)), hi=pct(max(e.p for e in cards)))
    rest = sorted((e for e in worse if e is not telling), key=lambda e: (-e.p, str(e.action)))
    named = ([telling] if telling is not None else []) + rest
    items: list[str] = [Message(T_CMP_ITEM, card=_label_of(view, e), p=pct(e.p)) for e in named[:3]]
    if len(named) > 3:
        items.append(Message(T_CMP_MORE, n=len(named) - 3))
    return Message(T_CMP_WORSE, n=chosen.rollouts, p=pct(chosen.p), card=card, worse=ListOf(items))


def _explain(view: SeatView, chosen: ActionEstimate, est: Sequence[ActionEstimate],
             hands: Sequence[Mask] | None = None) -> str:
    by_action = {e.action: e for e in est}
    if chosen.action in (TAKE, PASS):
        return _explain_take(view, chosen, by_action, est)
    cards = [e for e in est if isinstance(e.action, int)]
    take = by_action.get(TAKE)
    worse = clearly_worse(chosen, [*cards, *([take] if take is not None else [])])
    telling = most_telling(view, chosen, [e for e in worse if isinstance(e.action, int)])
    cause = why(view, chosen, telling) if telling is not None else None
    said = frozenset(
        {telling.action // 13} if cause is not None and telling is not None and isinstance(telling.action, int) else set()
    )
    sentences = [_action_sentence(view, chosen.action, cards, worse, said, hands),  # type: ignore[arg-type]
                 _comparison(view, chosen, cards, worse, telling if cause is not None else None)]
    if cause is not None:
        sentences.append(cause)
    if take is not None and take.p < chosen.p:  # the take measured lower, but not by enough to take more cards
        template = T_TAKE_CLOSE if about_equal(take, chosen) else T_TAKE_SMALL
        sentences.append(Message(template, target=_name(view, view.take_target), p_take=pct(take.p)))  # type: ignore[arg-type]
    return Joined(" ", *sentences)


def decision_reason(view: SeatView, chosen: ActionEstimate, best: ActionEstimate, est: Sequence[ActionEstimate],
                    clearly: bool) -> str:
    """The coach's reason at a reviewed decision: why ``best`` is better than the ``chosen``
    action when it is ``clearly`` better (the review's graded test), naming both; that they are
    about equal when not; the hint's reason when the best was chosen."""
    if chosen.action == best.action:
        return _explain(view, best, est)
    names = {"chosen": _label(view, chosen.action), "best": _label(view, best.action)}
    if not clearly:
        return Message(T_REVIEW_EVEN, **names)
    if not isinstance(best.action, int) or not isinstance(chosen.action, int):
        return _explain_take(view, best, {e.action: e for e in est}, est)
    cards = [e for e in est if isinstance(e.action, int)]
    cause = why(view, best, chosen)
    first = _action_sentence(view, best.action, cards)
    return Joined(" ", first, cause) if cause is not None else first


def _label(view: SeatView, action: int | str) -> str:
    if isinstance(action, int):
        return str(DECK[action])
    if action == TAKE:
        return Message(T_TAKE_LABEL, target=_name(view, view.take_target if view.take_target is not None
                                                   else view.next_holder(view.seat)))  # type: ignore[arg-type]
    return Message(T_PASS_LABEL)


def _explain_take(view: SeatView, chosen: ActionEstimate, by_action: dict[int | str, ActionEstimate],
                  est: Sequence[ActionEstimate]) -> str:
    """Take or pass: the numbers, what a take does (rule 7) and why the one is better here."""
    target = SeatName(view.names[view.take_target], view.take_target) if view.take_target is not None else ""
    take = by_action[TAKE]
    keep = by_action.get(PASS) or min((e for e in est if isinstance(e.action, int)), key=lambda e: e.p)
    even = chosen.action != TAKE and about_equal(take, keep)
    template = T_TAKE if chosen.action == TAKE else T_PASS_EVEN if even else T_PASS
    sentences: list[str] = [Message(template, target=target, p_take=pct(take.p), p_keep=pct(keep.p))]
    effect = take_effect(view)
    if effect is not None:
        sentences.append(effect)
    if not even:
        better, worse = (take, keep) if chosen.action == TAKE else (keep, take)
        cause = take_why(view, better, worse)
        if cause is not None:
            sentences.append(cause)
    return Joined(" ", *sentences)
