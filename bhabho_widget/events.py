"""Events: what each step of a game did, with a plain-English explanation.

An event is cheap to make: its ``text`` is written only when read. Some events carry
cards that only some seats may see (a deal, a draw, a take); ``to_dict(seat)`` hides
them from everyone else.
"""

from __future__ import annotations

from .cards import DECK, SUIT_SYMBOLS, SUITS

KINDS = ("deal", "lead", "follow", "tochoo", "discard", "pickup", "waste", "draw",
         "escape", "take", "game_over")


def _list(cards) -> str:
    return ", ".join(str(c) for c in cards)


class Event:
    """One step of a game: ``kind`` (see KINDS), ``seat`` (who it is about), ``cards``.

    ``private`` is a tuple of the seats allowed to see ``cards``, or None when the cards
    are public.
    """

    __slots__ = ("kind", "seat", "_cards", "_info", "_names", "private")

    def __init__(self, kind, seat, cards, info, names, private=None):
        self.kind = kind
        self.seat = seat
        self._cards = cards
        self._info = info
        self._names = names
        self.private = private

    @property
    def cards(self) -> tuple:
        return tuple(DECK[i] for i in self._cards)

    @property
    def text(self) -> str:
        return _TEXT[self.kind](self, True)

    def visible_to(self, seat) -> bool:
        return self.private is None or seat in self.private

    def to_dict(self, seat=None) -> dict:
        """JSON-safe form. With ``seat``, cards that seat may not see are left out."""
        shown = seat is None or self.visible_to(seat)
        return {
            "kind": self.kind,
            "seat": self.seat,
            "cards": [DECK[i].code for i in self._cards] if shown else [],
            "text": _TEXT[self.kind](self, shown),
        }

    def __eq__(self, other):
        return (isinstance(other, Event) and (self.kind, self.seat, self._cards, self._info)
                == (other.kind, other.seat, other._cards, other._info))

    def __repr__(self) -> str:
        return f"<Event {self.kind} seat={self.seat}: {self.text}>"


def _n(e, seat):
    return e._names[seat]


def _cards_word(k):
    return "1 card" if k == 1 else f"{k} cards"


def _deal(e, shown):
    base = f"{_n(e, e.seat)} is dealt {_cards_word(len(e._cards))}"
    return f"{base}: {_list(e.cards)}." if shown else base + "."


def _lead(e, shown):
    card = DECK[e._cards[0]]
    why = e._info
    if why == "opening":
        return f"{_n(e, e.seat)} holds {card} and must lead it: the opening trick begins."
    if why == "drawn":
        return f"{_n(e, e.seat)} leads {card}, the card drawn from the waste pile."
    return f"{_n(e, e.seat)} has the power and leads {card}."


def _follow(e, shown):
    return f"{_n(e, e.seat)} follows with {DECK[e._cards[0]]}."


def _tochoo(e, shown):
    led, picker, high, count, alone = e._info
    sym = SUIT_SYMBOLS[SUITS[led]]
    if high is None:  # the pick-up form: no card is played
        return (f"{_n(e, e.seat)} cannot follow {sym}, so plays no card and must pick up "
                f"the {_cards_word(count)} on the table.")
    head = f"{_n(e, e.seat)} cannot follow {sym}: tochoo with {DECK[e._cards[0]]}!"
    if alone:
        return (f"{head} {_n(e, picker)}'s lead, {DECK[high]}, is the only {sym} on the table, "
                f"so {_n(e, picker)} picks up {_cards_word(count)}.")
    return (f"{head} {_n(e, picker)} played the highest {sym}, {DECK[high]}, "
            f"and picks up {_cards_word(count)}.")


def _discard(e, shown):
    led, opening = e._info
    sym = SUIT_SYMBOLS[SUITS[led]]
    card = DECK[e._cards[0]]
    if opening:
        return (f"{_n(e, e.seat)} has no {sym} and plays {card}: in the opening trick "
                "that is allowed and nobody picks up.")
    return (f"{_n(e, e.seat)} cannot follow {sym} and discards {card}: a discard cannot win, "
            "the trick goes on.")


def _pickup(e, shown):
    source = e._info
    k = len(e._cards)
    if source == "waste":
        base = f"{_n(e, e.seat)} also picks up the whole waste pile: {_cards_word(k)}"
        return base + "." if not shown else f"{base} ({_list(e.cards)})."
    return (f"{_n(e, e.seat)} picks up {_cards_word(k)} ({_list(e.cards)}) and has the power: "
            f"{_n(e, e.seat)} leads next.")


def _waste(e, shown):
    led, rule, winner_card, opening = e._info
    sym = SUIT_SYMBOLS[SUITS[led]]
    k = len(e._cards)
    if opening:
        head = f"The opening trick is complete: its {_cards_word(k)} go face down to the waste pile."
    else:
        head = f"Everyone followed {sym}: a clean trick. The {_cards_word(k)} go face down to the waste pile."
    if rule == "lowest":
        return (f"{head} {_n(e, e.seat)} played the lowest {sym}, {DECK[winner_card]}, "
                "and leads next (Get Away rule).")
    return f"{head} {_n(e, e.seat)} played the highest {sym}, {DECK[winner_card]}, and has the power."


def _draw(e, shown):
    head = (f"{_n(e, e.seat)} has the power but no cards, and nobody escapes with the power: "
            f"{_n(e, e.seat)} draws a card at random from the waste pile")
    if shown:
        return f"{head} ({DECK[e._cards[0]]}) and must lead it."
    return f"{head} and must lead it."


def _escape(e, shown):
    how, other = e._info
    if how == "taken":
        return f"{_n(e, e.seat)}'s hand was taken: {_n(e, e.seat)} escapes and is safe."
    if how == "power":
        follow = f"{_n(e, other)} leads next." if other is not None else ""
        return (f"{_n(e, e.seat)} has the power but no cards; in this variant that is an escape. "
                + follow).strip()
    return f"{_n(e, e.seat)} has no cards left and escapes: safe!"


def _take(e, shown):
    target, power = e._info
    k = len(e._cards)
    head = f"{_n(e, e.seat)} takes {_n(e, target)}'s hand ({_cards_word(k)}"
    head += f": {_list(e.cards)})" if shown else ")"
    if power:
        head += " and with it the power"
    return head + "."


def _game_over(e, shown):
    team = e._info
    if e.seat is None:
        return "Nobody holds cards: the game is over and nobody loses."
    text = f"Only {_n(e, e.seat)} still holds cards: {_n(e, e.seat)} is the bhabhi and loses."
    if team:
        text += " The team of " + " and ".join(_n(e, s) for s in team) + " loses."
    return text


_TEXT = {
    "deal": _deal, "lead": _lead, "follow": _follow, "tochoo": _tochoo, "discard": _discard,
    "pickup": _pickup, "waste": _waste, "draw": _draw, "escape": _escape, "take": _take,
    "game_over": _game_over,
}
