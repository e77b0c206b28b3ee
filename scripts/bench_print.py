"""Benchmark: the full set of printed sheets of a 1,000-player event (issue 7, item 11).

Builds a complete 1,000-player Polish Poker event with the engine (every table played by random
bots), then times `tourney print all --stage 1` as the library runs it: the view models and HTML
of the standings (1,000 rows), the bracket (every stage), and the stage-1 seating chart, seat cards
(1,000) and table sheets (one per table), written to a folder. Prints `seconds_print_all: N`
(target under 2 s, the best of --repeat runs) and, when Chromium and poppler are installed, the
printed page count of each sheet (A4).

    python scripts/bench_print.py [--players 1000] [--seed 1] [--repeat 3] [--out DIR] [--no-pdf]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

from tourney.app.bots.bot_run import play_stage
from tourney.app.floor.sheets import write_all
from tourney.engine.events import Event
from tourney.engine.tournament import TournamentState, draw_seats
from tourney.storage.repo import Tournament

CLUBS = ("Asy", "Blefiarze", "Jokers", "Kareta", "Strit", None)
ROOT = Path(__file__).resolve().parents[1]


def build_event(players: int, seed: int) -> TournamentState:
    state = TournamentState("polish-poker")
    ids = iter(range(1, 10**9))

    def add(kind: str, data: dict[str, object]) -> None:
        state.apply(Event(next(ids), kind, dict(data)))

    for i in range(players):
        add("register", {"name": f"Player {i + 1:04d}", "club": CLUBS[i % len(CLUBS)]})
    add("seat", draw_seats(state, seed))
    while True:
        for kind, data in list(play_stage(state, event_seed=seed)):
            add(kind, data)
        if state.complete:
            return state
        add("advance", {"stage": state.stage})
        add("seat", draw_seats(state, seed + state.stage))


def page_counts(files: list[Path]) -> dict[str, int] | str:
    sys.path.insert(0, str(ROOT / "tests" / "render"))
    from chromium_support import DevTools, missing_tools, page_count

    if missing_tools():
        return f"skipped (missing {', '.join(missing_tools())})"
    counts = {}
    with tempfile.TemporaryDirectory() as tmp, DevTools(Path(tmp) / "profile", timeout=120) as browser:
        for html in files:
            pdf = html.with_suffix(".pdf")
            browser.print_pdf(html, pdf)
            counts[html.stem] = page_count(pdf)
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--out", type=Path, default=None, help="keep the sheets (and PDFs) in this folder")
    parser.add_argument("--no-pdf", action="store_true", help="skip printing with Chromium")
    args = parser.parse_args()

    started = time.perf_counter()
    state = build_event(args.players, args.seed)
    print(f"event: {args.players} players, {len(state.history)} stages, "
          f"{sum(len(t) for t in state.history)} tables, {len(state.events)} events "
          f"(built in {time.perf_counter() - started:.2f} s)")
    row = Tournament(id=1, name=f"Benchmark Open ({args.players})", game=state.game, seed=args.seed, uid="bench",
                     created_at=datetime(2026, 1, 1))
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.out or Path(tmp) / "sheets"
        best = float("inf")
        for _ in range(max(1, args.repeat)):
            start = time.perf_counter()
            files = write_all(folder, row, state, stage=1)
            best = min(best, time.perf_counter() - start)
        print(f"seconds_print_all: {best:.3f}")
        for path in files:
            print(f"  {path.name}: {path.stat().st_size / 1e6:.2f} MB")
        if not args.no_pdf:
            counts = page_counts(files)
            if isinstance(counts, str):
                print(f"pages: {counts}")
            else:
                for name, pages in counts.items():
                    print(f"pages_{name.replace('-', '_')}: {pages}")


if __name__ == "__main__":
    main()
