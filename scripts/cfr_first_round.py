"""CFR and exact exploitability on the first round of heads-up Polish Poker from a short deck (issue 32).

    python scripts/cfr_first_round.py --deck QS+KS+AS+AH --iterations 64
    python scripts/cfr_first_round.py --deck QS+KS+AS+JK --iterations 32

Loads `python_tourney_polish_poker` with `chance=cards` (the round's three cards dealt as explicit
chance from the deck), `one_round=true` and `possible_only=true` (the declarations no deal of the
round makes true left out), runs OpenSpiel's tabular CFR (`cfr.CFRSolver`) and prints, at
iterations 1, 2, 4, 8, ..., the exploitability of the average policy (OpenSpiel's
`exploitability.exploitability`: the mean over the seats of what a best response gains against
it; 0 at an equilibrium) with the CPU seconds of the iterations and of the best responses. Needs
`pip install 'tourney[rl]'`. docs/rl.md quotes a run.
"""

from __future__ import annotations

import argparse
import sys
import time


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deck", default="QS+KS+AS+AH", help="the cards chance deals from, joined by +")
    parser.add_argument("--iterations", type=int, default=64, help="CFR iterations (default 64)")
    args = parser.parse_args()
    try:
        import pyspiel
        from open_spiel.python.algorithms import cfr, exploitability
    except ImportError:
        print("this needs the [rl] extra: pip install 'tourney[rl]'", file=sys.stderr)
        return 1
    import tourney.openspiel  # noqa: F401 (registers the games)

    try:
        game = pyspiel.load_game("python_tourney_polish_poker", {
            "chance": "cards", "deck": args.deck, "one_round": True, "possible_only": True})
    except (pyspiel.SpielError, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    started = time.process_time()
    solver = cfr.CFRSolver(game)
    print(f"deck {args.deck}: CFRSolver built in {time.process_time() - started:.1f} s CPU "
          f"(it walks the whole tree once)")
    print(f"{'iterations':>10}  {'exploitability':>14}  {'CFR CPU s':>9}  {'best response CPU s':>19}")
    cfr_seconds = 0.0
    report_at = 1
    for iteration in range(1, args.iterations + 1):
        started = time.process_time()
        solver.evaluate_and_update_policy()
        cfr_seconds += time.process_time() - started
        if iteration == report_at or iteration == args.iterations:
            started = time.process_time()
            value = exploitability.exploitability(game, solver.average_policy())
            print(f"{iteration:>10}  {value:>14.4f}  {cfr_seconds:>9.1f}  {time.process_time() - started:>19.1f}")
            report_at *= 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
