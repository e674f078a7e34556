"""Events: what each step of a game did, and its explanation in plain words.

An event is cheap to make: its text is written only when read. Each text is addressed to
a *viewer*: the viewing seat is "you" ("You hold A♠ and must lead it"), every other seat
is named. Some events carry cards that only some seats may see (a deal, a draw, a take,
a pickup of the face-down waste pile); ``to_dict(seat)`` leaves them out for everyone
else.

Every kind of event has one narration function below (``_lead``, ``_tochoo`` ...), and
every sentence is a template with named placeholders, in a third-person and a
second-person form, so that the whole narration can be translated: the templates are the
message ids of the catalogs (see :mod:`.i18n`), and a sentence with a count is a plural
message, so each language says "1 card" and "5 cards" its own way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ..i18n import ENGLISH, N_, Nn_, Translator, is_you, third_person
from .cards import DECK, SUIT_SYMBOLS, SUITS, Card, CardIndex, Seat

KINDS = ("deal", "lead", "follow", "tochoo", "discard", "pickup", "waste", "draw",
         "escape", "take", "game_over", "stalemate")
"""Every kind of event, in the order they can first happen."""

PLAY_KINDS = frozenset({"lead", "follow", "discard", "tochoo"})
"""Events that put a card on the table (a pick-up form tochoo puts none)."""


class LogEntry(NamedTuple):
    """One step as the game logs it: the raw form of an :class:`Event`. ``info`` depends on
    ``kind``: for a ``"pickup"`` it is ``"trick"`` (the picker has the power and leads
    next), ``"last"`` (the same pickup when it ended the game) or ``"waste"`` (the whole
    waste pile, in that variant); for the others, one of the records below or None."""

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
        """The explanation in the third person, with every card shown, in English."""
        return _tell(self, None, True, None, None)

    def describe(self, viewer: Seat | None = None, reveal: bool = False, translator: Translator | None = None,
                 names: Sequence[str] | None = None, *, addressed: bool = True) -> str:
        """The explanation as ``viewer`` may read it: that seat is "you", and cards it may
        not see are left out (unless ``reveal``, the teacher's switch). ``viewer=None`` is
        the all-seeing third person. ``translator`` (see :mod:`.i18n`; None: English) tells
        it in another language, ``names`` (one per seat) in place of the game's names.
        ``addressed=False``: someone else reads what ``viewer`` saw (a teacher, a student's
        game), so that seat is told by its name, in the third person, with its cards only."""
        shown = reveal or viewer is None or self.visible_to(viewer)
        return _tell(self, viewer if addressed else None, shown, translator, names)

    def visible_to(self, seat: Seat) -> bool:
        return self.private is None or seat in self.private

    def to_dict(self, seat: Seat | None = None, translator: Translator | None = None,
                names: Sequence[str] | None = None) -> dict[str, Any]:
        """JSON-safe form as ``seat`` sees it (None: everything, third person)."""
        shown = seat is None or self.visible_to(seat)
        return {
            "kind": self.kind,
            "seat": self.seat,
            "cards": [DECK[i].code for i in self._cards] if shown else [],
            "text": _tell(self, seat, shown, translator, names),
        }

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Event) and (self.kind, self.seat, self._cards, self.info)
                == (other.kind, other.seat, other._cards, other.info))

    def __hash__(self) -> int:
        return hash((self.kind, self.seat, self._cards))

    def __repr__(self) -> str:
        return f"<Event {self.kind} seat={self.seat}: {self.text}>"


# ---------------------------------------------------------------- narration
class _Teller:
    """One event told to one viewer in one language: ``shown`` is whether the viewer may
    see its cards, ``names`` the seat names to use."""

    __slots__ = ("e", "viewer", "shown", "tr", "names")

    def __init__(self, e: Event, viewer: Seat | None, shown: bool, tr: Translator, names: Sequence[str]) -> None:
        self.e, self.viewer, self.shown, self.tr, self.names = e, viewer, shown, tr, names

    def you(self, seat: Seat | None) -> bool:
        """Whether ``seat`` is the reader: the viewer, or a seat the reader reads as "You"
        (:func:`~bhabho_widget.i18n.is_you`), which a sentence never names in the third person."""
        return seat is not None and (seat == self.viewer or is_you(self.names[seat], self.tr))

    def say(self, seat: Seat | None, third: str, second: str, **values: object) -> str:
        """``third`` or, when ``seat`` is the reader (:meth:`you`), ``second``, translated and
        filled in. ``{player}`` is the seat's name; every other placeholder comes from ``values``."""
        if self.you(seat):
            return self.tr.format(second, **values)
        return self.tr.format(third, player=self.names[seat] if seat is not None else "", **values)

    def count(self, seat: Seat | None, third: tuple[str, str], second: tuple[str, str], n: int, **values: object) -> str:
        """Like :meth:`say`, for a sentence about ``n`` cards (``{n}``): singular and plural templates."""
        if self.you(seat):
            return self.tr.plural(*second, n, **values)
        return self.tr.plural(*third, n, player=self.names[seat] if seat is not None else "", **values)


def _tell(e: Event, viewer: Seat | None, shown: bool, tr: Translator | None, names: Sequence[str] | None) -> str:
    return _TEXT[e.kind](_Teller(e, viewer, shown, tr or ENGLISH, e.names if names is None else names))


def _suit(led_suit: int) -> str:
    return SUIT_SYMBOLS[SUITS[led_suit]]


def _deal(t: _Teller) -> str:
    e = t.e
    k = len(e._cards)
    if t.shown:
        return t.count(e.seat, Nn_("{player} is dealt {n} card: {cards}.", "{player} is dealt {n} cards: {cards}."),
                       Nn_("You are dealt {n} card: {cards}.", "You are dealt {n} cards: {cards}."), k,
                       cards=_list(e.cards))
    return t.count(e.seat, Nn_("{player} is dealt {n} card.", "{player} is dealt {n} cards."),
                   Nn_("You are dealt {n} card.", "You are dealt {n} cards."), k)


def _lead(t: _Teller) -> str:
    e = t.e
    card = DECK[e._cards[0]]
    if e.info == "opening":
        return t.say(e.seat, N_("{player} holds {card} and must lead it: the opening trick begins."),
                     N_("You hold {card} and must lead it: the opening trick begins."), card=card)
    if e.info == "drawn":
        return t.say(e.seat, N_("{player} leads {card}, the card drawn from the waste pile."),
                     N_("You lead {card}, the card drawn from the waste pile."), card=card)
    return t.say(e.seat, N_("{player} has the power and leads {card}."), N_("You have the power and lead {card}."), card=card)


def _follow(t: _Teller) -> str:
    return t.say(t.e.seat, N_("{player} follows with {card}."), N_("You follow with {card}."), card=DECK[t.e._cards[0]])


def _tochoo(t: _Teller) -> str:
    e = t.e
    info: TochooInfo = e.info
    sym = _suit(info.led_suit)
    if info.high_card is None:  # the pick-up form: no card is played; the pickup event says what is picked up
        return t.say(e.seat, N_("{player} cannot follow {suit}, so plays no card (pick-up form)."),
                     N_("You cannot follow {suit}, so you play no card (pick-up form)."), suit=sym)
    head = t.say(e.seat, N_("{player} cannot follow {suit}: tochoo with {card}!"),
                 N_("You cannot follow {suit}: tochoo with {card}!"), suit=sym, card=DECK[e._cards[0]])
    high = DECK[info.high_card]
    # who picks up, and why; the pickup event that follows says how many cards, once
    if info.alone:
        tail = t.say(info.picker, N_("{player}'s lead, {high}, is the only {suit} on the table."),
                     N_("Your lead, {high}, is the only {suit} on the table."), high=high, suit=sym)
    else:
        tail = t.say(info.picker, N_("{player} played the highest {suit}, {high}."),
                     N_("You played the highest {suit}, {high}."), high=high, suit=sym)
    return f"{head} {tail}"


def _discard(t: _Teller) -> str:
    e = t.e
    info: DiscardInfo = e.info
    sym = _suit(info.led_suit)
    card = DECK[e._cards[0]]
    if info.opening:
        return t.say(e.seat,
                     N_("{player} has no {suit} and plays {card}: in the opening trick that is allowed and nobody picks up."),
                     N_("You have no {suit} and play {card}: in the opening trick that is allowed and nobody picks up."),
                     suit=sym, card=card)
    if info.ends:
        return t.say(e.seat, N_("{player} cannot follow {suit} and discards {card}: a discard cannot win."),
                     N_("You cannot follow {suit} and discard {card}: a discard cannot win."), suit=sym, card=card)
    return t.say(e.seat,
                 N_("{player} cannot follow {suit} and discards {card}: a discard cannot win, the trick goes on."),
                 N_("You cannot follow {suit} and discard {card}: a discard cannot win, the trick goes on."),
                 suit=sym, card=card)


def _pickup(t: _Teller) -> str:
    e = t.e
    n = len(e._cards)
    if e.info == "waste":
        if t.shown:
            return t.count(e.seat, Nn_("{player} also picks up the whole waste pile: {n} card ({cards}).",
                                       "{player} also picks up the whole waste pile: {n} cards ({cards})."),
                           Nn_("You also pick up the whole waste pile: {n} card ({cards}).",
                               "You also pick up the whole waste pile: {n} cards ({cards})."), n, cards=_list(e.cards))
        return t.count(e.seat, Nn_("{player} also picks up the whole waste pile: {n} card.",
                                   "{player} also picks up the whole waste pile: {n} cards."),
                       Nn_("You also pick up the whole waste pile: {n} card.",
                           "You also pick up the whole waste pile: {n} cards."), n)
    if e.info == "last":  # the trick's pickup that ended the game: nobody leads next
        return t.count(e.seat, Nn_("{player} picks up {n} card ({cards}).", "{player} picks up {n} cards ({cards})."),
                       Nn_("You pick up {n} card ({cards}).", "You pick up {n} cards ({cards})."), n, cards=_list(e.cards))
    return t.count(e.seat, Nn_("{player} picks up {n} card ({cards}) and has the power: {player} leads next.",
                               "{player} picks up {n} cards ({cards}) and has the power: {player} leads next."),
                   Nn_("You pick up {n} card ({cards}) and have the power: you lead next.",
                       "You pick up {n} cards ({cards}) and have the power: you lead next."), n, cards=_list(e.cards))


def _waste(t: _Teller) -> str:
    e = t.e
    info: WasteInfo = e.info
    sym = _suit(info.led_suit)
    n = len(e._cards)
    if info.opening:
        head = t.tr.plural(*Nn_("The opening trick is complete: its {n} card goes face down to the waste pile.",
                                "The opening trick is complete: its {n} cards go face down to the waste pile."), n)
    elif info.discards:
        head = t.tr.plural(*Nn_("The trick is complete, discards and all: its {n} card goes face down to the waste pile.",
                                "The trick is complete, discards and all: its {n} cards go face down to the waste pile."), n)
    else:
        head = t.tr.plural(*Nn_("Everyone followed {suit}: a clean trick. The {n} card goes face down to the waste pile.",
                                "Everyone followed {suit}: a clean trick. The {n} cards go face down to the waste pile."), n,
                           suit=sym)
    card = DECK[info.winner_card]
    if info.rule == "lowest":
        tail = t.say(e.seat, N_("{player} played the lowest {suit}, {card}, and leads next (Get Away rule)."),
                     N_("You played the lowest {suit}, {card}, and lead next (Get Away rule)."), suit=sym, card=card)
    else:
        tail = t.say(e.seat, N_("{player} played the highest {suit}, {card}, and has the power."),
                     N_("You played the highest {suit}, {card}, and have the power."), suit=sym, card=card)
    return f"{head} {tail}"


def _draw(t: _Teller) -> str:
    e = t.e
    if t.shown:
        return t.say(e.seat,
                     N_("{player} has the power but no cards, and nobody escapes with the power: {player} draws a card "
                        "at random from the waste pile ({card}) and must lead it."),
                     N_("You have the power but no cards, and nobody escapes with the power: you draw a card "
                        "at random from the waste pile ({card}) and must lead it."), card=DECK[e._cards[0]])
    return t.say(e.seat,
                 N_("{player} has the power but no cards, and nobody escapes with the power: {player} draws a card "
                    "at random from the waste pile and must lead it."),
                 N_("You have the power but no cards, and nobody escapes with the power: you draw a card "
                    "at random from the waste pile and must lead it."))


def _escape(t: _Teller) -> str:
    e = t.e
    info: EscapeInfo = e.info
    if info.how == "taken":
        return t.say(e.seat, N_("{player}'s hand was taken: {player} escapes and is safe."),
                     N_("Your hand was taken: you escape and are safe."))
    if info.how == "power":
        head = t.say(e.seat, N_("{player} has the power but no cards; in this variant that is an escape."),
                     N_("You have the power but no cards; in this variant that is an escape."))
        if info.next_leader is None:
            return head
        return head + " " + t.say(info.next_leader, N_("{player} leads next."), N_("You lead next."))
    return t.say(e.seat, N_("{player} has no cards left and escapes: safe!"), N_("You have no cards left and escape: safe!"))


TAKE_EFFECT = N_("A take adds {target}'s {n} cards to your {m}, and {target} escapes (rule 7).")
"""What a take would do, in one line (rule 7): said at a chance to take, by the table and the coach."""
TAKE_EFFECT_THEM = N_("A take adds {target}'s {n} cards to {name}'s {m}, and {target} escapes (rule 7).")
""":data:`TAKE_EFFECT` of someone else's take (its third-person twin, :func:`~bhabho_widget.i18n.third_person`)."""
third_person({TAKE_EFFECT: TAKE_EFFECT_THEM})


def _take(t: _Teller) -> str:
    e = t.e
    info: TakeInfo = e.info
    n = len(e._cards)
    cards = f" ({_list(e.cards)})" if t.shown else ""  # the cards, for a viewer who may see them
    if t.you(info.target):
        if info.power:
            # TRANSLATORS: {cards} is empty, or a space and the cards taken in parentheses: " (A♠, 10♥)".
            forms = Nn_("{player} takes your hand: {n} card{cards} and with it the power.",
                        "{player} takes your hand: {n} cards{cards} and with it the power.")
        else:
            forms = Nn_("{player} takes your hand: {n} card{cards}.", "{player} takes your hand: {n} cards{cards}.")
        return t.tr.plural(*forms, n, player=t.names[e.seat], cards=cards)  # type: ignore[index]
    if info.power:
        third = Nn_("{player} takes {target}'s hand: {n} card{cards} and with it the power.",
                    "{player} takes {target}'s hand: {n} cards{cards} and with it the power.")
        second = Nn_("You take {target}'s hand: {n} card{cards} and with it the power.",
                     "You take {target}'s hand: {n} cards{cards} and with it the power.")
    else:
        third = Nn_("{player} takes {target}'s hand: {n} card{cards}.", "{player} takes {target}'s hand: {n} cards{cards}.")
        second = Nn_("You take {target}'s hand: {n} card{cards}.", "You take {target}'s hand: {n} cards{cards}.")
    return t.count(e.seat, third, second, n, target=t.names[info.target], cards=cards)


def _game_over(t: _Teller) -> str:
    e = t.e
    if e.seat is None:
        return t.tr.format(N_("Nobody holds cards: the game is over and nobody loses."))
    text = t.say(e.seat, N_("Only {player} still holds cards: {player} is the bhabhi and loses."),
                 N_("Only you still hold cards: you are the bhabhi and lose."))
    if e.info:
        first, second = e.info
        if t.you(first):
            team = t.tr.format(N_("The team of you and {partner} loses."), partner=t.names[second])
        elif t.you(second):
            team = t.tr.format(N_("The team of {partner} and you loses."), partner=t.names[first])
        else:
            team = t.tr.format(N_("The team of {first} and {second} loses."), first=t.names[first], second=t.names[second])
        text += " " + team
    return text


def _stalemate(t: _Teller) -> str:
    return t.tr.format(N_("The same position has come round for the third time (every hand, the player to lead and the "
                          "waste pile): the round ends in a stalemate, and nobody is the bhabhi (rule 10)."))


_TEXT = {
    "deal": _deal, "lead": _lead, "follow": _follow, "tochoo": _tochoo, "discard": _discard,
    "pickup": _pickup, "waste": _waste, "draw": _draw, "escape": _escape, "take": _take,
    "game_over": _game_over, "stalemate": _stalemate,
}
