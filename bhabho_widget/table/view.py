"""The wire view: what one seat's browser is sent, built once from what the seat knows.

The engine says what a seat may know (:meth:`Game.seat_view`, a :class:`SeatView`); this
module turns that into the ``view`` of ``protocol.json`` in one step, typed and complete:
:func:`build_view` takes every field the table layer decides (who acts, the offers, the
narration, the mode) as arguments and fills the rest from the seat's view and the game's
events as that seat reads them. Nothing is deleted, stamped on or filled with a
placeholder afterwards. Every table uses it: the local table and the shared one (through
:class:`~.controller.TableController`), lessons and the review's positions.

>>> from bhabho_widget import Game
>>> g = Game.deal(4, seed=1)
>>> v = build_view(g, 0, version=1, waiting="bot", change="new", narration="", log=[])
>>> sorted(v) == sorted(View.__annotations__), v["hand"][:3], v["legal"]
(True, ['8S', '10S', 'QS'], [])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from ..engine.cards import DECK, NO_SUIT, SUITS, indices
from ..engine.events import Event
from ..engine.game import Game
from ..i18n import ENGLISH, Joined, Message, Plural, SeatList, SeatName, Translator
from ..play.match import Match
from .protocol_types import (
    GameEvent,
    ImagineInfo,
    LastTrick,
    LessonInfo,
    LogLine,
    Result,
    ReviewAt,
    Score,
    Suit,
    TableCard,
    View,
)

__all__ = ["LOG_LENGTH", "GameEvent", "LastTrick", "LogLine", "Result", "TableCard", "View", "build_view",
           "event_dict", "log_lines", "narrate", "result_message", "result_of", "score_message", "score_of"]

LOG_LENGTH = 80
"""Log lines a view carries: the last ones of the game on the table."""

Mode = Literal["play", "lesson", "review", "imagine"]
Waiting = Literal["human", "bot", "over"]
Change = Literal["step", "undo", "new"]
ResultKind = Literal["bhabhi", "stalemate", "nobody"]
_SUITS: tuple[Suit, ...] = ("S", "H", "D", "C")
assert "".join(_SUITS) == SUITS


def _codes(mask: int) -> list[str]:
    return [DECK[i].code for i in indices(mask)]


def build_view(game: Game, seat: int, *, version: int, waiting: Waiting, change: Change, narration: str,
               log: list[LogLine], events: Sequence[Event] = (), mode: Mode = "play", reveal_all: bool = False,
               take_offer: bool = False, can_take: bool = False, can_undo: bool = False,
               translator: Translator | None = None, names: Sequence[str] | None = None,
               lesson: LessonInfo | None = None, review: ReviewAt | None = None,
               imagine: ImagineInfo | None = None, trick_before: Sequence[TableCard] = (),
               addressed: bool = True) -> View:
    """The view of ``game`` that ``seat``'s browser gets: the seat's own view
    (:meth:`Game.seat_view`: its hand, the public state), every hand only when
    ``reveal_all``, the events of the last change (``events``) and the ``log`` as that seat
    reads them, in ``translator``'s language (None: English) with the seats called ``names``
    (None: the game's names). ``legal`` holds the seat's playable cards only at play
    (``mode="play"``) while ``waiting`` is ``"human"``; ``can_take`` is the table's decision (rule 7's order of
    offers and one take per boundary are the table's), its target the seat's next holder.
    ``mode="imagine"`` is Show me's imagined game (:mod:`.showing`), its ``imagine`` info
    saying which line and step; ``lesson`` and ``review`` are those modes' own.
    ``trick_before``: the cards that were on the table when ``game`` began, for a game built in
    the middle of a trick whose log does not hold them (Show me's): the first trick to end in
    its log shows them before its own. ``addressed=False``: the view is read by someone else
    (a teacher, a student's game), so its events and result speak of the seat in the third person."""
    tr = translator or ENGLISH
    sv = game.seat_view(seat)
    shown = list(sv.names if names is None else names)
    ended = any(e.kind in ("waste", "pickup") for e in events)
    trick = game.last_trick() if ended and change == "step" else None
    trick_cards = [] if trick is None else [TableCard(seat=s, card=c.code) for s, c in trick.plays]
    if trick is not None and trick_before and not any(
            e.kind == "waste" or (e.kind == "pickup" and e.info in ("trick", "last")) for e in game.events[:trick.log_index]):
        trick_cards = [*trick_before, *trick_cards]  # the trick the game began in
    return View(
        version=version,
        mode=mode,
        seat=sv.seat,
        num_players=sv.num_players,
        names=shown,
        hand=_codes(sv.hand),
        hand_sizes=list(sv.hand_sizes),
        hands=[_codes(game.hand_mask(s)) for s in range(sv.num_players)] if reveal_all else None,
        table=[TableCard(seat=s, card=DECK[i].code) for s, i in zip(sv.trick_order, sv.table)],
        led_suit=None if sv.led_suit == NO_SUIT else _SUITS[sv.led_suit],
        waste_size=sv.waste_size,
        leader=sv.leader,
        current_player=sv.current_player,
        trick_number=sv.trick_number,
        opening=sv.opening,
        escaped=list(sv.escaped),
        is_over=sv.is_over,
        loser=sv.loser,
        legal=_codes(sv.legal) if waiting == "human" and mode == "play" else [],
        can_take=can_take and sv.can_take,
        take_target=sv.take_target if can_take and sv.can_take else None,
        can_undo=can_undo,
        take_offer=take_offer,
        waiting=waiting,
        change=change,
        narration=narration,
        events=[event_dict(e, seat, reveal_all, tr, names, addressed=addressed) for e in events],
        log=log[-LOG_LENGTH:],
        last_trick=None if trick is None else LastTrick(cards=trick_cards, outcome=trick.outcome, picker=trick.picker),
        result=result_of(game, seat, tr, names, addressed=addressed),
        lesson=lesson,
        review=review,
        imagine=imagine,
    )


def event_dict(e: Event, seat: int, reveal_all: bool = False, translator: Translator | None = None,
               names: Sequence[str] | None = None, *, addressed: bool = True) -> GameEvent:
    """One event as ``seat`` sees it (every card with the teacher's ``reveal_all``; the seat in
    the third person with ``addressed=False``)."""
    d = e.to_dict(seat, translator, names)
    if reveal_all and not e.visible_to(seat):
        d["cards"] = [c.code for c in e.cards]
    if (reveal_all and not e.visible_to(seat)) or not addressed:
        d["text"] = e.describe(seat, reveal=reveal_all, translator=translator, names=names, addressed=addressed)
    return GameEvent(kind=d["kind"], seat=d["seat"], cards=d["cards"], text=d["text"])


def log_lines(events: Sequence[Event], seat: int, reveal_all: bool = False, translator: Translator | None = None,
              names: Sequence[str] | None = None, *, addressed: bool = True) -> list[LogLine]:
    """The log lines of ``events`` as ``seat`` reads them: another seat's deal is left out
    (unless ``reveal_all``); ``addressed=False``: as someone else reads what ``seat`` saw, the
    seat in the third person (see :meth:`.Event.describe`)."""
    return [LogLine(kind=e.kind, text=e.describe(seat, reveal=reveal_all, translator=translator, names=names,
                                                 addressed=addressed))
            for e in events if e.kind != "deal" or e.seat == seat or reveal_all]


def narrate(events: Sequence[Event], seat: int, translator: Translator | None = None,
            names: Sequence[str] | None = None, *, addressed: bool = True) -> str:
    """The line under the table for these events, as ``seat`` reads them (in
    ``translator``'s language, None: English; ``addressed=False``: as someone else reads what
    ``seat`` saw, the seat in the third person)."""
    return " ".join(e.describe(seat, translator=translator, names=names, addressed=addressed)
                    for e in events if e.kind != "deal" or e.seat == seat)


# ---------------------------------------------------------------------- the banner and the scoreboard
def result_message(game: Game, seat: int | None) -> tuple[ResultKind, Message | Joined] | None:
    """The game-over banner for ``seat`` as ``(kind, text)`` (a Message, English as it is),
    or None while the game goes on; ``seat`` None: for a reader at no seat (third person)."""
    if not game.is_over:
        return None
    if game.is_stalemate:
        return "stalemate", Message("Stalemate: the same position came round for the third time. Nobody is the bhabhi "
                                    "(rule 10).")
    loser = game.loser
    if loser is None:
        return "nobody", Message("Nobody holds cards: nobody is the bhabhi this round.")
    if loser == seat:
        text = Message("You are the bhabhi: you lose this round.")
    else:
        text = Message("{name} is the bhabhi and loses this round.", name=SeatName(game.names[loser], loser))
    team = game.losing_team
    if not team:
        return "bhabhi", text
    partner = team[0] if team[1] == loser else team[1]
    if partner == seat:
        also = Message("Your team loses too.")
    else:
        also = Message("Partner {name} loses too.", name=SeatName(game.names[partner], partner))
    return "bhabhi", Joined(" ", text, also)


def result_of(game: Game, seat: int, translator: Translator | None = None,
              names: Sequence[str] | None = None, *, addressed: bool = True) -> Result | None:
    """The game-over banner for ``seat``: ``{"kind", "text"}``, or None while the game goes
    on; in ``translator``'s language (None: English), with ``names`` for the seats;
    ``addressed=False``: read by someone else, the seat in the third person."""
    result = result_message(game, seat if addressed else None)
    if result is None:
        return None
    kind, text = result
    return Result(kind=kind, text=(translator or ENGLISH).render(text, names))


def score_message(match: Match, names: Sequence[str], seat: int) -> Message | Joined:
    """The scoreboard's heading (see :func:`score_of`) as a Message."""
    summary = match.summary()

    def named(s: int) -> SeatName:
        return SeatName(names[s], s)

    if not summary["over"]:
        if match.rounds is not None:
            return Message("Round {round} of {rounds}", round=summary["round"], rounds=match.rounds)
        return Plural("Round {round} (the session ends at {n} bhabhi count)",
                      "Round {round} (the session ends at {n} bhabhi counts)", match.max_bhabhi or 0, round=summary["round"])
    losers, winners, pot = summary["losers"], summary["pot_winners"], summary["pot"]
    rounds = Plural("Session over after {n} round", "Session over after {n} rounds", summary["played"])
    if not losers:
        return Joined(": ", rounds, Message("nobody was the bhabhi, so nobody loses the session and the pot is empty."))
    top = summary["counts"][losers[0]]
    if losers == [seat]:
        lost = Plural("you lose the session with {n} bhabhi count", "you lose the session with {n} bhabhi counts", top)
    elif len(losers) == 1:
        lost = Plural("{name} loses the session with {n} bhabhi count", "{name} loses the session with {n} bhabhi counts",
                      top, name=named(losers[0]))
    else:
        lost = Plural("{names} lose the session with {n} bhabhi count", "{names} lose the session with {n} bhabhi counts",
                      top, names=SeatList([named(s) for s in losers], seat))
    if winners == [seat]:
        won = Plural("you take the pot of {n} chip.", "you take the pot of {n} chips.", pot)
    elif len(winners) == 1:
        won = Plural("{name} takes the pot of {n} chip.", "{name} takes the pot of {n} chips.", pot, name=named(winners[0]))
    else:
        won = Plural("{names} share the pot of {n} chip.", "{names} share the pot of {n} chips.", pot,
                     names=SeatList([named(s) for s in winners], seat))
    return Joined(": ", rounds, Joined("; ", lost, won))


def score_of(match: Match, names: Sequence[str], seat: int, translator: Translator | None = None) -> Score:
    """The ``score`` trait, the scoreboard: the match summary with the names and a heading the
    kernel writes (in ``translator``'s language; None: English)."""
    s = match.summary()
    return Score(rounds=s["rounds"], max_bhabhi=s["max_bhabhi"], round=s["round"], played=s["played"],
                 counts=list(s["counts"]), pot=s["pot"], stalemates=s["stalemates"], over=s["over"],
                 losers=list(s["losers"]), pot_winners=list(s["pot_winners"]), names=list(names),
                 text=(translator or ENGLISH).render(score_message(match, names, seat), names))
