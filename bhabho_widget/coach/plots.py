"""Matplotlib plots: hand sizes through a game, and results of many simulated games."""

from __future__ import annotations

import numpy as np

from ..engine.game import Game
from ..engine.rules import Rules
from ..play.driver import play_out


def hand_size_history(game: Game) -> np.ndarray:
    """Hand sizes after the deal and after every trick or take: shape (steps, seats).

    Rebuilt by replaying the game's record, so the game itself is not changed.
    """
    replay = Game.from_json(game.to_json())
    moves = replay.moves
    while replay.moves:
        replay.undo()
    rows = [replay.hand_sizes()]
    for move in moves:
        if isinstance(move, tuple):
            replay.take(move[1])
        else:
            replay.play(move)
        if not replay.table:
            rows.append(replay.hand_sizes())
    return np.array(rows, dtype=np.int16)


def plot_hand_sizes(game: Game, ax=None):
    """Line plot of every seat's hand size through the game; returns the Axes."""
    import matplotlib.pyplot as plt

    sizes = hand_size_history(game)
    if ax is None:
        _, ax = plt.subplots(figsize=(8, 3.5), layout="constrained")
    for seat in range(game.num_players):
        label = game.names[seat] + (" (bhabhi)" if seat == game.loser else "")
        ax.plot(sizes[:, seat], label=label, lw=2.5 if seat == game.loser else 1.5, drawstyle="steps-post")
    ax.set_xlabel("trick (or take)")
    ax.set_ylabel("cards in hand")
    ax.set_title("Hand sizes through the game")
    ax.set_ylim(bottom=0)
    ax.grid(alpha=0.3)
    ax.legend(loc="upper right", fontsize="small", ncol=2)
    return ax


def simulate(make_bots, games: int = 200, players: int = 4, rules: Rules | str = Rules(), seed: int = 0) -> dict:
    """Play ``games`` games with ``make_bots(game_index) -> list of bots`` (one per seat).

    The dealer rotates. Returns numpy arrays: ``loser`` (the bhabhi's seat; -1 when nobody
    lost: a stalemate, rule 10, or nobody holding cards), ``stalemate`` (True for rounds
    that ended in a stalemate), ``length`` (moves per game) and ``losses`` (bhabhi count
    per seat), and ``stalemates``, the number of stalemate rounds.
    """
    loser = np.full(games, -1, dtype=np.int8)
    stalemate = np.zeros(games, dtype=bool)
    length = np.zeros(games, dtype=np.int32)
    for k in range(games):
        g = Game.deal(players, seed=seed * 1_000_003 + k, rules=rules, dealer=k % players)
        play_out(g, make_bots(k))
        loser[k] = -1 if g.loser is None else g.loser
        stalemate[k] = g.is_stalemate
        length[k] = len(g.moves)
    losses = np.bincount(loser[loser >= 0], minlength=players)
    return {"loser": loser, "stalemate": stalemate, "length": length, "losses": losses, "players": players,
            "games": games, "stalemates": int(stalemate.sum())}


def plot_losses(result: dict, labels=None, ax=None):
    """Bar chart of how often each seat was the bhabhi in :func:`simulate` results."""
    import matplotlib.pyplot as plt

    players, games = result["players"], result["games"]
    rate = result["losses"] / games
    labels = labels or [f"seat {s}" for s in range(players)]
    if ax is None:
        _, ax = plt.subplots(figsize=(6, 3), layout="constrained")
    bars = ax.bar(np.arange(players), rate, color="#c0504d")
    ax.set_xticks(np.arange(players), labels)
    ax.axhline(1 / players, color="gray", ls="--", lw=1, label="equal share")
    ax.bar_label(bars, labels=[f"{r:.0%}" for r in rate], padding=2)
    ax.set_ylabel("share of games lost")
    ax.set_title(f"Who is the bhabhi? ({games} games)")
    ax.set_ylim(0, max(1 / players, rate.max()) * 1.25)
    ax.legend(fontsize="small")
    return ax
