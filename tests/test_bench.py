"""The benchmark runs (figures are never asserted: they depend on the machine)."""

from __future__ import annotations

from bhabho_widget.play import bench


def test_the_benchmark_runs_every_policy_at_tiny_sizes(capsys):
    bench.main(["--games", "4", "--batch", "30", "--rollouts", "3", "7", "--players", "3", "5"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["policy", "players", "games/s", "plays/game"]
    labels = [" ".join(line.split()[:-3]) for line in lines[1:]]
    assert labels == [p for p in ("cards", "api", "table", "rules", "batch") for _ in (3, 5)] + \
        ["rollouts x3", "rollouts x7", "copy+playout"] * 2
    for line in lines[1:]:
        players, rate, per_game = line.split()[-3:]
        assert players in ("3", "5") and float(rate) > 0 and float(per_game) > 0


def test_positions_come_from_real_games_short_of_their_end():
    games = bench.positions(4, 6, seed=2)
    assert len(games) == 6 and not any(g.is_over for g in games)
    assert len({len(g.moves) for g in games}) > 1
