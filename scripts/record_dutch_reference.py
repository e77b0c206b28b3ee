"""Record FIDE Dutch reference pairings from a real bbpPairings, as data for the tests.

    python scripts/record_dutch_reference.py /path/to/bbpPairings [--events 40] [--seed 1]

Makes seeded random Swiss histories of duels (N = 8..64, draws, the pairing-allocated bye, a few
forfeits): each round is paired by `bbpPairings --dutch` from the TRF file of the rounds before it,
then given random results. Writes tests/data/dutch/reference.json, which the tests read, so CI
needs no C++ engine. The maintainer runs this once; bbpPairings itself is never part of the
project.

The JSON: {"events": [{"players": N, "rounds": R, "played": [ROUND, ...]}]}, players numbered 1..N
in seeding order (TPN), ROUND = {"pairs": [[white, black, result], ...], "bye": id or 0}, result
from white's side: "1", "0", "=" (played), "+-" / "-+" (a forfeit won by white / black), "--"
(both forfeited). Round r of an event (r ≥ 2) is the reference pairing for the rounds before it.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import tempfile
from pathlib import Path

from tourney.app.input.trf import duel_trf, write_trf
from tourney.engine.rounds import PlayedRound, TableResult

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "dutch" / "reference.json"

Round = dict[str, object]


def _table(white: int, black: int, result: str) -> TableResult:
    places = {"1": (1, 2), "0": (2, 1), "=": (1, 1), "+-": (1, 2), "-+": (2, 1), "--": (1, 1)}[result]
    forfeits = {"+-": (black,), "-+": (white,), "--": (white, black)}.get(result, ())
    return TableResult((f"Player {white}", f"Player {black}"), places, tuple(f"Player {p}" for p in forfeits))


def trf(players: int, total_rounds: int, played: list[Round]) -> str:
    """The TRF-16 text of a tournament, as `tourney export trf` writes it (`tourney.app.input.trf`):
    one 001 line per player (rated 2400 - 10 x start number), XXR the total rounds, XXC the colour
    of the first board of round 1."""
    seeds = [f"Player {p}" for p in range(1, players + 1)]
    history = [PlayedRound(tuple(_table(w, b, r) for w, b, r in rnd["pairs"]),  # type: ignore[attr-defined]
                           (f"Player {rnd['bye']}",) if rnd["bye"] else ())
               for rnd in played]
    ratings = {name: 2400 - 10 * number for number, name in enumerate(seeds, start=1)}
    ranks = {name: number for number, name in enumerate(seeds, start=1)}
    return write_trf(duel_trf("Dutch reference", seeds, history, total_rounds, ratings=ratings, ranks=ranks,
                              first_colour="white1"))


def next_round(engine: str, text: str) -> Round:
    with tempfile.TemporaryDirectory() as work:
        source, target = Path(work) / "in.trf", Path(work) / "out.txt"
        source.write_text(text)
        subprocess.run([engine, "--dutch", str(source), "-p", str(target)], check=True, capture_output=True)
        rows = target.read_text().split()[1:]
    pairs: list[list[object]] = []
    bye = 0
    for white, black in zip(rows[0::2], rows[1::2], strict=True):
        if int(black) == 0:
            bye = int(white)
        else:
            pairs.append([int(white), int(black), ""])
    return {"pairs": pairs, "bye": bye}


def play(rnd: Round, rng: random.Random) -> None:
    """Random results: mostly played (the better seed a little more likely to win), a few forfeits."""
    for pair in rnd["pairs"]:  # type: ignore[attr-defined]
        roll = rng.random()
        if roll < 0.02:
            pair[2] = rng.choice(["+-", "-+", "--"])
        elif roll < 0.25:
            pair[2] = "="
        else:
            better_wins = rng.random() < 0.6
            white_better = pair[0] < pair[1]
            pair[2] = "1" if better_wins == white_better else "0"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engine", help="the bbpPairings executable")
    parser.add_argument("--events", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    events = []
    for _ in range(args.events):
        players = rng.randint(8, 64)
        total = max(3, (players - 1).bit_length()) + rng.randint(0, 2)
        played: list[Round] = []
        for _ in range(total):
            rnd = next_round(args.engine, trf(players, total, played))
            play(rnd, rng)
            played.append(rnd)
        events.append({"players": players, "rounds": total, "played": played})
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"events": events}, separators=(",", ":")) + "\n")
    rounds = sum(len(e["played"]) - 1 for e in events)  # type: ignore[arg-type]
    print(f"{len(events)} events, {rounds} reference rounds (2+), {OUT.stat().st_size} bytes -> {OUT}")


if __name__ == "__main__":
    main()
