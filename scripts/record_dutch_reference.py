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

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "dutch" / "reference.json"

Round = dict[str, object]


def trf(players: int, total_rounds: int, played: list[Round]) -> str:
    """The TRF-16 text of a tournament: one 001 line per player, XXR the total rounds; white
    starts the first board of round 1 (XXC white1)."""
    entries: dict[int, list[str]] = {p: [] for p in range(1, players + 1)}
    points = dict.fromkeys(entries, 0.0)
    own = {"1": ("1", "0"), "0": ("0", "1"), "=": ("=", "="), "+-": ("+", "-"), "-+": ("-", "+"), "--": ("-", "-")}
    gain = {"1": 1.0, "=": 0.5, "0": 0.0, "+": 1.0, "-": 0.0}
    for rnd in played:
        seen = set()
        for white, black, result in rnd["pairs"]:  # type: ignore[attr-defined]
            w_res, b_res = own[result]
            entries[white].append(f"{black:>4} w {w_res}")
            entries[black].append(f"{white:>4} b {b_res}")
            points[white] += gain[w_res]
            points[black] += gain[b_res]
            seen.update((white, black))
        bye = rnd["bye"]
        if bye:
            entries[bye].append("0000 - U")  # type: ignore[index]
            points[bye] += 1.0  # type: ignore[index]
            seen.add(bye)
        for p in entries:
            if p not in seen:
                raise ValueError(f"player {p} missing from a round")
    lines = ["012 Dutch reference", f"XXR {total_rounds}", "XXC white1"]
    for p in range(1, players + 1):
        head = [" "] * 91
        head[0:3] = "001"
        head[4:8] = f"{p:>4}"
        head[14:47] = f"Player {p}".ljust(33)
        head[48:52] = f"{2400 - 10 * p:>4}"
        head[80:84] = f"{points[p]:>4.1f}"
        head[85:89] = f"{p:>4}"
        lines.append(("".join(head) + "  ".join(entries[p])).rstrip())
    return "\n".join(lines) + "\n"


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
