"""Languages: the gettext catalogs are complete and keep every placeholder, plural forms
are right, and the table, the lessons and the engine's refusals speak each language."""

import gettext
import os
import random
import re
import shutil
import subprocess

import ipywidgets.comm
import pytest
from babel.messages.pofile import read_po, write_po
from comm import DummyComm

from bhabho_widget import Exercise, Game, IllegalMoveError, Lesson, Rules, Table, TableSession
from bhabho_widget.engine.rules import PRESETS
from bhabho_widget.i18n import (
    ENGLISH,
    LANGUAGES,
    LOCALE_DIR,
    POT_PATH,
    Message,
    Plural,
    SeatName,
    Translator,
    check_catalogs,
    default_language,
    extract,
    placeholders,
    po_path,
    translator,
    update,
    write_pot,
)
from bhabho_widget.table.protocol import LABELS, PLURAL_CATEGORIES, PLURAL_LABELS

OTHERS = [code for code in LANGUAGES if code != "en"]
SCRIPT = {"hi": re.compile("[\u0900-\u097f]"), "ru": re.compile("[\u0400-\u04ff]"),
          "de": re.compile("[a-zäöüß]"), "es": re.compile("[a-záéíóúñ¡¿]")}
GAME_WORDS = {"hi": ["भाभी", "टोचू", "शक्ति", "चाल"], "de": ["Bhabhi", "Tochoo", "Macht", "Stich"],
              "ru": ["Бхабхи", "точу", "сил", "взятк"], "es": ["bhabhi", "tochoo", "poder", "baza"]}


@pytest.fixture(autouse=True)
def quiet_comm(monkeypatch):
    monkeypatch.setattr(ipywidgets.comm, "create_comm", lambda **kw: DummyComm(**kw))


def send(widget, **content):
    widget._on_frontend_msg(widget, content, [])


# ---------------------------------------------------------------- the catalogs
def test_every_message_is_translated_in_every_language_with_its_placeholders():
    """The catalog test: a message of the package (narration, refusals, the banner, the
    scoreboard, lessons, labels of the front end) without a translation in any language,
    or a translation that drops a placeholder, fails here."""
    assert check_catalogs() == []


def test_the_template_in_the_repository_is_up_to_date():
    with open(POT_PATH, "rb") as f:
        committed = {(m.context, m.id) for m in read_po(f) if m.id}
    extracted = {(m.context, m.id) for m in extract() if m.id}
    assert committed == extracted, "run: python -m bhabho_widget.i18n update"
    assert len(extracted) > 200
    counted = {f"{base}_{c}" for base in PLURAL_LABELS for c in PLURAL_CATEGORIES}
    assert {("label:" + key, text) for key, text in LABELS.items() if key not in counted} <= extracted
    assert {("label:" + base, (LABELS[f"{base}_one"], LABELS[f"{base}_other"])) for base in PLURAL_LABELS} <= extracted


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_counted_labels_follow_the_catalog_for_every_count(code):
    """The front end picks a counted label by the CLDR category of the number
    (Intl.PluralRules); the kernel fills each category from the catalog's plural forms. The
    two must agree for every count of cards: the label for n's category is the catalog's
    form for n."""
    t = translator(code)
    labels = t.labels()
    for base in PLURAL_LABELS:
        for n in range(53):
            shown = labels[f"{base}_{t.plural_category(n)}"]
            wanted = t.npgettext("label:" + base, LABELS[f"{base}_one"], LABELS[f"{base}_other"], n)
            assert shown == wanted, (code, n, shown, wanted)


def test_russian_counts_cards_in_three_forms():
    table = Table(players=4, seed=1, language="ru")
    labels = table.labels
    assert (labels["cards_one"], labels["cards_few"], labels["cards_many"]) == ("{n} карта", "{n} карты", "{n} карт")
    assert table.lang == "ru"
    table.set_language("de")
    assert table.lang == "de" and table.labels["cards_one"] == "{n} Karte"
    t = translator("ru")
    assert [t.plural_category(n) for n in (1, 3, 5, 11, 21, 22)] == ["one", "few", "many", "many", "one", "few"]


def _copy_catalogs(tmp_path):
    shutil.copytree(LOCALE_DIR, tmp_path / "locale")
    return tmp_path / "locale"


def _edit(path, change):
    with open(path, "rb") as f:
        catalog = read_po(f)
    change(catalog)
    with open(path, "wb") as f:
        write_po(f, catalog)


def test_the_check_finds_a_dropped_placeholder_and_a_missing_translation(tmp_path):
    locale = _copy_catalogs(tmp_path)

    def break_de(catalog):
        catalog.get("{player} follows with {card}.").string = "{player} bedient."  # {card} dropped
        catalog.get("You follow with {card}.").string = ""
        catalog.get("Round {round} of {rounds}").string = "Runde {round} von {rounds} {extra}"

    _edit(po_path("de", locale), break_de)
    problems = "\n".join(check_catalogs(["de"], locale))
    assert "'{player} follows with {card}.': placeholders ['player']" in problems
    assert "'You follow with {card}.': not translated" in problems
    assert "['extra', 'round', 'rounds']" in problems

    def drop_a_form(catalog):
        m = catalog.get(("Session over after {n} round", "Session over after {n} rounds"))
        m.string = m.string[:2]

    _edit(po_path("ru", locale), drop_a_form)  # Russian needs three forms: a missing one reads back empty
    assert check_catalogs(["ru"], locale) == ["ru: 'Session over after {n} round': not translated"]


MSGFMT = shutil.which("msgfmt")
NO_MSGFMT = "msgfmt is not on the PATH (GNU gettext: apt-get install gettext)"


def _catalogs(locale_dir=LOCALE_DIR):
    return [locale_dir / POT_PATH.name, *(po_path(code, locale_dir) for code in OTHERS)]


def _msgfmt_check(path):
    """gettext's own checks of a catalog: syntax, headers, plural forms and the formats its flags declare."""
    assert MSGFMT is not None
    result = subprocess.run([MSGFMT, "--check", "-o", os.devnull, str(path)], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, f"msgfmt --check {path}:\n{result.stderr}"


@pytest.mark.skipif(MSGFMT is None, reason=NO_MSGFMT)
@pytest.mark.parametrize("path", _catalogs(), ids=lambda p: p.parent.parent.name if p.suffix == ".po" else p.name)
def test_gettext_s_msgfmt_accepts_every_catalog(path):
    _msgfmt_check(path)


def test_update_writes_no_python_format_flag_that_gettext_would_reject(tmp_path):
    """The texts are brace templates; one that merely looks like a % format ("with its 95 % interval")
    is written no-python-format, by extract and by update alike (update reads the committed catalogs,
    where Babel flags it python-format again on reading)."""
    locale = _copy_catalogs(tmp_path)
    write_pot(locale / POT_PATH.name)
    update(locale)
    for path in _catalogs(locale):
        text = path.read_text(encoding="utf-8")
        flagged = [line for line in text.splitlines() if line.startswith("#,") and
                   "python-format" in re.sub(r"no-python-format", "", line)]
        assert flagged == [], f"{path.name}: {flagged}"
        with open(path, "rb") as f:  # what Babel takes for a % format, read back
            look_alikes = sum(1 for m in read_po(f) if m.id and m.python_format)
        assert look_alikes >= 1 and text.count("no-python-format") == look_alikes, path
        if MSGFMT is not None:
            _msgfmt_check(path)


def test_plural_headers_are_the_classic_gettext_rules():
    for code in OTHERS:
        with open(po_path(code), "rb") as f:
            catalog = read_po(f, locale=code)
        assert catalog.num_plurals == (3 if code == "ru" else 2), code


def test_russian_has_three_plural_forms():
    t = translator("ru")
    forms = {n: t.plural("{player} is dealt {n} card.", "{player} is dealt {n} cards.", n, player="Бот 1")
             for n in (1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111)}
    for n in (1, 21, 101):
        assert forms[n] == f"Бот 1 получает {n} карту."
    for n in (2, 4, 22):
        assert forms[n] == f"Бот 1 получает {n} карты."
    for n in (5, 11, 12, 14, 25, 111):
        assert forms[n] == f"Бот 1 получает {n} карт."


def test_counts_in_each_language():
    one, many = "{player} is dealt {n} card.", "{player} is dealt {n} cards."
    assert ENGLISH.plural(one, many, 1, player="Bot 1") == "Bot 1 is dealt 1 card."
    assert ENGLISH.plural(one, many, 5, player="Bot 1") == "Bot 1 is dealt 5 cards."
    assert translator("de").plural(one, many, 1, player="Bot 1") == "Bot 1 erhält 1 Karte."
    assert translator("de").plural(one, many, 5, player="Bot 1") == "Bot 1 erhält 5 Karten."
    assert translator("es").plural(one, many, 1, player="Bot 1") == "Bot 1 recibe 1 carta."
    assert translator("es").plural(one, many, 5, player="Bot 1") == "Bot 1 recibe 5 cartas."
    assert translator("hi").plural(one, many, 1, player="बॉट 1") == "बॉट 1 को 1 कार्ड मिलता है।"
    assert translator("hi").plural(one, many, 5, player="बॉट 1") == "बॉट 1 को 5 कार्ड मिलते हैं।"


def test_placeholders_can_be_reordered_and_a_broken_translation_falls_back_to_english():
    class Reordered(gettext.NullTranslations):
        def gettext(self, message):
            return {"{name} does not hold {card} (rule 9)": "{card}: nicht bei {name}",
                    "{player} follows with {card}.": "{player} {nope}"}.get(message, message)

    t = Translator("xx", Reordered())
    assert Message("{name} does not hold {card} (rule 9)", name="Bot 1", card="A♠").localize(t) == "A♠: nicht bei Bot 1"
    assert t.format("{player} follows with {card}.", player="Bot 1", card="A♠") == "Bot 1 follows with A♠."
    assert placeholders("{player}'s lead, {high}, {n} {player}") == {"player", "high", "n"}


# ---------------------------------------------------------------- choosing a language
def test_unknown_language_is_a_clear_error_listing_the_choices():
    for make in (lambda: Table(language="fr"), lambda: TableSession(language="fr"),
                 lambda: Lesson(Game.deal(4, seed=1), language="xx"), lambda: translator("EN")):
        with pytest.raises(ValueError) as err:
            make()
        for code, name in LANGUAGES.items():
            assert repr(code) in str(err.value) and name in str(err.value)
    t = Table(language="de")
    send(t, type="set_language", language="fr")
    assert "language must be one of" in t.error and t.language == "de"


@pytest.mark.parametrize(("env", "expected"), [
    ({"LANG": "de_DE.UTF-8"}, "de"), ({"LANG": "hi_IN"}, "hi"), ({"LC_ALL": "ru_RU.UTF-8", "LANG": "en_US"}, "ru"),
    ({"LANGUAGE": "fr:es", "LANG": "fr_FR"}, "es"), ({"LANG": "fr_FR.UTF-8"}, "en"), ({"LANG": "C.UTF-8"}, "en"),
    ({"LC_MESSAGES": "es_MX", "LANG": "de_DE"}, "es"), ({"LANG": "POSIX"}, "en"),
])
def test_default_language_follows_the_notebook_locale(monkeypatch, env, expected):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    assert default_language() == expected
    if expected != "en":
        assert Table(seed=1).language == expected


def test_default_without_a_locale_is_english(monkeypatch):
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr("locale.getlocale", lambda *a: (None, None))
    assert default_language() == "en" and Table(seed=1).language == "en"
    assert TableSession(seed=1).language == "en"  # the plain-Python session is English unless told


# ---------------------------------------------------------------- the narration
def _games():
    """Finished games of every preset and the teams variant, with takes, all seats' events."""
    rule_sets = list(PRESETS.values()) + [Rules(teams=True), Rules(must_draw=False)]
    for k, rules in enumerate(rule_sets):
        for seed in range(6):
            n = 4 if rules.teams else 3 + (seed + k) % 5
            g = Game.deal(n, seed=seed, rules=rules)
            rng = random.Random(seed)
            while not g.is_over:
                if g.legal_takes() and rng.random() < 0.2:
                    g.take(rng.choice(g.legal_takes()))
                else:
                    g.play(rng.choice(g.legal_cards()))
            yield g


def test_every_event_is_told_in_every_language():
    kinds = set()
    for g in _games():
        for e in g.events:
            kinds.add(e.kind)
            for viewer in (None, *range(g.num_players)):
                english = e.describe(viewer)
                assert e.describe(viewer, translator=ENGLISH) == english
                for code in OTHERS:
                    text = e.describe(viewer, translator=translator(code))
                    assert "{" not in text and text != english, (code, english, text)
                    assert SCRIPT[code].search(text), (code, text)
    assert kinds >= {"deal", "lead", "follow", "tochoo", "discard", "pickup", "waste", "escape", "take", "game_over"}


def test_the_game_words_of_the_seeds():
    g = next(g for g in _games() if g.loser is not None and any(e.kind == "tochoo" and e.info.high_card is not None
                                                                    for e in g.events))
    for code, words in GAME_WORDS.items():
        told = " ".join(e.describe(None, translator=translator(code)) for e in g.events)
        for word in words:
            assert word in told, (code, word)
    assert "Schwägerin" in translator("de").format("{name} is the bhabhi and loses this round.", name="Bot 1")


def test_cards_stay_symbols_in_every_language():
    g = Game.from_hands([["KH", "2C"], ["5H", "3C"], ["4S", "9C"]], leader=0)
    g.play("KH")
    g.play("5H")
    events = g.play("4S")
    for code in LANGUAGES:
        text = " ".join(e.describe(0, translator=translator(code)) for e in events)
        assert "4♠" in text and "K♥" in text and "♥" in text, (code, text)


# ---------------------------------------------------------------- refusals
def test_refusals_keep_english_str_and_are_told_in_the_table_language():
    g = Game.from_hands([["KH", "2H"], ["5H", "3C"], ["4S", "9C"]], leader=0)
    g.play("KH")
    with pytest.raises(IllegalMoveError) as err:
        g.play("3C", seat=1, viewer=1)
    assert str(err.value) == "you hold ♥ and must follow suit (rule 4): 3♣ is not ♥"
    assert err.value.localize(translator("de")) == "Sie haben ♥ und müssen Farbe bedienen (Regel 4): 3♣ ist kein ♥"
    with pytest.raises(IllegalMoveError) as err:
        g.play("5H", seat=2, viewer=2)
    assert str(err.value) == "it is Player 1's turn, not yours (rule 9: no playing out of turn)"
    assert err.value.localize(translator("ru"), ["Игрок 0", "Игрок 1", "Игрок 2"]) == (
        "сейчас ход игрока Игрок 1, а не ваш (правило 9: нельзя ходить вне очереди)")
    with pytest.raises(IllegalMoveError) as err:
        g.take(0)
    assert str(err.value) == ("Player 0 cannot take now: a hand may only be taken between tricks, while the table is empty "
                              "(rule 7)")
    assert err.value.localize(translator("es")) == (
        "Player 0 no puede tomar cartas ahora: solo se pueden tomar cartas entre bazas, con la mesa vacía (regla 7)")


def test_the_widget_shows_refusals_in_its_language():
    t = Table(seed=5, language="hi", pace=0)
    t.run_bots()
    illegal = [c for c in t.game.hand(0) if c not in t.game.legal_cards()]
    send(t, type="play", card=illegal[0].code, version=t.view["version"])
    assert SCRIPT["hi"].search(t.error) and "(नियम" in t.error, t.error
    send(t, type="play", card=t.game.legal_cards()[0].code, version=t.view["version"] + 99)
    assert t.error == "आपका क्लिक पहुँचने से पहले टेबल बदल गई; कुछ नहीं किया गया, कृपया फिर से कोशिश करें"


# ---------------------------------------------------------------- the table
def _play_to_the_end(t, rng):
    for _ in range(3000):
        v = t.view
        if v["waiting"] == "over":
            return
        if v["waiting"] == "bot":
            send(t, type="advance", version=v["version"])
        else:
            send(t, type="play", card=rng.choice(v["legal"]), version=v["version"])
        assert t.error == "", t.error
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("code", OTHERS)
def test_a_whole_session_in_each_language(code):
    t = Table(players=4, seed=11, rounds=2, language=code, pace=0)
    assert t.config["language"] == code and t.language == code
    assert {lang["code"] for lang in t.languages} == set(LANGUAGES)
    labels = t.labels
    assert set(labels) == set(LABELS) and labels["new_game"] != LABELS["new_game"]
    for key, text in labels.items():
        assert placeholders(text) == placeholders(LABELS[key]), key
    assert t.view["names"][0] == translator(code).gettext("You") != "You"
    rng = random.Random(3)
    for _round in range(2):
        _play_to_the_end(t, rng)
        v = t.view
        texts = [v["narration"], v["result"]["text"], t.score["text"]] + [line["text"] for line in v["log"]]
        for text in texts:
            assert "{" not in text and SCRIPT[code].search(text), text
        assert any(word in " ".join(texts) for word in GAME_WORDS[code])
        if not t.match.is_over:
            t.new_game()
            assert t.score["text"] == translator(code).format("Round {round} of {rounds}", round=2, rounds=2)
    assert t.match.is_over and "2" in t.score["text"]


def test_switching_language_tells_everything_again():
    t = Table(players=4, seed=2, rounds=3, language="en", pace=0)
    t.run_bots()
    english = t.view
    send(t, type="set_language", language="ru")
    assert t.error == "" and t.config["language"] == "ru" and t.labels["undo"] == "Отменить"
    russian = t.view
    assert russian["version"] > english["version"]
    assert russian["hand"] == english["hand"] and russian["legal"] == english["legal"]
    assert russian["names"] == ["Вы", "Бот 1", "Бот 2", "Бот 3"]
    assert SCRIPT["ru"].search(russian["narration"]) and t.score["text"] == "Раунд 1 из 3"
    assert [line["text"] for line in russian["log"]] == [e.describe(0, translator=translator("ru"), names=russian["names"])
                                                         for e in t.game.events if e.kind != "deal" or e.seat == 0]
    t.play(t.game.legal_cards()[0])
    t.undo()
    assert t.view["narration"] == "Отменено: возврат к моменту перед вашим последним ходом."
    send(t, type="set_language", language="es")
    assert t.view["narration"] == "Deshecho: de vuelta a antes de tu última jugada."
    send(t, type="set_language", language="en")
    assert t.view["narration"] == "Undone: back to before your last move." and t.labels["undo"] == "Undo"


def test_the_first_line_of_a_round_is_told_again_after_a_switch():
    s = TableSession(players=4, seed=2, rounds=2, language="de")
    assert s.narration.startswith("Runde 1 von 2. Sie erhalten 13 Karten: ")
    s.set_language("hi")
    assert s.narration.startswith("2 में से राउंड 1. आपको 13 कार्ड मिलते हैं: ")


def test_given_names_are_kept_and_default_names_translated():
    s = TableSession(players=3, seed=1, names=["Asha", "Ravi", "Meera"], language="hi")
    assert s.browser_view()["names"] == ["Asha", "Ravi", "Meera"]
    s = TableSession(players=3, seed=1, language="hi")
    assert s.browser_view()["names"] == ["आप", "बॉट 1", "बॉट 2"]


def test_the_session_end_in_each_language():
    s = TableSession(players=3, seed=4, max_bhabhi=1, language="ru")
    while s.match is not None and not s.match.is_over:
        s.run_bots()
        while not s.game.is_over:
            s.play(s.game.legal_cards()[0])
            s.run_bots()
        if not s.match.is_over:
            s.new_game()
    score = s.score()
    assert score["over"] and score["text"].startswith("Серия окончена после ") and "банк" in score["text"], score["text"]
    for code in OTHERS:
        s.set_language(code)
        assert "{" not in s.score()["text"] and SCRIPT[code].search(s.score()["text"])


def test_hint_texts_are_told_in_the_table_language():
    t = Table(players=4, seed=7, language="de", pace=0)
    t.run_bots()
    while t.game.current_player != 0 and not t.game.is_over:
        t.play(t.game.legal_cards()[0])
        t.run_bots()
    hint = t.session.hint()
    assert hint["action"] and hint["text"]
    assert "Simulated" not in hint["text"] and "simuliert" in hint["text"] and "Bhabhi" in hint["text"], hint["text"]
    t.session.set_language("en")
    english = t.session.localize(t.session.last_hint["text"])
    assert "Simulated" in english and english != hint["text"]


def test_static_html_in_the_table_language():
    t = Table(players=3, seed=1, language="es")
    bundle = t._repr_mimebundle_()
    html = (bundle[0] if isinstance(bundle, tuple) else bundle)["text/html"]
    assert "puesto" in html and "Baza 1:" in html and "pila de desecho:" in html


# ---------------------------------------------------------------- lessons
def test_a_lesson_in_each_language():
    g = Game.from_hands([["KH", "2C"], ["5H", "3C"], ["4S", "9C"], ["7H", "8C"]], leader=0)
    for code in OTHERS:
        L = Lesson(g, ["KH", "5H", "4S"], title="Tochoo", language=code,
                   exercises=[Exercise(1, "Which card?", answer="5H", explain="Follow suit."),
                              Exercise(2, "Who picks up?", kind="seat", answer="picker")])
        assert L.labels["lesson_next"] != LABELS["lesson_next"] and L.view["names"][1] == translator(code).format(
            "Player {n}", n=1)
        L.goto(1)
        assert SCRIPT[code].search(L.explanation)
        send(L, type="answer", choice="3C")
        fb = L.view["lesson"]["exercise"]["feedback"]
        assert fb["correct"] is False and "(" in fb["text"] and SCRIPT[code].search(fb["text"]), fb
        send(L, type="answer", choice="5H")
        fb = L.view["lesson"]["exercise"]["feedback"]
        assert fb["correct"] is True and fb["text"].endswith("Follow suit.")  # the author's words stay as written
        L.goto(2)
        first = L.answer(1)
        assert not first["correct"] and SCRIPT[code].search(first["text"])
        second = L.answer(3)
        assert translator(code).format("it is you.") in second["text"], second
        send(L, type="set_language", language="en")
        assert L.view["lesson"]["exercise"]["feedback"]["text"].startswith("Not quite: it is you.")
        assert L.error == "" and L.labels["lesson_next"] == "Next >"


def test_messages_are_english_strings():
    m = Plural("Session over after {n} round", "Session over after {n} rounds", 3)
    assert m == "Session over after 3 rounds" and isinstance(m, str)
    name = SeatName("Bot 2", 2)
    assert Message("{name} does not hold {card} (rule 9)", name=name, card="A♠").localize(
        translator("de"), ["Sie", "Bot 1", "Zweiter"]) == "Zweiter hat A♠ nicht auf der Hand (Regel 9)"
    import pickle

    assert pickle.loads(pickle.dumps(m)).localize(translator("ru")) == "Серия окончена после 3 раундов"


def test_the_coach_templates_have_a_place_in_the_catalogs():
    """The coach's sentence templates (its T_* constants) are messages of the catalogs: a
    reason built as Messages (SeatName, SuitName for the values) is told in every language."""
    coach = pytest.importorskip("bhabho_widget.coach.hints")
    templates = {m.id for m in extract() if m.id}
    assert {getattr(coach, n) for n in dir(coach) if n.startswith("T_") and isinstance(getattr(coach, n), str)} <= templates
    from bhabho_widget.coach import causes
    from bhabho_widget.i18n import Joined, SuitName

    reason = Joined(" ", Message(coach.T_CMP_WORSE, n=200, p="12%", card="4♦",
                                 worse=Message(coach.T_CMP_ITEM, card="Q♦", p="40%")),
                    Message(causes.T_BECAUSE, facts=Message(causes.T_FACT_VOID, name=SeatName("Bot 3", 3),
                                                           suit=SuitName("D"))))
    assert reason.startswith("Simulated 200 times from here, you end as the bhabhi 12% of the time with 4♦; clearly "
                             "worse: Q♦ (40%). Why: Bot 3 has shown no diamonds.")
    assert "Bot 3 hat kein Karo gezeigt" in reason.localize(translator("de"))
    assert "бубен" in reason.localize(translator("ru"))
    assert "diamantes" in reason.localize(translator("es"))
    assert "ईंट" in reason.localize(translator("hi"), ["आप", "बॉट 1", "बॉट 2", "बॉट 3"])
