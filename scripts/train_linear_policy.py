"""A small worked example of learning with `SingleAgentEnv` (issue 32): REINFORCE with a running
baseline on a masked linear-softmax policy over the game's feature vector, numpy only, against a
registry bot. It prints the learner's mean reward and win rate before and after training, on the
same evaluation deals; docs/rl.md quotes a run.

Usage: python scripts/train_linear_policy.py [--game chlust] [--opponent rule] [--episodes 3000]
[--eval 500] [--option rotations=1 ...]. Needs the [rl] extra.
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

from tourney.envs.single import SingleAgentEnv
from tourney.rules.games import find_game, parse_option_assignments


class LinearPolicy:
    def __init__(self, features: int, actions: int, rng: np.random.Generator) -> None:
        self.weights = np.zeros((features + 1, actions))
        self.rng = rng
        self.scale = np.ones(features + 1)

    def _inputs(self, observation: np.ndarray) -> np.ndarray:
        return np.append(observation, 1.0) / self.scale

    def probabilities(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = self._inputs(observation) @ self.weights
        logits = np.where(mask, logits, -np.inf)
        logits -= logits[mask].max()
        odds = np.exp(logits)
        return odds / odds.sum()

    def act(self, observation: np.ndarray, mask: np.ndarray, greedy: bool = False) -> int:
        probabilities = self.probabilities(observation, mask)
        return int(probabilities.argmax()) if greedy else int(self.rng.choice(len(probabilities), p=probabilities))

    def gradient(self, observation: np.ndarray, mask: np.ndarray, action: int) -> np.ndarray:
        """d log pi(action) / d weights."""
        inputs = self._inputs(observation)
        probabilities = self.probabilities(observation, mask)
        direction = -probabilities
        direction[action] += 1.0
        return np.outer(inputs, direction)


def play(env: SingleAgentEnv, policy: LinearPolicy, seed: int | None, greedy: bool) -> tuple[float, list[Any]]:
    observation, info = env.reset(seed=seed)
    steps = []
    done = False
    reward = 0.0
    while not done:
        mask = info["action_mask"]
        action = policy.act(observation, mask, greedy)
        steps.append((observation, mask, action))
        observation, reward, done, _, info = env.step(action)
    return float(reward), steps


def evaluate(env: SingleAgentEnv, policy: LinearPolicy, games: int) -> tuple[float, float]:
    rewards = [play(env, policy, 1_000_000 + game, greedy=False)[0] for game in range(games)]
    return float(np.mean(rewards)), float(np.mean([r > 0 for r in rewards]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="chlust")
    parser.add_argument("--opponent", default="rule")
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--eval", type=int, default=500)
    parser.add_argument("--rate", type=float, default=0.01)
    parser.add_argument("--option", action="append", default=["rotations=1"])
    args = parser.parse_args()
    options = parse_option_assignments(find_game(args.game), args.option)
    env = SingleAgentEnv(args.game, opponents=[args.opponent], options=options)
    rng = np.random.default_rng(0)
    policy = LinearPolicy(env.observation_space.shape[0], int(env.action_space.n), rng)
    # Scale inputs by their typical size (chips and counts are plain numbers): from random play.
    samples = [step[0] for game in range(50) for step in play(env, policy, 2_000_000 + game, False)[1]]
    policy.scale = np.append(np.maximum(np.abs(np.array(samples)).max(axis=0), 1.0), 1.0)
    before = evaluate(env, policy, args.eval)
    print(f"before: mean reward {before[0]:+.3f}, win rate {before[1]:.1%} (uniform over legal actions)")
    baseline = 0.0
    for episode in range(args.episodes):
        reward, steps = play(env, policy, episode, greedy=False)
        advantage = reward - baseline
        baseline += 0.01 * (reward - baseline)
        for observation, mask, action in steps:
            policy.weights += args.rate * advantage * policy.gradient(observation, mask, action)
        if (episode + 1) % max(args.episodes // 5, 1) == 0:
            print(f"episode {episode + 1}: running mean reward {baseline:+.3f}", flush=True)
    after = evaluate(env, policy, args.eval)
    print(f"after {args.episodes} episodes: mean reward {after[0]:+.3f}, win rate {after[1]:.1%}")


if __name__ == "__main__":
    main()
