"""Game records: a whole game as JSON text, and its replay through the engine.

A record holds the start position (or the dealer and seed of a dealt game), the rules,
the seed, every move and the draws and result they led to. Replaying checks every move
with the rules and the draws and result against the record, so an edited record is
refused with a :class:`~bhabho_widget.engine.errors.RecordError`.

>>> from bhabho_widget import Game
>>> g = Game.deal(4, seed=5)
>>> g.playout(rng=1)
>>> game_from_json(game_to_json(g), Game).state_key() == g.state_key()
True

The game module imports this one, never the other way round: a record reads a game through
:class:`RecordedGame` and starts one through :class:`GameMaker` (the :class:`Game` class, or
a subclass of it, is one).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, Protocol, TypeVar

from .cards import DECK, Card, Seat, indices
from .errors import PositionError, RecordError
from .move import Move
from .rules import Rules
from .state import StartPosition

__all__ = ["MAX_RECORD_CHARS", "RECORD_FORMAT", "RECORD_VERSION", "GameMaker", "RecordedGame", "game_from_json",
           "game_to_json"]

RECORD_FORMAT = "bhabho-game"
RECORD_VERSION = 3
"""2 adds the stalemate of rule 10 to the result; 3 a start given as position text (a game
set up by ``Game.from_position``; only such records are written as version 3). Versions 1
and 2 are read too."""
MAX_RECORD_CHARS = 5_000_000


class RecordedGame(Protocol):
    """What a record reads of a game (a :class:`~bhabho_widget.engine.game.Game`): how it
    began, its moves and draws, where they led, and its replay from the start."""

    @property
    def num_players(self) -> int: ...
    @property
    def names(self) -> Sequence[str]: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def seed(self) -> int: ...
    @property
    def start(self) -> StartPosition: ...
    @property
    def moves(self) -> Sequence[Move]: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def loser(self) -> Seat | None: ...
    @property
    def escaped(self) -> list[Seat]: ...
    @property
    def is_stalemate(self) -> bool: ...

    def hand(self, seat: int) -> list[Card]: ...

    def hand_sizes(self) -> list[int]: ...

    def drawn_cards(self) -> list[Card]: ...

    def replay(self: GameT, moves: Iterable[str]) -> GameT: ...


GameT = TypeVar("GameT", bound=RecordedGame)  # a game as the record's replay makes it
GameT_co = TypeVar("GameT_co", bound=RecordedGame, covariant=True)


class GameMaker(Protocol[GameT_co]):
    """The three ways a record's game begins (the class methods of
    :class:`~bhabho_widget.engine.game.Game`): dealt from a seed, from hands, or from
    position text."""

    def deal(self, num_players: int, seed: int | None = ..., rules: Rules | str = ..., dealer: int = ...,
             names: Sequence[str] | None = ...) -> GameT_co: ...

    def from_hands(self, hands: Sequence[Sequence[Card | str]], rules: Rules | str = ..., leader: int | None = ...,
                   waste: Sequence[Card | str] = ..., seed: int | None = ...,
                   names: Sequence[str] | None = ...) -> GameT_co: ...

    def from_position(self, text: str, names: Sequence[str] | None = ...) -> GameT_co: ...


def _result(g: RecordedGame) -> dict[str, Any]:
    return {"hand_sizes": g.hand_sizes(), "is_over": g.is_over, "loser": g.loser, "escaped": g.escaped,
            "stalemate": g.is_stalemate}


def game_to_json(g: RecordedGame, indent: int | None = None) -> str:
    """The record of ``g`` as JSON text."""
    start = g.start
    record = {
        "format": RECORD_FORMAT,
        "version": RECORD_VERSION if start.position is not None else 2,
        "num_players": g.num_players,
        "names": list(g.names),
        "rules": g.rules.to_dict(),
        "seed": g.seed,
        "start": {
            "dealer": start.dealer,
            "hands": [[DECK[i].code for i in indices(h)] for h in start.hands],
            "leader": start.leader,
            "waste": [DECK[i].code for i in indices(start.waste)],
            **({"position": start.position} if start.position is not None else {}),
        },
        "moves": [str(m) for m in g.moves],
        "draws": [c.code for c in g.drawn_cards()],
        "result": _result(g),
    }
    return json.dumps(record, indent=indent, ensure_ascii=False)


def game_from_json(text: str, game: GameMaker[GameT]) -> GameT:
    """Replay a record from :func:`game_to_json` with the class ``game`` (:class:`Game` or a
    subclass; :meth:`Game.from_json` passes its own); refuse one that is malformed or tampered with."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise TypeError(f"a game record is JSON text, not {type(text).__name__}")
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(f"a game record has at most {MAX_RECORD_CHARS:,} characters")
    try:
        rec = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise RecordError(f"not a game record: {err}") from None
    except RecursionError:
        raise RecordError("not a game record: nested too deeply") from None
    if not isinstance(rec, dict) or rec.get("format") != RECORD_FORMAT:
        raise RecordError(f"not a game record: 'format' must be {RECORD_FORMAT!r}")
    version = rec.get("version")
    if type(version) is not int or version not in (1, 2, RECORD_VERSION):
        raise RecordError(f"unsupported record version {str(version)[:20]!r}; this engine reads 1 to {RECORD_VERSION}")
    try:
        rules = Rules.from_dict(rec["rules"])
        start = rec["start"]
        hands = start["hands"]
        seed = rec["seed"]
        names = rec.get("names")
        if version == RECORD_VERSION and start.get("position") is not None:
            g = game.from_position(start["position"], names=names)
            if g.num_players != rec["num_players"] or g.seed != seed:
                raise RecordError("num_players or seed does not match the start position")
            if [[c.code for c in g.hand(s)] for s in range(g.num_players)] != [list(h) for h in hands]:
                raise RecordError("the hands do not match the start position")
        elif start.get("dealer") is not None:
            g = game.deal(rec["num_players"], seed=seed, rules=rules, dealer=start["dealer"], names=names)
            if [[c.code for c in g.hand(s)] for s in range(g.num_players)] != [list(h) for h in hands]:
                raise RecordError("the hands do not match the deal from this seed")
            if start["leader"] is not None or start["waste"]:
                raise RecordError("a dealt game starts with the opening trick and no waste pile")
        else:
            g = game.from_hands(hands, rules=rules, leader=start["leader"], waste=start["waste"], seed=seed, names=names)
            if g.num_players != rec["num_players"]:
                raise RecordError("num_players does not match the hands")
        moves, draws, result = rec["moves"], rec["draws"], rec["result"]
    except RecordError:
        raise
    except PositionError as err:
        raise RecordError(f"the record's start position is not valid: {err}") from None
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise RecordError(f"incomplete game record: missing or malformed {str(err)[:120]}") from None
    if not isinstance(moves, list) or not isinstance(result, dict):
        raise RecordError("record 'moves' must be a list and 'result' an object")
    if not all(isinstance(m, str) for m in moves):
        raise RecordError("record 'moves' must be texts such as '10H' and 'take 2'")
    try:
        g = g.replay(moves)
    except ValueError as err:  # a move that is not one, or not legal where it comes
        raise RecordError(f"record {err}") from None
    got_draws = [c.code for c in g.drawn_cards()]
    if got_draws != draws:
        raise RecordError(f"record draws {str(draws)[:80]} do not match the seeded draws {got_draws}")
    got = _result(g)
    if version == 1:
        result = {**result, "stalemate": False}
    if got != result:
        raise RecordError(f"record result {str(result)[:200]} does not match the replayed game {got}")
    return g
