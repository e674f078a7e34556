"""How often a bot is the bhabhi against random bots (run on demand, not part of pytest).

    python benchmarks/bot_strength.py [--games 1000] [--players 4]

One seat (rotating with the dealer) is the bot under test, the others are RandomBots.
A seat that plays at random is the bhabhi in roughly 1/players of the games.
"""

import argparse

from tqdm.auto import tqdm

from bhabho_widget import Game, RandomBot, RuleBot, play_out


def loss_rate(make_bot, players: int, games: int, name: str = "") -> float:
    lost = 0
    for k in tqdm(range(games), desc=name, unit="game", leave=False, disable=None):
        g = Game.deal(players, seed=k, dealer=k % players)
        seat = k % players
        bots = [RandomBot(seed=1000 * k + s) for s in range(players)]
        bots[seat] = make_bot(k)
        play_out(g, bots)
        lost += g.loser == seat
    return lost / games


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args(argv)
    for name, make in (("RuleBot", lambda k: RuleBot(seed=k)), ("RandomBot", lambda k: RandomBot(seed=k + 99))):
        rate = loss_rate(make, args.players, args.games, name)
        print(f"{name:10} is the bhabhi in {rate:6.1%} of {args.games} games with {args.players} players")


if __name__ == "__main__":
    main()
