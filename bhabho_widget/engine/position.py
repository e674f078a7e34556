"""A position as one line of text, like FEN for chess: :meth:`Game.position` and :meth:`Game.from_position`.

The text is a few ``part=value`` words separated by spaces, in any order; only ``hands`` is
needed. ``docs/rules.md`` ("A position as text") describes every part:

- ``rules``: ``classic``, a preset with dashes for spaces (``get-away``), or the fields that
  differ from the classic rules, ``picker:offsuit_player,ace:low``;
- ``hands``: one hand per seat, separated by ``/``; a hand is its spades, hearts, diamonds
  and clubs separated by ``.``, each as ranks ``AKQJT98765432`` (``T`` is the 10), or a
  list of card codes ``AS,10H``; ``-`` is a hand without cards;
- ``lead``: the seat with the power, who leads (or led) the trick; left out, the opening
  trick of rule 3 decides;
- ``opening``: ``yes`` while the opening trick is to be played or on the table;
- ``table``: the cards of the trick on the table in play order, ``seat:card`` each;
- ``waste``: the waste pile, written like a hand;
- ``drawn``: the card the leader drew from the waste pile and must lead (rule 6);
- ``trick``, ``escaped``, ``seed``, ``draws``, ``seen``: the trick's number, the seats that
  escaped (in order), the seed and the number of draws so far (they decide the next draw),
  and rule 10's count of the positions that came round and can come round again (``-``: none).

>>> from bhabho_widget import Game
>>> g = Game.from_hands([["QH", "5S", "7C"], ["JD"]], rules="pick-up form", leader=0, seed=1)
>>> g.position()
'rules=pick-up-form hands=5.Q..7/..J. lead=0 seed=1'
>>> Game.from_position("hands=5.Q..7/..J. lead=0 rules=pick-up-form").legal_cards()
[Card.parse('5S'), Card.parse('QH'), Card.parse('7C')]
>>> Game.from_position("hands=AS,KH/QS,QS lead=0")
Traceback (most recent call last):
...
bhabho_widget.engine.errors.PositionError: position text, hands: Q♠ is in seat 1's hand twice
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields
from typing import NamedTuple, Protocol

from ..i18n import N_, Message
from .cards import DECK, SUIT_MASKS, SUIT_SYMBOLS, SUITS, Card, CardIndex, Mask, Seat, indices, strength_table
from .errors import InvalidCardError, PositionError
from .rules import PRESETS, Rules, seat_circles
from .state import STALEMATE_REPEATS, GameState, StartPosition

__all__ = ["MAX_POSITION_CHARS", "PARTS", "GameInPlay", "ParsedPosition", "format_position", "format_state",
           "parse_position"]

MAX_POSITION_CHARS = 100_000
"""Longer text is refused before it is read."""
PARTS = ("rules", "hands", "lead", "opening", "table", "waste", "drawn", "trick", "escaped", "seed", "draws", "seen")
"""The parts of a position text, in the order :func:`format_position` writes them."""
_RANKS = "AKQJT98765432"
_RANK_OF = {c: r for c, r in zip(_RANKS, range(14, 1, -1))}
_YES = {"yes": True, "no": False}
_MAX_TRICK = 1_000_000
_MAX_SEED_DIGITS = 40


_AS_GIVEN = "{error}"
"""The template of a reason that is another error's text (a card's, the rules'): nothing to
translate, so it is not marked (the catalogs do not have it, and it stays as it is)."""


def _fail(part: str | None, template: str, /, **values: object) -> PositionError:
    """The error about ``part`` (None: about the whole text): ``template`` (marked ``N_(...)``
    where it is written, so that it is in the catalogs) filled with ``values``, after
    ``"position text, <part>: "``. Its :attr:`~PositionError.why` is that reason alone."""
    why = Message(template, **values)
    if part is None:
        # TRANSLATORS: the start of an error about a whole position text; {why} is what is wrong.
        return PositionError(Message("position text: {why}", why=why), None, why)
    # TRANSLATORS: {part} is a word of the text format (hands, table, lead, ...): keep it as it is.
    return PositionError(Message("position text, {part}: {why}", part=part, why=why), part, why)


def _short(text: str, limit: int = 24) -> str:
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


# ---------------------------------------------------------------------- writing
def cards_text(mask: Mask) -> str:
    """A set of cards by suit, ``AK5.T2..9`` (spades, hearts, diamonds, clubs), or ``-``."""
    if not mask:
        return "-"
    groups = []
    for s in range(4):
        ranks = sorted((DECK[i].rank for i in indices(mask & SUIT_MASKS[s])), reverse=True)
        groups.append("".join(_RANKS[14 - r] for r in ranks))
    return ".".join(groups)


def rules_text(rules: Rules) -> str:
    for name, preset in PRESETS.items():
        if preset == rules:
            return name.replace(" ", "-")
    parts = []
    for f in fields(Rules):
        value = getattr(rules, f.name)
        if value != f.default:
            parts.append(f"{f.name}:{('yes' if value else 'no') if isinstance(value, bool) else value}")
    return ",".join(parts)


def _hands_key(hands: Sequence[Mask]) -> str:
    return "/".join(cards_text(h) for h in hands)


class GameInPlay(Protocol):
    """What the position text reads of a game (a :class:`~bhabho_widget.engine.game.Game`):
    its rules and its whole state of play."""

    @property
    def rules(self) -> Rules: ...

    def state(self) -> GameState: ...


class ParsedPosition(NamedTuple):
    """A position text read (:func:`parse_position`): the pieces :meth:`Game.from_position
    <bhabho_widget.engine.game.Game.from_position>` makes its game of with :meth:`Game.from_state
    <bhabho_widget.engine.game.Game.from_state>`."""

    rules: Rules
    state: GameState
    #: What the game reports as its :attr:`~bhabho_widget.engine.game.Game.start`: the hands,
    #: the leader (None at an opening trick not yet led), the waste pile, and the text
    #: written afresh (:func:`format_state`), from which its record replays.
    start: StartPosition


def format_position(g: GameInPlay, counts: bool = True) -> str:
    """The position text of ``g`` (see the module's docstring); ``counts=False`` leaves out
    rule 10's counts, so that a game continued from the text counts positions afresh."""
    return format_state(g.state(), g.rules, counts)


def format_state(s: GameState, rules: Rules, counts: bool = True) -> str:
    """The position text of a game in the state of play ``s`` under ``rules`` (see :func:`format_position`)."""
    if s.is_over:
        raise PositionError(Message("the game is over: a finished game has no position to continue from"))
    out = [f"rules={rules_text(rules)}", f"hands={_hands_key(s.hands)}"]
    opening_without_lead = s.opening and not s.table and _opening_leader(rules, list(s.hands))[0] == s.leader
    if not opening_without_lead:
        out.append(f"lead={s.leader}")
        if s.opening:
            out.append("opening=yes")
    if s.table:
        out.append("table=" + ",".join(f"{seat}:{DECK[i].code}" for seat, i in zip(s.trick_order, s.table)))
    if s.waste:
        out.append(f"waste={cards_text(s.waste)}")
    if s.forced >= 0:
        out.append(f"drawn={DECK[s.forced].code}")
    if s.trick != 1:
        out.append(f"trick={s.trick}")
    if s.escaped:
        out.append("escaped=" + ",".join(map(str, s.escaped)))
    if s.seed:
        out.append(f"seed={s.seed}")
    if s.draws:
        out.append(f"draws={s.draws}")
    if counts:
        seen = _live_counts(s, rules)
        start = _trick_start_key(s.leader, s.hands, s.table, s.trick_order)  # type: ignore[arg-type]
        if seen != {start: 1}:
            words = []
            for key, n in seen.items():
                words.append(str(n) if key == start else f"{n}:{key[0]}:{_hands_key(key[1:])}")
            out.append("seen=" + (";".join(words) or "-"))
    return " ".join(out)


def _trick_start_key(leader: Seat, hands: Sequence[Mask], table: Sequence[CardIndex],
                     order: Sequence[Seat]) -> tuple[int, ...]:
    """Rule 10's key of the position at the start of the trick on the table (the hands
    with the table's cards given back): what :meth:`Game._count_position` counted last,
    unless a take came after it."""
    back = list(hands)
    for seat, i in zip(order, table):
        back[seat] |= 1 << i
    return (leader, *back)


def _live_counts(s: GameState, rules: Rules) -> dict[tuple[int, ...], int]:
    """Rule 10's counts of the positions that can still come round, keyed ``(leader, *hands)``:
    none in which a seat that has escaped holds cards (it never holds any again), and, when
    pickups take no waste pile, only those with as many cards in the hands as now (the
    number never grows)."""
    escaped = set(s.escaped)
    total = sum(h.bit_count() for h in s.hands) + len(s.table)
    grows = rules.pickup == "trick_and_waste"
    live: dict[tuple[int, ...], int] = {}
    for (hands, leader, _waste), n in s.positions.items():
        if any(hands[e] for e in escaped):
            continue
        if not grows and sum(h.bit_count() for h in hands) != total:
            continue
        key: tuple[int, ...] = (leader, *hands)  # type: ignore[arg-type]  # a counted position has a leader
        live[key] = n
    return live


def _opening_leader(rules: Rules, hands: list[Mask]) -> tuple[Seat | None, CardIndex]:
    """Rule 3: who leads the opening trick, and with which card, from the hands (None: no
    card of the opening suit, so no opening trick)."""
    card = Card.parse(rules.opening_card)
    for s, h in enumerate(hands):
        if h >> card.index & 1:
            return s, card.index
    strength = _strength(rules)
    best: tuple[Seat, CardIndex] | None = None
    for s, h in enumerate(hands):
        for i in indices(h & SUIT_MASKS[card.suit_index]):
            if best is None or strength[i] > strength[best[1]]:
                best = (s, i)
    return best if best is not None else (None, -1)


def _strength(rules: Rules) -> tuple[int, ...]:
    return strength_table(rules.ace)


# ---------------------------------------------------------------------- reading
def _split(text: str) -> dict[str, str]:
    if not isinstance(text, str):
        raise TypeError(f"a position is text, not {type(text).__name__}")
    if len(text) > MAX_POSITION_CHARS:
        raise PositionError(Message("position text has at most {n} characters", n=format(MAX_POSITION_CHARS, ",")))
    parts: dict[str, str] = {}
    for word in text.split():
        key, eq, value = word.partition("=")
        if not eq:
            raise _fail(None, N_("{word} is not a part: write part=value, like hands=AK.Q..2/..."), word=_short(word))
        if key not in PARTS:
            raise _fail(None, N_("{word} is not a part; the parts are {parts}"), word=_short(key), parts=", ".join(PARTS))
        if key in parts:
            raise _fail(key, N_("given twice"))
        if not value:
            raise _fail(key, N_("has no value"))
        parts[key] = value
    if "hands" not in parts:
        raise _fail(None, N_("the hands are missing (hands=...)"))
    return parts


def _parse_rules(value: str) -> Rules:
    presets = {name.replace(" ", "-"): rules for name, rules in PRESETS.items()}
    if value in presets:
        return presets[value]
    known = {f.name: f for f in fields(Rules)}
    data: dict[str, object] = {}
    for item in value.split(","):
        name, colon, v = item.partition(":")
        if not colon or name not in known:
            raise _fail("rules", N_("{item} is neither a preset ({presets}) nor field:value, like picker:offsuit_player"),
                        item=_short(item), presets=", ".join(p.replace(" ", "-") for p in PRESETS))
        if name in data:
            raise _fail("rules", N_("{field} given twice"), field=name)
        if isinstance(known[name].default, bool):
            if v not in _YES:
                raise _fail("rules", N_("{field} must be yes or no, not {value}"), field=name, value=_short(v))
            data[name] = _YES[v]
        else:
            data[name] = v
    try:
        return Rules(**data)  # type: ignore[arg-type]
    except (ValueError, TypeError) as err:
        raise _fail("rules", _AS_GIVEN, error=str(err)) from None


def _parse_cards(part: str, text: str, what: Message) -> Mask:
    """A set of cards written by suit (``AK5.T2..9``) or as codes (``AS,10H``); ``-``: none.
    ``what`` names the set in the errors (``"seat 1's hand"``)."""
    if text == "-":
        return 0
    mask = 0

    def add(i: int) -> None:
        nonlocal mask
        if mask >> i & 1:
            raise _fail(part, N_("{card} is in {what} twice"), card=DECK[i], what=what)
        mask |= 1 << i

    if "." in text:
        groups = text.split(".")
        if len(groups) != 4:
            raise _fail(part, N_("{what} {text} needs four suits (spades.hearts.diamonds.clubs), not {n}"),
                        what=what, text=_short(text), n=len(groups))
        for s, group in enumerate(groups):
            for ch in group.upper():
                if ch not in _RANK_OF:
                    raise _fail(part, N_("{what}: {char} is not a rank ({ranks}, T for 10) in {text}"),
                                what=what, char=_short(ch), ranks=_RANKS, text=_short(text))
                add(13 * s + _RANK_OF[ch] - 2)
        return mask
    for code in text.split(","):
        try:
            add(Card.parse(code).index)
        except InvalidCardError as err:
            raise _fail(part, N_("{what}: {error}"), what=what, error=str(err)) from None
    return mask


def _parse_int(part: str, value: str, low: int, high: int) -> int:
    digits = value[1:] if value.startswith("-") else value
    if not digits.isdigit() or not digits.isascii() or len(digits) > _MAX_SEED_DIGITS:
        raise _fail(part, N_("{value} is not a whole number"), value=_short(value))
    n = int(value)
    if not low <= n <= high:
        raise _fail(part, N_("must be from {low} to {high}, not {n}"), low=low, high=high, n=n)
    return n


def _parse_seat(part: str, value: str, n: int) -> Seat:
    return _parse_int(part, value, 0, n - 1)


def parse_position(text: str) -> ParsedPosition:
    """The rules, the state of play and the start of the position ``text`` describes (see the
    module's docstring), every part checked against the rules: anything wrong is a
    :class:`~bhabho_widget.engine.errors.PositionError` naming the part.

    >>> parsed = parse_position("hands=5.Q..7/..J. lead=0 rules=pick-up-form")
    >>> parsed.rules.picker, parsed.state.current_player, format_state(parsed.state, parsed.rules)
    ('offsuit_player', 0, 'rules=pick-up-form hands=5.Q..7/..J. lead=0')
    """
    parts = _split(text)
    rules = _parse_rules(parts["rules"]) if "rules" in parts else Rules()
    hand_texts = parts["hands"].split("/")
    n = len(hand_texts)
    if not 2 <= n <= 8:
        raise _fail("hands", N_("a position has 2 to 8 seats, one hand each separated by '/', not {n}"), n=n)
    if rules.teams and (n < 4 or n % 2):
        raise _fail("rules", N_("the teams variant needs an even number of players, at least 4, not {n}"), n=n)
    hands: list[Mask] = []
    seen = 0
    for s, h in enumerate(hand_texts):
        # TRANSLATORS: {what} in the errors about a hand of a position text ("{what}: ...", "{card} is in {what} twice").
        m = _parse_cards("hands", h, Message("seat {seat}'s hand", seat=s))
        if m & seen:
            raise _fail("hands", N_("{card} is in two hands"), card=DECK[(m & seen).bit_length() - 1])
        seen |= m
        hands.append(m)
    # TRANSLATORS: {what} in the errors about the waste pile of a position text ("{what}: ...", "{card} is in {what} twice").
    waste = _parse_cards("waste", parts["waste"], Message("the waste pile")) if "waste" in parts else 0
    if waste & seen:
        raise _fail("waste", N_("{card} is both in a hand and in the waste pile"), card=DECK[(waste & seen).bit_length() - 1])
    seen |= waste

    # the trick on the table
    table: list[CardIndex] = []
    table_seats: list[Seat] = []
    if "table" in parts:
        for item in parts["table"].split(","):
            seat_text, colon, code = item.partition(":")
            if not colon:
                raise _fail("table", N_("{item} must be seat:card, like 2:AS"), item=_short(item))
            seat = _parse_seat("table", seat_text, n)
            try:
                i = Card.parse(code).index
            except InvalidCardError as err:
                raise _fail("table", _AS_GIVEN, error=str(err)) from None
            if seen >> i & 1:
                raise _fail("table", N_("{card} is on the table and also in a hand or the waste pile"), card=DECK[i])
            seen |= 1 << i
            table.append(i)
            table_seats.append(seat)
    if len(table) > n:
        raise _fail("table", N_("a trick has at most {n} cards, one per seat (rule 4)"), n=n)

    holders = sum(1 for s in range(n) if hands[s] or s in table_seats)
    if holders < 2:
        raise _fail("hands", N_("a position needs at least 2 players holding cards: with fewer the game is over (rule 8)"))

    opening = False
    if "opening" in parts:
        if parts["opening"] not in _YES:
            raise _fail("opening", N_("must be yes or no, not {value}"), value=_short(parts["opening"]))
        opening = _YES[parts["opening"]]

    # the leader
    if "lead" in parts:
        leader: Seat | None = _parse_seat("lead", parts["lead"], n)
    elif table_seats:
        leader = table_seats[0]
    elif "opening" in parts and not opening:
        raise _fail(None, N_("the leader is missing: write lead=seat, the seat with the power (rule 4)"))
    else:
        leader = None  # the opening trick decides (rule 3)
    if table_seats and leader != table_seats[0]:
        raise _fail("table", N_("the trick's first card is seat {leader}'s lead, not seat {seat}'s (rule 4)"),
                    leader=leader, seat=table_seats[0])
    if leader is None or opening:
        held = list(hands)
        for s, i in zip(table_seats, table):
            held[s] |= 1 << i
        first, opening_lead = _opening_leader(rules, held)
        if first is None:
            suit = SUIT_SYMBOLS[rules.opening_card[-1]]
            raise _fail("opening", N_("nobody holds a card of the opening suit ({suit}), so there is no opening trick (rule 3)"),
                        suit=suit)
        if leader is None:
            leader = first
            opening = True
        elif leader != first:
            raise _fail("lead", N_("seat {first} leads the opening trick with {card} (rule 3), not seat {leader}"),
                        first=first, card=DECK[opening_lead], leader=leader)
        if table and table[0] != opening_lead:
            raise _fail("table", N_("the opening trick is led with {card} (rule 3), not {played}"),
                        card=DECK[opening_lead], played=DECK[table[0]])
        if waste:
            raise _fail("waste", N_("the waste pile is empty until the opening trick is over (rule 3)"))
    else:
        opening_lead = -1

    trick = _parse_int("trick", parts["trick"], 1, _MAX_TRICK) if "trick" in parts else 1
    if opening and trick != 1:
        raise _fail("trick", N_("the opening trick is trick 1, not {n}"), n=trick)

    escaped: tuple[Seat, ...] = ()
    if "escaped" in parts:
        for item in parts["escaped"].split(","):
            e = _parse_seat("escaped", item, n)
            if e in escaped:
                raise _fail("escaped", N_("seat {seat} given twice"), seat=e)
            if hands[e] or e in table_seats:
                raise _fail("escaped", N_("seat {seat} holds cards or is in the trick on the table: it has not escaped"), seat=e)
            escaped += (e,)

    # the order of the trick: the leader, then the seats that held cards when it was led
    circle = seat_circles(n, rules.step)[leader]
    at_lead = [s for s in circle if s == leader or hands[s] or s in table_seats]
    if table:
        if at_lead[:len(table)] != table_seats:
            raise _fail("table", N_("the trick goes round in play order from seat {leader}: {order}, not {seats} (rule 4)"),
                        leader=leader, order=", ".join(map(str, at_lead[:len(table)])), seats=", ".join(map(str, table_seats)))
        if len(table) == len(at_lead):
            raise _fail("table", N_("every seat has played to the trick: it is over and the table is empty (rule 4)"))
        led = table[0] // 13
        discard, pickup_form = rules.off_suit == "discard", rules.picker == "offsuit_player"
        led_symbol = SUIT_SYMBOLS[SUITS[led]]
        for s, i in zip(table_seats[1:], table[1:]):
            if i // 13 != led:
                if not (opening or discard):
                    raise _fail("table", N_("{card} does not follow {suit}: a tochoo ends the trick at once (rule 4)"),
                                card=DECK[i], suit=led_symbol)
                if hands[s] & SUIT_MASKS[led]:
                    why = (N_("seat {seat} played {card} but holds {suit}, so it had to follow suit (rule 3)") if opening
                           else N_("seat {seat} played {card} but holds {suit}, so it had to follow suit (rule 4)"))
                    raise _fail("table", why, seat=s, card=DECK[i], suit=led_symbol)
        nxt = at_lead[len(table)]
        if pickup_form and not opening and not hands[nxt] & SUIT_MASKS[led]:
            raise _fail("table", N_("seat {seat} holds no {suit} and would have picked up the trick already "
                                    "(pick-up form, rule 4)"), seat=nxt, suit=led_symbol)
    else:
        if not hands[leader]:
            raise _fail("lead", N_("the leader, seat {seat}, holds no cards: the power goes with cards (rules 4 and 6)"),
                        seat=leader)
        if opening and not hands[leader] >> opening_lead & 1:
            raise _fail("lead", N_("seat {seat} must hold {card} to lead the opening trick"),
                        seat=leader, card=DECK[opening_lead])

    forced: CardIndex = -1
    if "drawn" in parts:
        try:
            forced = Card.parse(parts["drawn"]).index
        except InvalidCardError as err:
            raise _fail("drawn", _AS_GIVEN, error=str(err)) from None
        if not rules.must_draw:
            raise _fail("drawn", N_("nobody draws when must_draw is off (rule 6)"))
        if table or opening:
            raise _fail("drawn", N_("a drawn card is led at once: the table must be empty and the opening trick over"))
        if not hands[leader] >> forced & 1:
            raise _fail("drawn", N_("the leader, seat {seat}, must hold the card drawn, {card}"), seat=leader, card=DECK[forced])

    seed = _parse_int("seed", parts["seed"], -(2 ** 127), 2 ** 127) if "seed" in parts else 0
    draws = _parse_int("draws", parts["draws"], 0, _MAX_TRICK) if "draws" in parts else 0

    start_key = _trick_start_key(leader, hands, table, table_seats)
    counts: dict[tuple[int, ...], int] = {}
    if "seen" in parts and parts["seen"] != "-":
        for item in parts["seen"].split(";"):
            bits = item.split(":")
            if len(bits) == 1:
                key = start_key
            elif len(bits) == 3:
                lead_k = _parse_seat("seen", bits[1], n)
                hs = bits[2].split("/")
                if len(hs) != n:
                    raise _fail("seen", N_("a position has {n} hands, not {given}"), n=n, given=len(hs))
                # TRANSLATORS: {what} in the errors about a hand of a counted position (seen=...) of a position text.
                masks = [_parse_cards("seen", h, Message("a counted hand")) for h in hs]
                union = 0
                for m in masks:
                    if union & m or m & ~seen:
                        raise _fail("seen", N_("a counted position holds a card twice or a card not in this game"))
                    union |= m
                if not masks[lead_k]:
                    raise _fail("seen", N_("in a counted position the leader, seat {seat}, holds no cards"), seat=lead_k)
                key = (lead_k, *masks)
            else:
                raise _fail("seen", N_("{item} must be count or count:lead:hands"), item=_short(item))
            count = _parse_int("seen", bits[0], 1, STALEMATE_REPEATS - 1)
            if key in counts:
                raise _fail("seen", N_("a position is counted twice"))
            counts[key] = count
    elif "seen" not in parts:
        counts[start_key] = 1

    order = tuple(at_lead) if table else ()
    every = seen  # every card of the position: the hands, the waste pile and the table
    state = GameState(
        hands=tuple(hands), table=tuple(table), trick_order=order, stop=0, led_suit=table[0] // 13 if table else -1,
        leader=leader, current_player=order[len(table)] if table else leader, opening=opening,
        opening_card=opening_lead if opening else -1, forced=forced, waste=waste, trick=trick, escaped=escaped,
        draws=draws, seed=seed, is_over=False, loser=None, stalemate=False,
        positions={(tuple(key[1:]), key[0], every & ~sum(key[1:])): n for key, n in counts.items()})
    # records replay from this text
    start = StartPosition(tuple(hands), None if opening and not table else leader, waste, None, format_state(state, rules))
    return ParsedPosition(rules, state, start)
