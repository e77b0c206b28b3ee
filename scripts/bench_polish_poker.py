"""Benchmark the Polish Poker engine on one core.

Random 4-player games with a view built for every decision and the record kept in memory.
Prints exactly four lines on stdout (details go to stderr):

    decisions_per_s: <number>
    games_per_s: <number>
    exists_per_s: <number>
    ratio_vs_openspiel_liars_dice: <number or n/a>

The ratio compares decisions per second with OpenSpiel's `liars_dice` played by uniform random
actions in a Python loop over `pyspiel`, measured in the same run when `open-spiel` is installed.

Rates are per CPU second of this process (`time.process_time`), so other programs sharing the
machine's cores change them little; both engines are timed alike, in interleaved slices.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable

from tourney.engine.match import make_bots, play_match, seat_names
from tourney.rules.polish_poker import N_DECLARATIONS, exists
from tourney.rules.polish_poker.existence import N_CARDS, mask_of_ids


class GameRunner:
    """Plays seeded random 4-player games in slices, accumulating decisions, games and time."""

    def __init__(self, *, serialize: bool = False) -> None:
        self.names = seat_names("polish-poker", 4)
        self.bots = make_bots("polish-poker", ["random"], 4, seed=0)
        self.serialize = serialize
        self.decisions = self.games = 0
        self.seconds = 0.0

    def run(self, seconds: float) -> None:
        start = time.process_time()
        deadline = start + seconds
        while True:
            for _ in range(50):
                state = play_match("polish-poker", self.names, self.bots, seed=self.games)
                if self.serialize:
                    state.events  # noqa: B018 - building the Appendix A.1 dicts is what is measured
                self.decisions += state.decisions
                self.games += 1
            now = time.process_time()
            if now >= deadline:
                break
        self.seconds += now - start


def bench_exists(seconds: float) -> float:
    """Existence checks per second on random sets of 2-21 cards and random declarations."""
    rng = random.Random(1)
    pairs = []
    for _ in range(10_000):
        cards = rng.sample(range(N_CARDS), rng.randint(2, 21))
        pairs.append((rng.randrange(N_DECLARATIONS), mask_of_ids(cards)))
    checks = 0
    start = time.process_time()
    deadline = start + seconds
    check = exists
    while True:
        for index, mask in pairs:
            check(index, mask)
        checks += len(pairs)
        now = time.process_time()
        if now >= deadline:
            break
    return checks / (now - start)


class OpenSpielRunner:
    """Uniform random play of OpenSpiel's liars_dice in a Python loop over pyspiel."""

    def __init__(self) -> None:
        import pyspiel

        self.game = pyspiel.load_game("liars_dice")
        self.rnd: Callable[[], float] = random.Random(0).random
        self.decisions = 0
        self.seconds = 0.0

    def run(self, seconds: float) -> None:
        game, rnd = self.game, self.rnd
        start = time.process_time()
        deadline = start + seconds
        while True:
            for _ in range(50):
                state = game.new_initial_state()
                while not state.is_terminal():
                    if state.is_chance_node():
                        outcomes = state.chance_outcomes()
                        state.apply_action(outcomes[int(rnd() * len(outcomes))][0])
                    else:
                        legal = state.legal_actions()
                        state.apply_action(legal[int(rnd() * len(legal))])
                        self.decisions += 1
            now = time.process_time()
            if now >= deadline:
                break
        self.seconds += now - start


def openspiel_runner() -> OpenSpielRunner | None:
    try:
        return OpenSpielRunner()
    except ImportError:
        return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="short run (well under 30 s)")
    args = parser.parse_args()
    seconds = 4.0 if args.quick else 20.0
    import tourney.rules.polish_poker.state as state_module

    compiled = not state_module.__file__.endswith(".py") if state_module.__file__ else False
    print(f"# engine: {'mypyc-compiled' if compiled else 'pure Python'}; {seconds:.0f} CPU s per measurement",
          file=sys.stderr)
    ours, serialized, theirs = GameRunner(), GameRunner(serialize=True), openspiel_runner()
    # Interleave short slices so that load from other processes hits both engines alike.
    slices = 10
    for _ in range(slices):
        ours.run(seconds / slices)
        if theirs is not None:
            theirs.run(seconds / slices)
    serialized.run(seconds / 3)
    exists_per_s = bench_exists(seconds / 2)
    decisions_per_s = ours.decisions / ours.seconds
    print(f"decisions_per_s: {decisions_per_s:.0f}")
    print(f"games_per_s: {ours.games / ours.seconds:.1f}")
    print(f"exists_per_s: {exists_per_s:.0f}")
    if theirs is None:
        print("ratio_vs_openspiel_liars_dice: n/a")
        print("# open-spiel is not installed (pip install open-spiel) so there is no ratio", file=sys.stderr)
    else:
        print(f"ratio_vs_openspiel_liars_dice: {decisions_per_s / (theirs.decisions / theirs.seconds):.2f}")
        print(f"# openspiel liars_dice decisions_per_s: {theirs.decisions / theirs.seconds:.0f}", file=sys.stderr)
    print(f"# records are kept as the round history; also building every record's Appendix A.1 dicts: "
          f"{serialized.decisions / serialized.seconds:.0f} decisions/s", file=sys.stderr)


if __name__ == "__main__":
    main()
