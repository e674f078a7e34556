"""The coach's words kept with a puzzle: a translatable text as JSON data, and back.

A hint's reason is not a plain string: it is a tree of :class:`~bhabho_widget.i18n.Message`
templates with their values (seat names, suit names, cards, lists), told in the reader's
language when it is shown. A puzzle keeps the reason the coach gave for its answer as that
tree (:func:`to_data`), so that the learner reads it in any of the five languages, in the very
words a hint uses (:func:`from_data`). A card, or any other value that reads the same in every
language, is kept as its text.

>>> from bhabho_widget.i18n import Joined, Message, SeatName, SuitName, translator
>>> reason = Joined(" ", Message("Lead {card}: nobody has shown a lack of {suit}.", card="4♦", suit=SuitName("D")),
...                 Message("{name} holds J♦.", name=SeatName("Bot 2", 2)))
>>> back = from_data(to_data(reason))
>>> str(back) == str(reason), back.localize(translator("en"), ["You", "Bot 1", "Ben", "Bot 3"])
(True, 'Lead 4♦: nobody has shown a lack of diamonds. Ben holds J♦.')
"""

from __future__ import annotations

from typing import Any

from ..engine.errors import RecordError
from ..i18n import Joined, ListOf, Message, SeatList, SeatName, SuitName

__all__ = ["from_data", "to_data"]

MAX_DEPTH = 16


def to_data(text: Any, depth: int = 0) -> Any:
    """A translatable text (or a value inside one) as JSON-safe data."""
    if depth > MAX_DEPTH:
        raise ValueError("a text nested too deep to keep")
    if isinstance(text, Message):
        out: dict[str, Any] = {"m": text.template, "v": {k: to_data(v, depth + 1) for k, v in text.values.items()}}
        if text.plural_template is not None:
            out["p"], out["n"] = text.plural_template, text.n
            out["v"].pop("n", None)
        return out
    if isinstance(text, Joined):
        return {"j": text.separator, "parts": [to_data(p, depth + 1) for p in text.parts]}
    if isinstance(text, ListOf):
        return {"l": text.last, "items": [to_data(i, depth + 1) for i in text.items]}
    if isinstance(text, SeatList):
        return {"seats": [[str(s), s.seat] for s in text.seats], "viewer": text.viewer}
    if isinstance(text, SuitName):
        return {"suit": text.suit, "one": text.one}
    if isinstance(text, SeatName):
        return {"seat": text.seat, "name": str(text)}
    if isinstance(text, (int, float)) and not isinstance(text, bool):
        return text
    return str(text)


def from_data(data: Any, depth: int = 0) -> Any:
    """The text of :func:`to_data`'s data; a :class:`~bhabho_widget.engine.errors.RecordError`
    when it is not one."""
    if depth > MAX_DEPTH:
        raise RecordError("a kept text nested too deep")
    if isinstance(data, (str, int, float)) and not isinstance(data, bool):
        return data
    if not isinstance(data, dict):
        raise RecordError("a kept text that is neither a text nor an object")
    try:
        if "m" in data:
            values = {str(k): from_data(v, depth + 1) for k, v in data["v"].items()}
            if "p" in data:
                return Message._make(str(data["m"]), str(data["p"]), int(data["n"]), values)
            return Message(str(data["m"]), **values)
        if "j" in data:
            return Joined(str(data["j"]), *(from_data(p, depth + 1) for p in data["parts"]))
        if "l" in data:
            return ListOf([from_data(i, depth + 1) for i in data["items"]], last=str(data["l"]))
        if "seats" in data:
            viewer = data["viewer"]
            return SeatList([SeatName(str(n), int(s)) for n, s in data["seats"]], None if viewer is None else int(viewer))
        if "suit" in data:
            return SuitName(str(data["suit"]), bool(data["one"]))
        if "seat" in data:
            return SeatName(str(data["name"]), int(data["seat"]))
    except (KeyError, TypeError, ValueError) as err:
        raise RecordError(f"a kept text with a bad part: {str(err)[:60]}") from None
    raise RecordError("a kept text of no known kind")
