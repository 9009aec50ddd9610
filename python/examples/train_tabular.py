"""Trains a tabular agent on Stop (2 players, one round) through TavoloEnv, then plays it against random.

The agent keeps one value per phase of the decision and kind of action (the game's code for it without the
card's colour: "4" for "R4" a red 4, "D" draw, ...), learnt by Monte Carlo from the match's penalty points with epsilon-greedy exploration;
it plays the offered action of highest value. Evaluation: matches against a random player, seats
alternating, fresh seeds; the win rate with its 95% Wilson score interval. It beats random when the
interval lies above 1/2.

    python3 python/examples/train_tabular.py --train 300 --eval 400 --seed 1
"""

import argparse
import json
import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from tavolo_bot.env import TavoloEnv  # noqa: E402

OPTIONS = {"maxRounds": 3}


def wilson(wins: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


COLOURS = "RYGBPO"


def card_kind(code: str) -> str:
    """A card's code without its colour ("R4" and "B4" are both "4"), so what is learnt of one colour serves all."""
    return code[1:] if len(code) > 1 and code[0] in COLOURS else code


class TabularAgent:
    def __init__(self, rng: random.Random, epsilon: float = 0.1, alpha: float = 0.05):
        self.values: dict[str, float] = {}
        self.rng = rng
        self.epsilon = epsilon
        self.alpha = alpha
        # An action never taken is worth the average match so far: neither sought nor shunned.
        self.mean_reward = 0.5
        self.matches = 0

    def act(self, observation, actions, explore: bool) -> tuple[dict, str]:
        """The chosen action and its key in the table: the decision's phase and the action's code."""
        keys = [f"{observation.get('phase')}|{card_kind(a['code'])}" for a in actions]
        if explore and self.rng.random() < self.epsilon:
            i = self.rng.randrange(len(actions))
        else:
            best = max(self.values.get(k, self.mean_reward) for k in keys)
            i = self.rng.choice([j for j, k in enumerate(keys) if self.values.get(k, self.mean_reward) == best])
        return actions[i], keys[i]

    def learn(self, keys: list[str], reward: float) -> None:
        for key in keys:
            v = self.values.get(key, self.mean_reward)
            self.values[key] = v + self.alpha * (reward - v)
        self.matches += 1
        self.mean_reward += (reward - self.mean_reward) / self.matches


def play(env: TavoloEnv, agent: TabularAgent, seat: int, seed: str, rng: random.Random, explore: bool) -> float:
    """One match with the agent at `seat` and a random player at the other; returns the agent's reward."""
    env.reset(seed=seed)
    me = env.possible_agents[seat]
    taken: list[str] = []
    while env.result is None:
        actions = env.legal_actions()
        if env.agent_selection == me:
            choice, key = agent.act(env.observe(me), actions, explore)
            taken.append(key)
        else:
            choice = rng.choice(actions)
        env.step(choice["action"])
    reward = env.rewards[me]
    if explore:
        # Learnt from the penalty points (lower is better), which say more than the win alone: 1 when the
        # agent has none and the other player some, 0 the other way round.
        mine, theirs = env.result["scores"][seat], env.result["scores"][1 - seat]
        agent.learn(taken, 0.5 + 0.5 * (theirs - mine) / (theirs + mine) if theirs + mine > 0 else 0.5)
    return reward


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--train", type=int, default=300, help="training matches")
    parser.add_argument("--eval", type=int, default=400, help="evaluation matches against random")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the result as JSON")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    agent = TabularAgent(random.Random(args.seed + 1))
    env = TavoloEnv("stop", players=2, options=OPTIONS)
    try:
        for i in range(args.train):
            play(env, agent, i % 2, f"train-{args.seed}-{i}", rng, explore=True)
        wins = sum(play(env, agent, i % 2, f"eval-{args.seed}-{i}", rng, explore=False) for i in range(args.eval))
    finally:
        env.close()
    low, high = wilson(wins, args.eval)
    result = {"train": args.train, "eval": args.eval, "wins": wins, "win_rate": wins / args.eval, "low": low, "high": high}
    if args.json:
        print(json.dumps(result))
    else:
        verdict = "beats random" if low > 0.5 else "does not beat random (the interval reaches 1/2)"
        print(f"After {args.train} training matches the agent won {wins:g} of {args.eval} against random: "
              f"{wins / args.eval:.1%} (95% Wilson interval {low:.1%} to {high:.1%}); it {verdict}.")


if __name__ == "__main__":
    main()
