"""The protocol's one definition (bhabho_widget/table/protocol.json) and what is made of it:
the message checks, the view check and the front end's generated types."""

from __future__ import annotations

import json
import pathlib
import re

import pytest

from bhabho_widget.engine.errors import MessageError
from bhabho_widget.table import protocol
from bhabho_widget.table.protocol import (
    BROWSER_WRITABLE,
    LABELS,
    MESSAGE_TYPES,
    check_message,
    check_pace,
    check_trait,
    check_view,
    menu_key,
    typescript,
)

ROOT = pathlib.Path(__file__).resolve().parent.parent
SRC = ROOT / "src_js" / "src"
NEW_GAME = {"type": "new_game", "players": 4, "seed": None, "variant": "classic", "bots": "rules", "version": 0}
TABLE_TYPES = {"play", "take", "advance", "undo", "hint", "new_game", "set_language", "set_deck", "set_take_offers",
               "practice_next", "tracker", "review_start", "review_cancel", "review_show", "show_me", "show_step", "show_close"}
LESSON_TYPES = {"goto", "answer", "set_deck", "tracker"}
EDITOR_TYPES = {"edit_players", "edit_rules", "edit_give", "edit_deal", "edit_clear", "edit_leader", "edit_opening",
                "edit_load", "edit_play_out", "edit_lesson", "edit_answer", "set_language", "set_deck"}
CLASS_TYPES = {"class_review", "class_joining", "class_size", "class_remove", "class_csv", "class_agree", "class_open",
               "class_forget", "set_language"}

VALID = [
    {"type": "play", "card": "10H", "version": 0},
    {"type": "play", "card": "AS", "version": 2**53 - 1},
    {"type": "take", "version": 7},
    {"type": "advance", "version": 7},
    {"type": "undo", "version": 3},
    {"type": "hint"},
    {"type": "new_game", "players": 3, "seed": None, "variant": "classic", "bots": "rules", "version": 0},
    {"type": "new_game", "players": 8, "seed": 0, "variant": "no-take", "bots": "random", "version": 1},
    {"type": "new_game", "players": 4, "seed": 2**53 - 1, "variant": "teams", "bots": "", "version": 2**53 - 1},
    {"type": "set_language", "language": "hi"},
    {"type": "goto", "index": 0},
    {"type": "goto", "index": 12},
    {"type": "answer", "choice": "5H"},
    {"type": "answer", "choice": 3},
    {"type": "answer", "choice": "take"},
    {"type": "answer", "choice": "pass"},
    {"type": "set_deck", "deck": "four-colour"},
    {"type": "set_deck", "deck": "two-colour"},
    {"type": "tracker", "open": True, "chances": False},
    {"type": "show_me", "source": "hint", "line": "better", "decision": None, "version": 4},
    {"type": "show_me", "source": "review", "line": "worse", "decision": 12, "version": 4},
    {"type": "show_step", "index": 3, "version": 5},
    {"type": "show_close"},
]


def example_view(**patch) -> dict:
    view = {
        "version": 5, "mode": "play", "seat": 0, "num_players": 4, "names": ["You", "Bot 1", "Bot 2", "Bot 3"],
        "hand": ["3S", "10S", "2H"], "hand_sizes": [3, 9, 8, 9], "hands": None,
        "table": [{"seat": 2, "card": "QH"}], "led_suit": "H", "waste_size": 12, "leader": 2,
        "current_player": 0, "trick_number": 4, "opening": False, "escaped": [], "is_over": False, "loser": None,
        "legal": ["2H"], "can_take": False, "take_target": None, "take_offer": False, "can_undo": False,
        "waiting": "human", "change": "step",
        "narration": "Bot 2 leads Q♥.", "events": [{"kind": "lead", "seat": 2, "cards": ["QH"], "text": "Bot 2 leads Q♥."}],
        "log": [{"kind": "lead", "text": "Bot 2 leads Q♥."}], "last_trick": None, "result": None, "lesson": None,
        "review": None, "imagine": None,
    }
    view.update(patch)
    return view


# ---------------------------------------------------------------------- the generated TypeScript
def test_committed_protocol_ts_is_generated_from_protocol_json():
    committed = (SRC / "protocol.ts").read_text(encoding="utf-8")
    assert committed == typescript(), (
        "src_js/src/protocol.ts differs from bhabho_widget/table/protocol.json: run `python -m bhabho_widget.table.protocol` "
        "(then `npm run build` in src_js) and commit both"
    )


def test_protocol_ts_has_the_constants_the_front_end_uses():
    ts = typescript()
    assert "export const PACE_MIN = 0;" in ts and "export const PACE_MAX = 5;" in ts
    assert 'export const BROWSER_WRITABLE = ["pace"] as const;' in ts
    for kind in MESSAGE_TYPES:
        assert f'type: "{kind}";' in ts
    for key in LABELS:
        assert re.search(rf"^  {key}: ", ts, re.M), key


def test_committed_protocol_types_are_generated_from_the_json():
    committed = protocol.PY_TYPES_PATH.read_text(encoding="utf-8")
    assert committed == protocol.python_types(), (
        "bhabho_widget/table/protocol_types.py differs from the protocol's JSON files: run "
        "`python -m bhabho_widget.table.protocol` and commit it"
    )


def test_the_python_types_name_every_message_and_trait():
    from bhabho_widget.table import protocol_types

    assert set(protocol_types.Traits.__annotations__) == set(protocol.PROTOCOL["traits"])
    for kind in MESSAGE_TYPES:
        fields = getattr(protocol_types, f"{protocol._camel(kind)}Message").__annotations__
        assert set(fields) == set(protocol.PROTOCOL["messages"][kind]["properties"]), kind
    for kind in protocol.SERVER_MESSAGE_TYPES:
        fields = getattr(protocol_types, f"Server{protocol._camel(kind)}Message").__annotations__
        assert set(fields) == set(protocol.SERVER_PROTOCOL["messages"][kind]["properties"]), kind
    for name, schema in protocol.PROTOCOL["$defs"].items():
        if "properties" in schema:
            assert set(getattr(protocol_types, name).__annotations__) == set(schema["properties"]), name


def test_main_writes_and_checks(tmp_path, capsys):
    out, py = tmp_path / "protocol.ts", tmp_path / "protocol_types.py"
    assert protocol.main(["--out", str(out), "--py-out", str(py), "--check"]) == 1
    assert protocol.main(["--out", str(out), "--py-out", str(py)]) == 0
    assert out.read_text(encoding="utf-8") == typescript() and py.read_text(encoding="utf-8") == protocol.python_types()
    assert protocol.main(["--out", str(out), "--py-out", str(py), "--check"]) == 0


# ---------------------------------------------------------------------- front end and kernel agree
def _front_end_sources() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(SRC.glob("*.ts")) if p.name != "protocol.ts")


def test_every_declared_message_is_sent_by_the_front_end_and_vice_versa():
    sources = _front_end_sources()
    for kind in MESSAGE_TYPES:
        assert f'type: "{kind}"' in sources, f"protocol.json declares {kind!r}, but src_js/src never sends it"
    # message objects are written inline in a send: send({ type: "x", ... }) or sendVersioned(...)
    sent = set(re.findall(r'\bsend\w*\(\s*\{\s*type:\s*"(\w+)"', sources))
    assert sent, "found no send({ type: ... }) in src_js/src"
    assert sent <= MESSAGE_TYPES, f"src_js/src sends types protocol.json does not declare: {sorted(sent - MESSAGE_TYPES)}"
    assert sent == MESSAGE_TYPES


def test_the_widgets_message_types_are_declared():
    from bhabho_widget.table.classroom import StudentPanel, TeacherPanel
    from bhabho_widget.table.editor_widget import EditorPanel

    assert TABLE_TYPES | LESSON_TYPES | EDITOR_TYPES | CLASS_TYPES == MESSAGE_TYPES
    assert set(EditorPanel._HANDLERS) == EDITOR_TYPES
    assert set(TeacherPanel._HANDLERS) | set(StudentPanel._HANDLERS) == CLASS_TYPES
    assert BROWSER_WRITABLE == {"pace"}  # the deck is asked for with set_deck, never synced from the browser


def test_every_variant_and_bot_level_has_a_menu_label():
    from bhabho_widget import PRESETS
    from bhabho_widget.play.registry import BOTS

    wanted = {menu_key("variant_", v) for v in PRESETS} | {menu_key("bots_", b) for b in BOTS}
    assert wanted <= set(LABELS), sorted(wanted - set(LABELS))
    menu = {k for k in LABELS if k.startswith(("variant_", "bots_"))}
    assert menu == wanted, f"labels for no variant or bot level: {sorted(menu - wanted)}"
    assert 'menuKey(prefix, name)' in _front_end_sources()


def test_labels_are_plain_texts_with_named_placeholders():
    for key, text in LABELS.items():
        assert re.fullmatch(r"[a-z][a-z0-9_]*|rank_[AKQJ]|suit_[SHDC]", key), key
        assert isinstance(text, str) and text.strip(), key
        assert all(re.fullmatch(r"\{\w+\}", p) for p in re.findall(r"\{[^}]*\}", text)), key


# ---------------------------------------------------------------------- messages
@pytest.mark.parametrize("message", VALID, ids=lambda m: m["type"])
def test_valid_messages_are_accepted(message):
    allowed = LESSON_TYPES if message["type"] in LESSON_TYPES - TABLE_TYPES else TABLE_TYPES
    checked = check_message(message, allowed)
    assert checked == message and checked is not message


@pytest.mark.parametrize(("message", "allowed", "words"), [
    ("play", TABLE_TYPES, "must be an object"),
    (None, TABLE_TYPES, "must be an object"),
    ([1, 2], TABLE_TYPES, "must be an object"),
    ({"card": "AS"}, TABLE_TYPES, "must be an object with a string 'type'"),
    ({"type": 3}, TABLE_TYPES, "must be an object"),
    ({"type": "fly"}, TABLE_TYPES, "unknown message type 'fly'"),
    ({"type": "goto", "index": 1}, TABLE_TYPES, "unknown message type 'goto'"),
    ({"type": "play", "card": "KH", "version": 1}, LESSON_TYPES, "unknown message type 'play'"),
    ({"type": "play", "card": "AS"}, TABLE_TYPES, "'play' needs 'version'"),
    ({"type": "new_game", "players": 4}, TABLE_TYPES, "needs 'seed'"),
    ({"type": "undo", "extra": 1}, TABLE_TYPES, "'undo' does not take extra"),
    ({"type": "take", "version": 1, "card": "AS"}, TABLE_TYPES, "does not take card"),
    ({"type": "play", "card": 5, "version": 1}, TABLE_TYPES, "'play' needs 'card' as a card code"),
    ({"type": "play", "card": "AS", "version": "1"}, TABLE_TYPES, "'version' as a version number"),
    ({"type": "play", "card": "AS", "version": 1.0}, TABLE_TYPES, "got 1.0"),
    ({"type": "play", "card": "AS", "version": True}, TABLE_TYPES, "'version' as a version number"),
    ({"type": "take", "version": -1}, TABLE_TYPES, "got -1"),
    ({"type": "play", "card": "QUEEN", "version": 1}, TABLE_TYPES, "at most 3 characters"),
    ({**NEW_GAME, "players": 9}, TABLE_TYPES, "3 to 8"),
    ({**NEW_GAME, "players": True}, TABLE_TYPES, "got true"),
    ({**NEW_GAME, "seed": -1}, TABLE_TYPES, "seed"),
    ({**NEW_GAME, "seed": 2**53}, TABLE_TYPES, "or null"),
    ({**NEW_GAME, "seed": False}, TABLE_TYPES, "got false"),
    ({**NEW_GAME, "bots": None}, TABLE_TYPES, "'bots' as a name"),
    ({"type": "set_language", "language": ["en"]}, TABLE_TYPES, "got a list of 1 item"),
    ({"type": "goto", "index": 100001}, LESSON_TYPES, "from 0 to 100000"),
    ({"type": "answer", "choice": True}, LESSON_TYPES, "'choice'"),
    ({"type": "answer", "choice": 8}, LESSON_TYPES, "a card code (a string of at most 3 characters) or a seat"),
    ({"type": "answer", "choice": {"x": 1}}, LESSON_TYPES, "an object with 1 key"),
    ({"type": "answer", "choice": "takes"}, LESSON_TYPES, 'or take or pass (one of "take", "pass")'),
    ({"type": "set_deck", "deck": "rainbow"}, TABLE_TYPES, 'a deck colouring (one of "two-colour", "four-colour")'),
    ({"type": "set_deck", "deck": None}, LESSON_TYPES, "'set_deck' needs 'deck'"),
    ({"type": "set_deck"}, TABLE_TYPES, "'set_deck' needs 'deck'"),
    ({"type": "show_me", "source": "hint", "line": "better", "decision": None}, TABLE_TYPES, "'show_me' needs 'version'"),
    ({"type": "show_me", "source": "notes", "line": "better", "decision": None, "version": 1}, TABLE_TYPES,
     'a Show me source (one of "hint", "review", "puzzle")'),
    ({"type": "show_me", "source": "hint", "line": "best", "decision": None, "version": 1}, TABLE_TYPES,
     'an imagined line (one of "better", "worse")'),
    ({"type": "show_me", "source": "review", "line": "worse", "decision": -1, "version": 1}, TABLE_TYPES, "got -1"),
    ({"type": "show_step", "index": 2}, TABLE_TYPES, "'show_step' needs 'version'"),
    ({"type": "show_step", "index": True, "version": 2}, TABLE_TYPES, "got true"),
    ({"type": "show_close", "version": 2}, TABLE_TYPES, "'show_close' does not take version"),
    ({"type": "show_close"}, LESSON_TYPES, "unknown message type 'show_close'"),
])
def test_bad_messages_are_refused_with_a_clear_error(message, allowed, words):
    with pytest.raises(MessageError) as err:
        check_message(message, allowed)
    assert words in str(err.value)
    assert len(str(err.value)) < 240


@pytest.mark.parametrize("message", [
    {"type": "x" * 100_000},
    {"type": "play", "card": "A" * 100_000, "version": 1},
    {"type": "undo", "y" * 100_000: 1},
    {"type": "undo", **{f"k{i}": i for i in range(10_000)}},
    {"type": "take", "version": 10**5000},
    {"type": "take", "version": ["z" * 100_000] * 10},
    {"type": "set_language", "language": "\x00" * 100_000},
    {"type": "answer", "choice": "é" * 100_000},
    "q" * 100_000,
], ids=["type", "card", "key", "many-keys", "huge-int", "list", "escapes", "unicode", "text"])
def test_a_huge_message_gets_a_short_error(message):
    allowed = LESSON_TYPES if isinstance(message, dict) and message.get("type") == "answer" else TABLE_TYPES
    with pytest.raises(MessageError) as err:
        check_message(message, allowed)
    text = str(err.value)
    assert len(text) < 240, text
    assert not re.search(r"(.)\1{70}", text), text  # never more than ~60 characters of what was sent


def test_a_message_type_the_protocol_does_not_declare_is_a_programming_error():
    with pytest.raises(KeyError, match="not declared"):
        check_message({"type": "undo"}, {"undo", "teleport"})


def test_check_message_returns_only_the_declared_fields():
    checked = check_message({"bots": "rules", "version": 0, "type": "new_game", "players": 5, "seed": 9,
                             "variant": "classic"}, TABLE_TYPES)
    assert list(checked) == ["type", "players", "seed", "variant", "bots", "version"]


@pytest.mark.parametrize("kind", ["play", "take", "advance", "undo", "new_game"])
def test_every_message_that_changes_the_table_carries_the_views_version(kind):
    """A stale click (a double click, a second view of the widget) is refused by its version."""
    example = next(m for m in VALID if m["type"] == kind)
    assert check_message(example, TABLE_TYPES)["version"] == example["version"]
    with pytest.raises(MessageError, match="needs 'version'"):
        check_message({k: v for k, v in example.items() if k != "version"}, TABLE_TYPES)


# ---------------------------------------------------------------------- pace
@pytest.mark.parametrize("value", [0, 0.0, 0.6, 2, 5, 5.0])
def test_pace_within_bounds_is_accepted(value):
    assert check_pace(value) == float(value)
    assert isinstance(check_pace(value), float)


@pytest.mark.parametrize("value", [-0.1, 5.01, 99, "fast", None, True, float("nan"), float("inf"), [1], "9" * 100_000])
def test_pace_out_of_bounds_is_refused(value):
    with pytest.raises(MessageError, match="pace must be .* from 0 to 5") as err:
        check_pace(value)
    assert len(str(err.value)) < 200


# ---------------------------------------------------------------------- views and traits
def test_a_complete_view_passes():
    check_view(example_view())
    lesson = {"index": 2, "length": 6, "title": "Following suit",
              "exercise": {"prompt": "Who?", "kind": "seat", "choices": [0, 1, 2, 3], "hint": "",
                           "feedback": {"correct": True, "text": "Yes."}, "status": "right_first"},
              "summary": None}
    check_view(example_view(mode="lesson", hands=[["2S"], [], ["3C"], []], lesson=lesson,
                            last_trick={"cards": [{"seat": 1, "card": "9C"}], "outcome": "pickup", "picker": 1},
                            result={"kind": "stalemate", "text": "Stalemate: nobody is the bhabhi."}, change="undo"))
    end = {"index": 6, "length": 6, "title": "Following suit", "exercise": None,
           "summary": {"text": "1 of 1 answered, 1 right first time.",
                       "items": [{"step": 2, "prompt": "Who?", "status": "right_first", "result": "right first time"}]}}
    check_view(example_view(mode="lesson", lesson=end))
    with pytest.raises(ValueError, match=r"view\.lesson\.summary\.items\[0\]\.status"):
        bad = {**end, "summary": {**end["summary"], "items": [{**end["summary"]["items"][0], "status": "won"}]}}
        check_view(example_view(mode="lesson", lesson=bad))


def test_a_take_exercise_with_a_hint_passes_and_a_bad_one_is_named():
    take = {"prompt": "Take Bot 1's hand?", "kind": "take", "choices": ["take", "pass"],
            "hint": "Count the cards you would get.", "feedback": None, "status": "open"}
    check_view(example_view(mode="lesson", lesson={"index": 1, "length": 3, "title": "", "exercise": take,
                                                   "summary": None}))
    with pytest.raises(ValueError, match=r"view\.lesson\.exercise: missing keys hint"):
        no_hint = {k: v for k, v in take.items() if k != "hint"}
        check_view(example_view(mode="lesson", lesson={"index": 1, "length": 3, "title": "", "exercise": no_hint,
                                                       "summary": None}))
    with pytest.raises(ValueError, match=r"view\.lesson\.exercise\.choices\[1\]"):
        bad = {**take, "choices": ["take", "maybe"]}
        check_view(example_view(mode="lesson", lesson={"index": 1, "length": 3, "title": "", "exercise": bad,
                                                       "summary": None}))


def test_the_deck_trait():
    check_trait("deck", "four-colour")
    check_trait("deck", "two-colour")
    with pytest.raises(ValueError, match="deck"):
        check_trait("deck", "three-colour")


def test_check_view_lists_missing_unknown_and_ill_typed_keys():
    view = example_view(seat=9, waiting="bots", log=["Bot 2 leads."], rules={})
    del view["narration"], view["change"]
    with pytest.raises(ValueError) as err:
        check_view(view)
    text = str(err.value)
    assert "view: missing keys change, narration" in text
    assert "view: unknown keys rules" in text
    assert "view.seat: expected a seat (an integer from 0 to 7), got 9" in text
    assert "view.waiting" in text and "got 'bots'" in text
    assert "view.log[0]: expected an object" in text


def test_check_view_looks_inside_nested_values():
    with pytest.raises(ValueError, match=r"view\.table\[0\]: missing keys card"):
        check_view(example_view(table=[{"seat": 1}]))
    with pytest.raises(ValueError, match=r"view\.last_trick"):
        check_view(example_view(last_trick={"cards": [], "outcome": "lost", "picker": None}))
    with pytest.raises(ValueError, match=r"view\.lesson: unknown keys log"):
        check_view(example_view(lesson={"index": 0, "length": 1, "title": "", "exercise": None, "log": []}))
    with pytest.raises(ValueError, match="expected an object"):
        check_view(None)


def test_other_traits_are_checked_against_their_declaration():
    check_trait("hint", {"action": "take", "text": "Take.", "estimates": [
        {"action": "take", "label": "Take", "p": 0.2, "lo": 0.1, "hi": 0.3}], "compared": None})
    check_trait("score", {"rounds": None, "max_bhabhi": 3, "round": 1, "played": 0, "counts": [0, 0, 0],
                          "pot": 0, "stalemates": 0, "over": False, "losers": [], "pot_winners": [],
                          "names": ["You", "Bot 1", "Bot 2"], "text": "Round 1"})
    check_trait("labels", {"undo": "पूर्ववत"})
    check_trait("config", {"players": 4, "seed": 2**63 - 1, "variant": "classic", "bots": "rules",
                           "language": "en", "rounds": 3})
    with pytest.raises(ValueError, match=r"hint\.estimates\[0\]\.p"):
        bad = {"action": "2H", "label": "2♥", "p": 2, "lo": 0, "hi": 1}
        check_trait("hint", {"action": "2H", "text": "", "estimates": [bad]})
    with pytest.raises(ValueError, match="labels.undo"):
        check_trait("labels", {"undo": 3})
    with pytest.raises(KeyError):
        check_trait("secret", 1)


def test_protocol_json_is_well_formed():
    spec = json.loads((ROOT / "bhabho_widget" / "table" / "protocol.json").read_text(encoding="utf-8"))
    assert set(spec) >= {"$defs", "messages", "browser_writable", "traits"}
    labels = json.loads((ROOT / "bhabho_widget" / "i18n" / "labels.json").read_text(encoding="utf-8"))
    assert set(labels) == {"description", "labels", "plural_labels"} and labels["labels"]
    assert all(isinstance(v, str) and v for v in labels["labels"].values())
    assert set(spec["browser_writable"]) <= set(spec["traits"])
    refs = re.findall(r'"\$ref": "#/\$defs/(\w+)"', json.dumps(spec))
    assert refs and set(refs) <= set(spec["$defs"])
    for kind, message in spec["messages"].items():  # honest JSON Schema: the whole message, nothing else
        assert message["type"] == "object" and message["properties"]["type"] == {"enum": [kind]}, kind
        assert message["required"] == list(message["properties"]) and message["additionalProperties"] is False, kind


@pytest.mark.parametrize("name", ["protocol.json", "server_protocol.json"])
def test_both_message_files_are_honest_json_schema_for_a_well_kept_validator(name):
    """Every object schema names its required properties and allows no others, and the whole
    file is a valid draft-4 schema that fastjsonschema compiles."""
    import fastjsonschema

    spec = json.loads((ROOT / "bhabho_widget" / "table" / name).read_text(encoding="utf-8"))
    assert spec["$schema"] == "http://json-schema.org/draft-04/schema#"

    def objects(node):
        if isinstance(node, dict):
            if "properties" in node:
                yield node
            for value in node.values():
                yield from objects(value)
        elif isinstance(node, list):
            for value in node:
                yield from objects(value)

    found = list(objects({"$defs": spec["$defs"], "messages": spec["messages"], "traits": spec.get("traits", {})}))
    assert found
    for node in found:
        assert node["type"] == "object" and node["additionalProperties"] is False
        assert sorted(node["required"]) == sorted(node["properties"])
    for kind in spec["messages"]:
        fastjsonschema.compile({"$schema": spec["$schema"], "$defs": spec["$defs"], **spec["messages"][kind]})
