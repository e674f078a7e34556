"""The README's examples work when pasted; it stays short, with its two pictures and the two
set-up commands of this repository."""

import pathlib
import re

import ipywidgets.comm
from comm import DummyComm

README = (pathlib.Path(__file__).resolve().parents[1] / "README.md").read_text()
BLOCKS = re.findall(r"```python\n(.*?)```", README, re.S)


def test_readme_has_the_two_setup_commands():
    commands = re.findall(r"```bash\n(.*?)```", README, re.S)
    assert commands[0].strip().endswith("jupyter lab notebooks/01_quick_start.ipynb")
    assert commands[1].strip() == "bash .ci/run"


def test_readme_python_examples_run(monkeypatch, capsys):
    monkeypatch.setattr(ipywidgets.comm, "create_comm", lambda **kw: DummyComm(**kw))
    assert len(BLOCKS) >= 1
    for block in BLOCKS:
        exec(compile(block, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "Player 1 holds A♠ and must lead it" in out


def test_readme_is_read_in_two_minutes_and_shows_the_table_and_the_review():
    assert len(README.splitlines()) <= 120
    pictures = re.findall(r"!\[[^\]]+\]\((docs/_static/[\w-]+\.png)\)", README)
    assert pictures == ["docs/_static/table-hint.png", "docs/_static/review.png"]
    root = pathlib.Path(__file__).resolve().parents[1]
    assert all((root / picture).is_file() for picture in pictures)
