"""The front end's texts in English, by key (``labels.json`` beside this file): what the
catalogs translate with context ``label:<key>`` and what a table's ``labels`` trait holds.

They live here, below every other layer, because the catalogs translate them; the browser
protocol (:mod:`bhabho_widget.table.protocol`) only writes them into the front end's types.

>>> LABELS["new_game"]
'New game'
>>> [f"cards_{c}" in LABELS for c in PLURAL_CATEGORIES]
[True, True, True, True, True, True]
"""

from __future__ import annotations

import json
import pathlib

__all__ = ["LABELS", "PLURAL_CATEGORIES", "PLURAL_LABELS"]

_DEFINITION = json.loads(pathlib.Path(__file__).with_name("labels.json").read_text(encoding="utf-8"))

#: The front end's texts in English, by key: the keys a ``labels`` trait may translate.
LABELS: dict[str, str] = dict(_DEFINITION["labels"])
#: The CLDR plural categories, in CLDR's order: a counted label has one label per category.
PLURAL_CATEGORIES: tuple[str, ...] = ("zero", "one", "two", "few", "many", "other")
#: Counted labels: ``base`` -> what it counts. Label ``<base>_<category>`` is its text for
#: a number of that plural category (the English ``_one`` and ``_other`` are the catalog's
#: singular and plural message ids).
PLURAL_LABELS: dict[str, str] = dict(_DEFINITION["plural_labels"])
