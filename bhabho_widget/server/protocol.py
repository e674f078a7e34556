"""What a client may send the table server, from its one definition ``protocol.json``.

:func:`check_frame` takes the raw text of a websocket frame and returns the message as a
dict, or raises :class:`~bhabho_widget.engine.errors.MessageError` with a short reason: a
frame too long, not JSON, not an object, of an unknown type, with a missing, extra or
ill-typed field. The error never repeats more than a few characters of what was sent.

>>> check_frame('{"type": "take", "version": 3, "seq": 1}')
{'type': 'take', 'version': 3, 'seq': 1}
>>> check_frame('{"type": "take", "version": 3}')
Traceback (most recent call last):
    ...
bhabho_widget.engine.errors.MessageError: 'take' needs 'seq' (a message number)
>>> check_frame('{"type": "play", "card": "10H", "version": 1, "seq": true}')
Traceback (most recent call last):
    ...
bhabho_widget.engine.errors.MessageError: 'play' needs 'seq' as a message number, got true
"""

from __future__ import annotations

import json
import pathlib
from collections.abc import Mapping
from typing import Any

from ..engine.errors import MessageError

__all__ = ["MAX_BYTES", "MESSAGE_TYPES", "WS_MAX_BYTES", "PROTOCOL", "check_frame", "check_message"]

PROTOCOL: dict[str, Any] = json.loads(pathlib.Path(__file__).with_name("protocol.json").read_text(encoding="utf-8"))
_DEFS: dict[str, Any] = PROTOCOL["$defs"]
_MESSAGES: dict[str, Any] = PROTOCOL["messages"]
MAX_BYTES: int = PROTOCOL["max_bytes"]
"""The longest frame a client may send, in bytes of UTF-8; a longer one up to
:data:`WS_MAX_BYTES` gets a short error, and the connection stays open."""
WS_MAX_BYTES: int = 1 << 20
"""The longest frame the websocket reads at all (uvicorn's ``ws_max_size``); a longer one
closes the connection with the websocket's own code 1009, "message too big"."""
MESSAGE_TYPES: frozenset[str] = frozenset(_MESSAGES)
_SHOW = 24


def _show(value: object) -> str:
    text = json.dumps(value) if isinstance(value, (bool, int, float, str, type(None))) else type(value).__name__
    return text if len(text) <= _SHOW else text[:_SHOW] + "…"


def _resolve(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    while "$ref" in schema:
        schema = _DEFS[schema["$ref"].rsplit("/", 1)[1]]
    return schema


def _title(schema: Mapping[str, Any]) -> str:
    schema_ = _resolve(schema)
    return schema.get("title") or schema_.get("title") or schema_.get("type", "a value")


def _fits(value: Any, schema: Mapping[str, Any]) -> bool:
    schema = _resolve(schema)
    if "anyOf" in schema:
        return any(_fits(value, s) for s in schema["anyOf"])
    kind = schema.get("type")
    if kind == "null":
        return value is None
    if kind == "integer":
        if not isinstance(value, int) or isinstance(value, bool):
            return False
        return schema.get("minimum", value) <= value <= schema.get("maximum", value)
    if kind == "string":
        return isinstance(value, str) and len(value) <= schema.get("maxLength", len(value))
    raise KeyError(f"protocol.json uses a type the checker does not know: {kind!r}")


def check_message(content: object) -> dict[str, Any]:
    """Check a decoded message; returns it as a new dict, or raises MessageError."""
    if not isinstance(content, Mapping) or not isinstance(content.get("type"), str):
        raise MessageError("a message must be a JSON object with a string 'type'")
    kind = content["type"]
    if kind not in _MESSAGES:
        raise MessageError(f"unknown message type {_show(kind)}: the server takes {', '.join(sorted(_MESSAGES))}")
    fields = _MESSAGES[kind]["properties"]
    extra = [k for k in content if k != "type" and k not in fields]
    if extra:
        raise MessageError(f"'{kind}' does not take {', '.join(_show(k) for k in extra[:3])}")
    for name, schema in fields.items():
        if name not in content:
            raise MessageError(f"'{kind}' needs '{name}' ({_title(schema)})")
        if not _fits(content[name], schema):
            raise MessageError(f"'{kind}' needs '{name}' as {_title(schema)}, got {_show(content[name])}")
    return {"type": kind, **{name: content[name] for name in fields}}


def check_frame(text: object) -> dict[str, Any]:
    """Check the raw text of a frame from a client (see the module's docstring)."""
    if not isinstance(text, str):
        raise MessageError("frames must be JSON text")
    if len(text) > MAX_BYTES or len(text.encode("utf-8")) > MAX_BYTES:
        raise MessageError(f"a message has at most {MAX_BYTES} bytes")
    try:
        content = json.loads(text)
    except ValueError:
        raise MessageError("a message must be JSON") from None
    return check_message(content)
