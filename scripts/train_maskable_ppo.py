"""A worked example of a standard learner on `SingleAgentEnv` (issue 32): sb3-contrib's MaskablePPO
trained against a registry bot (by default `prob` in heads-up Polish Poker), then evaluated on the
same fixed deals against that bot and against the untrained network; docs/rl.md quotes a run.

sb3-contrib and torch are no dependency of tourney (nor of its tests): install them beside it,
e.g. `pip install torch sb3-contrib 'tourney[rl]'`. The learner uses one CPU thread.

Usage: python scripts/train_maskable_ppo.py [--game polish-poker] [--opponent prob]
[--timesteps 600000] [--eval 1000] [--option NAME=VALUE ...] [--save ppo-polish-poker.zip]

The saved policy then plays in the arena as a `module:` bot, `train_maskable_ppo:TrainedBot`
(this folder on the Python path; `TOURNEY_PPO_MODEL` names the saved file if not the default):

    PYTHONPATH=scripts tourney arena run --game polish-poker --bots ppo=train_maskable_ppo:TrainedBot,prob
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from tourney.envs.policy import PolicyBot
from tourney.envs.single import SingleAgentEnv
from tourney.rules.games import find_game, parse_option_assignments

DEFAULT_MODEL = "ppo-polish-poker.zip"
MISSING = ("error: this example needs sb3-contrib and torch, which tourney does not install: "
           "pip install torch sb3-contrib")

Policy = Callable[[np.ndarray, np.ndarray], int]


def sb3() -> Any:
    """The sb3_contrib module, with torch on one thread; one error line and exit 1 without them."""
    try:
        import sb3_contrib
        import torch
    except ImportError:
        print(MISSING, file=sys.stderr)
        raise SystemExit(1) from None
    torch.set_num_threads(1)
    return sb3_contrib


def network_policy(model: Any, deterministic: bool = True) -> Policy:
    """A MaskablePPO model as `choose(observation, mask) -> compact id`."""
    def choose(observation: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(observation, action_masks=mask.astype(bool), deterministic=deterministic)
        return int(action)
    return choose


def uniform_policy(seed: int) -> Policy:
    rng = np.random.default_rng(seed)

    def choose(observation: np.ndarray, mask: np.ndarray) -> int:
        return int(rng.choice(np.flatnonzero(mask)))
    return choose


def evaluate(game: str, options: dict[str, Any], learner: Policy, opponent: str | PolicyBot, games: int,
             seed: int) -> tuple[float, float]:
    """The learner's mean reward and win rate (first place alone) over `games` games: the same deals and
    seats (alternating) for every learner, from `seed`."""
    env = SingleAgentEnv(game, opponents=[opponent], options=options)
    rewards = []
    observation, info = env.reset(seed=seed)
    for played in range(games):
        if played:
            observation, info = env.reset()
        done = False
        reward = 0.0
        while not done:
            observation, reward, done, _, info = env.step(learner(observation, info["action_mask"]))
        rewards.append(float(reward))
    return float(np.mean(rewards)), float(np.mean([reward > 0 for reward in rewards]))


def progress(every: int) -> Any:
    """An sb3 callback printing the mean reward of the recent games every `every` steps."""
    from stable_baselines3.common.callbacks import BaseCallback

    class Progress(BaseCallback):  # type: ignore[misc]
        def __init__(self) -> None:
            super().__init__()
            self.rewards: list[float] = []
            self.started = time.process_time()
            self.next = every

        def _on_step(self) -> bool:
            for reward, done in zip(self.locals["rewards"], self.locals["dones"], strict=True):
                if done:
                    self.rewards.append(float(reward))
            if self.num_timesteps >= self.next:
                self.next += every
                recent = self.rewards[-2000:]
                print(f"{self.num_timesteps:>9,} steps, {len(self.rewards):,} games, "
                      f"mean reward of the last {len(recent):,} {np.mean(recent) if recent else 0.0:+.3f}, "
                      f"{time.process_time() - self.started:.0f} CPU-s", flush=True)
            return True

    return Progress()


class TrainedBot(PolicyBot):
    """The saved policy as an arena bot (`module:train_maskable_ppo:TrainedBot`): the file named by
    `TOURNEY_PPO_MODEL` (default ppo-polish-poker.zip in the current folder), its game from the
    `.json` saved beside it, the greedy action."""

    _models: dict[str, Any] = {}  # noqa: RUF012 (one load per process, shared by the bot's games)

    def __init__(self) -> None:
        path = os.environ.get("TOURNEY_PPO_MODEL", DEFAULT_MODEL)
        model = self._models.get(path)
        if model is None:
            model = self._models[path] = sb3().MaskablePPO.load(path, device="cpu")
        game = json.loads(Path(path).with_suffix(".json").read_text(encoding="utf-8"))["game"]
        super().__init__(game, network_policy(model), name="ppo")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="polish-poker")
    parser.add_argument("--opponent", default="prob")
    parser.add_argument("--timesteps", type=int, default=600_000)
    parser.add_argument("--eval", type=int, default=1000, help="evaluation games per line")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], help="a rule option NAME=VALUE (repeatable)")
    parser.add_argument("--save", default=DEFAULT_MODEL, help="where to save the trained model (.zip)")
    args = parser.parse_args()
    sb3_contrib = sb3()
    options = parse_option_assignments(find_game(args.game), args.option)
    env = SingleAgentEnv(args.game, opponents=[args.opponent], options=options)
    env.reset(seed=args.seed)
    model = sb3_contrib.MaskablePPO("MlpPolicy", env, seed=args.seed, device="cpu", verbose=0)
    untrained = sb3_contrib.MaskablePPO("MlpPolicy", env, seed=args.seed, device="cpu", verbose=0)
    evaluation_seed = 1_000_000 + args.seed

    def report(label: str, learner: Policy, opponent: str | PolicyBot, opponent_label: str) -> None:
        mean, wins = evaluate(args.game, options, learner, opponent, args.eval, evaluation_seed)
        print(f"{label} against {opponent_label}: mean reward {mean:+.3f}, win rate {wins:.1%} "
              f"({args.eval} games)", flush=True)

    report("uniform over the legal actions", uniform_policy(args.seed), args.opponent, args.opponent)
    report("untrained network", network_policy(untrained), args.opponent, args.opponent)
    started = time.process_time()
    model.learn(args.timesteps, callback=progress(max(args.timesteps // 10, 1)))
    print(f"trained {args.timesteps:,} steps in {time.process_time() - started:.0f} CPU-seconds", flush=True)
    model.save(args.save)
    Path(args.save).with_suffix(".json").write_text(json.dumps({"game": args.game, "options": options}),
                                                    encoding="utf-8")
    report("trained (greedy)", network_policy(model), args.opponent, args.opponent)
    report("trained (sampling)", network_policy(model, deterministic=False), args.opponent, args.opponent)
    untrained_bot = PolicyBot(args.game, network_policy(untrained), name="untrained")
    report("trained (greedy)", network_policy(model), untrained_bot, "the untrained network")
    print(f"saved {args.save}")


if __name__ == "__main__":
    main()
