"""Put the JupyterLite install block at the top of the first code cell of every notebook.

    python lite/first_cells.py [--check]

In JupyterLab the block does nothing (``sys.platform`` is not ``emscripten``). In the
JupyterLite site (``lite/build.py``) it installs the package from the site's own wheels
with piplite: the widgets, Babel, fastjsonschema, platformdirs and glicko2 with their dependencies, the package
without its numpy and matplotlib, and those two where the notebook uses them and the site
has them (the full site); where it has not, what needs them says so in one sentence.
The site's kernel has loaded all but numpy and matplotlib as it started (``lite/build.py``),
so there piplite finds them installed and fetches nothing. Only the first code cell
changes, and a block already there is replaced, so running it again changes nothing.
``--check`` only reports the notebooks whose first cell lacks the current block.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys

NOTEBOOKS = pathlib.Path(__file__).resolve().parents[1] / "notebooks"
MARK = "if sys.platform == \"emscripten\":  # JupyterLite: Python in the browser; install the package first\n"
#: Notebooks that plot or simulate (numpy, matplotlib) or offer hints at a table.
NEED_NUMPY = {"01_quick_start", "06_variants", "07_strategy", "08_session", "09_tracking", "10_review", "11_for_teachers",
              "12_practice"}


def block(numpy: bool) -> list[str]:
    lines = [
        "import sys\n",
        "\n",
        MARK,
        "    import piplite\n",
        "\n",
        "    await piplite.install([\"anywidget\", \"ipywidgets\", \"babel\", \"fastjsonschema\", \"platformdirs\",\n",
        "                           \"glicko2\"])\n",
        "    await piplite.install(\"bhabho-widget\", deps=False)  # numpy and matplotlib only where needed\n",
    ]
    if numpy:
        lines += [
            "    try:  # the full site has them: hints, the search bot, plots and simulations\n",
            "        await piplite.install([\"numpy\", \"matplotlib\"])\n",
            "    except ValueError:  # this site has not: what needs them says so\n",
            "        import bhabho_widget  # noqa: F401\n",
        ]
    return lines + ["\n"]


def without_block(source: list[str]) -> list[str]:
    """The cell's own lines: a block put there before is taken out."""
    if MARK not in source:
        return source
    start = source.index(MARK) - 2  # "import sys", ""
    end = source.index(MARK) + 1
    while end < len(source) and (source[end].startswith("    ") or source[end] == "\n"):
        end += 1
    return source[:start] + source[end:]


def lines(text: str | list[str]) -> list[str]:
    if isinstance(text, list):
        text = "".join(text)
    return text.splitlines(keepends=True)


def first_cell(path: pathlib.Path) -> tuple[dict, dict]:
    nb = json.loads(path.read_text(encoding="utf-8"))
    cell = next(c for c in nb["cells"] if c["cell_type"] == "code")
    return nb, cell


def updated(path: pathlib.Path) -> list[str]:
    _nb, cell = first_cell(path)
    own = without_block(lines(cell["source"]))
    new = block(path.stem in NEED_NUMPY) + own
    if new[-1].endswith("\n"):
        new[-1] = new[-1].rstrip("\n")
    return new


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="report, change nothing")
    args = parser.parse_args(argv)
    stale = []
    for path in sorted(NOTEBOOKS.glob("*.ipynb")):
        nb, cell = first_cell(path)
        new = updated(path)
        if lines(cell["source"]) == new:
            continue
        stale.append(path.name)
        if not args.check:
            cell["source"] = new
            path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(("stale: " if args.check else "updated: ") + (", ".join(stale) or "none"))
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
