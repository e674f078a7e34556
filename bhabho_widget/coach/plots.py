"""Matplotlib plots: hand sizes through a game, and results of many simulated games.

A chart of shares of games draws each share with its 95 % interval (Wilson) and prints it
over its bar; :func:`percent_text` is the one rounding for those labels and for the numbers
a notebook prints beside the chart (halves rounded up, as in a hint's sentence and chart).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..engine.optional import MissingPackageError, optional_import

try:
    import numpy as np
except ImportError as err:  # where numpy is missing, one sentence says what needs it
    raise MissingPackageError.for_feature("numpy", "Plots", plural=True) from err

from ..engine.game import Game
from ..engine.rules import Rules
from ..play.driver import play_out
from ..play.stats import wilson

__all__ = ["hand_size_history", "percent_text", "plot_hand_sizes", "plot_losses", "plot_rates", "simulate"]


def percent_text(p: float, digits: int = 0) -> str:
    """A share as a percentage with ``digits`` decimals, halves rounded up: the text of a
    chart's bar label and of the same number printed beside the chart.

    >>> percent_text(1 / 200), percent_text(1 / 200, 1), percent_text(29 / 200), percent_text(0.2634, 1)
    ('1%', '0.5%', '15%', '26.3%')
    """
    scale = 10 ** (digits + 2)
    return f"{math.floor(p * scale + 0.5 + 1e-9) / 10 ** digits:.{digits}f}%"


def plot_rates(labels: Sequence[str], losses: Sequence[int], games: Sequence[int], ax=None, fair: float | None = None,
               digits: int = 0, color="#4f81bd", percent: bool = True):
    """Bars of shares ``losses[i] / games[i]`` with their 95 % Wilson intervals as error bars,
    each share printed over its interval with :func:`percent_text`; a dashed line at ``fair``.

    The bars are in percent of games (``percent=True``) or as fractions. Returns the Axes.
    """
    plt = optional_import("matplotlib.pyplot", "Plots", plural=True)

    k, n = np.asarray(losses, dtype=float), np.asarray(games, dtype=float)
    rates = np.divide(k, n, out=np.zeros_like(k), where=n > 0)
    ci = np.array([wilson(int(a), int(b)) for a, b in zip(losses, games)]).reshape(-1, 2)
    unit = 100.0 if percent else 1.0
    if ax is None:
        _, ax = plt.subplots(figsize=(max(4.0, 1.3 * len(labels) + 1.5), 3), layout="constrained")
    if isinstance(color, str) or len(color) != len(labels):
        color = [color] * len(labels)
    bars = ax.bar(np.arange(len(labels)), rates * unit, yerr=[(rates - ci[:, 0]) * unit, (ci[:, 1] - rates) * unit],
                  capsize=4, color=color, error_kw={"lw": 1, "ecolor": "#333333"})
    for bar, r, hi in zip(bars, rates, ci[:, 1]):  # each share over its interval, clear of the error bar
        ax.annotate(percent_text(r, digits), (bar.get_x() + bar.get_width() / 2, hi * unit), xytext=(0, 3),
                    textcoords="offset points", ha="center", va="bottom", fontsize="small")
    ax.set_xticks(np.arange(len(labels)), labels)
    top = max(ci[:, 1].max() if len(ci) else 0.0, fair or 0.0)
    ax.set_ylim(0, min(1.0, top * 1.25 + 0.04) * unit)
    if fair is not None:
        ax.axhline(fair * unit, color="gray", ls="--", lw=1, label=f"equal share {percent_text(fair)}")
        ax.legend(fontsize="small")
    ax.set_ylabel("share of games lost" + (" (%)" if percent else ""))
    return ax


def hand_size_history(game: Game) -> np.ndarray:
    """Hand sizes after the deal and after every trick or take: shape (steps, seats).

    Rebuilt by replaying the game from its start (:meth:`Game.root`), so the game itself is not changed.
    """
    replay = game.root()
    rows = [replay.hand_sizes()]
    for move in game.moves:
        replay.push(move)
        if not replay.table:
            rows.append(replay.hand_sizes())
    return np.array(rows, dtype=np.int16)


def plot_hand_sizes(game: Game, ax=None):
    """Line plot of every seat's hand size through the game; returns the Axes."""
    plt = optional_import("matplotlib.pyplot", "Plots", plural=True)

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
    """Bar chart of how often each seat was the bhabhi in :func:`simulate` results, with
    95 % intervals (see :func:`plot_rates`)."""
    players, games = result["players"], result["games"]
    labels = labels or [f"seat {s}" for s in range(players)]
    ax = plot_rates(labels, list(result["losses"]), [games] * players, ax=ax, fair=1 / players, color="#c0504d")
    ax.set_title(f"Who is the bhabhi? ({games} games)")
    return ax
