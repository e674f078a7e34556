"""Languages: every text a person reads, in English, Hindi, German, Russian or Spanish.

The English texts are the message ids; the translations are gettext catalogs,
``locale/<code>/LC_MESSAGES/bhabho.po`` beside this file, compiled when first used (with
Babel's ``read_po`` and ``write_mo`` into memory, read by the standard library's
:class:`gettext.GNUTranslations`). Placeholders are named (``{player} follows with
{card}.``), so a translation may put them in any order; counts use the catalog's plural
forms (Russian has three).

- :func:`translator` gives the :class:`Translator` of a language code (cached); ``"en"``
  needs no catalog and no Babel.
- :class:`Message` is English text (a ``str``) that remembers its template and values, so
  it can be told again in another language: the engine's refusals are Messages.
- :func:`N_` and :func:`Nn_` mark templates for extraction where they are defined and
  translated later.
- :func:`third_person` registers a second-person template's third-person twin ("it is your
  only legal card" / "it is {name}'s only legal card"); a Message told by
  :meth:`Translator.about` a person is told with the twins, so the coach's words computed for
  "you" can be read by someone else about that person.

``python -m bhabho_widget.i18n extract`` writes ``locale/bhabho.pot`` from the package's
marked templates and the front end's labels (``labels.json``); ``update`` merges it into
every ``.po``; ``check`` lists untranslated messages and dropped placeholders.

>>> t = translator("ru")
>>> for n in (1, 3, 5, 21):
...     print(t.plural("Session over after {n} round", "Session over after {n} rounds", n))
Серия окончена после 1 раунда
Серия окончена после 3 раундов
Серия окончена после 5 раундов
Серия окончена после 21 раунда
>>> Message("{name} does not hold {card} (rule 9)", name="Bot 1", card="A♠").localize(translator("de"))
'Bot 1 hat A♠ nicht auf der Hand (Regel 9)'
"""

from __future__ import annotations

import functools
import gettext
import io
import locale
import os
import pathlib
import re
import string
import sys
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .labels import LABELS, PLURAL_CATEGORIES, PLURAL_LABELS

__all__ = ["DOMAIN", "ENGLISH", "LANGUAGES", "LOCALE_DIR", "THIRD_PERSON", "YOU", "Addressed", "Joined", "ListOf",
           "Message", "N_", "Nn_", "Plural", "SeatList", "SeatName", "SuitName", "Translator", "check_catalogs",
           "check_language", "default_language", "is_you", "third_person", "translator"]

LANGUAGES: dict[str, str] = {"en": "English", "hi": "हिन्दी", "de": "Deutsch", "ru": "Русский", "es": "Español"}
"""The languages of the table: code -> the language's own name."""

DOMAIN = "bhabho"
LOCALE_DIR = pathlib.Path(__file__).parent / "locale"
POT_PATH = LOCALE_DIR / f"{DOMAIN}.pot"
SOURCE_LANGUAGE = "en"

PLURAL_FORMS = {
    "hi": "nplurals=2; plural=(n > 1);",
    "de": "nplurals=2; plural=(n != 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}
"""The Plural-Forms header of each catalog (the classic gettext rules)."""

KEYWORDS: dict[str, Any] = {"N_": None, "Nn_": (1, 2), "Message": None, "Plural": (1, 2), "pgettext": ((1, "c"), 2)}
"""The markers the extractor looks for, as Babel keyword specs."""

LABEL_CONTEXT = "label:"
"""The front end's labels are catalog entries with the context ``label:<key>``."""


def N_(template: str) -> str:
    """Mark ``template`` for translation; returns it unchanged (it is translated where used)."""
    return template


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular and plural template pair for translation; returns the pair."""
    return singular, plural


THIRD_PERSON: dict[str, str] = {}
"""Each second-person template's third-person twin, ``{name}`` in it the person spoken of:
registered by the module that owns both (:func:`third_person`), read when a :class:`Message`
is told by a translator :meth:`~Translator.about` someone."""


def third_person(twins: Mapping[str, str]) -> dict[str, str]:
    """Register ``twins``: second-person template -> its third-person twin, which says the
    same of the person named ``{name}`` (for a count, both the singular and the plural
    template have a twin). The twins are what the module that owns the templates passes here;
    returned as given. A twin has its template's placeholders and ``{name}``; a template has
    one twin.

    >>> twins = third_person({"you hold {n} cards": "{name} holds {n} cards"})
    >>> m = Message("you hold {n} cards", n=3)
    >>> print(m, "/", m.localize(ENGLISH.about("Asha")))
    you hold 3 cards / Asha holds 3 cards
    >>> third_person({"you hold {n} cards": "{name} holds {cards}"})
    Traceback (most recent call last):
    ...
    ValueError: the twin of 'you hold {n} cards' must have its placeholders and {name}, not ['cards', 'name']
    """
    for second, third in twins.items():
        wanted = placeholders(second) | {"name"}
        if "name" in placeholders(second) or placeholders(third) != wanted:
            raise ValueError(f"the twin of {second!r} must have its placeholders and {{name}}, "
                             f"not {sorted(placeholders(third))}")
        if THIRD_PERSON.get(second, third) != third:
            raise ValueError(f"{second!r} already has the third-person twin {THIRD_PERSON[second]!r}")
    THIRD_PERSON.update(twins)
    return dict(twins)


def placeholders(text: str) -> set[str]:
    """The named placeholders of a template: ``{player}`` -> ``player``."""
    return {name.split(".")[0].split("[")[0] for _, name, _, _ in string.Formatter().parse(text) if name}


def _fill(template: str, values: Mapping[str, object], fallback: str | None = None) -> str:
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):  # a broken translation: the English text rather than nothing
        if fallback is None or fallback == template:
            raise
        return fallback.format(**values)


class SeatName(str):
    """A seat's name in a message, with its seat number, so that a table that shows other
    names (``"Бот 1"`` for ``"Bot 1"``) can put in its own."""

    seat: int

    def __new__(cls, name: str, seat: int) -> SeatName:
        obj = super().__new__(cls, name)
        obj.seat = seat
        return obj

    def __reduce__(self) -> tuple[Any, ...]:
        return SeatName, (str(self), self.seat)


class Message(str):
    """English text that remembers how it was made: a template (a message id of the
    catalogs), the values of its placeholders and, for a count, the plural template and
    the number. It is the English ``str`` everywhere; :meth:`localize` tells it in
    another language. Values may themselves be Messages (translated too), SeatNames, or
    any object with a ``localize(translator, names)`` method.

    >>> m = Message("{name} cannot take now: {why}", name="Bot 2", why=Message("the game is over"))
    >>> m
    'Bot 2 cannot take now: the game is over'
    >>> m.localize(translator("es"))
    'Bot 2 no puede tomar cartas ahora: la partida ha terminado'
    """

    template: str
    plural_template: str | None
    n: int | None
    values: dict[str, Any]

    def __new__(cls, template: str, /, **values: Any) -> Message:
        return cls._make(template, None, None, values)

    @classmethod
    def _make(cls, template: str, plural: str | None, n: int | None, values: dict[str, Any]) -> Message:
        if n is not None:
            values = {"n": n, **values}
        english = plural if plural is not None and n != 1 else template
        obj = super().__new__(cls, english.format(**values))
        obj.template, obj.plural_template, obj.n, obj.values = template, plural, n, values
        return obj

    def localize(self, translator: Translator | None = None, names: Sequence[str] | None = None) -> str:
        """This text in ``translator``'s language (None: English), with ``names`` (one per
        seat) in place of the seat names it holds, when given. A translator
        :meth:`~Translator.about` a person tells a template that has a third-person twin
        (:func:`third_person`) with the twin, the person's name for ``{name}``."""
        t = translator or ENGLISH
        values = {k: t.render(v, names) for k, v in self.values.items()}
        template, plural = self.template, self.plural_template
        if t.person is not None and template in THIRD_PERSON:
            template = THIRD_PERSON[template]
            plural = None if plural is None else THIRD_PERSON[plural]
            values["name"] = t.person
        english = plural if plural is not None and self.n != 1 else template
        if plural is not None:
            assert self.n is not None
            text = t.ngettext(template, plural, self.n)
        else:
            text = t.gettext(template)
        return _fill(text, values, english)

    def __reduce__(self) -> tuple[Any, ...]:
        return Message._make, (self.template, self.plural_template, self.n, self.values)


YOU = "You"
"""The name the package gives the person a text speaks to (``"You"`` at a table, the seat a
lesson looks from), told in each language as the catalog says (``Du``, ``Tú``...)."""


def is_you(name: str, translator: Translator | None = None) -> bool:
    """Whether a reader who reads ``name`` for a seat is that seat: the name is :data:`YOU`,
    in English or in ``translator``'s language. A sentence about that seat then takes the
    second person ("you hold"), never the third with the name ("You holds")."""
    return name == YOU or (translator is not None and name == translator.gettext(YOU))


class Addressed(Message):
    """A sentence about one seat, in the grammatical person of its subject: ``third`` (with
    ``{name}``) about a seat the reader reads by its name, ``second`` about the reader's own
    seat, whichever the reader's names say (:func:`is_you`). So a refusal made where no
    reader was known ("Asha holds ♣ and must follow suit") reads "you hold ♣ ..." at the
    table of the seat it is about, whose name there is "You", in every language.

    >>> m = Addressed("{name} holds {suit} and must follow suit (rule 4): {card} is not {suit}",
    ...               "you hold {suit} and must follow suit (rule 4): {card} is not {suit}",
    ...               SeatName("Player 1", 1), suit="♣", card="K♠")
    >>> print(m)
    Player 1 holds ♣ and must follow suit (rule 4): K♠ is not ♣
    >>> print(m.localize(ENGLISH, ["Asha", "You"]))
    you hold ♣ and must follow suit (rule 4): K♠ is not ♣
    >>> print(m.localize(translator("de"), ["Asha", "Sie"]))
    Sie haben ♣ und müssen Farbe bedienen (Regel 4): K♠ ist kein ♣
    """

    third: str
    second: str
    subject: SeatName

    def __new__(cls, third: str, second: str, subject: SeatName, /, **values: Any) -> Addressed:
        you = is_you(str(subject))
        obj = cls._make(second if you else third, None, None, values if you else {"name": subject, **values})
        assert isinstance(obj, Addressed)
        obj.third, obj.second, obj.subject = third, second, subject
        return obj

    def localize(self, translator: Translator | None = None, names: Sequence[str] | None = None) -> str:
        t = translator or ENGLISH
        name = t.render(self.subject, names)
        base = {k: v for k, v in self.values.items() if k != "name"}
        if is_you(name, t):
            return Message(self.second, **base).localize(t, names)
        return Message(self.third, **base, name=self.subject).localize(t, names)

    def __reduce__(self) -> tuple[Any, ...]:
        return _addressed, (self.third, self.second, self.subject, {k: v for k, v in self.values.items() if k != "name"})


def _addressed(third: str, second: str, subject: SeatName, values: dict[str, Any]) -> Addressed:
    return Addressed(third, second, subject, **values)


def Plural(singular: str, plural: str, n: int, /, **values: Any) -> Message:
    """A :class:`Message` about ``n`` things: ``singular`` when n is 1 in English, in other
    languages the catalog's plural form for n. ``{n}`` is the number."""
    return Message._make(singular, plural, n, dict(values))


class Joined(str):
    """Texts (Messages or plain) joined by ``separator``: English as a ``str``, and told
    again part by part in another language by :meth:`localize`."""

    separator: str
    parts: tuple[Any, ...]

    def __new__(cls, separator: str, *parts: Any) -> Joined:
        parts = tuple(p for p in parts if p)
        obj = super().__new__(cls, separator.join(str(p) for p in parts))
        obj.separator, obj.parts = separator, parts
        return obj

    def localize(self, translator: Translator | None = None, names: Sequence[str] | None = None) -> str:
        t = translator or ENGLISH
        return self.separator.join(t.render(p, names) for p in self.parts)

    def __reduce__(self) -> tuple[Any, ...]:
        return Joined, (self.separator, *self.parts)


class ListOf(str):
    """Items (texts, Messages, SeatNames) in a list: ``"A, B and C"``, or with ``last="or"``
    ``"A, B or C"``, joined in the language it is told in."""

    items: tuple[Any, ...]
    last: str

    def __new__(cls, items: Sequence[Any], last: str = "and") -> ListOf:
        obj = super().__new__(cls, ENGLISH.join([str(i) for i in items], last))
        obj.items, obj.last = tuple(items), last
        return obj

    def localize(self, translator: Translator | None = None, names: Sequence[str] | None = None) -> str:
        t = translator or ENGLISH
        return t.join([t.render(i, names) for i in self.items], self.last)

    def __reduce__(self) -> tuple[Any, ...]:
        return ListOf, (self.items, self.last)


class SeatList(str):
    """Seats named in a list, ``"Bot 1, Bot 2 and you"``: ``viewer``'s seat is "you"."""

    seats: tuple[SeatName, ...]
    viewer: int | None

    def __new__(cls, seats: Sequence[SeatName], viewer: int | None = None) -> SeatList:
        obj = super().__new__(cls, ENGLISH.join(["you" if s.seat == viewer else str(s) for s in seats]))
        obj.seats, obj.viewer = tuple(seats), viewer
        return obj

    def localize(self, translator: Translator | None = None, names: Sequence[str] | None = None) -> str:
        t = translator or ENGLISH
        # TRANSLATORS: the person, as one of several seats named in a list ("Bot 1 and you lose the session ...").
        you = t.pgettext("list", "you")
        return t.join([you if s.seat == self.viewer else t.render(s, names) for s in self.seats])

    def __reduce__(self) -> tuple[Any, ...]:
        return SeatList, (self.seats, self.viewer)


SUIT_WORDS: dict[str, tuple[str, str]] = {"S": ("spades", "spade"), "H": ("hearts", "heart"),
                                          "D": ("diamonds", "diamond"), "C": ("clubs", "club")}
"""Each suit's name in a sentence: ("spades", "spade"); translated with the contexts
``suit`` and ``one suit`` (each language picks the form its sentences need)."""


class SuitName(str):
    """A suit named in a sentence: ``SuitName("D")`` is "diamonds", ``SuitName("D", one=True)``
    "diamond" (as in "the highest diamond"), told in another language by :meth:`localize`."""

    suit: str
    one: bool

    def __new__(cls, suit: str, one: bool = False) -> SuitName:
        obj = super().__new__(cls, SUIT_WORDS[suit][1 if one else 0])
        obj.suit, obj.one = suit, one
        return obj

    def localize(self, translator: Translator | None = None, names: Sequence[str] | None = None) -> str:
        return (translator or ENGLISH).pgettext("one suit" if self.one else "suit", str(self))

    def __reduce__(self) -> tuple[Any, ...]:
        return SuitName, (self.suit, self.one)


class Translator:
    """The texts of one language: ``gettext``, ``ngettext`` and ``pgettext`` as in the
    standard library, and ``format`` / ``plural`` that also fill the named placeholders
    (with the English template if a translation is broken). ``person``: whom the Messages it
    tells speak of in the third person (see :meth:`about`), None for the reader ("you")."""

    def __init__(self, code: str, translations: gettext.NullTranslations, person: str | None = None) -> None:
        self.code = code
        self.name = LANGUAGES.get(code, code)
        self._t = translations
        self.person = person

    def __repr__(self) -> str:
        return f"<Translator {self.code}>" if self.person is None else f"<Translator {self.code} about {self.person!r}>"

    def about(self, person: str) -> Translator:
        """This language, telling Messages about ``person`` (a name) in the third person: a
        template with a third-person twin (:func:`third_person`) is told with the twin, at
        every depth of a text (the values of a Message, the parts of a :class:`Joined`, the
        items of a :class:`ListOf`). Chosen when a text is told, not when it is made: a
        student reads the coach's reason of their decision as "you", their teacher the same
        reason with the student's name. Templates without a twin, and ``format`` / ``plural``,
        are told as they are.

        >>> _ = third_person({"you hold {n} cards": "{name} holds {n} cards"})
        >>> m = Joined(" ", Message("Seen: {what}.", what=Message("you hold {n} cards", n=3)), "Well done.")
        >>> print(m, "/", m.localize(ENGLISH.about("Asha")))
        Seen: you hold 3 cards. Well done. / Seen: Asha holds 3 cards. Well done.
        """
        if not isinstance(person, str) or not person.strip():
            raise ValueError(f"a text is told about a person by their name, not {person!r}"[:120])
        return Translator(self.code, self._t, person)

    def gettext(self, msgid: str) -> str:
        return self._t.gettext(msgid)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._t.ngettext(singular, plural, n)

    def pgettext(self, context: str, msgid: str) -> str:
        return self._t.pgettext(context, msgid)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._t.npgettext(context, singular, plural, n)

    def plural_category(self, n: int) -> str:
        """The CLDR plural category of the number ``n`` in this language ("one", "few",
        "other", ...): what ``Intl.PluralRules`` gives in the browser (Babel's copy of the
        CLDR rules; English needs no Babel)."""
        if self.code == SOURCE_LANGUAGE:
            return "one" if n == 1 else "other"
        from babel import Locale

        return str(Locale.parse(self.code).plural_form(n))

    @functools.cached_property
    def _plural_samples(self) -> dict[str, int]:
        """A whole number of each plural category this language gives whole numbers."""
        samples: dict[str, int] = {}
        for n in range(200):
            samples.setdefault(self.plural_category(n), n)
        return samples

    def counted_label(self, base: str, category: str) -> str:
        """The text of counted label ``base`` (see :data:`.labels.PLURAL_LABELS`) for numbers of
        plural ``category``: the catalog's plural form for a number of that category. (A
        category no whole number has, such as Russian "other", gets the form for 100; the
        front end counts whole cards only.)"""
        n = self._plural_samples.get(category, 100)
        return self.npgettext(LABEL_CONTEXT + base, LABELS[f"{base}_one"], LABELS[f"{base}_other"], n)

    def format(self, template: str, /, **values: Any) -> str:
        """``template`` translated, its placeholders filled."""
        return _fill(self.gettext(template), values, template)

    def plural(self, singular: str, plural: str, n: int, /, **values: Any) -> str:
        """The plural form for ``n`` translated, filled; ``{n}`` is the number."""
        values = {"n": n, **values}
        return _fill(self.ngettext(singular, plural, n), values, singular if n == 1 else plural)

    def render(self, value: object, names: Sequence[str] | None = None) -> str:
        """Any value of a message as text in this language: a Message (or anything with a
        ``localize(translator, names)`` method) translated, a SeatName given its ``names``
        entry, anything else as ``str``."""
        localize = getattr(value, "localize", None)
        if callable(localize):
            return localize(self, names)
        if isinstance(value, SeatName) and names is not None and 0 <= value.seat < len(names):
            return names[value.seat]
        return str(value)

    def join(self, items: Sequence[str], last: str = "and") -> str:
        """``A, B and C`` (``last="or"``: ``A, B or C``) in this language."""
        items = list(items)
        if len(items) <= 1:
            return "".join(items)
        template = N_("{first} and {last}") if last == "and" else N_("{first} or {last}")
        return self.format(template, first=", ".join(items[:-1]), last=items[-1])

    def labels(self) -> dict[str, str]:
        """The front end's texts (:data:`.labels.LABELS`) in this language, by key; a counted
        label's texts (``cards_one``, ``cards_few``, ...) from the catalog's plural forms.

        >>> labels = translator("ru").labels()
        >>> labels["cards_one"], labels["cards_few"], labels["cards_many"]
        ('{n} карта', '{n} карты', '{n} карт')
        """
        counted = _counted_labels()
        return {key: self.counted_label(*counted[key]) if key in counted else self.pgettext(LABEL_CONTEXT + key, text)
                for key, text in LABELS.items()}

    def local_names(self, names: Sequence[str], seat: int | None = None) -> tuple[str, ...]:
        """Seat names as this language shows them: the package's own default names
        (``"You"`` at ``seat``, ``"Bot 2"``, ``"Player 2"``) translated, other names as given."""
        out = []
        for s, name in enumerate(names):
            if name == YOU and s == seat:
                out.append(self.gettext(N_("You")))
            elif name == f"Bot {s}":
                out.append(self.format(N_("Bot {n}"), n=s))
            elif name == f"Player {s}":
                out.append(self.format(N_("Player {n}"), n=s))
            else:
                out.append(name)
        return tuple(out)


@functools.cache
def _counted_labels() -> dict[str, tuple[str, str]]:
    """Label key -> (base, plural category) for every label of a counted label."""
    return {f"{base}_{category}": (base, category) for base in PLURAL_LABELS for category in PLURAL_CATEGORIES}


ENGLISH = Translator(SOURCE_LANGUAGE, gettext.NullTranslations())
"""The source language: the templates as they are."""


def check_language(code: object) -> str:
    """``code`` if it is one of :data:`LANGUAGES`, else a ValueError listing the choices."""
    if isinstance(code, str) and code in LANGUAGES:
        return code
    choices = ", ".join(f"{c!r} ({name})" for c, name in LANGUAGES.items())
    raise ValueError(f"language must be one of {choices}, not {str(code)[:40]!r}")


def _language_of(value: str) -> str | None:
    """``de_DE.UTF-8`` -> ``de`` when it is supported; ``C`` and ``POSIX`` -> ``en``."""
    value = value.strip()
    if not value:
        return None
    if value.split(".")[0] in ("C", "POSIX"):
        return SOURCE_LANGUAGE
    code = re.split(r"[_.@-]", value, maxsplit=1)[0].lower()
    return code if code in LANGUAGES else None


def default_language() -> str:
    """The notebook's locale, when it is one of :data:`LANGUAGES`, else English: the first
    of ``LANGUAGE`` (a colon-separated list), ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is
    set, then ``locale.getlocale()``."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if not value:
            continue
        for part in value.split(":"):
            code = _language_of(part)
            if code is not None:
                return code
        if var != "LANGUAGE":
            return SOURCE_LANGUAGE  # a locale is set, in a language we do not have
    try:
        code = _language_of(locale.getlocale()[0] or "")
    except ValueError:
        code = None
    return code or SOURCE_LANGUAGE


def po_path(code: str, locale_dir: pathlib.Path = LOCALE_DIR) -> pathlib.Path:
    return locale_dir / code / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def translator(code: str | None = None) -> Translator:
    """The :class:`Translator` of ``code`` (None: :func:`default_language`), compiled from
    its ``.po`` catalog on first use."""
    code = default_language() if code is None else check_language(code)
    if code == SOURCE_LANGUAGE:
        return ENGLISH
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with open(po_path(code), "rb") as f:
        catalog = read_po(f, locale=code, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return Translator(code, gettext.GNUTranslations(buf))


# ---------------------------------------------------------------- catalogs
def extract() -> Any:
    """A Babel catalog of every message: the marked templates of the package's modules and
    the front end's labels (context ``label:<key>``)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    catalog = Catalog(project="bhabho-widget", domain=DOMAIN, fuzzy=False, charset="utf-8",
                      msgid_bugs_address="", copyright_holder="the bhabho-widget authors")
    package = pathlib.Path(__file__).parent.parent
    found = extract_from_dir(str(package), method_map=[("**.py", "python")], keywords=KEYWORDS,
                             comment_tags=("TRANSLATORS:",), strip_comment_tags=True)
    for filename, lineno, message, comments, context in found:
        flags = ("python-brace-format",) if any(placeholders(m) for m in _ids(message)) else ()
        catalog.add(message, locations=[(f"bhabho_widget/{filename}", lineno)], auto_comments=comments,
                    context=context, flags=flags)
    for path in sorted(package.rglob("*.py")):
        for name, text in _sentence_templates(path):
            flags = ("python-brace-format",) if placeholders(text) else ()
            where = f"bhabho_widget/{path.relative_to(package).as_posix()}"
            catalog.add(text, locations=[(where, 0)], auto_comments=[f"sentence template {name}"],
                        flags=flags)
    for plural, one in SUIT_WORDS.values():
        catalog.add(plural, locations=[("bhabho_widget/i18n/__init__.py", 0)], context="suit",
                    auto_comments=["a suit named in a sentence: {suit} in the hints"])
        catalog.add(one, locations=[("bhabho_widget/i18n/__init__.py", 0)], context="one suit",
                    auto_comments=["one card of a suit named in a sentence: {one} in the hints (the highest {one})"])
    counted = _counted_labels()
    for key, text in LABELS.items():
        if key in counted:
            continue
        flags = ("python-brace-format",) if placeholders(text) else ()
        catalog.add(text, locations=[("bhabho_widget/i18n/labels.json", 0)], context=LABEL_CONTEXT + key,
                    auto_comments=[f"front end label {key}"], flags=flags)
    for base in PLURAL_LABELS:
        catalog.add((LABELS[f"{base}_one"], LABELS[f"{base}_other"]), locations=[("bhabho_widget/i18n/labels.json", 0)],
                    context=LABEL_CONTEXT + base, flags=("python-brace-format",),
                    auto_comments=[f"front end label {base}: a count, in every plural form of the language"])
    return catalog


def _sentence_templates(path: pathlib.Path) -> list[tuple[str, str]]:
    """A module's sentence templates: the module-level ``T_NAME = "text"`` constants (the
    coach's convention), marked or not."""
    import ast

    found = []
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and node.targets[0].id.startswith("T_") and isinstance(node.value, ast.Constant)
                and isinstance(node.value.value, str)):
            found.append((node.targets[0].id, node.value.value))
    return found


def _ids(message: str | Sequence[str]) -> tuple[str, ...]:
    return (message,) if isinstance(message, str) else tuple(m for m in message if m)


def _no_percent_formats(catalog: Any) -> None:
    """Flag no message ``python-format``: those that look like one, ``no-python-format``.

    The package's texts are brace templates (``{player}``), never ``%`` formats, but Babel
    flags a message that merely looks like one ("with its 95 % interval" holds ``% i``)
    ``python-format``, on extraction and again on every read; gettext's ``msgfmt --check``
    then rejects every translation that does not repeat the look-alike. Done on every
    write, so ``update`` keeps it."""
    for message in catalog:
        if message.id and "python-format" in message.flags:
            message.flags.discard("python-format")
            message.flags.add("no-python-format")


def _write_po(path: pathlib.Path, catalog: Any) -> None:
    from babel.messages.pofile import write_po

    _no_percent_formats(catalog)
    buf = io.BytesIO()
    write_po(buf, catalog, width=120, include_lineno=False, sort_by_file=False, sort_output=False,
             ignore_obsolete=True)
    text = re.sub(rb'"POT-Creation-Date: [^"]*\\n"\n', b"", buf.getvalue())
    text = re.sub(rb'"PO-Revision-Date: [^"]*\\n"\n', b"", text)
    text = re.sub(rb'"Generated-By: [^"]*\\n"\n', b"", text)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text)


def write_pot(path: pathlib.Path = POT_PATH) -> pathlib.Path:
    """Write ``locale/bhabho.pot`` (or ``path``) from :func:`extract`."""
    _write_po(path, extract())
    return path


def update(locale_dir: pathlib.Path = LOCALE_DIR) -> list[pathlib.Path]:
    """Merge the template into every language's ``.po`` (in ``locale_dir``): new messages
    come in untranslated, gone ones are dropped, translations are kept."""
    from babel.messages.pofile import read_po

    template = extract()
    written = []
    for code in LANGUAGES:
        if code == SOURCE_LANGUAGE:
            continue
        path = po_path(code, locale_dir)
        with open(path, "rb") as f:
            catalog = read_po(f, locale=code, domain=DOMAIN)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.plural_forms  # noqa: B018 (read once: Babel keeps the header's forms)
        _write_po(path, catalog)
        written.append(path)
    return written


def check_catalogs(codes: Iterable[str] | None = None, locale_dir: pathlib.Path = LOCALE_DIR) -> list[str]:
    """Every problem of the catalogs (in ``locale_dir``): a message of the package without
    a translation (or a fuzzy one) in some language, a translation that drops or adds a
    placeholder, a wrong plural header or a wrong number of plural forms, a message the
    package no longer has. Empty when all is well."""
    from babel.messages.pofile import read_po

    template = extract()
    problems: list[str] = []
    for code in codes or [c for c in LANGUAGES if c != SOURCE_LANGUAGE]:
        path = po_path(code, locale_dir)
        if not path.exists():
            problems.append(f"{code}: no catalog at {path}")
            continue
        with open(path, "rb") as f:
            catalog = read_po(f, locale=code, domain=DOMAIN)
        header = dict(catalog.mime_headers).get("Plural-Forms", "")
        if header.replace(" ", "") != PLURAL_FORMS[code].replace(" ", ""):
            problems.append(f"{code}: Plural-Forms is {header!r}, not {PLURAL_FORMS[code]!r}")
        for message in template:
            if not message.id:
                continue
            where = f"{code}: {_ids(message.id)[0][:60]!r}" + (f" ({message.context})" if message.context else "")
            entry = catalog.get(message.id, context=message.context)
            if entry is None:
                problems.append(f"{where}: missing")
                continue
            strings = _ids(entry.string) if isinstance(entry.string, str) else tuple(entry.string or ())
            if entry.fuzzy or not strings or not all(s.strip() for s in strings):
                problems.append(f"{where}: not translated" + (" (fuzzy)" if entry.fuzzy else ""))
                continue
            if message.pluralizable and len(strings) != catalog.num_plurals:
                problems.append(f"{where}: {len(strings)} plural forms, not {catalog.num_plurals}")
            wanted = set().union(*(placeholders(m) for m in _ids(message.id)))
            for s in strings:
                if placeholders(s) != wanted:
                    problems.append(f"{where}: placeholders {sorted(placeholders(s))} in {s[:60]!r}, "
                                    f"not {sorted(wanted)}")
        extra = [m.id for m in catalog if m.id and template.get(m.id, context=m.context) is None]
        if extra:
            problems.append(f"{code}: {len(extra)} messages the package no longer has, e.g. {_ids(extra[0])[0][:60]!r}")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    command = args[0] if args else ""
    if command == "extract":
        print(f"wrote {write_pot()}")
        return 0
    if command == "update":
        write_pot()
        for path in update():
            print(f"updated {path}")
        return 0
    if command == "check":
        problems = check_catalogs()
        print("\n".join(problems) or "every message is translated in every language")
        return 1 if problems else 0
    print("usage: python -m bhabho_widget.i18n extract | update | check", file=sys.stderr)
    return 2
