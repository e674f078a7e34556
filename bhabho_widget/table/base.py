"""What every widget of the package shares: the comm, the checks of the browser's messages,
the language and the card faces.

:class:`BaseWidget` is the plumbing: it refuses unknown keyword arguments, lets the browser
write only the traits a widget declares writable (within bounds), refuses malformed comm
messages before ipywidgets reads them, checks every message against ``protocol.json``
(:func:`.protocol.check_message`) and hands it to the widget's handler, and shows a
refusal, in the widget's language, as a short ``error``. :meth:`BaseWidget.set_language`
switches the labels and every text at once. :class:`OwnedPanel` is the front end of a
plain-Python object that holds the logic (the position editor's, a class's views).

The card table itself, whatever stands behind it, is the one :class:`~.widget.Table`.
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import anywidget
import traitlets

from ..engine.errors import MessageError
from ..engine.optional import MissingPackageError
from ..i18n import LANGUAGES, Translator, check_language, translator
from .protocol import check_message, check_pace

__all__ = ["ANYWIDGET_ID", "DECKS", "ERROR_LENGTH", "STATIC", "BaseWidget", "OwnedPanel", "check_deck", "comm_refusal"]

STATIC = pathlib.Path(__file__).parent / "static"
ANYWIDGET_ID = "bhabho_widget"
"""The anywidget id of every widget of the package. anywidget puts a widget's ``_css`` in the
page as one ``<style>`` per id (by default one per class); every widget here names the same
stylesheet (``static/bhabho.css``, the styles of the table, the editor and a class, each
once), so under one id the page holds it once, whatever widgets it shows."""
DECKS = ("two-colour", "four-colour")
"""The card faces: red and black suits, or ♠ black, ♥ red, ♦ blue and ♣ green."""
ERROR_LENGTH = 300
"""An error line is cut to this many characters."""


def check_deck(deck: object) -> str:
    if deck not in DECKS:
        raise ValueError(f"deck must be one of {', '.join(map(repr, DECKS))}, not {str(deck)[:40]!r}")
    return deck  # type: ignore[return-value]


def _kind(value: object) -> str:
    """What a JSON value is, in a word or two, for an error line."""
    if isinstance(value, dict):
        return "an object with keys that are not all strings"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "a string"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return "a number" if isinstance(value, (int, float)) else type(value).__name__


def json_nulls(value: Any, depth: int = 0) -> Any:
    """``value`` with JavaScript's null read as None at every level. The JupyterLite kernel
    (Pyodide) hands a comm message's null over as ``pyodide.ffi.jsnull``, not None: without
    this, "New game" with no seed is refused there. Nested beyond 32 levels, left as it is
    (the message's check refuses it anyway).

    >>> JsNull = type("JsNull", (), {})
    >>> json_nulls({"type": "new_game", "seed": JsNull(), "n": [1, JsNull()]})
    {'type': 'new_game', 'seed': None, 'n': [1, None]}
    """
    if type(value).__name__ == "JsNull":
        return None
    if depth < 32 and isinstance(value, dict):
        return {k: json_nulls(v, depth + 1) for k, v in value.items()}
    if depth < 32 and isinstance(value, list):
        return [json_nulls(v, depth + 1) for v in value]
    return value


def comm_refusal(msg: Any) -> str | None:
    """Why a comm message from the browser is refused before ipywidgets reads it (a state
    sync whose state is not an object of traits, binary buffers, no string method), or None."""
    content = msg.get("content") if isinstance(msg, Mapping) else None
    data = content.get("data") if isinstance(content, Mapping) else None
    if not isinstance(data, Mapping) or not isinstance(data.get("method"), str):
        return "a message from the browser must be an object with a string 'method'"
    if data["method"] == "update":
        state = data.get("state", {})
        if not isinstance(state, dict) or not all(isinstance(k, str) for k in state):
            return f"a state sync from the browser must be an object of traits, not {_kind(state)}"
        if data.get("buffer_paths", []) != []:  # no binary traits here: nothing may come as a buffer
            return "a state sync from the browser may not carry binary buffers here"
    return None


Handler = Callable[[Any, dict[str, Any]], None]


class BaseWidget(anywidget.AnyWidget):
    """The plumbing every widget of the package shares (see the module's docstring).

    A subclass declares ``_HANDLERS`` (message type -> method), ``_WRITABLE`` (the traits the
    browser may sync; none by default), ``_KWARGS`` (the traits its constructor passes on)
    and implements :meth:`_use_language` and :meth:`_sync`."""

    _esm = STATIC / "widget.js"
    _css = STATIC / "bhabho.css"  # every widget's: see ANYWIDGET_ID

    error = traitlets.Unicode("").tag(sync=True)
    labels = traitlets.Dict().tag(sync=True)
    lang = traitlets.Unicode("en").tag(sync=True)  # the language code of labels and texts (see protocol.json)
    languages = traitlets.List(traitlets.Dict()).tag(sync=True)
    deck = traitlets.Enum(DECKS, default_value="two-colour").tag(sync=True)

    _HANDLERS: ClassVar[dict[str, Handler]] = {}
    _WRITABLE: ClassVar[frozenset[str]] = frozenset()
    _KWARGS: ClassVar[frozenset[str]] = frozenset({"labels", "lang", "deck"})

    def __init__(self, **traits: Any) -> None:
        unknown = set(traits) - self._KWARGS
        if unknown:
            raise TypeError(f"{type(self).__name__}() got unexpected keyword arguments: {', '.join(sorted(unknown))}")
        super().__init__(languages=[{"code": code, "name": name} for code, name in LANGUAGES.items()],
                         _anywidget_id=ANYWIDGET_ID, **traits)
        self.on_msg(self._on_frontend_msg)

    # ------------------------------------------------------------------ from the browser
    def set_state(self, sync_data: dict[str, Any]) -> None:
        """State synced from the browser: only the traits in ``_WRITABLE`` may change, within
        bounds; anything else is refused and the browser is sent the kernel's values back."""
        refused = sorted(str(k) for k in set(sync_data) - self._WRITABLE)
        allowed = {k: v for k, v in sync_data.items() if k in self._WRITABLE}
        error = f"the browser may not set {', '.join(k[:30] for k in refused[:5])}" if refused else ""
        if "pace" in allowed:
            try:
                allowed["pace"] = check_pace(allowed["pace"])
            except MessageError as err:
                refused.append("pace")
                del allowed["pace"]
                error = str(err)[:ERROR_LENGTH]
        if allowed:
            super().set_state(allowed)
        if refused:
            self.error = error
            self.send_state([k for k in refused if k in self.keys])

    def _handle_msg(self, msg: Any) -> None:
        """A comm message from the browser: a state sync whose state is not an object of
        traits (or that is malformed otherwise) gets a short error and changes nothing,
        instead of raising inside ipywidgets."""
        content = msg.get("content") if isinstance(msg, dict) else None
        if isinstance(content, dict) and "data" in content:
            msg = {**msg, "content": {**content, "data": json_nulls(content["data"])}}
        refusal = comm_refusal(msg)
        if refusal:
            self.error = refusal
            return
        super()._handle_msg(msg)

    def _on_frontend_msg(self, _widget: object, content: Any, _buffers: object) -> None:
        try:
            message = check_message(content, self._HANDLERS)
            self._check_allowed(message)
            self._HANDLERS[message["type"]](self, message)
        except (ValueError, TypeError, MissingPackageError) as err:  # MessageError, IllegalMoveError, bad engine input, no numpy
            self.error = self._localize(err)[:ERROR_LENGTH]
            return
        self.error = ""

    def _check_allowed(self, message: dict[str, Any]) -> None:
        """Refuse a well-formed message the widget does not take now (a MessageError with a
        sentence about the widget); every one by default."""

    # ------------------------------------------------------------------ language and faces
    @property
    def translator(self) -> Translator:
        """The :class:`~bhabho_widget.i18n.Translator` of the widget's language."""
        raise NotImplementedError

    @property
    def language(self) -> str:
        """The code of the language of every text the widget shows (see :data:`.i18n.LANGUAGES`)."""
        return self.translator.code

    def _localize(self, text: object) -> str:
        """An error or any text of the engine in the widget's language."""
        return self.translator.render(text)

    def set_language(self, language: str) -> None:
        """Show everything in ``language`` (a code of :data:`.i18n.LANGUAGES`) from now on:
        the labels, and every text the widget shows, told again at once."""
        self._use_language(translator(check_language(language)))
        with self.hold_sync():
            self.labels = self._labels()
            self.lang = self.translator.code
            self._sync()

    def _labels(self) -> dict[str, str]:
        """The front end's labels in the widget's language."""
        return self.translator.labels()

    def _use_language(self, tr: Translator) -> None:
        """Tell everything behind the widget in ``tr``'s language from now on."""
        raise NotImplementedError

    def _sync(self) -> None:
        """Send everything the browser shows, as one update."""
        raise NotImplementedError

    def _msg_set_language(self, content: dict[str, Any]) -> None:
        self.set_language(content["language"])

    def _msg_set_deck(self, content: dict[str, Any]) -> None:
        self.deck = content["deck"]


class OwnedPanel(BaseWidget):
    """The front end of a plain-Python ``owner`` that holds the session and acts (the
    :class:`~.editor_widget.Editor`, a class's views): the panel draws its traits and checks
    the browser's messages; its language, its state and every message it takes (``_forward``
    in a subclass's ``_HANDLERS``) are the owner's (``translator``, ``_use_language``,
    ``_sync``, ``_on_message``)."""

    def __init__(self, owner: Any, **traits: Any) -> None:
        self._owner = owner
        super().__init__(**traits)

    @property
    def translator(self) -> Translator:
        return self._owner.translator

    def _use_language(self, tr: Translator) -> None:
        self._owner._use_language(tr)

    def _sync(self) -> None:
        self._owner._sync()

    def _forward(self, message: dict[str, Any]) -> None:
        self._owner._on_message(message)
