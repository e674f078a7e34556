"""A shared table in plain Python: several people and bots at one game, no network in it.

:class:`ServerTable` holds one table of the server: its seats (a person's, with the hash
of that seat's token, or an open seat a bot plays), a :class:`~bhabho_widget.play.match.Match`
of rounds, the :class:`~bhabho_widget.play.driver.Driver` that steps the bots and rule 7's
offers, and the view each seat may see (:meth:`ServerTable.view_for`, built with the same
:func:`~bhabho_widget.table.session.browser_view` as a local table). Every action names the
seat it comes from; the server has checked that seat's token before.

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
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.cards import to_card
from ..engine.errors import IllegalMoveError
from ..engine.events import Event
from ..engine.game import Game
from ..engine.rules import PRESETS, rules_from
from ..i18n import N_, Message, SeatName, Translator, check_language, translator
from ..play.bots import Bot
from ..play.driver import Driver
from ..play.match import Match
from ..play.registry import BOTS
from ..table.session import LOG_LENGTH, browser_view, narrate, score_of

__all__ = ["NO_END", "Seat", "ServerTable", "new_code", "new_token", "token_hash"]

NO_END = 1000
"""Rounds of the match behind a table kept without a scoreboard: the match only deals."""
NAME_LENGTH = 40


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
class ServerTable:
    """One table of the server (see the module's docstring)."""

    code: str
    players: int
    variant: str
    rounds: int | None
    bots_level: str
    seed: int
    seats: list[Seat]
    created: float = field(default_factory=time.time)
    started: bool = False
    version: int = 0
    change: str = "new"
    last_events: list[Event] = field(default_factory=list)
    match: Match = field(init=False)
    game: Game = field(init=False)
    driver: Driver = field(init=False)
    bots: dict[int, Bot] = field(init=False)
    updated: float = field(default_factory=time.time)
    _logs: dict[int, Any] = field(default_factory=dict, repr=False)
    finished_moves: list[list[str]] = field(default_factory=list)
    """The moves of each finished round of the match (the current round's are the game's)."""

    # ------------------------------------------------------------------ making
    @classmethod
    def create(cls, players: int = 4, rules: str = "classic", rounds: int | None = None, bots: str = "rules",
               seed: int | None = None, code: str | None = None) -> ServerTable:
        """A new table, dealt and waiting for its people; the host takes a seat with
        :meth:`seat_person`, then :meth:`start`\\ s."""
        if rules not in PRESETS:
            raise ValueError(f"rules must be one of {', '.join(map(repr, PRESETS))}, not {str(rules)[:40]!r}")
        if bots not in BOTS or bots == "search":
            raise ValueError(f"bots at a shared table must be 'random' or 'rules', not {str(bots)[:40]!r}")
        if not isinstance(players, int) or isinstance(players, bool) or not 3 <= players <= 8:
            raise ValueError(f"a table has 3 to 8 players, not {players!r}"[:80])
        if rounds is not None and (not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= 100):
            raise ValueError(f"rounds must be from 1 to 100 or None, not {rounds!r}"[:80])
        if rules_from(rules).teams and players % 2:
            raise ValueError("the teams variant needs an even number of players")
        t = cls(code=code or new_code(), players=players, variant=rules, rounds=rounds, bots_level=bots,
                seed=random.SystemRandom().randrange(2**63) if seed is None else seed,
                seats=[Seat() for _ in range(players)])
        t._new_match()
        return t

    def _new_match(self, rounds_moves: Sequence[Sequence[str]] = ()) -> None:
        self.match = Match(self.players, rounds=self.rounds or NO_END, rules=self.variant, seed=self.seed)
        rng = random.Random(f"{self.seed}:bots:{secrets.randbits(32)}")
        self.bots = {s: BOTS[self.bots_level](seed=rng.randrange(2**63)) for s in range(self.players)}  # type: ignore[call-arg]
        self.finished_moves = [list(m) for m in rounds_moves[:-1]]
        for moves in rounds_moves or [[]]:
            self.game = self.match.new_game()
            for move in moves:
                if move.startswith("take:"):
                    self.game.take(int(move[5:]))
                else:
                    self.game.play(move)
        self._new_driver()

    def _new_driver(self) -> None:
        self.driver = Driver(self.game, {s: self.bots[s] for s, seat in enumerate(self.seats) if seat.bot_plays})

    # ------------------------------------------------------------------ seats
    def seat_person(self, name: str, language: str = "en") -> tuple[int, str]:
        """Give the first open seat to a person; returns ``(seat, token)``. The token is
        shown once: the table keeps only its hash."""
        name = _check_name(name)
        language = check_language(language)
        for s, seat in enumerate(self.seats):
            if not seat.is_person:
                token = new_token()
                self.seats[s] = Seat(name=name, token_hash=token_hash(token), language=language, connected=True,
                                     bot_plays=False)
                self.driver.bots.pop(s, None)
                self._bump()
                return s, token
        raise IllegalMoveError(Message("the table is full"))

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
            self.driver.bots.pop(seat, None)
            self._bump()

    def disconnect(self, seat: int, now: float | None = None) -> None:
        """The person's connection dropped; a bot takes over after the grace time (:meth:`expire`)."""
        s = self.seats[seat]
        s.connected = False
        s.dropped_at = time.time() if now is None else now

    def expire(self, grace: float, now: float | None = None) -> bool:
        """Let a bot play every seat whose person has been away for ``grace`` seconds; True
        when one did."""
        now = time.time() if now is None else now
        changed = False
        for k, s in enumerate(self.seats):
            if s.is_person and not s.connected and not s.bot_plays and s.dropped_at is not None and now - s.dropped_at >= grace:
                s.bot_plays = True
                self.driver.bots[k] = self.bots[k]
                changed = True
        if changed:
            self._bump()
        return changed

    def names(self) -> list[str]:
        """The seats' names: a person's own, ``"Bot N"`` for an open seat."""
        return [s.name if s.is_person else f"Bot {k}" for k, s in enumerate(self.seats)]

    def check_seq(self, seat: int, seq: int) -> None:
        """Refuse a replayed or out-of-order action message: ``seq`` must be the seat's next one."""
        expected = self.seats[seat].seq + 1
        if seq != expected:
            raise IllegalMoveError(f"message number {seq} is not the next one ({expected}): a replayed or stale message")
        self.seats[seat].seq = seq

    # ------------------------------------------------------------------ play
    def start(self, seat: int) -> None:
        """The host (seat 0) deals: the first round, the next round once one is over, or
        a new match once the match is over. Open seats are played by bots."""
        if seat != 0:
            raise IllegalMoveError(Message("only the host deals at a shared table"))
        if not self.started:
            self.started = True
            self._changed("new", [])
            return
        if not self.game.is_over:
            raise IllegalMoveError(Message("the round is still being played"))
        if self.match.is_over:
            self.seed = random.SystemRandom().randrange(2**63)
            self._new_match()
        else:
            self.finished_moves.append(_moves(self.game))
            self.game = self.match.new_game()
            self._new_driver()
        self._changed("new", [])

    def _check_may_act(self, seat: int, taking: bool = False) -> None:
        if not self.started:
            raise IllegalMoveError(Message("wait for the host to deal"))
        if self.game.is_over:
            raise IllegalMoveError(Message("the game is over: deal a new game"))
        if self.seats[seat].bot_plays:
            raise IllegalMoveError(f"a bot plays seat {seat} now")
        action = self.driver.next_action()
        if action is None:
            current = self.game.current_player
            if current != seat:
                name = SeatName(self.names()[current], current)  # type: ignore[index,arg-type]
                raise IllegalMoveError(Message("wait: it is {name}'s turn, not yours", name=name))
            return
        if action.kind == "offer" and action.seat == seat:
            if taking:
                return
            target = self.game.next_holder(seat)
            raise IllegalMoveError(Message(
                "it is your chance to take {target}'s hand before the lead (rule 7): take it or pass",
                target=SeatName(self.names()[target], target)))  # type: ignore[index,arg-type]
        name = SeatName(self.names()[action.seat], action.seat)
        if action.kind == "offer":
            raise IllegalMoveError(Message("wait: {name} still has the chance to take before the lead (rule 7)", name=name))
        raise IllegalMoveError(Message("wait: it is {name}'s turn, not yours", name=name))

    def play(self, seat: int, card: str) -> list[Event]:
        """``seat`` plays ``card`` (a code such as ``"10H"``)."""
        c = to_card(card)
        self._check_may_act(seat)
        events = self.game.play(c, seat=seat, viewer=seat)
        self._changed("step", events)
        return events

    def take(self, seat: int) -> list[Event]:
        """``seat`` takes the next player's hand (rule 7)."""
        self._check_may_act(seat, taking=True)
        events = self.game.take(seat, viewer=seat)
        self.driver.took(seat)
        self._changed("step", events)
        return events

    def pass_take(self, seat: int) -> list[Event]:
        """``seat`` lets its chance to take go by (rule 7)."""
        if not self.started or self.driver.person_offer() != seat:
            raise IllegalMoveError(Message("there is no chance to take to pass now"))
        self.driver.step()
        self._bump()
        return []

    def bot_due(self) -> bool:
        """True when a bot is to act now (a play or its chance to take)."""
        if not self.started:
            return False
        action = self.driver.next_action()
        return action is not None and not self.driver.is_person_offer(action)

    def step_bot(self) -> list[Event]:
        """The next bot acts (a declined offer is passed over without a change)."""
        if not self.bot_due():
            raise IllegalMoveError("no bot is to act now")
        events = self.driver.step()
        if events:
            self._changed("step", events)
        else:
            self._bump()  # a declined offer: the next seat's chance may be a person's
        return events

    def _bump(self) -> None:
        """Seats changed, not the game: a new version, so every seat is sent its view again."""
        self.version += 1
        self.updated = time.time()

    def _changed(self, change: str, events: Sequence[Event]) -> None:
        self.version += 1
        self.change = change
        self.last_events = list(events)
        self.updated = time.time()

    # ------------------------------------------------------------------ views
    def _waiting(self, seat: int) -> tuple[str, bool]:
        """What ``seat``'s browser waits for (``"human"``: this seat acts) and whether the
        table waits at this seat's own chance to take."""
        if self.game.is_over:
            return "over", False
        if not self.started or self.seats[seat].bot_plays:
            return "bot", False
        action = self.driver.next_action()
        if action is None:
            return ("human" if self.game.current_player == seat else "bot"), False
        return "bot", self.driver.is_person_offer(action) and action.seat == seat

    def translator_for(self, seat: int) -> Translator:
        return translator(self.seats[seat].language)

    def seat_names(self, seat: int) -> tuple[str, ...]:
        """The names as ``seat`` reads them: its own seat is "You"."""
        names = ["You" if k == seat else n for k, n in enumerate(self.names())]
        return self.translator_for(seat).local_names(names, seat)

    def view_for(self, seat: int) -> dict[str, Any]:
        """The view ``seat``'s browser gets: only what that seat may know."""
        tr = self.translator_for(seat)
        names = self.seat_names(seat)
        waiting, offer = self._waiting(seat)
        parts = []
        if self.change == "new" and self.rounds is not None:
            parts.append(score_of(self.match, names, seat, tr)["text"] + ".")
        if not self.started:
            people = sum(s.is_person for s in self.seats)
            parts.append(tr.format(N_("Waiting for the host to deal: {people} of {players} seats taken; bots play the others."),
                                   people=people, players=self.players))
        told = self.game.events if self.change == "new" else self.last_events
        parts.append(narrate(told, seat, tr, names))
        if offer:
            target = self.game.next_holder(seat)
            parts.append(tr.format(
                N_("Your chance to take {target}'s hand before the lead (rule 7): Take, or Pass to keep your own."),
                target=names[target]))  # type: ignore[index]
        view = browser_view(self.game, seat, reveal_all=False, waiting=waiting, change=self.change,
                            events=[] if self.change == "new" else self.last_events,
                            narration=" ".join(p for p in parts if p), legal=waiting == "human", translator=tr,
                            names=names, log_start=self.game.event_count)
        view["log"] = self._log_for(seat, tr, names)[-LOG_LENGTH:]
        view["version"] = self.version
        view["take_offer"] = offer
        view["can_undo"] = False
        if waiting != "human" and not offer:
            view["can_take"] = False
            view["take_target"] = None
        return view

    def _log_for(self, seat: int, tr: Translator, names: tuple[str, ...]) -> list[dict[str, str]]:
        """The game's log as ``seat`` reads it (as :func:`browser_view` writes it), each line
        told once: kept per seat and extended with the new events only."""
        key = (self.seed, self.match.round_number, tr.code, names)
        cached = self._logs.get(seat)
        if cached is None or cached[0] != key:
            cached = self._logs[seat] = (key, [], [0])
        lines: list[dict[str, str]] = cached[1]
        told: list[int] = cached[2]
        for e in self.game.events_since(told[0]):
            if e.kind != "deal" or e.seat == seat:
                lines.append({"kind": e.kind, "text": e.describe(seat, reveal=False, translator=tr, names=names)})
        told[0] = self.game.event_count
        del lines[:-LOG_LENGTH]
        return lines

    def score_for(self, seat: int) -> dict[str, Any] | None:
        """The scoreboard as ``seat`` reads it, or None for a table kept without one."""
        if self.rounds is None:
            return None
        return score_of(self.match, self.seat_names(seat), seat, self.translator_for(seat))

    def config_for(self, seat: int) -> dict[str, Any]:
        """The settings shown in the controls (never the seed: it would tell the deal)."""
        return {"players": self.players, "seed": None, "variant": self.variant, "bots": self.bots_level,
                "language": self.seats[seat].language, "rounds": self.rounds}

    def seats_info(self) -> list[dict[str, Any]]:
        """Who sits where, for every seat to see: names, people or bots, and who is connected."""
        return [{"name": n, "person": s.is_person, "connected": s.connected, "bot": s.bot_plays}
                for n, s in zip(self.names(), self.seats)]

    # ------------------------------------------------------------------ storing
    def record(self) -> dict[str, Any]:
        """Everything the server stores of this table, as JSON-safe data."""
        return {
            "code": self.code, "players": self.players, "variant": self.variant, "rounds": self.rounds,
            "bots": self.bots_level, "seed": self.seed, "created": self.created, "updated": self.updated,
            "started": self.started, "version": self.version,
            "seats": [{"name": s.name, "token_hash": s.token_hash, "language": s.language, "seq": s.seq,
                       "bot_plays": s.bot_plays} for s in self.seats],
            "moves": [*self.finished_moves, _moves(self.game)],
            "offers": [self.driver._offers_trick, sorted(self.driver._offered)],
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
                started=record["started"], version=record["version"], updated=record["updated"])
        t._new_match(record["moves"])
        trick, offered = record["offers"]
        if trick is not None and trick == t.game.trick_number:
            t.driver._offers_trick = trick
            t.driver._offered = set(offered)
        t.change = "new" if not t.game.moves else "step"
        return t


def _moves(game: Game) -> list[str]:
    return [f"take:{m[1]}" if isinstance(m, tuple) else m.code for m in game.moves]


def _check_name(name: object) -> str:
    if not isinstance(name, str) or not name.strip():
        raise ValueError("a name must be a non-empty text")
    name = " ".join(name.split())
    if len(name) > NAME_LENGTH:
        raise ValueError(f"a name has at most {NAME_LENGTH} characters")
    return name
