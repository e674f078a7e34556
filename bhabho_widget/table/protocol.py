"""The protocol, one module over its two message files: what a browser may tell its kernel
(``protocol.json``: the widgets' messages, the synced traits and the view) and what a
player's kernel may tell the table server (``server_protocol.json``: the websocket frames).

Both files are JSON Schema (draft 4, the shapes in ``$defs``): every object names its
required properties and allows no others. Every message is validated by fastjsonschema
(:func:`check_message`, :func:`check_frame`); a refusal is a
:class:`~bhabho_widget.engine.errors.MessageError` with one short sentence that never repeats
more than about 60 characters of what was sent. :func:`check_view` and :func:`check_trait`
hold the kernel's own output to the same definition (the tests use them), and
``python -m bhabho_widget.table.protocol`` writes the TypeScript the front end is typed with
(``src_js/src/protocol.ts``) and the Python types the kernel is typed with
(:mod:`.protocol_types`; a test fails when a committed file differs).

>>> check_message({"type": "play", "card": "10H", "version": 3}, {"play", "take"})
{'type': 'play', 'card': '10H', 'version': 3}
>>> check_message({"type": "play", "card": "10H", "version": True}, {"play"})  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
bhabho_widget.engine.errors.MessageError: 'play' needs 'version' as a version number (an integer from 0 to ...), got true
>>> check_frame('{"type": "take", "version": 3}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
    ...
bhabho_widget.engine.errors.MessageError: 'take' needs 'seq': a message number (an integer from 1 to ...)
>>> check_pace(1.5)
1.5
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import pathlib
import re
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import fastjsonschema

from ..engine.errors import MessageError
from ..i18n.labels import LABELS, PLURAL_CATEGORIES, PLURAL_LABELS

__all__ = [
    "BROWSER_WRITABLE", "LABELS", "LARGE_MAX_BYTES", "LARGE_MESSAGES", "MAX_BYTES", "MAX_DEPTH", "MESSAGE_TYPES", "PACE_MAX",
    "PACE_MIN", "PLURAL_CATEGORIES",
    "PLURAL_LABELS", "PROTOCOL", "PY_TYPES_PATH", "SERVER_MESSAGE_TYPES", "SERVER_PROTOCOL", "TS_PATH", "WS_MAX_BYTES",
    "check_frame", "check_message", "check_pace", "check_trait", "check_view", "menu_key", "python_types",
    "typescript", "write_python_types", "write_typescript",
]

JSON_PATH = pathlib.Path(__file__).with_name("protocol.json")
SERVER_JSON_PATH = pathlib.Path(__file__).with_name("server_protocol.json")
#: Where ``python -m bhabho_widget.table.protocol`` writes the front end's types (in a source checkout).
TS_PATH = pathlib.Path(__file__).resolve().parents[2] / "src_js" / "src" / "protocol.ts"

Schema = Mapping[str, Any]

#: The widgets' protocol (browser and kernel), loaded once.
PROTOCOL: dict[str, Any] = json.loads(JSON_PATH.read_text(encoding="utf-8"))
#: The table server's protocol (a player's kernel and the server), loaded once.
SERVER_PROTOCOL: dict[str, Any] = json.loads(SERVER_JSON_PATH.read_text(encoding="utf-8"))
_DEFS: dict[str, Schema] = PROTOCOL["$defs"]
_MESSAGES: dict[str, Schema] = PROTOCOL["messages"]
_TRAITS: dict[str, Schema] = PROTOCOL["traits"]

#: Message types the browser may send (each widget takes a subset of them).
MESSAGE_TYPES: frozenset[str] = frozenset(_MESSAGES)
#: Message types a client may send the table server.
SERVER_MESSAGE_TYPES: frozenset[str] = frozenset(SERVER_PROTOCOL["messages"])
#: Traits the browser may write by syncing state; everything else goes through messages.
BROWSER_WRITABLE: frozenset[str] = frozenset(PROTOCOL["browser_writable"])
MAX_BYTES: int = SERVER_PROTOCOL["max_bytes"]
"""The longest frame a client may send the server, in bytes of UTF-8; a longer one up to
:data:`WS_MAX_BYTES` gets a short error, and the connection stays open."""
LARGE_MAX_BYTES: int = SERVER_PROTOCOL["large_max_bytes"]
"""The longest frame of one of :data:`LARGE_MESSAGES` (a lesson handed out to a class)."""
LARGE_MESSAGES: frozenset[str] = frozenset(SERVER_PROTOCOL["large_messages"])
"""The messages that may be longer than :data:`MAX_BYTES`, up to :data:`LARGE_MAX_BYTES`."""
MAX_DEPTH: int = SERVER_PROTOCOL["max_depth"]
"""The deepest a frame may nest lists and objects."""
WS_MAX_BYTES: int = 1 << 20
"""The longest frame the server's websocket reads at all (uvicorn's ``ws_max_size``); a longer
one closes the connection with the websocket's own code 1009, "message too big"."""


def menu_key(prefix: str, name: str) -> str:
    """The label key of a menu item, as the front end's ``menuKey`` builds it: ``prefix``
    (``"variant_"`` or ``"bots_"``) and ``name`` in lower case with every run of other characters
    as one "_".

    >>> menu_key("variant_", "pick-up form")
    'variant_pick_up_form'
    """
    return prefix + re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


PACE_MIN: float = _DEFS["Pace"]["minimum"]
PACE_MAX: float = _DEFS["Pace"]["maximum"]

_SHOW = 60  # at most this many characters of a value from the browser go into an error


# ---------------------------------------------------------------------- values in words
def _show(value: object, width: int = _SHOW) -> str:
    """A short description of ``value`` for an error message: never much over 60 characters.

    >>> _show("x" * 100_000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (100000 characters)"
    >>> _show([1, 2]), _show({"a": 1}), _show(None), _show(False), _show(10**5000)
    ('a list of 2 items', 'an object with 1 key', 'null', 'false', 'a very large integer')
    """
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if value.bit_length() <= 128 else "a very large integer"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        n = min(len(value), width)
        while len(repr(value[:n])) > width + 2:  # escapes made it longer
            n //= 2
        text = repr(value[:n])
        if n < len(value):
            text = f"{text[:-1]}…{text[-1]} ({len(value)} characters)"
        return text
    if isinstance(value, (list, tuple)):
        return f"a list of {len(value)} item{'' if len(value) == 1 else 's'}"
    if isinstance(value, Mapping):
        return f"an object with {len(value)} key{'' if len(value) == 1 else 's'}"
    return f"a {type(value).__name__[:_SHOW]}"


def _key(key: object) -> str:
    """A field name from the browser, shortened: ``extra``, or ``'yyy…' (100000 characters)``."""
    if isinstance(key, str) and len(key) <= 30 and key.isprintable():
        return key
    if isinstance(key, str):
        short = repr(key[:20])
        return short if len(key) <= 20 else f"{short[:-1]}…{short[-1]}"
    return _show(key)


def _resolve(schema: Schema, defs: Mapping[str, Schema] = _DEFS) -> Schema:
    while "$ref" in schema:
        schema = defs[schema["$ref"].rsplit("/", 1)[-1]]
    return schema


def _bounds(low: object, high: object) -> str:
    if low is not None and high is not None:
        return f" from {low} to {high}"
    if low is not None:
        return f" of at least {low}"
    if high is not None:
        return f" of at most {high}"
    return ""


def describe(schema: Schema, defs: Mapping[str, Schema] = _DEFS) -> str:
    """What a value of ``schema`` is, in words (its ``$ref``\\ s looked up in ``defs``).

    >>> describe(_MESSAGES["new_game"]["properties"]["players"])
    'a number of players (an integer from 3 to 8)'
    >>> describe({"anyOf": [{"type": "string", "maxLength": 3}, {"type": "null"}]})
    'a string of at most 3 characters or null'
    """
    title = None
    if "$ref" in schema:
        title = _resolve(schema, defs).get("title")
    schema = _resolve(schema, defs)
    if "anyOf" in schema:
        words = " or ".join(describe(s, defs) for s in schema["anyOf"])
    elif "enum" in schema:
        words = "one of " + ", ".join(json.dumps(v) for v in schema["enum"])
    else:
        kind = schema.get("type")
        if kind in ("integer", "number"):
            words = ("an integer" if kind == "integer" else "a number") + _bounds(schema.get("minimum"), schema.get("maximum"))
        elif kind == "string":
            words = "a string" + (f" of at most {schema['maxLength']} characters" if "maxLength" in schema else "")
        elif kind == "boolean":
            words = "true or false"
        elif kind == "null":
            words = "null"
        elif kind == "array":
            words = "a list"
        else:
            words = "an object"
    return f"{title} ({words})" if title else words


# ---------------------------------------------------------------------- validating
_DOCUMENTS = {"widget": PROTOCOL, "server": SERVER_PROTOCOL}


@functools.cache
def _validator(document: str, *where: str) -> Callable[[Any], Any]:
    """fastjsonschema's validator of the schema at ``where`` in ``document`` (``"widget"``
    or ``"server"``), compiled once, on first use, with the document's ``$defs`` beside it."""
    root = _DOCUMENTS[document]
    schema: Any = root
    for key in where:
        schema = schema[key]
    return fastjsonschema.compile({"$schema": root["$schema"], "$defs": root["$defs"], **schema})


def _first_problem(validate: Callable[[Any], Any], value: Any) -> fastjsonschema.JsonSchemaValueException | None:
    """The validator's first objection to ``value``, or None when it fits."""
    try:
        validate(value)
    except fastjsonschema.JsonSchemaValueException as err:
        return err
    except RecursionError:  # nested deeper than the validator goes: nothing of the protocol is
        return fastjsonschema.JsonSchemaValueException("nested too deeply", value, "data", None, "depth")
    return None


def _listed(names: list[str], width: int = 130) -> str:
    """``names`` joined with commas, at most about ``width`` characters: the rest counted.

    >>> _listed(["play", "take"]), _listed([]), _listed([f"type_{i}" for i in range(40)], 30)
    ('play, take', 'no messages', 'type_0, type_1, type_2, type_3 and 36 more')
    """
    if not names:
        return "no messages"
    shown: list[str] = []
    for name in names:
        if shown and len(", ".join([*shown, name])) > width:
            return f"{', '.join(shown)} and {len(names) - len(shown)} more"
        shown.append(name)
    return ", ".join(shown)


def _check(content: object, allowed: frozenset[str], document: str, takes: str, width: int = 130) -> dict[str, Any]:
    """Validate a message of ``document`` whose type must be in ``allowed``; returns its
    declared fields, or raises MessageError with one short sentence (see :func:`check_message`)."""
    if not isinstance(content, Mapping) or not isinstance(content.get("type"), str):
        what = "got " + (_show(content) if not isinstance(content, Mapping) else "no string 'type'")
        raise MessageError(f"a message must be an object with a string 'type'; {what}")
    kind = content["type"]
    if kind not in allowed:
        raise MessageError(f"unknown message type {_show(kind, 24)} here: {takes} {_listed(sorted(allowed), width)}")
    problem = _first_problem(_validator(document, "messages", kind), content)
    fields = {k: v for k, v in _DOCUMENTS[document]["messages"][kind]["properties"].items() if k != "type"}
    if problem is not None:
        defs = _DOCUMENTS[document]["$defs"]
        extra = [k for k in content if k != "type" and k not in fields]
        if extra:
            shown = ", ".join(_key(k) for k in extra[:5])
            raise MessageError(f"'{kind}' does not take {shown}{' and more' if len(extra) > 5 else ''}")
        missing = [k for k in fields if k not in content]
        if len(missing) == 1:
            raise MessageError(f"'{kind}' needs '{missing[0]}': {describe(fields[missing[0]], defs)}")
        if missing:
            raise MessageError(f"'{kind}' needs {', '.join(repr(k) for k in missing)}")
        path = problem.path if isinstance(problem.path, list) else []
        name = path[1] if len(path) > 1 and path[1] in fields else next(iter(fields), "")
        raise MessageError(f"'{kind}' needs '{name}' as {describe(fields[name], defs)}, got {_show(content.get(name))}")
    return {"type": kind, **{name: content[name] for name in fields}}


def check_message(content: object, allowed_types: Iterable[str]) -> dict[str, Any]:
    """Check a message from the browser; returns it as a new dict, or raises MessageError.

    The message must be an object whose string ``type`` is one of ``allowed_types`` (the
    types this widget takes, all declared in protocol.json), valid against that message's
    schema: exactly the fields declared, each of the declared type and within its bounds
    (``true`` is not an integer, nor is ``1.0``). The error says briefly what is wrong: it
    never repeats more than about 60 characters of anything the browser sent.

    >>> check_message({"type": "undo", "extra": 1}, {"undo"})
    Traceback (most recent call last):
        ...
    bhabho_widget.engine.errors.MessageError: 'undo' does not take extra
    >>> check_message({"type": "goto", "index": 2}, {"play"})
    Traceback (most recent call last):
        ...
    bhabho_widget.engine.errors.MessageError: unknown message type 'goto' here: this widget takes play
    """
    allowed = frozenset(allowed_types)
    undeclared = allowed - MESSAGE_TYPES
    if undeclared:
        raise KeyError(f"message types not declared in protocol.json: {', '.join(sorted(undeclared))}")
    return _check(content, allowed, "widget", "this widget takes")


def check_frame(text: object, large: bool = True) -> dict[str, Any]:
    """Check the raw text of a websocket frame a client sent the table server (see
    ``server_protocol.json``): JSON text of at most :data:`MAX_BYTES` bytes (one of
    :data:`LARGE_MESSAGES`, a lesson handed out to a class, when ``large``: :data:`LARGE_MAX_BYTES`),
    nested at most :data:`MAX_DEPTH` deep, then a message as :func:`check_message` checks the
    browser's. Returns the message, or raises MessageError.

    The length is checked before anything reads the text: a frame longer in characters than its
    limit in bytes is refused at once (a character is at least one byte), and only a frame within
    it is measured in bytes and parsed; the nesting is left to the parser's own limit, then
    checked on what it made (which the frame's size bounds). ``large=False`` (a connection that
    may not send a large message) holds every frame to :data:`MAX_BYTES`.

    >>> check_frame('{"type": "take", "version": 3, "seq": 1}')
    {'type': 'take', 'version': 3, 'seq': 1}
    >>> check_frame('{"type": "play", "card": "10H", "version": 1, "seq": true}')  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    bhabho_widget.engine.errors.MessageError: 'play' needs 'seq' as a message number (an integer from 1 to ...), got true
    >>> check_frame('{"type": "class_hand_out", "title": "", "lesson": "' + "x" * 3000 + '"}', large=False)
    Traceback (most recent call last):
        ...
    bhabho_widget.engine.errors.MessageError: a message has at most 2048 bytes
    """
    if not isinstance(text, str):
        raise MessageError("frames must be JSON text")
    limit = LARGE_MAX_BYTES if large else MAX_BYTES
    size = len(text) if len(text) > limit else len(text.encode("utf-8", "surrogatepass"))
    if size > limit:
        raise MessageError(f"a message has at most {limit} bytes")
    try:
        content = json.loads(text)
    except RecursionError:
        raise MessageError("a message is nested too deeply") from None
    except ValueError:
        raise MessageError("a message must be JSON") from None
    if _deeper(content, MAX_DEPTH):
        raise MessageError("a message is nested too deeply")
    if size > MAX_BYTES and not (isinstance(content, Mapping) and content.get("type") in LARGE_MESSAGES):
        raise MessageError(f"a message has at most {MAX_BYTES} bytes")
    return _check(content, SERVER_MESSAGE_TYPES, "server", "the server takes", width=90)


def _deeper(value: object, limit: int) -> bool:
    """Whether ``value`` (parsed JSON) nests lists and objects deeper than ``limit``; it walks
    the lists and objects only, each once.

    >>> _deeper({"a": [[1]]}, 3), _deeper({"a": [[1]]}, 2)
    (False, True)
    """
    level = [value] if isinstance(value, (list, dict)) else []
    depth = 0
    while level:
        depth += 1
        if depth > limit:
            return True
        level = [child for item in level for child in (item.values() if isinstance(item, dict) else item)
                 if isinstance(child, (list, dict))]
    return False


def check_pace(value: object) -> float:
    """The pace the browser synced, as a float; MessageError when out of bounds or not a number.

    >>> check_pace("fast")
    Traceback (most recent call last):
        ...
    bhabho_widget.engine.errors.MessageError: pace must be a number of seconds (a number from 0 to 5), got 'fast'
    """
    if _first_problem(_validator("widget", "traits", "pace"), value) is not None or not math.isfinite(value):  # type: ignore[arg-type]
        raise MessageError(f"pace must be {describe(_TRAITS['pace'])}, got {_show(value)}")
    return float(value)  # type: ignore[arg-type]


# ---------------------------------------------------------------------- the kernel's own output
def _same_kind(value: object, schema: Schema) -> bool:
    """Whether ``value`` is of the JSON kind ``schema`` asks for (its bounds and contents aside)."""
    schema = _resolve(schema)
    if "anyOf" in schema:
        return any(_same_kind(value, s) for s in schema["anyOf"])
    if "enum" in schema:
        return any(type(value) is type(v) for v in schema["enum"])
    return _fits(value, {"type": schema.get("type", "object")})


@functools.lru_cache(maxsize=256)
def _leaf_validator(schema: str) -> Callable[[Any], Any]:
    return fastjsonschema.compile({"$schema": PROTOCOL["$schema"], "$defs": _DEFS, **json.loads(schema)})


def _fits(value: object, schema: Schema) -> bool:
    return _first_problem(_leaf_validator(json.dumps(schema, sort_keys=True)), value) is None


def _problems(value: Any, schema: Schema, path: str, out: list[str]) -> None:
    """Append to ``out`` every place where ``value`` does not fit ``schema`` (``path: ...``
    lines): a report of what the validator refused, each object's missing and unknown keys
    and each ill-typed value."""
    outer = schema
    schema = _resolve(schema)
    if "anyOf" in schema:
        for option in schema["anyOf"]:
            trial: list[str] = []
            _problems(value, option, path, trial)
            if not trial:
                return
        # An object where one option is an object (say): tell what is wrong inside it.
        alike = [option for option in schema["anyOf"] if _same_kind(value, option)]
        if len(alike) == 1 and _resolve(alike[0]).get("type") in ("object", "array"):
            _problems(value, alike[0], path, out)
        else:
            out.append(f"{path}: expected {describe(outer)}, got {_show(value)}")
        return
    kind = schema.get("type")
    if kind not in ("object", "array") or "enum" in schema:
        if not _fits(value, schema):
            out.append(f"{path}: expected {describe(outer)}, got {_show(value)}")
        return
    if not _same_kind(value, schema):
        out.append(f"{path}: expected {describe(outer)}, got {_show(value)}")
    elif kind == "array":
        for i, item in enumerate(value):
            _problems(item, schema["items"], f"{path}[{i}]", out)
    elif "properties" in schema:
        props = schema["properties"]
        missing = [k for k in schema.get("required", ()) if k not in value]
        unknown = [_key(k) for k in value if k not in props] if schema.get("additionalProperties") is False else []
        if missing:
            out.append(f"{path}: missing keys {', '.join(missing)}")
        if unknown:
            out.append(f"{path}: unknown keys {', '.join(unknown[:5])}{' and more' if len(unknown) > 5 else ''}")
        for k, sub in props.items():
            if k in value:
                _problems(value[k], sub, f"{path}.{k}", out)
    elif "additionalProperties" in schema:
        for k, item in value.items():
            _problems(item, schema["additionalProperties"], f"{path}.{_key(k)}", out)


def _report(what: str, found: list[str], limit: int = 12) -> str:
    more = f"; and {len(found) - limit} more" if len(found) > limit else ""
    return f"{what} does not match protocol.json: " + "; ".join(found[:limit]) + more


def check_view(view: object) -> None:
    """Raise ValueError listing the missing, unknown and ill-typed keys of a ``view`` dict.

    >>> check_view({"version": 1})  # doctest: +ELLIPSIS
    Traceback (most recent call last):
        ...
    ValueError: view does not match protocol.json: view: missing keys mode, seat, ...
    """
    if _first_problem(_validator("widget", "$defs", "View"), view) is None:
        return
    found: list[str] = []
    _problems(view, {"$ref": "#/$defs/View"}, "view", found)
    raise ValueError(_report("view", found or ["view: refused by the schema"]))


def check_trait(name: str, value: object) -> None:
    """Raise ValueError when ``value`` is not what protocol.json declares for the trait ``name``."""
    if name not in _TRAITS:
        raise KeyError(f"trait {name!r} is not declared in protocol.json")
    if _first_problem(_validator("widget", "traits", name), value) is None:
        return
    found: list[str] = []
    _problems(value, _TRAITS[name], name, found)
    raise ValueError(_report(name, found or [f"{name}: refused by the schema"]))


# ---------------------------------------------------------------------- TypeScript
def _screaming(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).upper()


def _camel(name: str) -> str:
    return "".join(part.capitalize() for part in name.split("_"))


def _ts_key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z_$][A-Za-z0-9_$]*", key) else json.dumps(key)


def _doc(schema: Schema, indent: str) -> list[str]:
    text = schema.get("description")
    return [f"{indent}/** {text} */"] if text else []


def _ts(schema: Schema, indent: str = "") -> str:
    """The TypeScript type of ``schema``."""
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    if "anyOf" in schema:
        return " | ".join(_ts(s, indent) for s in schema["anyOf"])
    if "enum" in schema:
        return " | ".join(json.dumps(v) for v in schema["enum"])
    kind = schema.get("type")
    if kind in ("integer", "number"):
        return "number"
    if kind in ("string", "boolean", "null"):
        return kind
    if kind == "array":
        inner = _ts(schema["items"], indent)
        return f"({inner})[]" if " | " in inner else f"{inner}[]"
    if kind == "object" and "properties" in schema:
        if not schema["properties"]:
            return "Record<string, never>"
        return "{ " + "; ".join(f"{_ts_key(k)}: {_ts(v, indent)}" for k, v in schema["properties"].items()) + " }"
    if kind == "object" and "additionalProperties" in schema:
        return f"Record<string, {_ts(schema['additionalProperties'], indent)}>"
    raise ValueError(f"protocol.json: no TypeScript for {schema!r}")


def _members(props: Mapping[str, Schema], indent: str = "  ", required: Iterable[str] | None = None) -> list[str]:
    """The members of an interface; one the schema does not require is optional (``key?:``)."""
    needed = None if required is None else set(required)
    lines = []
    for key, schema in props.items():
        lines += _doc(schema, indent)
        optional = "?" if needed is not None and key not in needed else ""
        lines.append(f"{indent}{_ts_key(key)}{optional}: {_ts(schema)};")
    return lines


def typescript() -> str:
    """The text of ``src_js/src/protocol.ts``: the protocol's types and constants for the front end."""
    out = [
        "// Generated from bhabho_widget/table/protocol.json by `python -m bhabho_widget.table.protocol`. Do not edit:",
        "// change protocol.json and run that command (tests/test_protocol.py checks the two agree).",
        "",
        "// ---- bounds ----",
    ]
    for name, schema in _DEFS.items():
        const = _screaming(name)
        for key, suffix in (("minimum", "MIN"), ("maximum", "MAX"), ("maxLength", "MAX_LENGTH")):
            if key in schema:
                out.append(f"export const {const}_{suffix} = {json.dumps(schema[key])};")
    out += ["", "// ---- shapes ----"]
    for name, schema in _DEFS.items():
        out.append("")
        out += _doc(schema, "")
        if schema.get("type") == "object" and "properties" in schema:
            out.append(f"export interface {name} {{")
            out += _members(schema["properties"], required=schema.get("required"))
            out.append("}")
        else:
            out.append(f"export type {name} = {_ts(schema)};")
    out += ["", "// ---- traits: synced by the kernel; the browser may write only BROWSER_WRITABLE ----", ""]
    out.append("export interface Traits {")
    out += _members(_TRAITS)
    out.append("}")
    out.append("")
    writable = ", ".join(json.dumps(t) for t in PROTOCOL["browser_writable"])
    out.append(f"export const BROWSER_WRITABLE = [{writable}] as const;")
    out += ["", "// ---- messages: the browser's model.send(...) ----"]
    for kind, spec in _MESSAGES.items():
        out.append("")
        out += _doc(spec, "")
        out.append(f"export interface {_camel(kind)}Message {{")
        out.append(f"  type: {json.dumps(kind)};")
        out += _members({k: v for k, v in spec["properties"].items() if k != "type"})
        out.append("}")
    out.append("")
    out.append("export type Message =")
    out += [f"  | {_camel(kind)}Message" for kind in _MESSAGES]
    out[-1] += ";"
    out.append("")
    out.append("export type MessageType = Message[\"type\"];")
    out.append("")
    out.append("export const MESSAGE_TYPES: readonly MessageType[] = [")
    out += [f"  {json.dumps(kind)}," for kind in _MESSAGES]
    out.append("];")
    out += ["", "// ---- labels: every text of the front end, in English; the labels trait translates them ----", ""]
    out.append("export const LABELS = {")
    out += [f"  {_ts_key(key)}: {json.dumps(text, ensure_ascii=False)}," for key, text in LABELS.items()]
    out.append("} as const;")
    out.append("")
    out.append("export type LabelKey = keyof typeof LABELS;")
    out.append("")
    out.append("/** The CLDR plural categories: a counted label has a label `<base>_<category>` for each. */")
    out.append("export const PLURAL_CATEGORIES = [" + ", ".join(json.dumps(c) for c in PLURAL_CATEGORIES) + "] as const;")
    out.append("")
    out.append("/** Counted labels (protocol.json plural_labels). */")
    out.append("export const PLURAL_LABELS = [" + ", ".join(json.dumps(b) for b in PLURAL_LABELS) + "] as const;")
    out.append("export type PluralLabel = (typeof PLURAL_LABELS)[number];")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------- Python
PY_TYPES_PATH = pathlib.Path(__file__).with_name("protocol_types.py")
"""Where ``python -m bhabho_widget.table.protocol`` writes the Python types (:mod:`.protocol_types`)."""


class _PythonTypes:
    """The TypedDicts and type aliases of both protocol files, as Python source (see :func:`python_types`)."""

    def __init__(self) -> None:
        self.blocks: list[str] = []  # one class or alias each, in the order written
        self.server_names: dict[str, str] = {}  # a def of server_protocol.json -> its Python name

    @staticmethod
    def _same(a: Schema, b: Schema) -> bool:
        def bare(x: Any) -> Any:
            if isinstance(x, dict):
                return {k: bare(v) for k, v in x.items() if k not in ("title", "description")}
            if isinstance(x, list):
                return [bare(v) for v in x]
            return x

        return bool(bare(a) == bare(b))

    def type_of(self, schema: Schema, where: str, server: bool) -> str:
        """The Python type of ``schema`` (a nested object becomes a TypedDict named ``where``)."""
        if "$ref" in schema:
            name = schema["$ref"].rsplit("/", 1)[-1]
            return self.server_names.get(name, name) if server else name
        if "anyOf" in schema:
            return " | ".join(self.type_of(s, where, server) for s in schema["anyOf"])
        if "enum" in schema:
            return f"Literal[{', '.join('None' if v is None else json.dumps(v) for v in schema['enum'])}]"
        kind = schema.get("type")
        if kind in _PY_SCALARS:
            return _PY_SCALARS[kind]
        if kind == "array":
            return f"list[{self.type_of(schema['items'], where + 'Item', server)}]"
        if kind == "object" and "properties" in schema:
            self.typed_dict(where, schema, server)
            return where
        if kind == "object" and "additionalProperties" in schema:
            return f"dict[str, {self.type_of(schema['additionalProperties'], where + 'Value', server)}]"
        raise ValueError(f"protocol: no Python type for {schema!r}")

    def typed_dict(self, name: str, schema: Schema, server: bool, fixed: Mapping[str, str] | None = None) -> None:
        fields = []
        for key, sub in schema["properties"].items():
            kind = (fixed or {}).get(key) or self.type_of(sub, name + _camel(key), server)
            fields.append(f"    {key}: {kind}")
            if sub.get("description"):
                fields.append(f"    {_py_doc(sub['description'])}")
        doc = [f"    {_py_doc(schema['description'])}", ""] if schema.get("description") else []
        self.blocks.append("\n".join([f"class {name}(TypedDict):", *doc, *(fields or ["    pass"])]))

    def alias(self, name: str, schema: Schema, server: bool) -> None:
        kind = self.type_of(schema, name, server)
        doc = [_py_doc(schema["description"])] if schema.get("description") else []
        if re.search(r"\b(?!Literal\b|None\b)[A-Z]\w*", re.sub(r'"[^"]*"', "", kind)):
            kind = repr(kind)  # it names a type of this module: a forward reference
        self.blocks.append("\n".join([f"{name}: TypeAlias = {kind}", *doc]))

    def definition(self, name: str, schema: Schema, server: bool) -> None:
        if schema.get("type") == "object" and "properties" in schema:
            self.typed_dict(name, schema, server)
        else:
            self.alias(name, schema, server)


_PY_SCALARS = {"integer": "int", "number": "float", "string": "str", "boolean": "bool", "null": "None"}


def _py_doc(text: str) -> str:
    """``text`` as a Python string literal: in triple quotes where it can be."""
    if '"' in text or "\\" in text:
        return json.dumps(text, ensure_ascii=False)
    return f'"""{text}"""'


def python_types() -> str:
    """The text of :mod:`bhabho_widget.table.protocol_types`: a TypedDict for every shape,
    trait and message of ``protocol.json`` and every message of ``server_protocol.json``, the
    kernel's half of what ``protocol.ts`` is to the front end."""
    out = _PythonTypes()
    for name, schema in _DEFS.items():
        out.definition(name, schema, server=False)
    server_defs: dict[str, Schema] = SERVER_PROTOCOL["$defs"]
    for name, schema in server_defs.items():  # a shape both files define alike is written once
        if name not in _DEFS or not out._same(schema, _DEFS[name]):
            out.server_names[name] = name if name not in _DEFS else f"Server{name}"
    for name, schema in server_defs.items():
        if name in out.server_names:
            out.definition(out.server_names[name], schema, server=True)
    out.typed_dict("Traits", {"description": "Every trait a widget syncs (the browser may write only BROWSER_WRITABLE).",
                              "properties": _TRAITS}, server=False)
    for kind, spec in _MESSAGES.items():
        out.typed_dict(f"{_camel(kind)}Message", spec, server=False, fixed={"type": f"Literal[{json.dumps(kind)}]"})
    for kind, spec in SERVER_PROTOCOL["messages"].items():
        out.typed_dict(f"Server{_camel(kind)}Message", spec, server=True, fixed={"type": f"Literal[{json.dumps(kind)}]"})
    browser = " | ".join(f"{_camel(kind)}Message" for kind in _MESSAGES)
    server = " | ".join(f"Server{_camel(kind)}Message" for kind in SERVER_PROTOCOL["messages"])
    head = [
        '"""The protocol\'s types for Python: a TypedDict for every shape, trait and message of',
        "``protocol.json`` (what a browser and its kernel say) and every message of",
        "``server_protocol.json`` (what a kernel tells the table server), as ``src_js/src/protocol.ts``",
        "types them for the front end.",
        "",
        "Generated by ``python -m bhabho_widget.table.protocol`` from those two files. Do not edit: change",
        "the JSON and run that command (``tests/test_protocol.py`` checks the two agree).",
        '"""',
        "# ruff: noqa: E501",
        "",
        "from __future__ import annotations",
        "",
        "from typing import Literal, TypeAlias, TypedDict",
        "",
    ]
    tail = [f"BrowserMessage: TypeAlias = {browser!r}", '"""A message a browser sends its kernel."""',
            f"ServerMessage: TypeAlias = {server!r}", '"""A message a kernel sends the table server."""']
    return "\n".join(head) + "\n" + "\n\n\n".join(out.blocks) + "\n\n\n" + "\n".join(tail) + "\n"


def write_python_types(path: pathlib.Path | str | None = None) -> pathlib.Path:
    """Write :func:`python_types` to ``path`` (default: :data:`PY_TYPES_PATH`); returns the path."""
    target = pathlib.Path(path) if path is not None else PY_TYPES_PATH
    target.write_text(python_types(), encoding="utf-8", newline="\n")
    return target


def write_typescript(path: pathlib.Path | str | None = None) -> pathlib.Path:
    """Write :func:`typescript` to ``path`` (default: ``src_js/src/protocol.ts``); returns the path."""
    target = pathlib.Path(path) if path is not None else TS_PATH
    target.write_text(typescript(), encoding="utf-8", newline="\n")
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bhabho_widget.table.protocol",
                                     description="Write src_js/src/protocol.ts and bhabho_widget/table/protocol_types.py "
                                                 "from the protocol's JSON files.")
    parser.add_argument("--out", type=pathlib.Path, default=TS_PATH, help="the TypeScript (default: %(default)s)")
    parser.add_argument("--py-out", type=pathlib.Path, default=PY_TYPES_PATH,
                        help="the Python types (default: %(default)s)")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file is out of date")
    args = parser.parse_args(argv)
    if args.check:
        stale = [path for path, text in ((args.out, typescript()), (args.py_out, python_types()))
                 if (path.read_text(encoding="utf-8") if path.exists() else "") != text]
        for path in stale:
            print(f"{path} is out of date: run python -m bhabho_widget.table.protocol", file=sys.stderr)
        return 1 if stale else 0
    print(write_typescript(args.out))
    print(write_python_types(args.py_out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
