"""Show me at the table: one imagined way the game can go, played out on the felt step by step.

The coach says an action is better because of what tends to happen next. *Show me* plays
that out: :func:`bhabho_widget.coach.imagine.imagine` deals the hidden cards once from what
the seat knew (never the real hidden cards: the deal is the same whatever they are) and
continues the game after the better action and after the worse one, each by the rules of
thumb of the simulations, to the end. A :class:`Showing` holds the two lines and which
step of which line the felt shows; its views (:meth:`Showing.view`) are built by
:func:`.view.build_view` from the imagined game at that step, in mode ``"imagine"``: every
hand is shown (they are imaginary), nothing can be played, and ``view["imagine"]`` says
which line, which step of how many, the action and, once it is over, how its trick ended.

The better and the worse action: for a hint, the hint's action and the clearly worse one its
reason explains (:attr:`bhabho_widget.coach.hints.Hint.compared`); for a decision of the
review, the best action measured and the one chosen. Where there is no worse one (nothing is
clearly worse than the hint's action, or the review's decision chose the best), there is
one line, the better action's. The deal is a *typical* one: on it each trick ends as it
most often did in that decision's simulations (``estimates``).

The log of a view is the seat's own log up to the moment (as the seat read it, the real
hidden cards never named), then the imagined steps, each marked as imagined.

>>> from bhabho_widget import Card, Game
>>> g = Game.from_hands([["4S", "5H", "6H"], ["KS", "4D", "QD", "7H"], ["JD", "2S", "8H"], ["9C", "3S", "10H"]],
...                     leader=2, seed=1)
>>> for card in ["JD", "9C", "2S", "3S", "4S", "KS"]:
...     _ = g.play(card)
>>> s = Showing(g, 1, Card.parse("4D").index, Card.parse("QD").index)
>>> s.lines_shown, s.count
(('better', 'worse'), 13)
>>> s.go(2)
>>> v = s.view(ENGLISH, g.names, version=7)
>>> v["mode"], v["imagine"]["action"], v["imagine"]["step"], v["narration"]
('imagine', '4D', 2, 'Player 2 follows with J♦.')
>>> s.switch("worse"); s.go(3)
>>> s.view(ENGLISH, g.names, version=8)["imagine"]["outcome"]   # Q♦ led, J♦ under it, a tochoo: you pick up
'In this imagined game, after Q♦ you pick up this trick.'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from ..coach.causes import T_PASS_LABEL, T_TAKE_LABEL, pct
from ..coach.hints import hint_estimates
from ..coach.imagine import Imagined, Line, imagined
from ..coach.review import replay_to
from ..engine.cards import DECK, Card
from ..engine.errors import MessageError
from ..engine.events import Event
from ..engine.game import Game
from ..engine.seat_view import SeatView
from ..i18n import ENGLISH, Message, Translator, third_person
from ..play.search import PASS, TAKE, ActionEstimate
from . import protocol_types as wire
from .reviewing import ReviewRun
from .session import HINT_SEED, TableSession
from .traits import tracker_trait
from .view import LogLine, TableCard, View, build_view, log_lines

__all__ = ["LINES", "SOURCES", "Showing", "action_of", "check_choice"]

LineName = Literal["better", "worse"]
Source = Literal["hint", "review", "puzzle"]
LINES: tuple[LineName, ...] = ("better", "worse")
SOURCES: tuple[Source, ...] = ("hint", "review", "puzzle")

# ---------------------------------------------------------------------- sentence templates
T_SHOW_BEFORE = "Before {action}: the table as you saw it, the other hands imagined. Next plays {action}."
T_SHOW_LOG = "Imagined: {text}"
T_SHOW_PICK_YOU = "In this imagined game, after {action} you pick up this trick."
T_SHOW_PICK = "In this imagined game, after {action} {name} picks up this trick."
T_SHOW_CLEAN = "In this imagined game, after {action} this trick goes round cleanly to the waste pile."
# the same, with how often it went so in the simulations (the deal was chosen to show it)
T_SHOW_PICK_YOU_P = "In this imagined game, after {action} you pick up this trick: in {p} of the simulations, like this one."
T_SHOW_PICK_P = ("In this imagined game, after {action} {name} picks up this trick: in {p} of the simulations, like "
                 "this one.")
T_SHOW_CLEAN_P = ("In this imagined game, after {action} this trick goes round cleanly to the waste pile: in {p} of the "
                  "simulations, like this one.")
T_SHOW_ESCAPE_P = ("In this imagined game, after {action} you escape at the end of this trick: in {p} of the "
                   "simulations, like this one.")
T_SHOW_NO_ESCAPE_P = ("In this imagined game, after {action} you still hold cards at the end of this trick: in {p} of "
                      "the simulations, like this one.")
T_SHOW_POWER_P = ("In this imagined game, after {action} you have the power after this trick and lead the next one: "
                  "in {p} of the simulations, like this one.")
T_SHOW_NO_POWER_P = ("In this imagined game, after {action} you do not have the power after this trick: in {p} of the "
                     "simulations, like this one.")
T_SHOW_LOSE_P = "In this imagined game, after {action} you end as the bhabhi: in {p} of the simulations, like this one."
T_SHOW_SAFE_P = ("In this imagined game, after {action} you do not end as the bhabhi: in {p} of the simulations, like "
                 "this one.")
# the same of someone else's game (a teacher shows a student's decision): the seat by name
T_SHOW_BEFORE_3 = ("Before {action}: the table as {name} saw it, the other hands imagined. Next plays {action}.")
T_SHOW_ESCAPE_P_3 = ("In this imagined game, after {action} {name} escapes at the end of this trick: in {p} of the "
                     "simulations, like this one.")
T_SHOW_NO_ESCAPE_P_3 = ("In this imagined game, after {action} {name} still holds cards at the end of this trick: in {p} "
                        "of the simulations, like this one.")
T_SHOW_POWER_P_3 = ("In this imagined game, after {action} {name} has the power after this trick and leads the next "
                    "one: in {p} of the simulations, like this one.")
T_SHOW_NO_POWER_P_3 = ("In this imagined game, after {action} {name} does not have the power after this trick: in {p} of "
                       "the simulations, like this one.")
T_SHOW_LOSE_P_3 = ("In this imagined game, after {action} {name} ends as the bhabhi: in {p} of the simulations, like "
                   "this one.")
T_SHOW_SAFE_P_3 = ("In this imagined game, after {action} {name} does not end as the bhabhi: in {p} of the simulations, "
                   "like this one.")
third_person({T_SHOW_BEFORE: T_SHOW_BEFORE_3, T_SHOW_PICK_YOU: T_SHOW_PICK, T_SHOW_PICK_YOU_P: T_SHOW_PICK_P,
              T_SHOW_ESCAPE_P: T_SHOW_ESCAPE_P_3, T_SHOW_NO_ESCAPE_P: T_SHOW_NO_ESCAPE_P_3,
              T_SHOW_POWER_P: T_SHOW_POWER_P_3, T_SHOW_NO_POWER_P: T_SHOW_NO_POWER_P_3,
              T_SHOW_LOSE_P: T_SHOW_LOSE_P_3, T_SHOW_SAFE_P: T_SHOW_SAFE_P_3})


def action_of(code: str) -> int | str:
    """A hint's or a review's action code (``"4D"``, ``"take"``, ``"pass"``) as
    :func:`~bhabho_widget.coach.imagine.imagine` takes it."""
    return code if code in (TAKE, PASS) else Card.parse(code).index


def check_choice(line: object, source: object) -> None:
    """Refuse a line or a source Show me does not know (a ValueError naming the choices)."""
    if line not in LINES:
        raise ValueError(f"line must be one of {', '.join(map(repr, LINES))}, not {str(line)[:20]!r}")
    if source not in SOURCES:
        raise ValueError(f"source must be one of {', '.join(map(repr, SOURCES))}, not {str(source)[:20]!r}")


def _code(action: int | str) -> str:
    return DECK[action].code if isinstance(action, int) else action


class Showing:
    """Show me for ``seat`` at the moment ``game`` is in (see the module's docstring):
    ``better`` and ``worse`` (None: none) are card indices, ``"take"`` or ``"pass"``;
    ``view`` is the seat's view the actions were weighed from (default: the game's own seat
    view); ``estimates`` the simulations of that moment; ``source`` and ``decision`` where
    it was asked from (a hint, or a decision of the review); ``person`` the name of the seat's
    player when someone else's game is shown (a teacher's review of a student's game: every
    sentence speaks of them by name), None for the person's own. It starts at step 0 of the
    better line."""

    def __init__(self, game: Game, seat: int, better: int | str, worse: int | str | None, *,
                 view: SeatView | None = None, estimates: Sequence[ActionEstimate] = (), source: Source = "hint",
                 decision: int | None = None, seed: int = 0, person: str | None = None) -> None:
        self.seat = seat
        self.person = person  # None: the person's own decision ("you"); a name: someone else's, told by name
        self.seat_view = game.seat_view(seat) if view is None else view
        self.source: Source = source
        self.decision = decision
        self._told: tuple[Event, ...] = tuple(game.events)  # the real events, told as the seat read them
        if worse is not None and worse == better:
            worse = None
        self.shown: Imagined = imagined(self.seat_view, better, worse, seed=seed, estimates=estimates)
        self.lines: dict[LineName, Line] = {"better": self.shown.better}
        if worse is not None:
            self.lines["worse"] = self.shown.worse
        self.line: LineName = "better"
        self.step = 0

    # ------------------------------------------------------------------ from a hint, from the review
    @classmethod
    def from_hint(cls, session: TableSession, shown: bool = True, decision: int | None = None) -> Showing:
        """Show me of the hint ``session`` gave last (``shown``: it is still on the table): its
        action and the clearly worse one its reason explains, on a deal typical of the hint's
        own simulations. Refused when no hint is shown or the table has moved on since."""
        if decision is not None:
            raise MessageError(Message("Show me from a hint takes no decision number"))
        hint, view = session.last_hint, session.last_hint_view
        if not shown or hint is None or view is None:
            raise MessageError(Message("there is no hint to show: ask for a hint first"))
        if session.game.is_over or session.hint_view() != view:
            raise MessageError(Message("that hint is for an earlier moment: ask for a new one"))
        worse = hint.get("compared")
        return cls(session.game, session.seat, action_of(hint["action"]), None if worse is None else action_of(worse),
                   view=view, estimates=hint_estimates(view, seed=HINT_SEED, **session.coach_settings()), source="hint")

    @classmethod
    def from_review(cls, run: ReviewRun | None, game: Game, seat: int, decision: int | None) -> Showing:
        """Show me of ``decision`` of the finished review ``run`` of ``game``: the best action
        and the one chosen, on a deal typical of that decision's simulations."""
        if run is None or run.result is None:
            raise MessageError(Message("the review is not ready yet"))
        if decision is None:
            raise MessageError(Message("Show me from the review needs a decision number"))
        d = run.result.decisions[run.check_decision(decision)]
        return cls(replay_to(game, d.move), seat, action_of(d.best), None if d.chosen == d.best else action_of(d.chosen),
                   estimates=d.simulated, source="review", decision=d.number, person=run.person)

    def asked_as(self, source: str, decision: int | None, hint_view: SeatView | None) -> bool:
        """True when this is Show me of that source and decision (for a hint, of the hint
        whose view is ``hint_view``): asked again, it only switches the line."""
        return self.source == source and self.decision == decision and (source != "hint" or self.seat_view == hint_view)

    def tracker(self, names: Sequence[str], chances: bool) -> wire.Tracker:
        """The Tracker while Show me shows: what the seat knew at that moment (see
        :func:`.traits.tracker_trait`)."""
        return tracker_trait(self.seat_view, names, chances)

    # ------------------------------------------------------------------ where the felt is
    @property
    def lines_shown(self) -> tuple[LineName, ...]:
        """The lines there are: ``("better", "worse")``, or ``("better",)`` when no action is worse."""
        return tuple(self.lines)

    @property
    def current(self) -> Line:
        return self.lines[self.line]

    @property
    def count(self) -> int:
        """Steps of the line shown: before the action (0), after it (1), after each play after it."""
        return len(self.current.steps)

    @property
    def game(self) -> Game:
        """The imagined game at the step shown."""
        return self.current.steps[self.step]

    def go(self, step: object) -> None:
        """Show ``step`` (from 0 to :attr:`count` - 1) of the line shown."""
        if not isinstance(step, int) or isinstance(step, bool) or not 0 <= step < self.count:
            raise MessageError(Message("this imagined line has no step {step}: it has steps 0 to {last}",
                                       step=str(step)[:12], last=self.count - 1))
        self.step = step

    def switch(self, line: object) -> None:
        """Show the other line (``"better"`` or ``"worse"``) at the same trick: where as many
        cards of that trick are on the table, else where that trick begins, else (the other
        line ended before it) at its end."""
        if line not in LINES:
            raise ValueError(f"line must be one of {', '.join(LINES)}, not {str(line)[:20]!r}")
        if line not in self.lines:
            raise MessageError(Message("there is no worse action to show here: Show me plays out the better one only"))
        at = self.game
        self.line = line  # type: ignore[assignment]
        steps = self.current.steps
        same = [k for k, g in enumerate(steps) if g.trick_number == at.trick_number]
        if self.step == 0 or not same:
            self.step = 0 if self.step == 0 else (len(steps) - 1 if steps[-1].trick_number < at.trick_number else 0)
            return
        self.step = next((k for k in same if len(steps[k].table) == len(at.table)), same[0])

    # ------------------------------------------------------------------ for the browser
    def label(self, line: LineName, translator: Translator, names: Sequence[str]) -> str:
        """A line's action in words: "4♦", "Take Bot 1's hand", "Pass"."""
        action = self.lines[line].action
        if isinstance(action, int):
            return str(DECK[action])
        if action == TAKE:
            target = self.seat_view.next_holder(self.seat) if self.seat_view.take_target is None \
                else self.seat_view.take_target
            return translator.format(T_TAKE_LABEL, target=names[target] if target is not None else "")
        return translator.format(T_PASS_LABEL)

    def _teller(self, translator: Translator) -> Translator:
        """``translator`` speaking of the seat: to the person ("you"), or of :attr:`person` by
        name (the twins registered with :func:`~bhabho_widget.i18n.third_person`)."""
        return translator if self.person is None else translator.about(self.person)

    def _outcome(self, translator: Translator, names: Sequence[str], label: str) -> str:
        """What this line shows, once the felt has come to it ("" before): how the action's
        trick ended (who picked it up, whether the seat escaped, who has the power), or at the
        end whether the seat is the bhabhi, with how often it went so in the simulations; without
        simulations (Show me asked with no estimates), how the action's trick ended."""
        line, kind = self.current, self.shown.focus.kind
        teller = self._teller(translator)

        def say(template: str, **values: str) -> str:
            return teller.render(Message(template, action=label, **values))

        share = self.shown.share(self.line)
        if kind == "end" and share is not None:
            if self.step < self.count - 1 or not line.steps[-1].is_over:
                return ""
            return say(T_SHOW_LOSE_P if line.loser == self.seat else T_SHOW_SAFE_P, p=pct(share))
        if line.trick_step is None or self.step < line.trick_step or line.trick_end is None:
            return ""
        if share is None:  # no simulations to say how often (nor which consequence to show): how the trick ended
            if line.trick_end < 0:
                return say(T_SHOW_CLEAN)
            if line.trick_end == self.seat:
                return say(T_SHOW_PICK_YOU)
            return say(T_SHOW_PICK, name=names[line.trick_end])
        p = pct(share)
        if kind == "escape":
            return say(T_SHOW_ESCAPE_P if line.escaped(self.seat) else T_SHOW_NO_ESCAPE_P, p=p)
        if kind == "power":
            return say(T_SHOW_POWER_P if line.power(self.seat) else T_SHOW_NO_POWER_P, p=p)
        if line.trick_end < 0:
            return say(T_SHOW_CLEAN_P, p=p)
        if line.trick_end == self.seat:
            return say(T_SHOW_PICK_YOU_P, p=p)
        return say(T_SHOW_PICK_P, name=names[line.trick_end], p=p)

    def info(self, translator: Translator, names: Sequence[str]) -> wire.ImagineInfo:
        """``view["imagine"]``: where it was asked from, which line and step, the action and
        the trick's outcome (see ``ImagineInfo`` in protocol.json)."""
        line = self.current
        label = self.label(self.line, translator, names)
        ended = line.trick_step is not None and self.step >= line.trick_step
        return wire.ImagineInfo(
            source=self.source, decision=self.decision, line=self.line,
            lines=[wire.ImagineLine(line=name, action=_code(self.lines[name].action), label=self.label(name, translator, names))
                   for name in self.lines],
            step=self.step, count=self.count, action=_code(line.action), action_label=label,
            tricks=list(line.tricks), trick_step=line.trick_step,
            trick_picker=line.trick_end if ended and line.trick_end is not None and line.trick_end >= 0 else None,
            outcome=self._outcome(translator, names, label),
        )

    def view(self, translator: Translator | None, names: Sequence[str], version: int) -> View:
        """The felt at the step shown: the imagined game from the seat's place, every
        imagined hand shown, read-only; the line under the table is the engine's own words
        for the step (before the action, what Next does)."""
        tr = translator or ENGLISH
        line, k = self.current, self.step
        g = line.steps[k]
        addressed = self.person is None
        events = g.events_since(line.steps[k - 1].event_count) if k > 0 else []
        if k == 0:
            narration = self._teller(tr).render(Message(T_SHOW_BEFORE, action=self.label(self.line, tr, names)))
        else:
            narration = " ".join(e.describe(self.seat, reveal=True, translator=tr, names=names, addressed=addressed)
                                 for e in events if e.kind != "deal")
        log: list[LogLine] = log_lines(self._told, self.seat, False, tr, names, addressed=addressed)
        log += [LogLine(kind=x["kind"], text=tr.format(T_SHOW_LOG, text=x["text"]))
                for x in log_lines(g.events, self.seat, True, tr, names, addressed=addressed)]
        sv = self.seat_view
        before = [TableCard(seat=s, card=DECK[c].code) for s, c in zip(sv.trick_order, sv.table)]
        return build_view(g, self.seat, version=version, mode="imagine", waiting="over", change="step",
                          narration=narration, log=log, events=events, reveal_all=True, translator=tr, names=names,
                          imagine=self.info(tr, names), trick_before=before, addressed=addressed)

