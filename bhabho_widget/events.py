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
    are public. A seat named "You" is addressed in the second person in ``text``.
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


def _n(e, seat, start=True):
    """A seat's name as a subject; a seat named "You" is addressed in the second person."""
    name = e._names[seat]
    if name == "You":
        return "You" if start else "you"
    return name


def _poss(e, seat, start=True):
    name = e._names[seat]
    if name == "You":
        return "Your" if start else "your"
    return f"{name}'s"


def _v(e, seat, third, second):
    """The verb form that agrees with the seat's name."""
    return second if e._names[seat] == "You" else third


def _cards_word(k):
    return "1 card" if k == 1 else f"{k} cards"


def _deal(e, shown):
    base = f"{_n(e, e.seat)} {_v(e, e.seat, 'is', 'are')} dealt {_cards_word(len(e._cards))}"
    return f"{base}: {_list(e.cards)}." if shown else base + "."


def _lead(e, shown):
    card = DECK[e._cards[0]]
    why, s = e._info, e.seat
    if why == "opening":
        return f"{_n(e, s)} {_v(e, s, 'holds', 'hold')} {card} and must lead it: the opening trick begins."
    if why == "drawn":
        return f"{_n(e, s)} {_v(e, s, 'leads', 'lead')} {card}, the card drawn from the waste pile."
    return f"{_n(e, s)} {_v(e, s, 'has', 'have')} the power and {_v(e, s, 'leads', 'lead')} {card}."


def _follow(e, shown):
    return f"{_n(e, e.seat)} {_v(e, e.seat, 'follows', 'follow')} with {DECK[e._cards[0]]}."


def _tochoo(e, shown):
    led, picker, high, count, alone = e._info
    sym = SUIT_SYMBOLS[SUITS[led]]
    s = e.seat
    if high is None:  # the pick-up form: no card is played
        return (f"{_n(e, s)} cannot follow {sym}, so {_v(e, s, 'plays', 'play')} no card and must pick up "
                f"the {_cards_word(count)} on the table.")
    head = f"{_n(e, s)} cannot follow {sym}: tochoo with {DECK[e._cards[0]]}!"
    picks = _v(e, picker, "picks", "pick")
    if alone:
        return (f"{head} {_poss(e, picker)} lead, {DECK[high]}, is the only {sym} on the table, "
                f"so {_n(e, picker, False)} {picks} up {_cards_word(count)}.")
    return f"{head} {_n(e, picker)} played the highest {sym}, {DECK[high]}, and {picks} up {_cards_word(count)}."


def _discard(e, shown):
    led, opening = e._info
    sym = SUIT_SYMBOLS[SUITS[led]]
    card, s = DECK[e._cards[0]], e.seat
    if opening:
        return (f"{_n(e, s)} {_v(e, s, 'has', 'have')} no {sym} and {_v(e, s, 'plays', 'play')} {card}: "
                "in the opening trick that is allowed and nobody picks up.")
    return (f"{_n(e, s)} cannot follow {sym} and {_v(e, s, 'discards', 'discard')} {card}: "
            "a discard cannot win, the trick goes on.")


def _pickup(e, shown):
    source, s = e._info, e.seat
    k = len(e._cards)
    picks = _v(e, s, "picks", "pick")
    if source == "waste":
        base = f"{_n(e, s)} also {picks} up the whole waste pile: {_cards_word(k)}"
        return base + "." if not shown else f"{base} ({_list(e.cards)})."
    return (f"{_n(e, s)} {picks} up {_cards_word(k)} ({_list(e.cards)}) and {_v(e, s, 'has', 'have')} "
            f"the power: {_n(e, s, False)} {_v(e, s, 'leads', 'lead')} next.")


def _waste(e, shown):
    led, rule, winner_card, opening = e._info
    sym = SUIT_SYMBOLS[SUITS[led]]
    k, s = len(e._cards), e.seat
    if opening:
        head = f"The opening trick is complete: its {_cards_word(k)} go face down to the waste pile."
    else:
        head = f"Everyone followed {sym}: a clean trick. The {_cards_word(k)} go face down to the waste pile."
    if rule == "lowest":
        return (f"{head} {_n(e, s)} played the lowest {sym}, {DECK[winner_card]}, "
                f"and {_v(e, s, 'leads', 'lead')} next (Get Away rule).")
    return (f"{head} {_n(e, s)} played the highest {sym}, {DECK[winner_card]}, "
            f"and {_v(e, s, 'has', 'have')} the power.")


def _draw(e, shown):
    s = e.seat
    head = (f"{_n(e, s)} {_v(e, s, 'has', 'have')} the power but no cards, and nobody escapes with the power: "
            f"{_n(e, s, False)} {_v(e, s, 'draws', 'draw')} a card at random from the waste pile")
    if shown:
        return f"{head} ({DECK[e._cards[0]]}) and must lead it."
    return f"{head} and must lead it."


def _escape(e, shown):
    how, other = e._info
    s = e.seat
    escapes = _v(e, s, "escapes", "escape")
    if how == "taken":
        return f"{_poss(e, s)} hand was taken: {_n(e, s, False)} {escapes} and {_v(e, s, 'is', 'are')} safe."
    if how == "power":
        follow = f"{_n(e, other)} {_v(e, other, 'leads', 'lead')} next." if other is not None else ""
        return (f"{_n(e, s)} {_v(e, s, 'has', 'have')} the power but no cards; in this variant that is an escape. "
                + follow).strip()
    return f"{_n(e, s)} {_v(e, s, 'has', 'have')} no cards left and {escapes}: safe!"


def _take(e, shown):
    target, power = e._info
    k, s = len(e._cards), e.seat
    head = f"{_n(e, s)} {_v(e, s, 'takes', 'take')} {_poss(e, target, False)} hand ({_cards_word(k)}"
    head += f": {_list(e.cards)})" if shown else ")"
    if power:
        head += " and with it the power"
    return head + "."


def _game_over(e, shown):
    team, s = e._info, e.seat
    if s is None:
        return "Nobody holds cards: the game is over and nobody loses."
    text = (f"Only {_n(e, s, False)} still {_v(e, s, 'holds', 'hold')} cards: {_n(e, s, False)} "
            f"{_v(e, s, 'is', 'are')} the bhabhi and {_v(e, s, 'loses', 'lose')}.")
    if team:
        text += " The team of " + " and ".join(_n(e, t, False) for t in team) + " loses."
    return text


_TEXT = {
    "deal": _deal, "lead": _lead, "follow": _follow, "tochoo": _tochoo, "discard": _discard,
    "pickup": _pickup, "waste": _waste, "draw": _draw, "escape": _escape, "take": _take,
    "game_over": _game_over,
}
