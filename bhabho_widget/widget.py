"""The card-table widget: a person plays Bhabho against bots in a notebook.

The widget holds no rules: it shows one seat's view of an engine :class:`Game`, turns
the person's clicks into engine calls and lets :class:`Driver` move the bots. Only what
that seat may know is synced to the browser, and every message from the browser is
checked here before anything changes.
"""

from __future__ import annotations

import pathlib

import anywidget
import traitlets

from .bots import BOTS, Bot, RuleBot
from .driver import Driver
from .game import Game
from .match import Match
from .rules import PRESETS, Rules

STATIC = pathlib.Path(__file__).parent / "static"

#: Traits the browser may change by syncing state; everything else goes through messages.
FRONTEND_WRITABLE = frozenset({"pace"})
MAX_SEED = 2**63 - 1
_PLAY_KINDS = ("lead", "follow", "discard", "tochoo")


class MessageError(ValueError):
    """A message from the front end that is malformed or not allowed now."""


def _require(content, key, kind, what):
    value = content.get(key)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise MessageError(f"'{content.get('type')}' needs '{key}' as {what}, got {value!r}")
    return value


def last_trick(events) -> dict | None:
    """The trick that the last of ``events`` ended, from the plays before it, or None."""
    for k in range(len(events) - 1, -1, -1):
        e = events[k]
        if e.kind == "waste" or (e.kind == "pickup" and e._info == "trick"):
            break
    else:
        return None
    end = events[k]
    plays = []
    for j in range(k - 1, -1, -1):
        p = events[j]
        if p.kind in _PLAY_KINDS and p._cards:
            plays.append({"seat": p.seat, "card": p.cards[0].code})
        if p.kind == "lead":
            break
    plays.reverse()
    return {"cards": plays, "outcome": "waste" if end.kind == "waste" else "pickup",
            "picker": end.seat if end.kind == "pickup" else None}


def _make_bots(bots, seats, seed):
    if isinstance(bots, str):
        if bots not in BOTS:
            raise ValueError(f"bots must be one of {', '.join(BOTS)} or Bot objects, not {bots!r}")
        cls = BOTS[bots]
        return {s: cls(seed=None if seed is None else seed * 16 + s) for s in seats}
    if isinstance(bots, Bot):
        return dict.fromkeys(seats, bots)
    if isinstance(bots, dict):
        if set(bots) != set(seats) or not all(isinstance(b, Bot) for b in bots.values()):
            raise ValueError(f"bots must give a Bot for each of the seats {sorted(seats)}")
        return dict(bots)
    raise ValueError(f"bots must be 'random', 'rules', a Bot or a dict of seat -> Bot, not {bots!r}")


class BaseTable(anywidget.AnyWidget):
    """What the table and the lesson widgets share: the front end, the synced traits and
    the checking of everything the browser sends."""

    _esm = STATIC / "widget.js"
    _css = STATIC / "widget.css"

    view = traitlets.Dict().tag(sync=True)
    pace = traitlets.Float(0.6).tag(sync=True)
    reveal_all = traitlets.Bool(False).tag(sync=True)
    error = traitlets.Unicode("").tag(sync=True)
    hint = traitlets.Unicode(None, allow_none=True).tag(sync=True)
    score = traitlets.Dict(default_value=None, allow_none=True).tag(sync=True)
    variants = traitlets.List(traitlets.Unicode()).tag(sync=True)
    config = traitlets.Dict().tag(sync=True)

    _HANDLERS: dict = {}
    _FIELDS: dict = {}

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._version = 0
        self.on_msg(self._on_frontend_msg)

    def set_state(self, sync_data):
        """State synced from the browser: only ``pace`` may change, within bounds."""
        refused = sorted(set(sync_data) - FRONTEND_WRITABLE)
        allowed = {k: v for k, v in sync_data.items() if k in FRONTEND_WRITABLE}
        if "pace" in allowed:
            pace = allowed["pace"]
            if not isinstance(pace, (int, float)) or isinstance(pace, bool) or not 0 <= pace <= 5:
                refused.append("pace")
                del allowed["pace"]
        if allowed:
            super().set_state(allowed)
        if refused:
            self.error = f"the browser may not set {', '.join(refused)}"
            self.send_state(refused)

    def _on_frontend_msg(self, _widget, content, _buffers):
        try:
            self._handle(content)
        except ValueError as err:  # IllegalMoveError, MessageError and bad engine input
            self.error = str(err)

    def _handle(self, content):
        if not isinstance(content, dict) or not isinstance(content.get("type"), str):
            raise MessageError(f"a message must be an object with a 'type', not {content!r}")
        kind = content["type"]
        handler = self._HANDLERS.get(kind)
        if handler is None:
            raise MessageError(f"unknown message type {kind!r}")
        unknown = set(content) - self._FIELDS[kind] - {"type"}
        if unknown:
            raise MessageError(f"'{kind}' does not take {', '.join(sorted(map(str, unknown)))}")
        handler(self, content)
        self.error = ""

    def _sync(self):
        """Send the view (and the scoreboard) to the browser as one update."""
        with self.hold_sync():
            self._version += 1
            self._send_view()

    def _send_view(self):
        raise NotImplementedError


class Table(BaseTable):
    """A card table: the person at ``seat`` against bots.

    ``Table()`` starts a four-player classic game with the person at seat 0.
    ``Table(players=6, seed=3, rules=Rules(next_leader="lowest"))`` chooses;
    ``rounds=5`` keeps a scoreboard of a :class:`Match` of five rounds.
    """

    def __init__(self, players: int = 4, seed: int | None = None, rules: Rules | str = "classic",
                 seat: int = 0, bots="rules", names=None, rounds: int | None = None,
                 pace: float = 0.6, **kwargs):
        super().__init__(pace=pace, variants=list(PRESETS), **kwargs)
        self.seat = seat
        self._bots_spec = bots
        self._names = names
        self._rounds = rounds
        self.match = None
        self._synced_events = 0
        self.new_game(players=players, seed=seed, rules=rules)

    # ------------------------------------------------------------------ public API
    @property
    def game(self) -> Game:
        """The engine game on the table."""
        return self._game

    def new_game(self, players: int | None = None, seed: int | None = None, rules: Rules | str | None = None):
        """Deal a new game (the next round in a match); returns the engine Game."""
        players = self._game.num_players if players is None and hasattr(self, "_game") else (players or 4)
        if rules is None:
            rules = self._rules if hasattr(self, "_rules") else Rules()
        variant = "custom"
        if isinstance(rules, str):
            if rules not in PRESETS:
                raise ValueError(f"unknown variant {rules!r}; choose one of {', '.join(PRESETS)}")
            variant, rules = rules, PRESETS[rules]
        else:
            variant = next((k for k, r in PRESETS.items() if r == rules), "custom")
        if not isinstance(self.seat, int) or not 0 <= self.seat < players:
            raise ValueError(f"seat must be 0 to {players - 1}, not {self.seat!r}")
        names = self._names or [("You" if s == self.seat else f"Bot {s}") for s in range(players)]
        if self._rounds:
            same = self.match is not None and (self.match.num_players, self.match.rules) == (players, rules)
            if not same or self.match.is_over:
                self.match = Match(players, rounds=self._rounds, rules=rules, seed=seed, names=names)
            game = self.match.new_game(abandon=True)
        else:
            game = Game.deal(players, seed=seed, rules=rules, names=names)
        self._rules = rules
        self._game = game
        self._driver = Driver(game, _make_bots(self._bots_spec, [s for s in range(players) if s != self.seat], seed))
        self._synced_events = 0
        with self.hold_sync():
            self.config = {"players": players, "seed": seed, "variant": variant}
            self.hint = None
            self.error = ""
            self._sync()
        return game

    def advance(self) -> list:
        """Let the next bot act (skipping declined take offers); returns its events."""
        events = []
        while not events and self._driver.next_action() is not None:
            events = self._driver.step()
        self._sync()
        return events

    def run_bots(self) -> None:
        """Let the bots act until it is the person's turn or the game is over."""
        self._driver.run()
        self._sync()

    def play(self, card) -> list:
        """The person plays ``card`` (Card or code)."""
        events = self._game.play(card, seat=self.seat)
        self._sync()
        return events

    def take(self) -> list:
        """The person takes the next player's hand."""
        events = self._game.take(self.seat)
        self._sync()
        return events

    def undo(self) -> None:
        """Take back the person's last action and every bot action after it."""
        g = self._game
        if self.seat not in self._actors():
            raise MessageError("nothing to undo: you have not played yet")
        while g.moves:
            actor = g.last_actor()
            g.undo()
            if actor == self.seat:
                break
        self._driver.reset_offers()
        self._synced_events = g.event_count
        self._sync()

    def suggest(self):
        """A suggested card for the person (the rules-of-thumb bot's choice)."""
        if self._game.current_player != self.seat:
            raise MessageError("a hint is for your turn, and it is not your turn")
        return RuleBot(explore=0).choose_card(self._game, self.seat)

    # ------------------------------------------------------------------ messages
    def _check_version(self, content):
        version = _require(content, "version", int, "an integer")
        if version != self._version:
            raise MessageError("the table changed before that click arrived; nothing was done, please try again")

    def _msg_play(self, content):
        self._check_version(content)
        card = _require(content, "card", str, "a card code")
        self.hint = None
        self.play(card)

    def _msg_take(self, content):
        self._check_version(content)
        self.take()

    def _msg_advance(self, content):
        version = _require(content, "version", int, "an integer")
        if version != self._version:
            return  # another view of this widget already advanced this state
        if self._driver.next_action() is None:
            raise MessageError("no bot is to act now")
        self.advance()

    def _msg_undo(self, content):
        self.undo()

    def _msg_hint(self, content):
        self.hint = self.suggest().code

    def _msg_new_game(self, content):
        players = _require(content, "players", int, "an integer from 3 to 8")
        seed = content.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED):
            raise MessageError(f"seed must be empty or a whole number from 0 to {MAX_SEED}, got {seed!r}")
        variant = _require(content, "variant", str, "a variant name")
        if variant not in PRESETS:
            raise MessageError(f"unknown variant {variant!r}")
        if not 3 <= players <= 8:
            raise MessageError(f"players must be 3 to 8, got {players}")
        if PRESETS[variant].teams and players % 2:
            raise MessageError("the teams variant needs an even number of players")
        self.new_game(players=players, seed=seed, rules=variant)

    _HANDLERS = {"play": _msg_play, "take": _msg_take, "advance": _msg_advance, "undo": _msg_undo,
                 "hint": _msg_hint, "new_game": _msg_new_game}
    _FIELDS = {"play": {"card", "version"}, "take": {"version"}, "advance": {"version"}, "undo": set(),
               "hint": set(), "new_game": {"players", "seed", "variant"}}

    # ------------------------------------------------------------------ sync
    def _actors(self):
        g = self._game
        return set(g.actors())

    @traitlets.observe("reveal_all")
    def _reveal_changed(self, change):
        if hasattr(self, "_game"):
            self._sync()

    def _send_view(self):
        g = self._game
        view = g.view(self.seat)
        new = g.events_since(self._synced_events)
        self._synced_events = g.event_count
        view.update(
            version=self._version,
            mode="play",
            hands=[[c.code for c in g.hand(s)] for s in range(g.num_players)] if self.reveal_all else None,
            waiting=self._driver.waiting_for(),
            events=[e.to_dict(self.seat) for e in new],
            last_trick=last_trick(g.events) if any(e.kind in ("waste", "pickup") for e in new) else None,
            lesson=None,
        )
        del view["rules"]
        self.view = view
        if self.match is not None:
            summary = self.match.summary()
            summary["names"] = list(g.names)
            self.score = summary
        else:
            self.score = None


def play(players: int = 4, **kwargs) -> Table:
    """Start a game against bots: ``bhabho_widget.play()`` in a notebook cell."""
    return Table(players=players, **kwargs)
