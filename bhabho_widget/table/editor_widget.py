"""The position editor in the notebook: :class:`Editor`, a thin widget over :class:`.editor.EditorSession`.

``Editor()`` shows the 52 cards in the box, a place for each seat, the table and the waste
pile. Click a card, then where it goes (or drag it there; or, after a card, a key: 0 to 7
for a seat, T, W, B); choose the players, the rules, the leader and whether the opening
trick is over, deal at random and change a few. The engine checks the position after each
change, and the line under it says in one sentence what is wrong, in the editor's language.
When the position is valid the line shows its text (Copy text), and two buttons use it:
*Play it out* opens a :class:`~.widget.Table` at the position under the editor, *Open as a
lesson* a :class:`~.widget.Lesson` asking which card to play, who picks up, or take or pass
(:func:`~.exercises.make_exercise`).

Once a lesson is open, the editor shows its answer key: each action (a legal card, or take
and pass) with the coach's chance of ending as the bhabhi and its 95 % interval, worked out
with every hand as shown (the lesson shows every card), whether the coach counts it right
(its choice, or as good within the simulations' margin) and whether the lesson accepts it.
The teacher ticks the answers the lesson accepts; the lesson under the editor follows at
once (:meth:`Editor.answer_key`, :meth:`Editor.set_answer` in Python). For "who picks up?"
the rules decide, and the key says who.

The editor is a teacher's tool in the teacher's own kernel: it shows every card, as a board
editor does. Every message from the browser is checked against ``protocol.json`` and must
carry the editor's version: a stale or repeated click gets a short error and changes nothing.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

import ipywidgets
import traitlets

from ..engine.errors import MessageError, PositionError
from ..engine.game import Game, default_names
from ..engine.rules import PRESETS, Rules
from ..i18n import N_, Message, Translator, check_language, default_language, translator
from . import protocol_types as wire
from .base import STATIC, BaseWidget, OwnedPanel, check_deck
from .controller import check_version
from .editor import EditorSession
from .widget import Table

__all__ = ["Editor", "EditorPanel"]

STALE = N_("the editor changed before that click arrived; nothing was done, please try again")
STALE_KEY = N_("the answer key changed before that click arrived; nothing was done, please try again")
NO_LESSON = N_("open the position as a lesson first: the answer key is the lesson's")
NOT_VALID = N_("the position is not valid yet: {problem}")
OUT_TABLE = N_("Below: the position played out, you at {seat}.")
OUT_LESSON = N_("Below: the position as a lesson.")
SEAT = N_("Player {n}")  # the package's name of a seat (Game's default names), as the lessons and tables show it


def _variant(rules: Rules) -> str | None:
    """The preset ``rules`` are, or None."""
    return next((name for name, preset in PRESETS.items() if preset == rules), None)


EDITOR_MESSAGES = ("edit_players", "edit_rules", "edit_give", "edit_deal", "edit_clear", "edit_leader", "edit_opening",
                   "edit_load", "edit_play_out", "edit_lesson", "edit_answer", "set_language", "set_deck")
"""What the editor's front end may send (each declared in ``protocol.json``)."""


class EditorPanel(OwnedPanel):
    """The editor's front end (``static/editor.js``): it draws the synced ``editor`` trait
    and sends intentions, checked as every widget's are (:class:`.base.BaseWidget`); the
    :class:`Editor` around it holds the session and acts on them (``receive``). The browser
    may set no trait: everything it asks goes through a checked message."""

    _esm = STATIC / "editor.js"

    editor: Any = traitlets.Dict(allow_none=True, default_value=None).tag(sync=True)
    variants = traitlets.List(traitlets.Unicode()).tag(sync=True)

    _KWARGS = BaseWidget._KWARGS | {"variants"}
    _forward = OwnedPanel._forward  # for _HANDLERS below

    _HANDLERS: ClassVar[dict[str, Callable[[Any, dict[str, Any]], None]]] = {
        **dict.fromkeys(EDITOR_MESSAGES, _forward),
        "set_language": BaseWidget._msg_set_language, "set_deck": BaseWidget._msg_set_deck}


class Editor(ipywidgets.VBox):
    """A position editor (see the module's docstring): ``players`` 2 to 8, ``rules`` a preset
    name or :class:`Rules`, ``position`` a :class:`Game` or position text to start from,
    ``seed`` the random deals' (None: different every time), ``language`` one of
    :data:`bhabho_widget.i18n.LANGUAGES` (default: the notebook's locale, else English),
    ``deck`` the card faces. Unknown keyword arguments are an error.

    In Python, :meth:`receive` takes the same messages as the buttons (those of
    :meth:`.editor.EditorSession.receive`, the :attr:`session` under it); :attr:`problem`, :meth:`text` and :meth:`game`
    read the position, :meth:`play_out` and :meth:`open_lesson` do what the buttons do and
    return the widget they put under the editor (also :attr:`table` and :attr:`lesson`);
    :meth:`answer_key` and :meth:`set_answer` read and set the lesson's answer key, as the
    key's tick boxes do.
    """

    _EDITS: ClassVar[dict[str, str]] = {"edit_players": "players", "edit_rules": "rules", "edit_give": "give",
                                        "edit_deal": "deal", "edit_clear": "clear", "edit_leader": "leader",
                                        "edit_opening": "opening", "edit_load": "load"}

    def __init__(self, players: int = 4, rules: Rules | str = "classic", position: Game | Table | str | None = None,
                 seed: int | None = None, language: str | None = None, deck: str | None = None) -> None:
        if isinstance(position, Table):  # the moment the table shows, in its language and faces
            language = position.language if language is None else language
            deck = position.deck if deck is None else deck
            position = position.moment()
        self._translator: Translator = translator(default_language() if language is None else check_language(language))
        self.session = EditorSession(players=players, rules=rules, seed=seed)
        if position is not None:
            game = Game.from_position(position) if isinstance(position, str) else position
            if not isinstance(game, Game):
                raise TypeError(f"position must be a Game, a Table or a position text, not {type(position).__name__}")
            if game.is_over:
                raise PositionError("the game is over: there is no position to edit")
            self.session.load(game)
        self.table: Any = None
        self.lesson: Any = None
        self._outcome: Message | str = ""
        self._key_version = 0  # grows with every lesson opened and every change of its answer key
        self.panel = EditorPanel(self, variants=list(PRESETS), labels=self._translator.labels(), lang=self._translator.code,
                                 deck=check_deck("two-colour" if deck is None else deck))
        self.output = ipywidgets.Output()
        super().__init__(children=[self.panel, self.output])
        self.add_class("bhabho-editor")
        self._sync()

    # ------------------------------------------------------------------ reading the position
    @property
    def translator(self) -> Translator:
        return self._translator

    @property
    def language(self) -> str:
        return self._translator.code

    @property
    def problem(self) -> str | None:
        """What is wrong with the position, in one English sentence; None when it is valid
        (the editor shows it in its language)."""
        return self.session.problem

    def text(self) -> str:
        """The position text (the Copy text button's); raises PositionError while it is not valid."""
        return self.session.text()

    def game(self) -> Game:
        """A new game at the position; raises PositionError while it is not valid."""
        return self.session.game()

    def receive(self, message: Mapping[str, Any]) -> None:
        """Apply one of :class:`.editor.EditorSession`'s messages from Python (what a button
        does, see :data:`.editor.EDITOR_MESSAGES`) and show the result; a malformed one raises
        :class:`MessageError` and changes nothing."""
        self.session.receive(message)
        self._sync()

    def set_language(self, language: str) -> None:
        """Show the editor (its labels and the problem line) in ``language`` from now on; the
        tables and lessons it opens from now on too."""
        self.panel.set_language(language)

    def _use_language(self, tr: Translator) -> None:
        self._translator = tr

    # ------------------------------------------------------------------ using the position
    def _valid_game(self) -> Game:
        if not self.session.is_valid:
            raise MessageError(Message(NOT_VALID, problem=self.session.problem_message))
        return self.session.game()

    def play_out(self, seat: int = 0, bots: str = "rules") -> Any:
        """Open a :class:`~.widget.Table` at the position under the editor, the person at
        ``seat`` and ``bots`` at the others; returns it (also :attr:`table`)."""
        game = self._valid_game()
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < game.num_players:
            raise MessageError(f"seat must be a seat from 0 to {game.num_players - 1}, not {str(seat)[:20]}")
        self.table = Table(position=game, seat=seat, bots=bots, language=self.language, deck=self.panel.deck)
        self._show(self.table, Message(OUT_TABLE, seat=Message(SEAT, n=seat)))
        return self.table

    def open_lesson(self, question: str = "card", title: str = "", rollouts: int = 160, answers: Any = None) -> Any:
        """Open the position as a :class:`~.widget.Lesson` under the editor, asking
        ``question`` (``"card"``, ``"picker"`` or ``"take"``, see
        :func:`~.exercises.make_exercise`); returns it (also :attr:`lesson`). The lesson shows
        every hand, so the coach's answer key is worked out with those hands; ``answers``
        (card codes, ``"take"``, ``"pass"``) are the ones the lesson accepts instead of the
        coach's (:meth:`answer_key` shows the key, :meth:`set_answer` changes it)."""
        from .exercises import make_exercise, open_lesson  # the coach's answer key needs numpy

        game = self._valid_game()
        script = make_exercise(game, question, title=title, language=self.language, rollouts=rollouts, answers=answers)
        self.lesson = open_lesson(script, deck=self.panel.deck)
        self._key_version += 1
        self._show(self.lesson, Message(OUT_LESSON))
        return self.lesson

    def answer_key(self) -> list[dict[str, Any]]:
        """The answer key of the lesson under the editor (see
        :meth:`.lesson.LessonScript.answer_key`): per action its ``label``, the coach's chance
        ``p`` of ending as the bhabhi with its interval ``lo``..``hi``, ``within`` (the coach
        counts it right), ``best`` (the coach's choice) and ``accepted`` (the lesson does)."""
        return self._lesson_script().answer_key()

    def set_answer(self, action: Any, accepted: bool = True) -> None:
        """Accept (or with ``accepted=False`` refuse) ``action`` (a card code, ``"take"`` or
        ``"pass"``) as a right answer of the lesson under the editor; the lesson follows at
        once. At least one answer stays accepted."""
        self._lesson_script().set_answer(action, accepted)
        self._key_version += 1
        self.lesson._sync()  # the lesson under the editor shows its question judged by the new key
        self._sync()

    def _lesson_script(self) -> Any:
        if self.lesson is None:
            raise MessageError(Message(NO_LESSON))
        return self.lesson.script

    def _show(self, widget: Any, outcome: Message) -> None:
        self.output.outputs = ()  # what the editor opened before goes: the new table or lesson replaces it
        self.output.append_display_data(widget)
        self._outcome = outcome
        self._sync()

    # ------------------------------------------------------------------ messages
    def _on_frontend_msg(self, widget: object, content: Any, buffers: object) -> None:
        """A message of the editor's front end, as its panel receives it (checked there)."""
        self.panel._on_frontend_msg(widget, content, buffers)

    def _on_message(self, message: dict[str, Any]) -> None:
        """A checked message of the editor's front end (see :class:`EditorPanel`): every one
        carries the editor's version, and a click on an older editor is refused."""
        check_version(message["version"], self.session.version, STALE)
        kind = message["type"]
        if kind == "edit_play_out":
            self.play_out(message["seat"])
        elif kind == "edit_lesson":
            self.open_lesson(message["question"])
        elif kind == "edit_answer":
            check_version(message["key"], self._key_version, STALE_KEY)
            self.set_answer(message["action"], message["accepted"])
        else:
            self.session.receive(self._session_message(message))
            self._sync()

    def _session_message(self, message: dict[str, Any]) -> dict[str, Any]:
        kind = self._EDITS[message["type"]]
        fields = {k: v for k, v in message.items() if k not in ("type", "version")}
        if kind == "rules":
            if fields["variant"] not in PRESETS:
                raise MessageError(f"unknown variant {fields['variant'][:40]!r}")
            fields = {"rules": fields["variant"]}
        return {"type": kind, **fields}

    def _sync(self) -> None:
        """The editor trait: the session's view, the problem in the editor's language."""
        view = self.session.view()
        game = self.session.game() if self.session.is_valid else None
        problem = self.session.problem_message
        self.panel.editor = wire.EditorView(
            version=view["version"],
            num_players=view["num_players"],
            # the seats as the tables and lessons opened from here name them ("Player 1");
            # a lesson calls the seat it is seen from "You", and the editor marks that seat
            names=list(self._translator.local_names(default_names(view["num_players"]))),
            variant=_variant(self.session.rules),
            hands=view["hands"],
            table=view["table"],
            waste=view["waste"],
            box=view["box"],
            leader=view["leader"],
            opening_over=view["opening_over"],
            next_table_seat=self.session.next_table_seat(),
            to_play=game.current_player if game is not None else None,
            takers=game.legal_takes() if game is not None else [],
            problem=None if problem is None else self._translator.render(problem),
            text=view["text"],
            outcome=self._translator.render(self._outcome) if self._outcome else "",
            key=self._key_view(),
        )

    def _key_view(self) -> wire.AnswerKey | None:
        """The answer key of the lesson under the editor, for its panel (None: no lesson)."""
        if self.lesson is None:
            return None
        script = self.lesson.script
        step, ex = min(script.exercises.items())
        # a lesson opened here is made with the coach's key: every row has its numbers
        whole = lambda p: math.floor(p * 100 + 0.5 + 1e-9) / 100  # noqa: E731  (the coach's rounding)
        rows = [] if ex.kind == "seat" else [
            wire.AnswerRow(action=r["action"], p=whole(r["p"]), lo=whole(r["lo"]), hi=whole(r["hi"]), within=r["within"],
                           best=r["best"], accepted=r["accepted"]) for r in script.answer_key(step)]
        return wire.AnswerKey(version=self._key_version, kind=ex.kind, seat=script.seat, shown=script.reveal_all,
                              rollouts=max((r.rollouts for r in ex.key), default=0),
                              picker=script.right_answer(step) if ex.kind == "seat" else None, rows=rows)

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """The widget, plus a static picture of the position for a notebook read without a kernel."""
        bundle: Any = super()._repr_mimebundle_(**kwargs)
        data, meta = bundle if isinstance(bundle, tuple) else (bundle or {}, {})
        data = {**data, "text/html": self.session._repr_html_()}
        return (data, meta) if isinstance(bundle, tuple) else data
