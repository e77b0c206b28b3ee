"""Record what a real bbpPairings pairs from tourney's TRF export, as data for the tests.

    python scripts/record_trf_roundtrip.py /path/to/bbpPairings [--events 12] [--seed 7]

Plays seeded Swiss events of duels through tourney's own operations (players P1..PN seeded by
rating, random wins and losses, a few forfeits, now and then a player who drops out), and after
each round's results exports the event (`tourney export trf`, `tourney.app.operations.trf`) and asks
`bbpPairings --dutch` to pair the next round from that file. Writes tests/data/trf/roundtrip.json,
which tests/app/test_trf_roundtrip.py replays, so CI needs no C++ engine.

The JSON: {"events": [{"players": N, "seed": S, "rounds": [ROUND, ...]}]}; ROUND = {"results":
[[table, "win" | "forfeit" | "double", loser], ...], "drops": [name, ...], "trf": the export after
them, "bbp": {"pairs": [[white, black], ...], "bye": name or null} (null after the last round),
"tourney": the next round as tourney paired it, same shape}.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tourney.app.operations import players, results, seating, tournaments
from tourney.app.operations.trf import trf_text

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "trf" / "roundtrip.json"


def pairing(state: Any) -> dict[str, Any]:
    """The round now seated: [white, black] per table (seat 0 first), and the bye."""
    byes = list(state.kind.byes(state))
    return {"pairs": [list(t.seats) for t in state.tables], "bye": byes[0] if byes else None}


def bbp_pairing(engine: str, text: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as work:
        source, target = Path(work) / "in.trf", Path(work) / "out.txt"
        source.write_text(text)
        subprocess.run([engine, "--dutch", str(source), "-p", str(target)], check=True, capture_output=True)
        rows = target.read_text().split()[1:]
    pairs, bye = [], None
    for white, black in zip(rows[0::2], rows[1::2], strict=True):
        if int(black) == 0:
            bye = f"P{white}"
        else:
            pairs.append([f"P{white}", f"P{black}"])
    return {"pairs": pairs, "bye": bye}


def random_results(state: Any, rng: random.Random) -> list[list[Any]]:
    out: list[list[Any]] = []
    for table in state.tables:
        white, black = table.seats
        roll = rng.random()
        if roll < 0.04:
            out.append([table.number, "forfeit", rng.choice([white, black])])
        elif roll < 0.05:
            out.append([table.number, "double", ""])
        else:
            better = min((white, black), key=lambda p: int(p[1:]))
            worse = black if better == white else white
            out.append([table.number, "win", worse if rng.random() < 0.65 else better])
    return out


def enter(state: Any, entered: list[list[Any]], db: str) -> None:
    """Enter a round's results as a director would (`finish`, `forfeit`)."""
    seats = {t.number: t.seats for t in state.tables}
    for number, kind, loser in entered:
        white, black = seats[number]
        if kind == "win":
            winner = black if loser == white else white
            results.finish(number, [winner, loser], db=db)
        elif kind == "forfeit":
            results.forfeit(number, [loser], db=db)
        else:
            results.forfeit(number, [white, black], db=db)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engine", help="the bbpPairings executable")
    parser.add_argument("--events", type=int, default=12)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    events = []
    agree = compared = 0
    for index in range(args.events):
        n = rng.randint(8, 24)
        seed = rng.randrange(10**6)
        with tempfile.TemporaryDirectory() as work:
            db = f"sqlite:///{work}/event.db"
            tournaments.new_tournament(f"Round trip {index + 1}", game="khlyust", format="swiss", seeding="rating",
                                       seed=seed, db=db)
            names = [f"P{i}" for i in range(1, n + 1)]
            players.add_players(names, db=db)
            state = seating.seat(ratings={p: 2400 - 10 * i for i, p in enumerate(names, start=1)}, db=db)
            rounds = []
            while True:
                entered = random_results(state, rng)
                enter(state, entered, db)
                now = results.tournament_state(db=db)
                left = [p.name for p in now.players if not p.dropped]
                drops = [rng.choice(left)] if not now.complete and rng.random() < 0.15 and len(left) > 6 else []
                for name in drops:
                    players.drop(name, db=db)
                text = trf_text(db=db)
                step: dict[str, Any] = {"results": entered, "drops": drops, "trf": text, "bbp": None, "tourney": None}
                rounds.append(step)
                if results.tournament_state(db=db).complete:
                    break
                step["bbp"] = bbp_pairing(args.engine, text)
                state = seating.advance(db=db).state
                step["tourney"] = pairing(state)
                compared += 1
                agree += sorted(step["bbp"]["pairs"]) == sorted(step["tourney"]["pairs"]) \
                    and step["bbp"]["bye"] == step["tourney"]["bye"]
        events.append({"players": n, "seed": seed, "rounds": rounds})
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps({"events": events}, indent=1) + "\n")
    print(f"{len(events)} events, {compared} next rounds paired by bbpPairings from tourney's TRF, "
          f"{agree} identical to tourney's (colours included); {OUT.stat().st_size} bytes -> {OUT}")


if __name__ == "__main__":
    main()
