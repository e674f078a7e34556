"""Any moment into an exercise, and lessons saved as records.

:func:`make_exercise` turns the position of a game (at a table, in a replay, in a review)
into a one-step lesson with a question: which card to play, who picks up, take or pass.
The engine's answer is the key and the coach's reason (:func:`~bhabho_widget.coach.hints.hint`)
the explanation. :func:`lesson_to_json` saves any :class:`~.lesson.LessonScript` as a record
(its start as position text, see :meth:`Game.position`), :func:`lesson_from_json` loads it again.

>>> from bhabho_widget import Game
>>> g = Game.from_hands([["KH"], ["5H", "3C"], ["4S", "9C"]], leader=0, seed=1)
>>> script = make_exercise(g, "picker", rollouts=40)
>>> script.goto(2)
>>> script.exercises[2].prompt
'Player 2 plays 9♣. Who picks up?'
>>> make_exercise(g, "card", rollouts=40).exercises[0].prompt   # the lesson shows Player 0 as You
'Which card should you play?'
>>> script.answer(0)["correct"]
True
>>> lesson_from_json(lesson_to_json(script)).exercises == script.exercises
True
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

from ..coach.answer_key import AnswerKey, answer_key
from ..coach.hints import hint
from ..engine.cards import Card
from ..engine.errors import PositionError, RecordError
from ..engine.game import Game
from ..engine.move import Move
from ..i18n import N_, Joined, Message, Translator, check_language, translator
from .lesson import Exercise, KeyRow, LessonScript

__all__ = ["LESSON_FORMAT", "QUESTIONS", "lesson_from_json", "lesson_to_json", "make_exercise", "open_lesson"]

QUESTIONS = ("card", "picker", "take")
"""What :func:`make_exercise` can ask: which card to play, who picks up, take or pass."""
LESSON_FORMAT = "bhabho-lesson"
LESSON_VERSION = 1
MAX_LESSON_CHARS = 2_000_000

PROMPT_CARD = N_("Which card should {name} play?")
PROMPT_PICKER_LEAD = N_("{name} leads {card}. Who picks up?")
PROMPT_PICKER_FOLLOW = N_("{name} plays {card}. Who picks up?")
PROMPT_TAKE = N_("Should {name} take the hand of {target}, or pass?")
PROMPT_CARD_YOU = N_("Which card should you play?")
PROMPT_PICKER_LEAD_YOU = N_("You lead {card}. Who picks up?")
PROMPT_PICKER_FOLLOW_YOU = N_("You play {card}. Who picks up?")
PROMPT_TAKE_YOU = N_("Should you take the hand of {target}, or pass?")
_YOU = {PROMPT_CARD: PROMPT_CARD_YOU, PROMPT_PICKER_LEAD: PROMPT_PICKER_LEAD_YOU,
        PROMPT_PICKER_FOLLOW: PROMPT_PICKER_FOLLOW_YOU, PROMPT_TAKE: PROMPT_TAKE_YOU}
HINT_CARD = N_("Look at the suits the others have shown they lack, and at who would pick up if someone cannot follow.")
HINT_PICKER = N_("Look at the cards of the led suit on the table.")
HINT_TAKE = N_("Taking adds every card of the next player's hand to yours (rule 7): more cards to get rid of.")
EXPLAIN_PICKER = N_("The player of the highest card of the led suit picks up the trick (rule 4).")
EXPLAIN_PICKER_FORM = N_("In the pick-up form the player who cannot follow suit picks up the trick (rule 4).")
EXPLAIN_SHOWN = N_("Every hand is shown, so these chances come from playing on from these very hands.")


def _prompt(tr: Translator, template: str, seat: int, lesson_seat: int, names: Sequence[str], **values: Any) -> str:
    """The question in the lesson's language, to "you" when ``seat`` is the lesson's seat
    (the lesson shows that seat as You)."""
    if seat == lesson_seat:
        return tr.format(_YOU[template], **values)
    return tr.format(template, name=names[seat], **values)


def _game_of(source: object) -> Game:
    """The game of a Game, a Table (the moment shown: in a review, the decision's position),
    a TableSession (its game), a Lesson or LessonScript (the step shown)."""
    if isinstance(source, Game):
        return source
    moment = getattr(source, "moment", None)  # a Table: the review's decision shown, or the game
    if callable(moment):
        shown = moment()
        if isinstance(shown, Game):
            return shown
    game = getattr(source, "game", None)
    if isinstance(game, Game):
        return game
    raise TypeError(f"make_exercise needs a Game, a Table or a Lesson, not {type(source).__name__}")


def make_exercise(source: object, question: str = "card", seat: int | None = None, title: str = "",
                  reveal_all: bool = True, language: str = "en", rollouts: int = 160, seed: int = 0,
                  answers: Any = None, keep_moves: bool = False) -> LessonScript:
    """A one-step lesson asking ``question`` (see :data:`QUESTIONS`) at the position of
    ``source`` (a Game, a Table, a TableSession, a Lesson or a LessonScript), seen from ``seat``:

    - ``"card"``: which card should the player to move play? The key is the coach's: its card
      and every card as good within the simulations' margin (the paired difference's interval
      holds 0, :func:`~bhabho_widget.coach.hints.about_equal`); the explanation its reason.
    - ``"picker"``: who picks up? Asked at the first play of this trick after which someone
      picks up (a tochoo; in the pick-up form, a lead or follow the next player cannot
      follow): the player to move plays the coach's card, or one that makes someone pick up,
      and the coach's cards are played until then.
    - ``"take"``: should ``seat`` (default: the player to move) take the next player's
      hand, or pass (rule 7)? The key is the coach's advice, and the other choice too when it
      is as good.

    The answer key (:attr:`.lesson.Exercise.key`: each action's chance of ending as the bhabhi,
    with its interval, and whether the coach counts it right) is worked out with every hand as
    shown when the lesson shows them (``reveal_all=True``, as a position from the editor is
    opened): the coach plays on from the real deal (:mod:`bhabho_widget.coach.answer_key`).
    With ``reveal_all=False`` it judges from everything the seat has seen in ``source``'s game,
    the hidden cards sampled, as a hint does. ``rollouts`` and ``seed`` are the coach's (see
    :func:`hint`). ``answers``: the card codes (or ``"take"``, ``"pass"``) the lesson accepts
    instead of the coach's, a teacher's key; the numbers stay the coach's
    (:meth:`.lesson.LessonScript.set_answer` changes it later, :meth:`~.lesson.LessonScript.answer_key`
    shows it). The prompt is in ``language``. The lesson starts at the moment itself
    (:meth:`Game.from_position`), so it can be saved and loaded as a record. With
    ``keep_moves=True`` it holds the game's moves from its start up to the moment and opens at
    the moment (:attr:`.lesson.LessonScript.start`): what every seat saw in play (a card picked
    up in view of everyone, a suit a player has shown they lack) is then the lesson's too, as
    the coach's key and words assume, and Back shows how it came about; a lesson of hidden
    hands whose answer rests on such a fact wants it.
    """
    if question not in QUESTIONS:
        raise ValueError(f"question must be one of {', '.join(QUESTIONS)}, not {str(question)[:20]!r}")
    if not isinstance(reveal_all, bool):
        raise TypeError("reveal_all must be True or False")
    tr = translator(check_language(language))
    original = _game_of(source)
    if original.is_over:
        raise PositionError("the game is over: there is no moment to ask about")
    if not isinstance(keep_moves, bool):
        raise TypeError("keep_moves must be True or False")
    if keep_moves:  # the moment, with the moves that led to it
        game = original.copy()
        history = game.moves
    else:
        game, history = Game.from_position(original.position(), names=original.names), []
    mover = game.current_player
    assert mover is not None
    names = tr.local_names(game.names)

    if question == "take":
        asked = mover if seat is None else seat
        if not isinstance(asked, int) or isinstance(asked, bool) or not 0 <= asked < game.num_players:
            raise ValueError(f"seat must be from 0 to {game.num_players - 1}, not {asked!r}")
        if asked not in game.legal_takes():
            why = game.take_refusal() or "it holds no cards"
            raise ValueError(f"{game.names[asked]} cannot take now: {why}")
        key = answer_key(original, asked, "take", shown=reveal_all, rollouts=rollouts, seed=seed)
        h = key.hint
        rows = _rows(key)
        accepted = _answers(answers, rows) or tuple(r.action for r in rows if r.within)
        if h.action == "take":
            moves: list[Move] = [Move.take(asked)]
        else:
            card = h.action if isinstance(h.action, Card) else _card_key(original, reveal_all, rollouts, seed).hint.action
            moves = [Move.parse(card)]
        target = game.next_holder(asked)
        prompt = _prompt(tr, PROMPT_TAKE, asked, asked, names, target=names[target])  # type: ignore[index]
        ex = Exercise(0, prompt, "take", accepted, explain=_explanation(key), hint=tr.format(HINT_TAKE), key=rows)
        return _at_the_moment(game, history, moves, ex, title, asked, reveal_all, language)

    if question == "card":
        key = _card_key(original, reveal_all, rollouts, seed)
        best = key.hint.action
        assert isinstance(best, Card)
        prompt = _prompt(tr, PROMPT_CARD, mover, mover if seat is None else seat, names)
        rows = _rows(key)
        accepted = _answers(answers, rows) or tuple(r.action for r in rows if r.within)
        ex = Exercise(0, prompt, "card", accepted, explain=_explanation(key), hint=tr.format(HINT_CARD), key=rows)
        moves = [Move.play(best)]
    else:  # who picks up: the rules answer; the coach's cards (as its hints play them) lead there
        if answers is not None:
            raise ValueError("a 'picker' question has no answers to set: the rules decide who picks up")
        h = hint(original, rollouts=rollouts, seed=seed)
        best = h.action if isinstance(h.action, Card) else game.legal_cards()[0]
        ex, moves = _picker_question(original, best, names, tr, rollouts, seed, mover if seat is None else seat)
    return _at_the_moment(game, history, moves, ex, title, mover if seat is None else seat, reveal_all, language)


def _at_the_moment(game: Game, history: list[Move], moves: list[Move], ex: Exercise, title: str,
                   seat: int, reveal_all: bool, language: str) -> LessonScript:
    """The lesson of one question asked at ``game``'s moment: from the game's start, its
    ``history`` (none when it starts at the moment) then ``moves``, the question's step after
    the history, opened at the moment."""
    ex = dataclasses.replace(ex, step=ex.step + len(history))
    return LessonScript(game, moves, title=title, exercises=[ex], seat=seat, reveal_all=reveal_all,
                        start=len(history), language=language)


def _card_key(game: Game, shown: bool, rollouts: int, seed: int) -> AnswerKey:
    """The coach's key of "which card?" for the player to move in ``game``."""
    mover = game.current_player
    assert mover is not None
    return answer_key(game, mover, "card", shown=shown, rollouts=rollouts, seed=seed)


def _rows(key: AnswerKey) -> tuple[KeyRow, ...]:
    return tuple(KeyRow(r.action, r.p, r.lo, r.hi, r.within, r.best, r.rollouts) for r in key.rows)


def _explanation(key: AnswerKey) -> str:
    """The coach's reason, and with every hand shown a word on where its numbers come from."""
    return Joined(" ", key.hint.reason, Message(EXPLAIN_SHOWN)) if key.shown else key.hint.reason


def _answers(answers: Any, rows: Sequence[KeyRow]) -> tuple[str, ...]:
    """The teacher's ``answers`` (a code, ``"take"``/``"pass"``, or several), checked against
    the key's actions; () for None."""
    if answers is None:
        return ()
    given = [answers] if isinstance(answers, (str, Card)) else list(answers) if isinstance(answers, (list, tuple, set)) \
        else None
    if not given:
        raise ValueError(f"answers must be an action or a list of actions, not {str(answers)[:40]!r}")
    codes = []
    for a in given:
        code = a if a in ("take", "pass") else Card.parse(a).code
        if code not in {r.action for r in rows}:
            raise ValueError(f"{str(a)[:12]!r} is not an answer here: {', '.join(r.action for r in rows)}")
        codes.append(code)
    return tuple(r.action for r in rows if r.action in codes)


def _picker_question(game: Game, best: Card, names: Sequence[str], tr: Translator, rollouts: int,
                     seed: int, lesson_seat: int) -> tuple[Exercise, list[Move]]:
    """"Who picks up?" at the first play of this trick (the coach's cards played until then)
    after which someone picks up: the question's step and the moves. The coach looks at
    ``game`` itself, with all that each seat has seen in it."""
    g = game.copy()
    moves: list[Move] = []
    while True:
        card = _picking_card(g, best)
        if card is not None:
            template = PROMPT_PICKER_FOLLOW if g.table else PROMPT_PICKER_LEAD
            prompt = _prompt(tr, template, g.current_player, lesson_seat, names, card=str(card))  # type: ignore[arg-type]
            rule = EXPLAIN_PICKER_FORM if g.rules.picker == "offsuit_player" else EXPLAIN_PICKER
            ex = Exercise(len(moves), prompt, "seat", "picker", explain=tr.format(rule), hint=tr.format(HINT_PICKER))
            return ex, [*moves, Move.play(card)]
        moves.append(Move.play(best))
        g.play(best)
        if not g.table or g.is_over:
            raise ValueError("nobody picks up in this trick when the coach's cards are played: it goes to the waste pile")
        h = hint(g, rollouts=rollouts, seed=seed)
        best = h.action  # type: ignore[assignment]


def _picking_card(game: Game, best: Card) -> Card | None:
    """``best`` if playing it makes someone pick up, else the first legal card that does."""
    for card in [best, *(c for c in game.legal_cards() if c != best)]:
        trial = game.copy()
        if any(e.kind == "pickup" for e in trial.play(card)):
            return card
    return None


# ---------------------------------------------------------------------- records
def _start(script: LessonScript) -> Game:
    return script.game.root()


def lesson_to_json(script: LessonScript, indent: int | None = None) -> str:
    """The lesson as a JSON record: its start as position text, the moves, the exercises."""
    start = _start(script)
    record = {
        "format": LESSON_FORMAT,
        "version": LESSON_VERSION,
        "title": script.title,
        "position": start.position(),
        "names": list(start.names),
        "moves": [str(m) for m in script.moves],
        "exercises": [{"step": ex.step, "prompt": str(ex.prompt), "kind": ex.kind,
                       "answer": list(ex.answer) if isinstance(ex.answer, tuple) else ex.answer,
                       "explain": str(ex.explain), "hint": str(ex.hint),
                       **({"key": [r.to_dict() for r in ex.key]} if ex.key else {})}
                      for ex in script.exercises.values()],
        "seat": script.seat,
        "reveal_all": script.reveal_all,
        "language": script.language,
        **({"start": script.start} if script.start else {}),
    }
    return json.dumps(record, indent=indent, ensure_ascii=False)


def lesson_from_json(text: str | bytes) -> LessonScript:
    """The lesson a record from :func:`lesson_to_json` holds; a malformed or tampered record
    raises :class:`~bhabho_widget.engine.errors.RecordError`."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise TypeError(f"a lesson record is JSON text, not {type(text).__name__}")
    if len(text) > MAX_LESSON_CHARS:
        raise RecordError(f"a lesson record has at most {MAX_LESSON_CHARS:,} characters")
    try:
        rec = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as err:
        raise RecordError(f"not a lesson record: {str(err)[:100]}") from None
    if not isinstance(rec, dict) or rec.get("format") != LESSON_FORMAT:
        raise RecordError(f"not a lesson record: 'format' must be {LESSON_FORMAT!r}")
    if rec.get("version") != LESSON_VERSION:
        raise RecordError(f"unsupported lesson record version {str(rec.get('version'))[:20]!r}")
    try:
        game = Game.from_position(rec["position"], names=rec.get("names"))
        exercises = [Exercise(**_exercise_fields(e)) for e in rec["exercises"]]
        return LessonScript(game, list(rec["moves"]), title=rec["title"], exercises=exercises, seat=rec["seat"],
                            reveal_all=rec["reveal_all"], language=rec["language"], start=rec.get("start", 0))
    except RecordError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as err:
        raise RecordError(f"lesson record: {str(err)[:160]}") from None


def _exercise_fields(e: Any) -> dict[str, Any]:
    names = {"step", "prompt", "kind", "answer", "explain", "hint"}
    if not isinstance(e, dict) or set(e) - {"key"} != names:
        raise RecordError("lesson record: each exercise has step, prompt, kind, answer, explain and hint "
                          "(and may have its answer key)")
    fields = dict(e)
    if isinstance(fields["answer"], list):
        fields["answer"] = tuple(fields["answer"])
    if "key" in fields:
        if not isinstance(fields["key"], list):
            raise RecordError("lesson record: an exercise's key is a list of rows")
        fields["key"] = tuple(fields["key"])
    return fields


def open_lesson(script: LessonScript, **kwargs: Any) -> Any:
    """The :class:`~.widget.Lesson` widget for ``script`` (from :func:`make_exercise` or a record)."""
    from .widget import Lesson

    return Lesson(_start(script), list(script.moves), title=script.title, exercises=list(script.exercises.values()),
                  seat=script.seat, reveal_all=script.reveal_all, language=script.language, **kwargs)

