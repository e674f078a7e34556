"""docs/rules.md, the project's numbered rules page, checked against the code.

- every rule number the package cites ("rule 4", "(rules 3, 4, 6, 9)") has a
  ``### Rule N:`` heading, and rules 1..10 are all there;
- every dotted name in the table "Where each rule lives in the engine" exists;
- the glossary defines the basic terms, and each preset of ``bhabho_widget.engine.rules.PRESETS``
  has its ``### Variant:`` subsection with the same ``Rules(...)``;
- the table has a row for every rule, every variant and the session scoring.
"""

from __future__ import annotations

import ast
import functools
import importlib
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC_PATH = ROOT / "docs" / "rules.md"
PACKAGE_DIR = ROOT / "bhabho_widget"

RULE_NUMBERS = range(1, 11)
ENGINE_SECTION = "Where each rule lives in the engine"
SESSION_ROW = "Session scoring"
GLOSSARY_TERMS = (
    "trick", "lead", "follow", "suit", "power", "waste pile", "tochoo", "thulla", "void",
    "escape", "take", "bhabhi", "stalemate", "seat", "play order",
)

# A citation of rule numbers: "rule 4", "Rule 10", "rules 3, 4, 6", "rules 3 and 6", "rules 3-5".
CITATION = re.compile(r"\brules?\s+(\d+(?:\s*(?:,|and|or|&|to|-|–)\s*\d+)*)", re.IGNORECASE)
RANGE = re.compile(r"(\d+)\s*(?:to|-|–)\s*(\d+)")
RULE_HEADING = re.compile(r"^### Rule (\d+): (\S.*)$", re.MULTILINE)
VARIANT_HEADING = re.compile(r"^### Variant: (\S.*)$", re.MULTILINE)
CODE_NAME = re.compile(r"`([A-Za-z_][\w.]*)`")


# ---------------------------------------------------------------- reading the page
@functools.cache
def doc() -> str:
    assert DOC_PATH.exists(), f"{DOC_PATH.relative_to(ROOT)} is missing"
    return DOC_PATH.read_text(encoding="utf-8")


def section(title: str, level: int = 2) -> str:
    """The text under the heading ``title`` (of ``level`` #'s), up to the next heading of that level or above."""
    heading = re.compile(rf"^{'#' * level} {re.escape(title)}\s*$", re.MULTILINE)
    match = heading.search(doc())
    assert match, f"docs/rules.md has no heading {'#' * level} {title}"
    end = re.compile(rf"^#{{1,{level}}} ", re.MULTILINE).search(doc(), match.end())
    return doc()[match.end():end.start() if end else None]


def rule_headings() -> dict[int, list[str]]:
    """Rule number -> the titles of its ``### Rule N: title`` headings (more than one is a mistake)."""
    found: dict[int, list[str]] = {}
    for number, title in RULE_HEADING.findall(doc()):
        found.setdefault(int(number), []).append(title)
    return found


def variant_sections() -> dict[str, str]:
    """Variant name -> the text of its ``### Variant: name`` subsection."""
    text = section("Variants")
    matches = list(VARIANT_HEADING.finditer(text))
    ends = [m.start() for m in matches[1:]] + [len(text)]
    return {m.group(1).strip(): text[m.end():end] for m, end in zip(matches, ends)}


def glossary_terms() -> set[str]:
    """The terms of the glossary's definition list (``term`` on one line, ``: definition`` on
    the next); a term line like ``tochoo (thulla)`` or ``lead, leading`` defines each name."""
    lines = section("Glossary").splitlines()
    terms = set()
    for term, nxt in zip(lines, lines[1:]):
        if term.strip() and not term.startswith(":") and nxt.startswith(":"):
            terms.update(name.strip().lower() for name in re.split(r"[,()/]", term) if name.strip())
    return terms


def engine_table() -> dict[str, str]:
    """Row label (first cell) -> engine cell, from the table of "Where each rule lives in the engine"."""
    rows = [line for line in section(ENGINE_SECTION).splitlines() if line.startswith("|")]
    assert len(rows) > 2, f"'{ENGINE_SECTION}' has no table"
    header = [cell.strip() for cell in rows[0].strip("|").split("|")]
    assert header == ["rule", "engine"], f"the table's columns should be 'rule | engine', not {' | '.join(header)}"
    table = {}
    for row in rows[2:]:  # rows[1] is the |---|---| line
        label, engine = (cell.strip() for cell in row.strip().strip("|").split("|", 1))
        table[label] = engine
    return table


# ---------------------------------------------------------------- reading the code
def cited_rules() -> dict[int, list[str]]:
    """Rule number -> the places ("game.py:544") in the package source that cite it."""
    cited: dict[int, list[str]] = {}
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        for match in CITATION.finditer(source):  # the whole file: a citation may wrap onto the next line
            line = source.count("\n", 0, match.start()) + 1
            where = f"{path.relative_to(PACKAGE_DIR)}:{line}"
            for number in numbers_in(match.group(1)):
                cited.setdefault(number, []).append(where)
    return cited


def numbers_in(text: str) -> set[int]:
    """The rule numbers in "3, 4, 6", "3 and 6" or "3-5" (a range counts every number in it)."""
    numbers = {int(n) for n in re.findall(r"\d+", text)}
    for low, high in RANGE.findall(text):
        numbers.update(range(int(low), int(high) + 1))
    return numbers


def unresolved(dotted: str) -> str | None:
    """None if ``dotted`` names something that exists, else why not.

    Imports the longest importable module prefix, then looks up the rest as attributes.
    """
    parts = dotted.split(".")
    obj, k = None, 0
    while k < len(parts):
        module_name = ".".join(parts[:k + 1])
        try:
            obj = importlib.import_module(module_name)
        except ModuleNotFoundError as err:
            if err.name != module_name:  # the module exists but one of its imports does not
                return f"importing {module_name} fails: {err}"
            break
        except ImportError as err:
            return f"importing {module_name} fails: {err}"
        k += 1
    if obj is None:
        return f"no module {parts[0]}"
    for i in range(k, len(parts)):
        if not hasattr(obj, parts[i]):
            return f"{'.'.join(parts[:i])} has no attribute {parts[i]!r}"
        obj = getattr(obj, parts[i])
    return None


def presets() -> dict:
    from bhabho_widget.engine.rules import PRESETS

    return PRESETS


def named_variants() -> list[str]:
    """The preset names that need a variant subsection and a table row: all but "classic"."""
    return [name for name in presets() if name != "classic"]


def rules_in(text: str):
    """The ``Rules(...)`` written in a code span in ``text``, built from its keyword literals."""
    from bhabho_widget.engine.rules import Rules

    match = re.search(r"`(Rules\([^`]*\))`", text)
    assert match, "no `Rules(...)` code span"
    call = ast.parse(match.group(1), mode="eval").body
    assert isinstance(call, ast.Call) and not call.args, f"{match.group(1)} should give keyword arguments only"
    return Rules(**{kw.arg: ast.literal_eval(kw.value) for kw in call.keywords})


# ---------------------------------------------------------------- 1. rule numbers
def test_rules_1_to_10_each_have_one_heading():
    headings = rule_headings()
    missing = [n for n in RULE_NUMBERS if n not in headings]
    assert not missing, f"docs/rules.md has no '### Rule N:' heading for rule(s) {missing}"
    twice = {n: titles for n, titles in headings.items() if len(titles) > 1}
    assert not twice, f"rules with more than one heading: {twice}"
    extra = sorted(set(headings) - set(RULE_NUMBERS))
    assert not extra, f"docs/rules.md has headings for rules {extra}, but RULES.md has rules 1 to 10 only"


def test_every_rule_the_package_cites_has_a_heading():
    cited = cited_rules()
    assert cited, "found no rule citations in bhabho_widget/**/*.py: has the CITATION pattern stopped matching?"
    headings = rule_headings()
    undocumented = {n: places for n, places in sorted(cited.items()) if n not in headings}
    assert not undocumented, "the package cites rules that docs/rules.md does not have:\n" + "\n".join(
        f"  rule {n}: cited at {', '.join(places)}" for n, places in undocumented.items())


# ---------------------------------------------------------------- 2. engine names
def test_every_engine_name_in_the_table_exists():
    names = sorted({name for cell in engine_table().values() for name in CODE_NAME.findall(cell)})
    problems = [f"  {name}: {why}" for name in names if (why := unresolved(name))]
    assert not problems, (f"{len(problems)} of the {len(names)} names in '{ENGINE_SECTION}' do not resolve:\n"
                          + "\n".join(problems))


# ---------------------------------------------------------------- 3. glossary and variants
def test_glossary_defines_the_basic_terms():
    defined = glossary_terms()
    missing = [term for term in GLOSSARY_TERMS if term not in defined]
    assert not missing, f"the glossary does not define {missing} (it defines {sorted(defined)})"


def test_every_preset_has_a_variant_section_and_no_other():
    documented = set(variant_sections())
    expected = set(named_variants())
    assert not expected - documented, f"presets without a '### Variant:' subsection: {sorted(expected - documented)}"
    assert not documented - expected, f"'### Variant:' subsections that are not presets: {sorted(documented - expected)}"


def test_each_variant_section_gives_the_rules_of_its_preset():
    wrong = []
    for name, text in variant_sections().items():
        if name not in presets():
            continue  # reported by the test above
        written, preset = rules_in(text), presets()[name]
        if written != preset:
            wrong.append(f"  {name}: the page says {written.describe()}, PRESETS has {preset.describe()}")
    assert not wrong, "variant subsections that disagree with bhabho_widget.PRESETS:\n" + "\n".join(wrong)


# ---------------------------------------------------------------- 4. table rows
def test_the_engine_table_has_a_row_for_every_rule_and_variant():
    table = engine_table()
    expected = [f"Rule {n}" for n in RULE_NUMBERS] + [f"Variant: {name}" for name in named_variants()] + [SESSION_ROW]
    missing = [label for label in expected if label not in table]
    assert not missing, f"'{ENGINE_SECTION}' has no row for {missing}"
    empty = [label for label, cell in table.items() if not CODE_NAME.findall(cell)]
    assert not empty, f"rows with no `dotted.name` in the engine column: {empty}"
