"""Hints that explain: the best action for a seat, why, and each action's chance of losing.

:func:`hint` looks at a game through one seat's eyes (its :class:`SeatView`, nothing
more), reads the decision's one judgement (:func:`.judgement.judge`: for every legal action
the chance that the seat ends as the bhabhi, hidden hands sampled to fit what the seat has
seen, then many continuations played on by the rules of thumb with every hand of the sampled
deal open, every action on the same deals; the judgement the review of the game reads too),
recommends its action and explains it in plain words. A percentage means: if everyone played on
sensibly from here (ducking when a later player cannot follow, shedding high cards when the
trick goes round, leading suits everyone holds), this is how often the seat would end as
the bhabhi. Its 95 % interval counts the spread between the sampled
deals (:attr:`~bhabho_widget.play.search.ActionEstimate.deal_interval`), since the
continuations of one deal are alike.

Every sentence is a template with named placeholders (the ``T_*`` constants below), so
the explanations can be translated; the hinted seat is "you", other seats go by
``view.names``. Each sentence that says "you" has a third-person twin beside it
(``T_ONLY_THEM``, all in :data:`THIRD_PERSON_TWINS`): someone reading about the seat (a teacher
reviewing a student's game) is told the same reason with the seat's name, by a translator
:meth:`~bhabho_widget.i18n.Translator.about` it.

Each hint compares the recommended action with the others by the coach's one rule
(:func:`.grading.verdict`): the cards about as good as it are named with it, with the rule of
thumb that separates them where one does (:func:`.judgement.thumb`: "of these, play the
highest"), else that any of them will do; the clearly worse cards are named with their
chances, the least bad first, a take apart; and the reason says why, from what happens next
in the simulations and the facts the seat knows (:mod:`.causes`); where no card is clearly
worse, it says that here it hardly matters.

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
Simulated 384 times from here, you end as the bhabhi 38% of the time with 4♦; clearly worse: Q♦ (53%) and 7♥ (59%)
Why: Player 3 has shown no diamonds; Player 2 holds J♦, picked up in view of everyone
With Q♦ you pick up this trick in 100% of the simulations, with 4♦ in 6%: Player 2 picks it up in 94%
Taking Player 2's hand measured 60%: clearly worse, more cards to get rid of.
>>> from bhabho_widget.i18n import ENGLISH, translator
>>> print(h.reason.localize(ENGLISH.about("Asha")).split(". ")[1])
Simulated 384 times from here, Asha ends as the bhabhi 38% of the time with 4♦; clearly worse: Q♦ (53%) and 7♥ (59%)
>>> print(h.reason.localize(translator("de").about("Asha")).split(". ")[1])
384-mal von hier simuliert: Mit 4♦ endet Asha in 38% der Fälle als Bhabhi; deutlich schlechter: Q♦ (53%) und 7♥ (59%)
"""

from __future__ import annotations

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
from ..i18n import Joined, ListOf, Message, SeatName, SuitName, third_person
from ..play import search
from ..play.search import PASS, TAKE, ActionEstimate
from .causes import T_PASS_LABEL, T_TAKE_LABEL, most_telling, pct, percent, take_effect, take_why, why
from .grading import MARGIN, verdict
from .judgement import UNDER, Judgement, decision_actions, from_estimates, judge, paired_difference

__all__ = ["Estimate", "Hint", "about_equal", "clearly_worse", "compared_action", "decision_reason", "explain", "hint",
           "hint_actions", "hint_estimates", "hint_for_view", "hint_from_estimates", "hint_from_judgement", "percent",
           "view_estimates"]

DEFAULT_ROLLOUTS = search.DEFAULT_ROLLOUTS
"""Continuations per action for a hint, spread over :data:`DEFAULT_SAMPLES` sampled deals: the
search bot's own budget, so a hint is the move the ``"search"`` level would make."""
DEFAULT_SAMPLES = search.DEFAULT_SAMPLES
TAKE_MARGIN = MARGIN
"""A take is recommended only when it is clearly better than not taking: lower by at least the
coach's margin, the interval of the difference below 0 (:func:`~.grading.verdict`)."""
EQUALS_NAMED = 4
"""Cards about as good as each other are named together up to this many; more are counted."""
HIGH_STRENGTH = 8
"""A card is high, for the hints' advice to get rid of high cards, when it is one of the five
strongest of its suit: strength 8 or more (10, J, Q, K, A; with the ace low, 9 to K)."""

# ---------------------------------------------------------------------- sentence templates
T_YOU = "you"
T_OPENING = "Lead {card}: whoever holds {card} must open the game with it (rule 3)."
T_DRAWN = "Lead {card}: it is the card you drew from the waste pile, and you must lead it (rule 6)."
T_DRAWN_THEM = "Lead {card}: it is the card {name} drew from the waste pile, and {name} must lead it (rule 6)."
T_ONLY = "Play {card}: it is your only legal card."
T_ONLY_THEM = "Play {card}: it is {name}'s only legal card."
T_LEAD_LOW = "Lead {card}: nobody after you has shown a lack of {suit}, and your lowest {one} lets the others play over it."
T_LEAD_LOW_THEM = ("Lead {card}: nobody after {name} has shown a lack of {suit}, and {name}'s lowest {one} lets the "
                   "others play over it.")
T_LEAD_SHED = ("Lead {card}: nobody has shown a lack of {suit}, so the trick is likely to go round cleanly; "
               "a good moment to get rid of a high {one}.")
T_LEAD = "Lead {card}."
T_AVOID = "Avoid {suit}: {void} has shown none, so you would pick up your own lead at once."
T_AVOID_THEM = "Avoid {suit}: {void} has shown none, so {name} would pick up that lead at once."
T_FOLLOW_LAST = ("Play {card}: you are the last to play to this trick, so it goes to the waste pile whatever you play; "
                 "a safe moment to get rid of a high {one}.")
T_FOLLOW_LAST_THEM = ("Play {card}: {name} is the last to play to this trick, so it goes to the waste pile whatever "
                      "{name} plays; a safe moment to get rid of a high {one}.")
T_FOLLOW_UNDER = "Play {card}, under {top}: if someone after you cannot follow, {owner} picks up, not you."
T_FOLLOW_UNDER_THEM = "Play {card}, under {top}: if someone after {name} cannot follow, {owner} picks up, not {name}."
T_FOLLOW_OVER = "Play {card}: every {one} you hold beats {top}, so the highest of them goes now, while you are over anyway."
T_FOLLOW_OVER_THEM = ("Play {card}: every {one} {name} holds beats {top}, so the highest of them goes now, while "
                      "{name} is over anyway.")
T_FOLLOW = "Play {card}."
T_FOLLOW_OPENING = ("Play {card}: in the opening trick nobody picks up (rule 3); the trick goes to the waste pile and "
                    "the highest {one} leads next.")
T_TOCHOO = ("Play {card} as a tochoo: you have no {suit}, so the trick ends at once and {owner} picks it up. "
            "High cards are the hardest to get rid of, so throw one now.")
T_TOCHOO_THEM = ("Play {card} as a tochoo: {name} has no {suit}, so the trick ends at once and {owner} picks it up. "
                 "High cards are the hardest to get rid of, so throw one now.")
T_DISCARD = "Discard {card}: you have no {suit}, and nobody picks up in this trick, so get rid of a high card."
T_DISCARD_THEM = "Discard {card}: {name} has no {suit}, and nobody picks up in this trick, so get rid of a high card."
# the same moments for a card that is not high (see HIGH_STRENGTH): no advice about high cards
T_LEAD_CLEAN = "Lead {card}: nobody has shown a lack of {suit}, so the trick is likely to go round cleanly."
T_FOLLOW_LAST_PLAIN = "Play {card}: you are the last to play to this trick, so it goes to the waste pile whatever you play."
T_FOLLOW_LAST_PLAIN_THEM = ("Play {card}: {name} is the last to play to this trick, so it goes to the waste pile "
                            "whatever {name} plays.")
T_TOCHOO_PLAIN = "Play {card} as a tochoo: you have no {suit}, so the trick ends at once and {owner} picks it up."
T_TOCHOO_PLAIN_THEM = ("Play {card} as a tochoo: {name} has no {suit}, so the trick ends at once and {owner} picks "
                       "it up.")
T_DISCARD_PLAIN = "Discard {card}: you have no {suit}, and nobody picks up in this trick."
T_DISCARD_PLAIN_THEM = "Discard {card}: {name} has no {suit}, and nobody picks up in this trick."
T_TAKE = "Take {target}'s hand: after taking you end as the bhabhi {p_take} of the time, against {p_keep} if you do not."
T_TAKE_THEM = ("Take {target}'s hand: after taking, {name} ends as the bhabhi {p_take} of the time, against {p_keep} "
               "without.")
T_PASS = "Do not take {target}'s hand: after taking you would end as the bhabhi {p_take} of the time, against {p_keep}."
T_PASS_THEM = ("Do not take {target}'s hand: after taking, {name} would end as the bhabhi {p_take} of the time, "
               "against {p_keep}.")
T_CMP_WORSE = "Simulated {n} times from here, you end as the bhabhi {p} of the time with {card}; clearly worse: {worse}."
T_CMP_WORSE_THEM = ("Simulated {n} times from here, {name} ends as the bhabhi {p} of the time with {card}; clearly "
                    "worse: {worse}.")
T_CMP_ITEM = "{card} ({p})"
T_CMP_MORE = "{n} more"
T_CMP_SAME = ("Simulated {n} times from here, every card gives you the same chance of ending as the bhabhi, {p}: "
              "here it makes no difference which you play.")
T_CMP_SAME_THEM = ("Simulated {n} times from here, every card gives {name} the same chance of ending as the bhabhi, "
                   "{p}: here it makes no difference which {name} plays.")
T_TAKE_CLOSE = ("Taking {target}'s hand measured {p_take}, within the simulations' margin of your best card: "
                "not worth taking more cards.")
T_TAKE_CLOSE_THEM = ("Taking {target}'s hand measured {p_take}, within the simulations' margin of {name}'s best "
                     "card: not worth taking more cards.")
T_TAKE_SMALL = ("Taking {target}'s hand measured {p_take}, a little lower, but not by enough to be worth taking "
                "more cards.")
T_CMP_EVEN = ("Simulated {n} times from here, every card gives about the same chance of ending as the bhabhi "
              "({lo} to {hi}), within the simulations' margin: here it hardly matters which you play.")
T_CMP_EVEN_THEM = ("Simulated {n} times from here, every card gives about the same chance of ending as the bhabhi "
                   "({lo} to {hi}), within the simulations' margin: here it hardly matters which {name} plays.")
T_REVIEW_EVEN = "{chosen} and {best} are about equal here, within the simulations' margin of error."
T_PASS_EVEN = ("Do not take {target}'s hand: after taking you would end as the bhabhi {p_take} of the time and {p_keep} "
               "without, about equal within the simulations' margin of error, so there is no reason to take more cards.")
T_PASS_EVEN_THEM = ("Do not take {target}'s hand: after taking, {name} would end as the bhabhi {p_take} of the time "
                    "and {p_keep} without, about equal within the simulations' margin of error, so there is no "
                    "reason to take more cards.")
T_NUMBERS_ONE = "Simulated {n} times from here, you end as the bhabhi {p} of the time."
T_NUMBERS_ONE_THEM = "Simulated {n} times from here, {name} ends as the bhabhi {p} of the time."
# several cards as good as each other (within the margin): named together, and what separates them
T_EQUALS_SAME = "{cards}: all {p}, as good as each other here."
T_EQUALS = "{cards}: about as good as each other here ({lo} to {hi}, within the simulations' margin)."
T_EQUALS_ALL_SAME = ("Simulated {n} times from here, {cards} all give you the same chance of ending as the bhabhi, {p}: "
                     "as good as each other.")
T_EQUALS_ALL_SAME_THEM = ("Simulated {n} times from here, {cards} all give {name} the same chance of ending as the "
                          "bhabhi, {p}: as good as each other.")
T_EQUALS_ALL = ("Simulated {n} times from here, {cards} are about as good as each other ({lo} to {hi}, within the "
                "simulations' margin).")
T_EQUALS_MANY = "{k} of your cards are about as good as each other here ({lo} to {hi}, within the simulations' margin)."
T_EQUALS_MANY_THEM = ("{k} of {name}'s cards are about as good as each other here ({lo} to {hi}, within the "
                      "simulations' margin).")
T_THUMB_ANY = "The simulations cannot tell them apart, and no rule of thumb does: any of them will do ({card} is marked)."
T_THUMB_TOCHOO = ("Of these, throw {card}, the highest: the trick ends with your tochoo and {owner} picks it up, "
                  "so a high card is best gone now.")
T_THUMB_TOCHOO_THEM = ("Of these, throw {card}, the highest: the trick ends with {name}'s tochoo and {owner} picks "
                       "it up, so a high card is best gone now.")
T_THUMB_OPENING = ("Of these, play {card}, the highest: in the opening trick nobody picks up (rule 3), so a high {one} "
                   "is best gone now.")
T_THUMB_DISCARD = "Of these, discard {card}, the highest: nobody picks up in this trick, so a high card is best gone now."
T_THUMB_LAST = ("Of these, play {card}, the highest: you are the last to play, so the trick goes to the waste pile "
                "whatever you play.")
T_THUMB_LAST_THEM = ("Of these, play {card}, the highest: {name} is the last to play, so the trick goes to the waste "
                     "pile whatever {name} plays.")
T_THUMB_OVER = "Of these, play {card}, the highest: each of them is over {top} anyway, so the highest goes now."
T_THUMB_UNDER = "Of these, play {card}, the highest that stays under {top}: it keeps your lower {suit} for later."
T_THUMB_UNDER_THEM = ("Of these, play {card}, the highest that stays under {top}: it keeps {name}'s lower {suit} for "
                      "later.")
T_TAKE_WORSE = "Taking {target}'s hand measured {p_take}: clearly worse, more cards to get rid of."

# the third person of each sentence that speaks to the seat ("you"): a teacher reads the reason of a student's
# decision with the student's name (Translator.about); "you" as a seat's name is the name itself
THIRD_PERSON_TWINS = third_person({T_YOU: "{name}", T_DRAWN: T_DRAWN_THEM, T_ONLY: T_ONLY_THEM,
                                   T_LEAD_LOW: T_LEAD_LOW_THEM, T_AVOID: T_AVOID_THEM,
                                   T_FOLLOW_LAST: T_FOLLOW_LAST_THEM, T_FOLLOW_UNDER: T_FOLLOW_UNDER_THEM,
                                   T_FOLLOW_OVER: T_FOLLOW_OVER_THEM, T_TOCHOO: T_TOCHOO_THEM,
                                   T_DISCARD: T_DISCARD_THEM, T_FOLLOW_LAST_PLAIN: T_FOLLOW_LAST_PLAIN_THEM,
                                   T_TOCHOO_PLAIN: T_TOCHOO_PLAIN_THEM, T_DISCARD_PLAIN: T_DISCARD_PLAIN_THEM,
                                   T_TAKE: T_TAKE_THEM, T_PASS: T_PASS_THEM, T_CMP_WORSE: T_CMP_WORSE_THEM,
                                   T_CMP_SAME: T_CMP_SAME_THEM, T_TAKE_CLOSE: T_TAKE_CLOSE_THEM,
                                   T_CMP_EVEN: T_CMP_EVEN_THEM, T_PASS_EVEN: T_PASS_EVEN_THEM,
                                   T_NUMBERS_ONE: T_NUMBERS_ONE_THEM, T_EQUALS_ALL_SAME: T_EQUALS_ALL_SAME_THEM,
                                   T_EQUALS_MANY: T_EQUALS_MANY_THEM, T_THUMB_TOCHOO: T_THUMB_TOCHOO_THEM,
                                   T_THUMB_LAST: T_THUMB_LAST_THEM, T_THUMB_UNDER: T_THUMB_UNDER_THEM})


def about_equal(a: ActionEstimate, b: ActionEstimate) -> bool:
    """True when two actions are about as good as each other by the coach's one rule
    (:func:`~bhabho_widget.coach.grading.verdict`): the 95 % interval of their difference holds
    0, or the difference is below the margin. Estimated on the same sampled deals
    (:func:`~bhabho_widget.coach.judgement.judge`), the difference is paired over the deals;
    else (estimates made apart) its interval comes from the two Wilson intervals.

    >>> about_equal(ActionEstimate(0, 100, 22), ActionEstimate(1, 100, 25))
    True
    >>> about_equal(ActionEstimate(0, 100, 10), ActionEstimate(1, 100, 40))
    False
    >>> about_equal(ActionEstimate(0, 40, 8, deal_losses=(2, 2, 2, 2)), ActionEstimate(1, 40, 28, deal_losses=(7, 7, 7, 7)))
    False
    >>> about_equal(ActionEstimate(0, 40, 8, deal_losses=(0, 8, 0, 0)), ActionEstimate(1, 40, 9, deal_losses=(9, 0, 0, 0)))
    True
    """
    return verdict(*paired_difference(a, b)) == "even"


def clearly_worse(chosen: ActionEstimate, others: Sequence[ActionEstimate]) -> list[ActionEstimate]:
    """The actions of ``others`` that are clearly worse than ``chosen`` by the coach's one rule
    (:func:`~bhabho_widget.coach.grading.verdict`), the least bad first."""
    return sorted((e for e in others if e.action != chosen.action and verdict(*paired_difference(e, chosen)) == "worse"),
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
    ``reason`` in plain words, ``estimates`` for every legal action, ``compared``: the
    code of the clearly worse action the reason explains (None: none is clearly worse), the
    one *Show me* plays out beside the recommended one, and ``equals``: the codes of the other
    actions about as good as ``action`` (within the margin), which the reason names with it."""

    seat: Seat
    action: Card | str
    reason: str
    estimates: tuple[Estimate, ...]
    compared: str | None = None
    equals: tuple[str, ...] = ()

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
    """:func:`hint` from a :class:`SeatView`: what a hint may know, and nothing more. The hint
    reads the decision's one judgement (:func:`~bhabho_widget.coach.judgement.judge`), the one
    the review of the game reads too."""
    return hint_from_judgement(judge(view, rollouts=rollouts, samples=samples, seed=seed))


def hint_estimates(view: SeatView, rollouts: int = DEFAULT_ROLLOUTS, samples: int = DEFAULT_SAMPLES,
                   seed: int | None = 0) -> list[ActionEstimate]:
    """The simulations of every action a hint at ``view`` weighs, with what happened next in
    them: the judgement :func:`hint_for_view` gives its hint from, with the same arguments
    (kept, so asked again they are not worked out again; *Show me* picks its imagined deals
    from them)."""
    return list(judge(view, rollouts=rollouts, samples=samples, seed=seed).estimates)


hint_actions = decision_actions
"""What a hint weighs for ``view.seat`` (:func:`~bhabho_widget.coach.judgement.decision_actions`)."""


def view_estimates(view: SeatView, actions: Sequence[int | str], rollouts: int = DEFAULT_ROLLOUTS,
                   samples: int = DEFAULT_SAMPLES, seed: int | None = 0) -> list[ActionEstimate]:
    """The simulations of ``actions`` at ``view`` (:func:`~bhabho_widget.coach.judgement.judge`):
    from the seat's view alone, its hidden cards sampled; the same ``seed`` and view give the
    same estimates."""
    return list(judge(view, tuple(actions), rollouts=rollouts, samples=samples, seed=seed).estimates)


def hint_from_estimates(view: SeatView, est: Sequence[ActionEstimate], hands: Sequence[Mask] | None = None) -> Hint:
    """The hint for ``view.seat`` from simulations of its actions made elsewhere (on a deal
    whose every hand a lesson shows, say): their judgement (:func:`~.judgement.from_estimates`)
    told as a hint. ``hands``: every seat's hand, where a lesson shows them all: the rules of
    thumb are then said of the hands as shown (no "the others may play over it" when nobody
    can), the facts still of what was seen in play."""
    return hint_from_judgement(from_estimates(view, [e.action for e in est], est), hands)


def hint_from_judgement(j: Judgement, hands: Sequence[Mask] | None = None) -> Hint:
    """The hint of a judgement: its recommended action, the reason, the chart's numbers, the
    actions about as good as it and the clearly worse one the reason explains."""
    view = j.view
    reason = _explain(j, hands)
    estimates = tuple(_estimate(view, e) for e in j.estimates)
    action: Card | str = DECK[j.recommended] if isinstance(j.recommended, int) else j.recommended
    compared = compared_action(j)
    return Hint(view.seat, action, reason, estimates, None if compared is None else _code(compared.action),
                tuple(_code(e.action) for e in j.equals()[1:]))


def compared_action(j: Judgement) -> ActionEstimate | None:
    """The clearly worse action the reason for the recommended one explains (the one *Show me*
    plays out beside it): for a take or a pass the other of the two, for a card the clearly
    worse card whose difference the consequences explain best; None when none is clearly worse."""
    rec = j.best
    if rec.action in (TAKE, PASS) or TAKE in j.actions and not j.view.my_turn:
        other = next((e for e in j.estimates if e.action in (TAKE, PASS) and e.action != rec.action), None)
        return other if other is not None and j.verdict(other.action) == "worse" else None
    return most_telling(j.view, rec, [e for e in j.worse() if isinstance(e.action, int)])


def _code(action: int | str) -> str:
    return DECK[action].code if isinstance(action, int) else action


def explain(view: SeatView, chosen: ActionEstimate, estimates: Sequence[ActionEstimate]) -> str:
    """The coach's reason for ``chosen`` among ``estimates`` (every legal action's simulations,
    on the same deals) at ``view``, when ``chosen`` is the action their judgement recommends
    (:func:`~.judgement.from_estimates`): the sentence of a hint, translatable
    (``reason.localize(translator)``)."""
    j = from_estimates(view, [e.action for e in estimates], estimates)
    if j.recommended != chosen.action:
        raise ValueError(f"{_code(chosen.action)} is not the action these simulations recommend "
                         f"({j.recommended_code}): see decision_reason")
    return _explain(j)


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


def _listed(view: SeatView, named: Sequence[ActionEstimate]) -> ListOf:
    """Cards with their chances, in the order given, at most three and "n more"."""
    items: list[str] = [Message(T_CMP_ITEM, card=_label_of(view, e), p=pct(e.p)) for e in named[:3]]
    if len(named) > 3:
        items.append(Message(T_CMP_MORE, n=len(named) - 3))
    return ListOf(items)


def _comparison(j: Judgement, cards: Sequence[ActionEstimate], worse: Sequence[ActionEstimate],
                telling: ActionEstimate | None = None) -> str:
    """The numbers: the recommended card's chance and the cards that are clearly worse (sorted
    by chance, the least bad first; among the three named, ``telling``, the one the reason
    explains), or that here it hardly matters which card."""
    view, rec = j.view, j.best
    if len(cards) == 1 and not worse:
        return Message(T_NUMBERS_ONE, n=rec.rollouts, p=pct(rec.p))
    if not worse:
        ps = [percent(e.p) for e in cards]
        if min(ps) == max(ps):
            return Message(T_CMP_SAME, n=rec.rollouts, p=pct(cards[0].p))
        return Message(T_CMP_EVEN, n=rec.rollouts, lo=pct(min(e.p for e in cards)), hi=pct(max(e.p for e in cards)))
    ordered = sorted(worse, key=lambda e: (e.p, str(e.action)))
    if telling is not None and telling in ordered[3:]:  # the card the reason explains is named, in its place
        ordered = [*ordered[:2], telling, *(e for e in ordered[2:] if e is not telling)]
    return Message(T_CMP_WORSE, n=rec.rollouts, p=pct(rec.p), card=DECK[rec.action],  # type: ignore[index]
                   worse=_listed(view, ordered))


def _equals_sentence(j: Judgement, equal: Sequence[ActionEstimate], every: bool) -> str:
    """Several cards about as good as each other: said together, with their chances (and,
    when they are ``every`` card, the number of simulations: no other numbers follow)."""
    view = j.view
    ordered = sorted(equal, key=lambda e: view.strength[e.action])  # type: ignore[index]
    cards = ListOf([str(DECK[e.action]) for e in ordered], "and" if every else "or")  # type: ignore[index]
    ps = [percent(e.p) for e in equal]
    lo, hi = pct(min(e.p for e in equal)), pct(max(e.p for e in equal))
    if len(equal) > EQUALS_NAMED:
        return Message(T_EQUALS_MANY, k=len(equal), lo=lo, hi=hi)
    if every:
        if min(ps) == max(ps):
            return Message(T_EQUALS_ALL_SAME, n=j.rollouts, cards=cards, p=pct(equal[0].p))
        return Message(T_EQUALS_ALL, n=j.rollouts, cards=cards, lo=lo, hi=hi)
    if min(ps) == max(ps):
        return Message(T_EQUALS_SAME, cards=cards, p=pct(equal[0].p))
    return Message(T_EQUALS, cards=cards, lo=lo, hi=hi)


def _thumb_sentence(j: Judgement) -> str:
    """Which of several cards as good as each other to play, by the rule of thumb that picked
    it (:func:`~.judgement.thumb`), or that any of them will do."""
    view = j.view
    card = DECK[j.recommended]  # type: ignore[index]
    if j.rule is None:
        return Message(T_THUMB_ANY, card=card)
    led = view.led_suit
    on_table = [(s, i) for s, i in zip(view.trick_order, view.table) if i // 13 == led]
    top_seat, top = max(on_table, key=lambda p: view.strength[p[1]])
    if j.rule == UNDER:
        return Message(T_THUMB_UNDER, card=card, top=DECK[top], suit=_suit(led))
    if not view.hand & SUIT_MASKS[led]:
        if view.opening or view.rules.off_suit == "discard":
            return Message(T_THUMB_DISCARD, card=card)
        return Message(T_THUMB_TOCHOO, card=card, owner=_name(view, top_seat))
    if view.opening:
        return Message(T_THUMB_OPENING, card=card, one=_one(led))
    if len(view.table) == len(view.trick_order) - 1:
        return Message(T_THUMB_LAST, card=card)
    return Message(T_THUMB_OVER, card=card, top=DECK[top])


def _explain(j: Judgement, hands: Sequence[Mask] | None = None) -> str:
    """The reason of a judgement's recommended action, as a hint says it."""
    view, rec = j.view, j.best
    if rec.action in (TAKE, PASS):
        return _explain_take(j)
    cards = [e for e in j.estimates if isinstance(e.action, int)]
    worse = [e for e in j.worse() if isinstance(e.action, int)]
    equal = [e for e in j.equals() if isinstance(e.action, int)]
    take = next((e for e in j.estimates if e.action == TAKE), None)
    telling = most_telling(view, rec, worse)
    cause = why(view, rec, telling) if telling is not None else None
    said = frozenset({telling.action // 13} if cause is not None and telling is not None  # type: ignore[operator]
                     and isinstance(telling.action, int) else set())
    sentences: list[str] = []
    every = len(equal) == len(cards)
    if len(equal) >= 2:  # several cards as good: named together, with the rule of thumb that separates them
        if every and len(equal) > EQUALS_NAMED:
            sentences.append(_comparison(j, cards, worse))  # "here it hardly matters which you play"
        else:
            sentences.append(_equals_sentence(j, equal, every))
        sentences.append(_thumb_sentence(j))
        if not every:
            sentences.append(_comparison(j, cards, worse, telling if cause is not None else None))
    else:
        sentences.append(_action_sentence(view, rec.action, cards, worse, said, hands))  # type: ignore[arg-type]
        sentences.append(_comparison(j, cards, worse, telling if cause is not None else None))
    if cause is not None:
        sentences.append(cause)
    if take is not None:
        diff = j.difference(TAKE)[0]
        if j.verdict(TAKE) == "worse":
            sentences.append(Message(T_TAKE_WORSE, target=_name(view, view.take_target), p_take=pct(take.p)))  # type: ignore[arg-type]
        elif diff < 0:  # measured lower, but not by enough to take more cards
            template = T_TAKE_CLOSE if about_equal(take, rec) else T_TAKE_SMALL
            sentences.append(Message(template, target=_name(view, view.take_target), p_take=pct(take.p)))  # type: ignore[arg-type]
    return Joined(" ", *sentences)


def decision_reason(j: Judgement, chosen: int | str) -> str:
    """The coach's reason at a reviewed decision whose action was ``chosen``: the hint's reason
    when it was the recommended action; that the two are about as good when it was within the
    margin (:func:`~.grading.verdict`); else why the recommended action is better, naming both,
    from what happened next in the simulations and the facts the seat knew."""
    view = j.view
    if j.verdict(chosen) == "recommended":
        return _explain(j)
    names = {"chosen": _label(view, chosen), "best": _label(view, j.recommended)}
    if j.verdict(chosen) != "worse":
        return Message(T_REVIEW_EVEN, **names)
    rec, mine = j.best, j.estimate(chosen)
    if not isinstance(rec.action, int) or not isinstance(chosen, int):
        return _explain_take(j, against=mine)
    cards = [e for e in j.estimates if isinstance(e.action, int)]
    cause = why(view, rec, mine)
    first = _action_sentence(view, rec.action, cards)
    return Joined(" ", first, cause) if cause is not None else first


def _label(view: SeatView, action: int | str) -> str:
    if isinstance(action, int):
        return str(DECK[action])
    if action == TAKE:
        return Message(T_TAKE_LABEL, target=_name(view, view.take_target if view.take_target is not None
                                                   else view.next_holder(view.seat)))  # type: ignore[arg-type]
    return Message(T_PASS_LABEL)


def _explain_take(j: Judgement, against: ActionEstimate | None = None) -> str:
    """Take or pass: the numbers, what a take does (rule 7) and why the one is better here
    (than ``against``, the action chosen instead, or the other of the two)."""
    view, rec = j.view, j.best
    target = SeatName(view.names[view.take_target], view.take_target) if view.take_target is not None else ""
    take = j.estimate(TAKE)
    if rec.action != TAKE:
        keep = rec
    elif PASS in j.actions:
        keep = j.estimate(PASS)
    else:  # a take before one's own lead: against the best lead
        keep = min((e for e in j.estimates if isinstance(e.action, int)), key=lambda e: (e.p, str(e.action)))
    even = rec.action != TAKE and j.verdict(TAKE) != "worse"
    template = T_TAKE if rec.action == TAKE else T_PASS_EVEN if even else T_PASS
    sentences: list[str] = [Message(template, target=target, p_take=pct(take.p), p_keep=pct(keep.p))]
    effect = take_effect(view)
    if effect is not None:
        sentences.append(effect)
    if not even:
        other = against if against is not None else keep if rec.action == TAKE else take
        cause = take_why(view, rec, other)
        if cause is not None:
            sentences.append(cause)
    return Joined(" ", *sentences)
