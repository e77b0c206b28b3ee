"""Benchmark of the reinforcement-learning environments (issue 32 item 6): prints `key: value` lines.

    aec_steps_per_s[GAME]     the PettingZoo AEC env, heads-up, uniformly random legal actions
                              through agent_iter / last / step (targets: polish-poker >= 20,000,
                              each trick game >= 10,000 on the compiled build)
    vector_steps_per_s[GAME]  the vectorized API (`tourney.envs.vector.VectorEnv`), N games stepped
                              at once from arrays (target: polish-poker >= 200,000 at N = 256)
    vector_vs_aec[GAME]       the ratio of the two
    vector_tables_steps_per_s[GAME]  with --tables: the same through `VectorEnv(direct=False)`, which
                              steps tables through the JSON view and features.py (the former path)

Each figure is the best of `--repeats` runs by the wall clock (CPU-seconds are printed too: the
machine may be shared). Usage: python scripts/bench_envs.py [--steps N] [--envs N] [--repeats N]
[--games g1,g2] [--aec-only] [--tables]. Needs the [rl] extra.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np

from tourney.envs import pettingzoo_env

GAMES = ("polish-poker", "chlust", "lou", "khlyust")


def aec_steps(game: str, steps: int) -> int:
    """Play heads-up games with random legal actions until `steps` actions were taken."""
    env = pettingzoo_env(game, players=2)
    rng = np.random.default_rng(0)
    taken = 0
    seed = 0
    while taken < steps:
        env.reset(seed=seed)
        seed += 1
        for agent in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            taken += 1
            del agent
    return taken


def vector_steps(game: str, steps: int, envs: int, direct: bool = True) -> int:
    from tourney.envs.vector import VectorEnv

    vector = VectorEnv(game, envs, players=2, seed=0, direct=direct)
    rng = np.random.default_rng(0)
    taken = 0
    while taken < steps:
        masks = vector.action_masks()
        # a uniformly random legal action per game: the argmax of random keys over the legal ids
        keys = rng.random(masks.shape, dtype=np.float32) * masks
        vector.step(keys.argmax(axis=1))
        taken += envs
    return taken


def best_rate(run: Callable[[], int], repeats: int) -> tuple[float, float]:
    """The best steps per wall-clock second of `repeats` runs, and the rate per CPU-second of that run."""
    best = (0.0, 0.0)
    for _ in range(repeats):
        wall, cpu = time.perf_counter(), time.process_time()
        done = run()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        best = max(best, (done / wall, done / max(cpu, 1e-9)))
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000)
    parser.add_argument("--envs", type=int, default=256)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--aec-only", action="store_true")
    parser.add_argument("--tables", action="store_true", help="also VectorEnv(direct=False), the former path")
    args = parser.parse_args()
    for game in args.games.split(","):
        aec, aec_cpu = best_rate(lambda game=game: aec_steps(game, args.steps), args.repeats)
        print(f"aec_steps_per_s[{game}]: {aec:,.0f} (per CPU-second {aec_cpu:,.0f})", flush=True)
        if args.aec_only:
            continue
        vector, vector_cpu = best_rate(lambda game=game: vector_steps(game, args.steps * 5, args.envs), args.repeats)
        print(f"vector_steps_per_s[{game}]: {vector:,.0f} at N = {args.envs} (per CPU-second {vector_cpu:,.0f})")
        print(f"vector_vs_aec[{game}]: {vector / aec:.1f}", flush=True)
        if args.tables:
            tables, tables_cpu = best_rate(lambda game=game: vector_steps(game, args.steps, args.envs, direct=False),
                                           args.repeats)
            print(f"vector_tables_steps_per_s[{game}]: {tables:,.0f} at N = {args.envs} "
                  f"(per CPU-second {tables_cpu:,.0f})", flush=True)


if __name__ == "__main__":
    main()
