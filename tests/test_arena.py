"""The arena: fixed deals, every bot in every seat, loss rates with Wilson intervals, any executor."""

import json
from concurrent.futures import ThreadPoolExecutor

import pytest

from bhabho_widget.play.arena import ArenaResult, game_plan, main, plot_arena, run_arena, wilson
from bhabho_widget.play.bots import RandomBot


def test_wilson_interval():
    lo, hi = wilson(25, 100)
    assert lo == pytest.approx(0.1755, abs=1e-4) and hi == pytest.approx(0.3431, abs=1e-4)
    for k, n in [(0, 10), (3, 10), (10, 10), (180, 2000)]:
        lo, hi = wilson(k, n)
        assert 0 <= lo <= k / n <= hi <= 1
        assert wilson(n - k, n) == pytest.approx((1 - hi, 1 - lo))
    assert wilson(0, 10)[0] == 0 and wilson(10, 10)[1] == 1
    assert wilson(400, 1600)[1] - wilson(400, 1600)[0] < wilson(100, 400)[1] - wilson(100, 400)[0]


def test_every_bot_sits_in_every_seat_on_the_same_deals():
    plans = [game_plan(k, 4, seed=7) for k in range(8)]
    assert [p[2] for p in plans] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert len({p[0] for p in plans[:4]}) == 1 and plans[0][0] != plans[4][0]


def test_results_count_each_kind_of_bot():
    r = run_arena(["rules", "random", "random"], games=12, seed=3)
    d = r.to_dict()
    assert set(d) == {"bots", "stalemates"} and set(d["bots"]) == {"rules", "random"}
    for row in d["bots"].values():
        assert set(row) == {"games", "losses", "loss_rate", "ci95"}
        lo, hi = row["ci95"]
        assert lo <= row["loss_rate"] <= hi and row["losses"] <= row["games"]
    played = 12 - d["stalemates"]
    assert d["bots"]["rules"]["games"] == played and d["bots"]["random"]["games"] == 2 * played
    assert d["bots"]["rules"]["losses"] + d["bots"]["random"]["losses"] == sum(loser >= 0 for loser, _ in r.results)
    assert "rules" in r.table() and "95 % interval" in r.table()


def test_the_same_seed_gives_the_same_tournament_on_any_executor():
    here = run_arena(["rules", "random", "random", "random"], games=8, seed=5)
    with ThreadPoolExecutor(2) as ex:
        threads = run_arena(["rules", "random", "random", "random"], games=8, seed=5, executor=ex, chunk=3)
    pool = run_arena(["rules", "random", "random", "random"], games=8, seed=5, jobs=2)
    assert here.results == threads.results == pool.results
    assert here.to_dict() == pool.to_dict()


def test_a_local_dask_cluster_runs_the_tournament():
    distributed = pytest.importorskip("distributed")
    here = run_arena(["rules", "random", "random"], games=6, seed=2)
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None) as cluster:
        with distributed.Client(cluster) as client:
            spread = run_arena(["rules", "random", "random"], games=6, seed=2, executor=client.get_executor(), chunk=2)
    assert spread.results == here.results and spread.to_dict() == here.to_dict()


def test_custom_bots_and_progress():
    seen = []
    r = run_arena(["mine", "random", "random"], games=6, seed=1, factories={"mine": RandomBot},
                  progress=lambda done, total: seen.append((done, total)))
    assert "mine" in r.games and seen[-1] == (6, 6)
    with pytest.raises(ValueError, match="no bot named"):
        run_arena(["nobody", "random", "random"], games=3)
    with pytest.raises(ValueError, match="3 to 8"):
        run_arena(["random", "random"], games=3)


def test_progress_true_is_a_tqdm_bar_that_ends_at_the_last_game(capsys):
    run_arena(["rules", "random", "random"], games=6, seed=1, chunk=2, progress=True)
    err = capsys.readouterr().err
    assert "rules,random,random" in err and "6/6" in err and "game" in err, err


def test_the_command_line(capsys, tmp_path):
    assert main(["--players", "3", "--bots", "rules,random,random", "--games", "6", "--seed", "4", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert set(d) == {"bots", "stalemates"} and set(d["bots"]) == {"rules", "random"}
    png = tmp_path / "arena.png"
    assert main(["--players", "3", "--bots", "random", "--games", "3", "--quiet", "--plot", str(png)]) == 0
    out = capsys.readouterr().out
    assert "random" in out and png.stat().st_size > 0
    with pytest.raises(SystemExit):
        main(["--players", "4", "--bots", "rules,random", "--games", "3"])


def test_the_plot():
    import matplotlib

    matplotlib.use("Agg")
    r = run_arena(["rules", "random", "random"], games=6, seed=0)
    ax = plot_arena(r)
    assert len(ax.patches) == 2 and isinstance(r, ArenaResult)


def test_the_sparring_partners_play_in_the_arena_by_name():
    """search-2026 (today's search bot) and peer (the peer-style heuristic) are arena lineups beside the
    table's levels, on the same fixed deals."""
    from bhabho_widget.play.peer import PeerBot

    r = run_arena(["peer", "rules", "random"], games=3, seed=2, factories=None)
    assert set(r.games) == {"peer", "rules", "random"}
    assert sum(r.games.values()) == 3 * (3 - r.stalemates)
    small = run_arena(["mine", "rules", "random"], games=3, seed=2, factories={"mine": lambda seed: PeerBot(seed)})
    assert small.results == r.results  # the named level is PeerBot with its defaults, seeded as any bot
    with pytest.raises(ValueError, match="search-2026"):
        run_arena(["nobody", "random", "random"], games=3)  # the refusal names every bot it knows
