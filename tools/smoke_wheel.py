"""The installed package as a new user gets it: run by ``tools/release_check.py`` inside a fresh
virtual environment holding the built wheel and nothing of this checkout.

    python smoke_wheel.py core    # pip install bhabho-widget: a game at a Table, numpy never imported
    python smoke_wheel.py coach   # pip install "bhabho-widget[coach]": the coach gives a hint

It is run from a folder outside the checkout (so ``import bhabho_widget`` is the wheel's) and
prints one line per check; any failure is an exception and a non-zero exit code.
"""

from __future__ import annotations

import random
import subprocess
import sys
import sysconfig
from pathlib import Path


def check(ok: bool, what: str) -> None:
    if not ok:
        raise SystemExit(f"FAILED: {what}")
    print(f"ok: {what}", flush=True)


def play_a_game_at_a_table() -> object:
    """A whole game at a Table, played as its front end would (no browser: a dummy comm)."""
    import ipywidgets.comm
    from comm import DummyComm

    ipywidgets.comm.create_comm = lambda **kw: DummyComm(**kw)
    from bhabho_widget import Table

    table = Table(seed=7, pace=0)
    rng = random.Random(7)
    for _ in range(5000):
        view = table.view
        if view["waiting"] == "over":
            break
        if view["waiting"] == "bot":
            table.advance()
        else:
            table.play(rng.choice(view["legal"]))
    check(table.game.is_over, f"a game at a Table played to its end (the bhabhi: seat {table.game.loser})")
    return table


def core() -> None:
    import bhabho_widget

    installed = Path(bhabho_widget.__file__).resolve()
    check(Path(sysconfig.get_paths()["purelib"]).resolve() in installed.parents,
          f"bhabho_widget {bhabho_widget.__version__} imported from the wheel ({installed.parent})")
    play_a_game_at_a_table()
    check("numpy" not in sys.modules and "matplotlib" not in sys.modules, "numpy and matplotlib never imported")
    try:
        from bhabho_widget import hint  # noqa: F401
    except ImportError as err:
        check('pip install "bhabho-widget[coach]"' in str(err), f"a hint without the coach extra says: {err}")
    else:
        raise SystemExit("FAILED: hints imported without numpy")
    server = Path(sys.executable).with_name("bhabho-server")
    done = subprocess.run([str(server), "--help"], capture_output=True, text=True)
    check(done.returncode == 2 and "bhabho_widget[server]" in done.stderr,
          f"bhabho-server without the server extra says: {done.stderr.strip()}")


def coach() -> None:
    from bhabho_widget import Game, hint

    game = Game.deal(4, seed=3)
    found = hint(game, rollouts=4, samples=4, seed=1)
    check(bool(found.reason), f"the coach extra gives a hint: {found.action_code}: {found.reason}")


if __name__ == "__main__":
    {"core": core, "coach": coach}[sys.argv[1]]()
