"""The README's examples work when pasted."""

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
    assert len(BLOCKS) >= 2
    for block in BLOCKS:
        exec(compile(block, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "must lead it" in out and "refused:" in out
