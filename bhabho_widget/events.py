"""Events: what each step of a game did, and its explanation in plain words.

An event is cheap to make: its text is written only when read. Each text is addressed to
a *viewer*: the viewing seat is "you" ("You hold A♠ and must lead it"), every other seat
is named. Some events carry cards that only some seats may see (a deal, a draw, a take,
a pickup of the face-down waste pile); ``to_dict(seat)`` leaves them out for everyone
else.

Every kind of event has one narration function below (``_lead``, ``_tochoo`` ...), and
every sentence is a template with named placeholders, in a third-person and a
second-person form, so that the whole narration can be translated.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from .cards import DECK, SUIT_SYMBOLS, SUITS, Card, CardIndex, Seat

KINDS = ("deal", "lead", "follow", "tochoo", "discard", "pickup", "waste", "draw",
         "escape", "take", "game_over", "stalemate")
"""Every kind of event, in the order they can first happen."""

PLAY_KINDS = frozenset({"lead", "follow", "discard", "tochoo"})
"""Events that put a card on the table (a pick-up form tochoo puts none)."""


class LogEntry(NamedTuple):
    """One step as the game logs it: the raw form of an :class:`Event`."""

    kind: str
    seat: Seat | None
    cards: tuple[CardIndex, ...]
    info: Any
    private: tuple[Seat, ...] | None


class TochooInfo(NamedTuple):
    """A failure to follow (rule 4). ``high_card`` is None in the pick-up form, where the
    player who cannot follow plays no card and is the picker."""

    led_suit: int
    picker: Seat
    high_card: CardIndex | None
    cards_on_table: int
    alone: bool


class DiscardInfo(NamedTuple):
    """An off-suit card that does not end the trick: in the opening trick, or any trick of
    the discard form. ``ends`` is True when it was the trick's last card."""

    led_suit: int
    opening: bool
    ends: bool


class WasteInfo(NamedTuple):
    """A trick that goes to the waste pile; ``rule`` is ``"highest"`` or ``"lowest"``
    (who leads next); ``discards`` is True when someone did not follow suit."""

    led_suit: int
    rule: str
    winner_card: CardIndex
    opening: bool
    discards: bool


class EscapeInfo(NamedTuple):
    """How a seat escaped: ``"empty"`` (no cards after a trick), ``"taken"`` (its hand was
    taken) or ``"power"`` (no cards with the power where must_draw=False; ``next_leader``
    leads instead)."""

    how: str
    next_leader: Seat | None


class TakeInfo(NamedTuple):
    """A take (rule 7): whose hand, and whether the power came with it."""

    target: Seat
    power: bool


def _list(cards: Sequence[Card]) -> str:
    return ", ".join(str(c) for c in cards)


def _cards_word(k: int) -> str:
    return "1 card" if k == 1 else f"{k} cards"


class Event:
    """One step of a game: ``kind`` (see KINDS), ``seat`` (who it is about), ``cards``, and
    ``info`` (the named details of its kind, e.g. :class:`TochooInfo`).

    ``private`` is a tuple of the seats allowed to see ``cards``, or None when the cards
    are public. ``text`` tells it in the third person; :meth:`describe` addresses a viewer.
    """

    __slots__ = ("kind", "seat", "_cards", "info", "names", "private")

    def __init__(self, kind: str, seat: Seat | None, cards: tuple[CardIndex, ...], info: Any,
                 names: Sequence[str], private: tuple[Seat, ...] | None = None) -> None:
        self.kind = kind
        self.seat = seat
        self._cards = cards
        self.info = info
        self.names = names
        self.private = private

    @classmethod
    def from_entry(cls, entry: LogEntry, names: Sequence[str]) -> Event:
        return cls(entry.kind, entry.seat, entry.cards, entry.info, names, entry.private)

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(DECK[i] for i in self._cards)

    @property
    def card_indices(self) -> tuple[CardIndex, ...]:
        return self._cards

    @property
    def text(self) -> str:
        """The explanation in the third person, with every card shown."""
        return _TEXT[self.kind](self, None, True)

    def describe(self, viewer: Seat | None = None, reveal: bool = False) -> str:
        """The explanation as ``viewer`` may read it: that seat is "you", and cards it may
        not see are left out (unless ``reveal``, the teacher's switch). ``viewer=None`` is
        the all-seeing third person."""
        return _TEXT[self.kind](self, viewer, reveal or viewer is None or self.visible_to(viewer))

    def visible_to(self, seat: Seat) -> bool:
        return self.private is None or seat in self.private

    def to_dict(self, seat: Seat | None = None) -> dict[str, Any]:
        """JSON-safe form as ``seat`` sees it (None: everything, third person)."""
        shown = seat is None or self.visible_to(seat)
        return {
            "kind": self.kind,
            "seat": self.seat,
            "cards": [DECK[i].code for i in self._cards] if shown else [],
            "text": _TEXT[self.kind](self, seat, shown),
        }

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Event) and (self.kind, self.seat, self._cards, self.info)
                == (other.kind, other.seat, other._cards, other.info))

    def __hash__(self) -> int:
        return hash((self.kind, self.seat, self._cards))

    def __repr__(self) -> str:
        return f"<Event {self.kind} seat={self.seat}: {self.text}>"


# ---------------------------------------------------------------- narration
def _say(e: Event, viewer: Seat | None, seat: Seat | None, third: str, second: str, **values: object) -> str:
    """``third`` or, when ``seat`` is the viewer, ``second``, filled in. ``{player}`` is the
    seat's name; every other placeholder comes from ``values``."""
    if seat is not None and seat == viewer:
        return second.format(**values)
    return third.format(player=e.names[seat] if seat is not None else "", **values)


def _who(e: Event, viewer: Seat | None, seat: Seat, start: bool = False) -> str:
    """A seat as the object of a sentence: its name, or "you"."""
    if seat == viewer:
        return "You" if start else "you"
    return e.names[seat]


def _whose(e: Event, viewer: Seat | None, seat: Seat) -> str:
    return "your" if seat == viewer else f"{e.names[seat]}'s"


def _deal(e: Event, viewer: Seat | None, shown: bool) -> str:
    k = _cards_word(len(e._cards))
    if shown:
        return _say(e, viewer, e.seat, "{player} is dealt {k}: {cards}.", "You are dealt {k}: {cards}.",
                    k=k, cards=_list(e.cards))
    return _say(e, viewer, e.seat, "{player} is dealt {k}.", "You are dealt {k}.", k=k)


def _lead(e: Event, viewer: Seat | None, shown: bool) -> str:
    card = DECK[e._cards[0]]
    if e.info == "opening":
        return _say(e, viewer, e.seat, "{player} holds {card} and must lead it: the opening trick begins.",
                    "You hold {card} and must lead it: the opening trick begins.", card=card)
    if e.info == "drawn":
        return _say(e, viewer, e.seat, "{player} leads {card}, the card drawn from the waste pile.",
                    "You lead {card}, the card drawn from the waste pile.", card=card)
    return _say(e, viewer, e.seat, "{player} has the power and leads {card}.",
                "You have the power and lead {card}.", card=card)


def _follow(e: Event, viewer: Seat | None, shown: bool) -> str:
    return _say(e, viewer, e.seat, "{player} follows with {card}.", "You follow with {card}.", card=DECK[e._cards[0]])


def _tochoo(e: Event, viewer: Seat | None, shown: bool) -> str:
    info: TochooInfo = e.info
    sym = SUIT_SYMBOLS[SUITS[info.led_suit]]
    count = _cards_word(info.cards_on_table)
    if info.high_card is None:  # the pick-up form: no card is played
        return _say(e, viewer, e.seat,
                    "{player} cannot follow {suit}, so plays no card and must pick up the {count} on the table.",
                    "You cannot follow {suit}, so you play no card and must pick up the {count} on the table.",
                    suit=sym, count=count)
    head = _say(e, viewer, e.seat, "{player} cannot follow {suit}: tochoo with {card}!",
                "You cannot follow {suit}: tochoo with {card}!", suit=sym, card=DECK[e._cards[0]])
    high = DECK[info.high_card]
    if info.alone:
        tail = _say(e, viewer, info.picker,
                    "{player}'s lead, {high}, is the only {suit} on the table, so {player} picks up {count}.",
                    "Your lead, {high}, is the only {suit} on the table, so you pick up {count}.",
                    high=high, suit=sym, count=count)
    else:
        tail = _say(e, viewer, info.picker, "{player} played the highest {suit}, {high}, and picks up {count}.",
                    "You played the highest {suit}, {high}, and pick up {count}.", high=high, suit=sym, count=count)
    return f"{head} {tail}"


def _discard(e: Event, viewer: Seat | None, shown: bool) -> str:
    info: DiscardInfo = e.info
    sym = SUIT_SYMBOLS[SUITS[info.led_suit]]
    card = DECK[e._cards[0]]
    if info.opening:
        return _say(e, viewer, e.seat,
                    "{player} has no {suit} and plays {card}: in the opening trick that is allowed and nobody picks up.",
                    "You have no {suit} and play {card}: in the opening trick that is allowed and nobody picks up.",
                    suit=sym, card=card)
    if info.ends:
        return _say(e, viewer, e.seat, "{player} cannot follow {suit} and discards {card}: a discard cannot win.",
                    "You cannot follow {suit} and discard {card}: a discard cannot win.", suit=sym, card=card)
    return _say(e, viewer, e.seat,
                "{player} cannot follow {suit} and discards {card}: a discard cannot win, the trick goes on.",
                "You cannot follow {suit} and discard {card}: a discard cannot win, the trick goes on.",
                suit=sym, card=card)


def _pickup(e: Event, viewer: Seat | None, shown: bool) -> str:
    count = _cards_word(len(e._cards))
    if e.info == "waste":
        if shown:
            return _say(e, viewer, e.seat, "{player} also picks up the whole waste pile: {count} ({cards}).",
                        "You also pick up the whole waste pile: {count} ({cards}).", count=count, cards=_list(e.cards))
        return _say(e, viewer, e.seat, "{player} also picks up the whole waste pile: {count}.",
                    "You also pick up the whole waste pile: {count}.", count=count)
    return _say(e, viewer, e.seat, "{player} picks up {count} ({cards}) and has the power: {player} leads next.",
                "You pick up {count} ({cards}) and have the power: you lead next.", count=count, cards=_list(e.cards))


def _waste(e: Event, viewer: Seat | None, shown: bool) -> str:
    info: WasteInfo = e.info
    sym = SUIT_SYMBOLS[SUITS[info.led_suit]]
    count = _cards_word(len(e._cards))
    if info.opening:
        head = f"The opening trick is complete: its {count} go face down to the waste pile."
    elif info.discards:
        head = f"The trick is complete, discards and all: its {count} go face down to the waste pile."
    else:
        head = f"Everyone followed {sym}: a clean trick. The {count} go face down to the waste pile."
    card = DECK[info.winner_card]
    if info.rule == "lowest":
        tail = _say(e, viewer, e.seat, "{player} played the lowest {suit}, {card}, and leads next (Get Away rule).",
                    "You played the lowest {suit}, {card}, and lead next (Get Away rule).", suit=sym, card=card)
    else:
        tail = _say(e, viewer, e.seat, "{player} played the highest {suit}, {card}, and has the power.",
                    "You played the highest {suit}, {card}, and have the power.", suit=sym, card=card)
    return f"{head} {tail}"


def _draw(e: Event, viewer: Seat | None, shown: bool) -> str:
    if shown:
        return _say(e, viewer, e.seat,
                    "{player} has the power but no cards, and nobody escapes with the power: {player} draws a card "
                    "at random from the waste pile ({card}) and must lead it.",
                    "You have the power but no cards, and nobody escapes with the power: you draw a card "
                    "at random from the waste pile ({card}) and must lead it.", card=DECK[e._cards[0]])
    return _say(e, viewer, e.seat,
                "{player} has the power but no cards, and nobody escapes with the power: {player} draws a card "
                "at random from the waste pile and must lead it.",
                "You have the power but no cards, and nobody escapes with the power: you draw a card "
                "at random from the waste pile and must lead it.")


def _escape(e: Event, viewer: Seat | None, shown: bool) -> str:
    info: EscapeInfo = e.info
    if info.how == "taken":
        return _say(e, viewer, e.seat, "{player}'s hand was taken: {player} escapes and is safe.",
                    "Your hand was taken: you escape and are safe.")
    if info.how == "power":
        head = _say(e, viewer, e.seat, "{player} has the power but no cards; in this variant that is an escape.",
                    "You have the power but no cards; in this variant that is an escape.")
        if info.next_leader is None:
            return head
        return head + " " + _say(e, viewer, info.next_leader, "{player} leads next.", "You lead next.")
    return _say(e, viewer, e.seat, "{player} has no cards left and escapes: safe!", "You have no cards left and escape: safe!")


def _take(e: Event, viewer: Seat | None, shown: bool) -> str:
    info: TakeInfo = e.info
    count = _cards_word(len(e._cards))
    target = _whose(e, viewer, info.target)
    text = _say(e, viewer, e.seat, "{player} takes {target} hand: {count}", "You take {target} hand: {count}",
                target=target, count=count)
    if shown:
        text += f" ({_list(e.cards)})"
    return text + (" and with it the power." if info.power else ".")


def _game_over(e: Event, viewer: Seat | None, shown: bool) -> str:
    if e.seat is None:
        return "Nobody holds cards: the game is over and nobody loses."
    text = _say(e, viewer, e.seat, "Only {player} still holds cards: {player} is the bhabhi and loses.",
                "Only you still hold cards: you are the bhabhi and lose.")
    if e.info:
        team = " and ".join(_who(e, viewer, t) for t in e.info)
        text += f" The team of {team} loses."
    return text


def _stalemate(e: Event, viewer: Seat | None, shown: bool) -> str:
    return ("The same position has come round for the third time (every hand, the player to lead and the waste "
            "pile): the round ends in a stalemate, and nobody is the bhabhi (rule 10).")


_TEXT = {
    "deal": _deal, "lead": _lead, "follow": _follow, "tochoo": _tochoo, "discard": _discard,
    "pickup": _pickup, "waste": _waste, "draw": _draw, "escape": _escape, "take": _take,
    "game_over": _game_over, "stalemate": _stalemate,
}
