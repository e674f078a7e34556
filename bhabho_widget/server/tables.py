"""A shared table in plain Python: several people and bots at one game, no network in it.

:class:`ServerTable` is one table of the server. The round is the one
:class:`~bhabho_widget.table.controller.TableController` every table plays on (the bots'
turns, rule 7's offers and one take per boundary, the checks of every action, the version,
each seat's view): a rule fixed there is fixed here. The server table adds only what is a
server's: its seats (a person's, with the hash of that seat's token, or an open seat a bot
plays), who is connected and the bot that stands in for a person away too long, the host
(seat 0 at first; the role passes on when the host is away longer than the grace time),
who may still sit down once the cards are dealt (a person the host admits by name), the
:class:`~bhabho_widget.play.match.Match` of rounds the host deals, each seat's language,
and what is stored. Every action names the seat it comes from; the server has checked that
seat's token before.

A person's name is cleaned before it is seated (:func:`clean_name`): Unicode NFKC, spaces
run together, no control, format or invisible characters, at most 40 characters, not a name
the table gives itself ("You", "Bot 2", "Player 3", in every language), and not the name of
another person at the table, without regard to case. An empty name is the seat's default,
"Player <seat>".

:meth:`ServerTable.record` is everything the server stores of a table (the settings, the
seats with their token hashes, every move of every round, rule 7's offers of the moment);
:meth:`ServerTable.restore` rebuilds the table from it by dealing the rounds again from the
match's seed and replaying the moves.

>>> t = ServerTable.create(players=4, rules="classic", rounds=2, bots="rules", seed=5)
>>> host, token = t.seat_person("Asha", language="en")
>>> t.check_token(host, token)
True
>>> t.start(host)
>>> while t.bot_due():
...     _ = t.step_bot()
>>> t.view_for(host)["waiting"] in ("human", "bot")
True
>>> clean_name("  Ａsha\u3000 K ")
'Asha K'
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import random
import re
import secrets
import time
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.errors import IllegalMoveError, MessageError
from ..engine.events import Event
from ..engine.game import Game
from ..engine.seat_view import SeatView
from ..i18n import LANGUAGES, N_, Message, Translator, check_language, translator
from ..play.match import Match
from ..play.registry import BOTS
from ..table.controller import OnController, TableController
from ..table.protocol_types import Score
from ..table.seat_record import seat_record
from ..table.settings import shared_settings
from ..table.view import View, score_of

__all__ = ["NO_END", "Seat", "ServerTable", "clean_name", "clean_text", "new_code", "new_token", "token_hash"]

NO_END = 1000
"""Rounds of the match behind a table kept without a scoreboard: the match only deals."""
NAME_LENGTH = 40
UNDEALT_OPEN = N_("the cards are dealt: only a person the host admits by name may sit down now")
"""The refusal of a join after the deal (a dropped person comes back with their seat's token)."""


def new_code() -> str:
    """An unguessable table code (72 random bits, URL-safe)."""
    return secrets.token_urlsafe(9)


def new_token() -> str:
    """An unguessable seat token (192 random bits, URL-safe)."""
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    """What the server keeps of a token: its SHA-256, never the token itself."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class Seat:
    """One seat: ``token_hash`` is empty for an open seat (a bot plays it until a person
    joins); ``seq`` is the number of the last action message taken from that seat (a
    message must carry the next one, so a replayed message is refused)."""

    name: str = ""
    token_hash: str = ""
    language: str = "en"
    seq: int = 0
    connected: bool = False
    dropped_at: float | None = None
    """When the person's connection dropped (time.time()); None while connected or open."""
    bot_plays: bool = True
    """A bot plays this seat: an open seat, or a person's after the grace time."""

    @property
    def is_person(self) -> bool:
        return bool(self.token_hash)


@dataclass
class ServerTable(OnController):
    """One table of the server (see the module's docstring)."""

    code: str
    players: int
    variant: str
    rounds: int | None
    bots_level: str
    seed: int
    seats: list[Seat]
    created: float = field(default_factory=time.time)
    updated: float = field(default_factory=time.time)
    table: TableController = field(init=False)
    """The round: the game, the bots, the offers, the checks, the version and the views."""
    finished_moves: list[list[str]] = field(default_factory=list)
    """The moves of each finished round of the match (the current round's are the game's)."""
    host: int = 0
    """The seat that deals (seat 0, the table's maker, until the role passes, see :meth:`expire`)."""
    admitted: list[str] = field(default_factory=list)
    """Names the host let in after the deal (:meth:`admit`), each good for one seat."""
    klass: str = ""
    """The class whose table this is (its students are seated by the class, each at a seat
    kept for their token), or "" for a table anyone with its code may join."""

    # ------------------------------------------------------------------ making
    @classmethod
    def create(cls, players: int = 4, rules: str = "classic", rounds: int | None = None, bots: str = "rules",
               seed: int | None = None, code: str | None = None, klass: str = "") -> ServerTable:
        """A new table, dealt and waiting for its people; the host takes a seat with
        :meth:`seat_person`, then :meth:`start`\\ s. ``klass``: the class it belongs to."""
        s = shared_settings(players, rules, rounds, bots)
        t = cls(code=code or new_code(), players=s["players"], variant=s["variant"], rounds=s["rounds"], bots_level=s["bots"],
                seed=random.SystemRandom().randrange(2**63) if seed is None else seed,
                seats=[Seat() for _ in range(players)], klass=klass)
        t._new_match(started=False)
        return t

    def _new_match(self, rounds_moves: Sequence[Sequence[str]] = (), started: bool = True) -> int:
        """A match from the table's seed, its rounds replayed from ``rounds_moves`` (a restore);
        returns the number of the current round's events before its last move."""
        match = Match(self.players, rounds=self.rounds or NO_END, rules=self.variant, seed=self.seed)
        rng = random.Random(f"{self.seed}:bots:{secrets.randbits(32)}")
        bots = {s: BOTS[self.bots_level](seed=rng.randrange(2**63)) for s in range(self.players)}  # type: ignore[call-arg]
        self.finished_moves = [list(m) for m in rounds_moves[:-1]]
        mark = 0
        for moves in rounds_moves or [[]]:
            game = match.new_game()  # the match's own game: played on, not replaced, so that it counts
            for move in moves:  # "take 2", or "take:2" as rows stored before 0.4 have it
                mark = game.event_count
                game.push(move)
        version = self.table.version if hasattr(self, "table") else 0
        self.table = TableController(game, bots, people=[s for s, seat in enumerate(self.seats) if not seat.bot_plays],
                                     match=match, started=started)
        self.table.version += version  # versions only grow: a click on the old match is stale
        self.table.changed("new", [], self._heading, told=game.events)
        return mark

    def _heading(self, tr: Translator, names: Sequence[str], seat: int) -> str:
        """The scoreboard's heading as the first words of a round dealt (a table with rounds)."""
        return "" if self.rounds is None else score_of(self.match, names, seat, tr)["text"] + "."

    # ------------------------------------------------------------------ the round, read through the controller
    @property
    def match(self) -> Match:
        assert self.table.match is not None
        return self.table.match

    @property
    def started(self) -> bool:
        return self.table.started

    # ------------------------------------------------------------------ seats
    def seat_person(self, name: str, language: str = "en", seat: int | None = None,
                    reserved: bool = True) -> tuple[int, str]:
        """Give a person a seat: the first open one, or ``seat`` (their own, come back to);
        returns ``(seat, token)``. The token is shown once: the table keeps only its hash
        (a seat given back gets a new token, and the old one no longer opens it). ``name``
        is cleaned (:func:`clean_name`); an empty one is the seat's default name. Once the
        cards are dealt, an open seat goes only to a name the host admitted (:meth:`admit`).
        ``reserved=False`` lets a name the table gives itself through (a hub user's own name)."""
        language = check_language(language)
        cleaned = clean_name(name, reserved)
        if seat is None:
            free = [s for s, st in enumerate(self.seats) if not st.is_person]
            if not free:
                raise IllegalMoveError(Message("the table is full"))
            seat = free[0]
            if self.started:
                key = cleaned.casefold()
                if not key or key not in self.admitted:
                    raise IllegalMoveError(Message(UNDEALT_OPEN))
                self.admitted.remove(key)
        cleaned = cleaned or f"Player {seat}"
        self.check_name_free(cleaned, seat)
        token = new_token()
        self.seats[seat] = Seat(name=cleaned, token_hash=token_hash(token), language=language, connected=True,
                                bot_plays=False, seq=self.seats[seat].seq)
        self.table.seat_person(seat)
        self._touch()
        return seat, token

    def seat_of(self, name: str) -> int | None:
        """The seat of the person called ``name`` (exactly: on a hub, the hub user's name), or None."""
        return next((k for k, s in enumerate(self.seats) if s.is_person and s.name == name), None)

    def check_name_free(self, name: str, seat: int) -> None:
        """Refuse ``name`` at ``seat`` when another person at the table has it (without regard to case)."""
        key = name.casefold()
        if any(k != seat and s.is_person and s.name.casefold() == key for k, s in enumerate(self.seats)):
            raise IllegalMoveError(Message("another player at this table has this name: choose another"))

    def admit(self, seat: int, name: str) -> None:
        """The host lets the person called ``name`` sit down at an open seat once the cards are dealt."""
        if seat != self.host:
            raise IllegalMoveError(Message("only the host admits players at a shared table"))
        cleaned = clean_name(name)
        if not cleaned:
            raise IllegalMoveError(Message("a name must have letters or digits"))
        key = cleaned.casefold()
        if key not in self.admitted:
            self.admitted = [*self.admitted[-7:], key]
        self._touch()

    def check_token(self, seat: int, token: str) -> bool:
        """True when ``token`` is the token of ``seat`` (a person's seat); compared in constant time."""
        if not isinstance(seat, int) or not 0 <= seat < self.players or not isinstance(token, str):
            return False
        expected = self.seats[seat].token_hash
        return bool(expected) and hmac.compare_digest(expected, token_hash(token))

    def connect(self, seat: int, language: str | None = None) -> None:
        """The person of ``seat`` is (back) at the table: the bot that stood in for them leaves."""
        s = self.seats[seat]
        s.connected = True
        s.dropped_at = None
        if language is not None:
            s.language = check_language(language)
        if s.bot_plays:
            s.bot_plays = False
            self.table.seat_person(seat)
            self._touch()

    def disconnect(self, seat: int, now: float | None = None) -> None:
        """The person's connection dropped; a bot takes over after the grace time (:meth:`expire`)."""
        s = self.seats[seat]
        s.connected = False
        s.dropped_at = time.time() if now is None else now

    def expire(self, grace: float, now: float | None = None) -> bool:
        """Let a bot play every seat whose person has been away for ``grace`` seconds, and pass
        the host's role to the first person at the table when the host has been away as long;
        True when anything changed."""
        now = time.time() if now is None else now
        changed = False
        for k, s in enumerate(self.seats):
            if s.is_person and not s.connected and not s.bot_plays and s.dropped_at is not None and now - s.dropped_at >= grace:
                s.bot_plays = True
                self.table.seat_bot(k)
                changed = True
        host = self.seats[self.host]
        if not host.connected and (host.dropped_at is None or now - host.dropped_at >= grace):
            heir = next((k for k, s in enumerate(self.seats) if k != self.host and s.is_person and s.connected), None)
            if heir is not None:
                self.host = heir
                self.table.bump()
                changed = True
        if changed:
            self._touch()
        return changed

    def names(self) -> list[str]:
        """The seats' names: a person's own, ``"Bot N"`` for an open seat."""
        return [s.name if s.is_person else f"Bot {k}" for k, s in enumerate(self.seats)]

    def check_seq(self, seat: int, seq: object) -> None:
        """Refuse a replayed or out-of-order action message: ``seq`` must be the seat's next one
        (it is counted once the action is done, :meth:`took_seq`)."""
        expected = self.seats[seat].seq + 1
        if seq != expected:
            raise IllegalMoveError(f"message number {seq} is not the next one, {expected}: a replayed or stale message")

    def took_seq(self, seat: int) -> None:
        """The seat's action message was taken: the next one must carry the next number."""
        self.seats[seat].seq += 1

    # ------------------------------------------------------------------ play
    def start(self, seat: int) -> None:
        """The host deals: the first round, the next round once one is over, or
        a new match once the match is over. Open seats are played by bots."""
        if seat != self.host:
            raise IllegalMoveError(Message("only the host deals at a shared table"))
        if not self.started:
            self.table.started = True
            self.table.changed("new", [], self._heading, told=self.game.events)
        elif not self.game.is_over:
            raise IllegalMoveError(Message("the round is still being played"))
        elif self.match.is_over:
            self.seed = random.SystemRandom().randrange(2**63)
            self._new_match()
        else:
            self.finished_moves.append(_moves(self.game))
            self.table.new_game(self.match.new_game(), self._heading)
        self._touch()

    def check_version(self, version: object) -> None:
        """Refuse a click made on an older view of this table."""
        self.table.check_version(version)

    def play(self, seat: int, card: str) -> list[Event]:
        """``seat`` plays ``card`` (a code such as ``"10H"``)."""
        events = self.table.play(seat, card)
        self._touch()
        return events

    def take(self, seat: int) -> list[Event]:
        """``seat`` takes the next player's hand (rule 7), once per trick boundary."""
        events = self.table.take(seat)
        self._touch()
        return events

    def pass_take(self, seat: int) -> list[Event]:
        """``seat`` lets its chance to take go by (rule 7)."""
        events = self.table.pass_take(seat)
        self._touch()
        return events

    def bot_due(self) -> bool:
        """True when a bot is to act now (a play or its chance to take)."""
        return self.table.bot_due()

    def step_bot(self) -> list[Event]:
        """The next bot acts (its declined offers, and the next bots', are passed over)."""
        events = self.table.advance()
        self._touch()
        return events

    def _touch(self) -> None:
        self.updated = time.time()

    # ------------------------------------------------------------------ views
    def translator_for(self, seat: int) -> Translator:
        return translator(self.seats[seat].language)

    def seat_names(self, seat: int) -> tuple[str, ...]:
        """The names as ``seat`` reads them: its own seat is "You"."""
        names = ["You" if k == seat else n for k, n in enumerate(self.names())]
        return self.translator_for(seat).local_names(names, seat)

    def view_for(self, seat: int) -> View:
        """The view ``seat``'s browser gets: only what that seat may know. Before the deal the
        host reads that they deal; the others, that they wait for the host."""
        tr = self.translator_for(seat)
        names = self.seat_names(seat)
        extra = []
        if not self.started:
            people = sum(s.is_person for s in self.seats)
            if seat == self.host:
                extra.append(tr.format(N_("You are the host to deal: {people} of {players} seats taken; bots play the "
                                          "others. Deal with New game once everyone is in."),
                                       people=people, players=self.players))
            else:
                extra.append(tr.format(N_("Waiting for the host to deal: {people} of {players} seats taken; bots play "
                                          "the others."), people=people, players=self.players))
        return self.table.view(seat, tr, names, narration=self.table.narration(seat, tr, names, extra))

    def score_for(self, seat: int) -> Score | None:
        """The scoreboard as ``seat`` reads it, or None for a table kept without one."""
        if self.rounds is None:
            return None
        return score_of(self.match, self.seat_names(seat), seat, self.translator_for(seat))

    def config_for(self, seat: int) -> dict[str, Any]:
        """The settings shown in the controls (never the seed: it would tell the deal);
        ``can_deal``: this seat is the host's, whose New game deals (the others' is off)."""
        return {"players": self.players, "seed": None, "variant": self.variant, "bots": self.bots_level,
                "language": self.seats[seat].language, "rounds": self.rounds, "can_deal": seat == self.host}

    def seats_info(self) -> list[dict[str, Any]]:
        """Who sits where, for every seat to see: names, people or bots, and who is connected."""
        return [{"name": n, "person": s.is_person, "connected": s.connected, "bot": s.bot_plays}
                for n, s in zip(self.names(), self.seats)]

    def record_for(self, seat: int) -> dict[str, Any]:
        """What ``seat`` saw of the game over, for its review in its own kernel
        (:func:`~bhabho_widget.table.seat_record.seat_record`): its own dealt hand, the
        public moves and the events as that seat saw them; never another hand."""
        if not self.started or not self.game.is_over:
            raise MessageError(Message("the review opens once the game is over"))
        return seat_record(self.game, seat)

    def seat_view_for(self, seat: int) -> SeatView:
        """What ``seat`` knows now (:meth:`Game.seat_view`), for the Tracker in its own kernel:
        its own hand, the public state and what every seat could work out; never another hand."""
        if not self.started:
            raise MessageError(Message("the cards are not dealt yet"))
        return self.game.seat_view(seat)

    def records_over(self, seat: int) -> list[tuple[int, dict[str, Any]]]:
        """``(round, record)`` for every game of the match that is over, as ``seat`` saw it
        (:meth:`record_for`'s record): the current round once it is over, then the finished
        rounds, rebuilt from the match's seed and their moves. Nothing of a round in play."""
        out = []
        if self.started and self.game.is_over:
            out.append((len(self.finished_moves) + 1, seat_record(self.game, seat)))
        if self.finished_moves:
            match = Match(self.players, rounds=self.rounds or NO_END, rules=self.variant, seed=self.seed)
            for k, moves in enumerate(self.finished_moves):
                game = match.new_game()  # the match's own game, played on: the next round's deal follows it
                for move in moves:
                    game.push(move)
                out.append((k + 1, seat_record(game, seat)))
        return out

    # ------------------------------------------------------------------ storing
    def record(self) -> dict[str, Any]:
        """Everything the server stores of this table, as JSON-safe data."""
        trick, offered = self.driver.offers()
        return {
            "code": self.code, "players": self.players, "variant": self.variant, "rounds": self.rounds,
            "bots": self.bots_level, "seed": self.seed, "created": self.created, "updated": self.updated,
            "started": self.started, "version": self.version,
            "seats": [{"name": s.name, "token_hash": s.token_hash, "language": s.language, "seq": s.seq,
                       "bot_plays": s.bot_plays} for s in self.seats],
            "moves": [*self.finished_moves, _moves(self.game)],
            "offers": [trick, offered],
            "host": self.host, "admitted": list(self.admitted), **({"klass": self.klass} if self.klass else {}),
        }

    @classmethod
    def restore(cls, record: dict[str, Any], now: float | None = None) -> ServerTable:
        """The table of a :meth:`record`, as it was. Every person counts as dropped at
        ``now`` (a restart): a bot stands in after the grace time unless they reconnect."""
        now = time.time() if now is None else now
        seats = [Seat(name=s["name"], token_hash=s["token_hash"], language=s["language"], seq=s["seq"],
                      bot_plays=s["bot_plays"], connected=False, dropped_at=now if s["token_hash"] else None)
                 for s in record["seats"]]
        t = cls(code=record["code"], players=record["players"], variant=record["variant"], rounds=record["rounds"],
                bots_level=record["bots"], seed=record["seed"], seats=seats, created=record["created"],
                updated=record["updated"], host=record.get("host", 0), admitted=list(record.get("admitted", [])),
                klass=str(record.get("klass", "")))
        if not isinstance(t.host, int) or not 0 <= t.host < t.players or len(seats) != t.players:
            raise ValueError("the record's seats do not fit its table")
        mark = t._new_match(record["moves"], started=record["started"])
        trick, offered = record["offers"]
        t.driver.restore_offers(trick, offered)
        if t.game.moves:  # the line under the table tells the last move again, as it did
            t.table.changed("step", t.game.events_since(mark))
        t.table.version = record["version"]
        return t


def _moves(game: Game) -> list[str]:
    return [str(m) for m in game.moves]


_INVISIBLE = frozenset([0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800, 0x034F, 0x17B4, 0x17B5, 0x180E, 0x2062, 0x2063,
                        0x2064, *range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)])
"""Characters that show nothing though they are no control or format characters (fillers,
the blank braille pattern, variation selectors)."""


def clean_name(name: object, reserved: bool = True) -> str:
    """A person's name as the table shows it, or a refusal (an IllegalMoveError with one
    sentence): NFKC-normalised, runs of spaces as one, at most 40 characters, without
    control, format (right-to-left override, zero-width characters), surrogate, private-use,
    unassigned or invisible characters, and (unless ``reserved`` is False) not one of the
    names the table gives itself. An empty name (or spaces only) gives "" (the seat's default name).

    >>> clean_name("Bot 2")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    bhabho_widget.engine.errors.IllegalMoveError: this name is kept for the table (You, the bots, ...): choose another
    >>> clean_name("A\u202eB")
    Traceback (most recent call last):
        ...
    bhabho_widget.engine.errors.IllegalMoveError: a name may not hold control or invisible characters
    """
    if not isinstance(name, str):
        raise IllegalMoveError(Message("a name must be text"))
    name = _normalised(name, Message("a name may not hold control or invisible characters"))
    if not name:
        return ""
    if len(name) > NAME_LENGTH:
        raise IllegalMoveError(Message("a name has at most {n} characters", n=NAME_LENGTH))
    if reserved and _reserved(name.casefold()):
        raise IllegalMoveError(Message("this name is kept for the table (You, the bots, the players' default names): "
                                       "choose another"))
    return name


TEXT_INVISIBLE = N_("a text may not hold control or invisible characters")
TEXT_LENGTH = N_("a text has at most {n} characters")


def clean_text(text: object, limit: int, lines: bool = False) -> str:
    """A teacher's text (a class's or an item's title; with ``lines``, a lesson's prompt,
    hint or explanation, which may hold line breaks) cleaned as names are
    (:func:`clean_name`): NFKC-normalised, runs of spaces as one, no control, format,
    surrogate or invisible characters, at most ``limit`` characters; or a refusal (an
    IllegalMoveError with one sentence).

    >>> clean_text("  Week\\u00a03:   tochoo ", 80), clean_text("Lead.\\nThen?", 80, lines=True)
    ('Week 3: tochoo', 'Lead.\\nThen?')
    >>> clean_text("7B\\ud800", 80)
    Traceback (most recent call last):
        ...
    bhabho_widget.engine.errors.IllegalMoveError: a text may not hold control or invisible characters
    >>> clean_text("x" * 81, 80)
    Traceback (most recent call last):
        ...
    bhabho_widget.engine.errors.IllegalMoveError: a text has at most 80 characters
    """
    if not isinstance(text, str):
        raise TypeError(f"clean_text takes text, not {type(text).__name__}")
    refusal = Message(TEXT_INVISIBLE)
    if lines:
        cleaned = "\n".join(_normalised(line, refusal) for line in text.split("\n")).strip("\n")
    else:
        cleaned = _normalised(text, refusal)
    if len(cleaned) > limit:
        raise IllegalMoveError(Message(TEXT_LENGTH, n=limit))
    return cleaned


def _normalised(text: str, refusal: Message) -> str:
    """``text`` NFKC-normalised with runs of spaces as one (and none at its ends), or
    ``refusal`` when it holds a control, format, surrogate, private-use, unassigned or
    invisible character, or starts with a mark that has nothing to sit on."""
    if any(0xD800 <= ord(ch) <= 0xDFFF for ch in text):  # a lone surrogate: no text at all
        raise IllegalMoveError(refusal)
    text = unicodedata.normalize("NFKC", text)
    for ch in text:
        if ch in " \t":
            continue
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp") or ord(ch) in _INVISIBLE:
            raise IllegalMoveError(refusal)
    text = " ".join(text.split())
    if text and unicodedata.category(text[0]).startswith("M"):  # a mark with nothing to sit on
        raise IllegalMoveError(refusal)
    return text


def _reserved(key: str) -> bool:
    words, patterns = _reserved_names()
    return key in words or any(p.fullmatch(key) for p in patterns)


@functools.cache
def _reserved_names() -> tuple[frozenset[str], tuple[re.Pattern[str], ...]]:
    """The names the table gives itself, in every language, without regard to case: "You",
    and "Bot <n>" and "Player <n>" for any number (spaces or none before it)."""
    words = {"you"}
    patterns = {r"(bot|player)\s*\d+"}
    for code in LANGUAGES:
        tr = translator(code)
        words.add(unicodedata.normalize("NFKC", tr.gettext(N_("You"))).casefold())
        for template in (N_("Bot {n}"), N_("Player {n}")):
            local = unicodedata.normalize("NFKC", tr.gettext(template)).casefold()
            if "{n}" in local:
                before, after = local.split("{n}", 1)
                patterns.add(re.escape(before.strip()) + r"\s*\d+\s*" + re.escape(after.strip()))
    return frozenset(words), tuple(re.compile(p) for p in sorted(patterns))
