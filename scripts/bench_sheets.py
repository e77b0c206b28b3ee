"""Benchmark: every printed sheet of large events, sheet by sheet (issue 20, item 2).

For each size N (default 1,000, 3,000, 10,000 and 30,000 players) it builds, in memory with the
engine alone (`app/bots/bot_run.stage_plays` plays the tables with random bots):

- `stages`: a Polish Poker event of planned stages, stage 1 seated and ~80 % of its tables played;
- `stages-next`: the same with stage 1 finished, advanced and stage 2 seated with ~80 % of its
  tables played (the bracket's groups now join two drawn stages);
- `knockout`: a Хлюст knockout of N, round 1 seated and ~80 % of its matches played,

then renders every sheet `tourney print all` writes (standings, bracket, seating, seat cards, table
sheets; HTML only) and prints the CPU time of each, the best of --repeat runs:

    sheet_seconds[SCENARIO/SHEET][N]: S
    total_seconds[SCENARIO][N]: S    (every sheet of that event; target for 30,000 players: < 5 s)
    total_seconds[N]: S              (every sheet of every scenario of N)

    python scripts/bench_sheets.py [--players 1000,3000,10000,30000] [--repeat 3] [--scenarios stages,...]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from datetime import datetime
from functools import partial
from typing import Any

from tourney.app.bots.bot_run import stage_plays
from tourney.app.floor.sheets import SHEETS, render_sheet
from tourney.engine.autoplay import builtin_match
from tourney.engine.events import Event
from tourney.engine.tournament import TournamentState, draw_seats
from tourney.storage.repo import Tournament

CLUBS = ("Asy", "Blefiarze", "Jokers", "Kareta", "Strit", None)
PLAYED_SHARE = 0.8
SEED = 1


class EventBuilder:
    """A live event driven event by event, ids increasing by one (as storage does)."""

    def __init__(self, game: str, players: int, fmt: dict[str, Any] | None = None) -> None:
        self.state = TournamentState(game)
        self.ids = iter(range(1, 10**9))
        if fmt is not None:
            self.add("format", fmt)
        for i in range(players):
            self.add("register", {"name": f"Gracz {i + 1:05d} Nowak{i % 97}", "club": CLUBS[i % len(CLUBS)]})

    def add(self, kind: str, data: dict[str, Any]) -> None:
        self.state.apply(Event(next(self.ids), kind, dict(data)))

    def seat(self) -> None:
        self.add("seat", draw_seats(self.state, SEED + self.state.stage))

    def play(self, share: float) -> None:
        """Play the first `share` of the current stage's open tables with random bots."""
        wanted = round(len(self.state.tables) * share)
        plays = stage_plays(self.state, event_seed=SEED, bots=("random",), play=builtin_match)
        for count, table_play in enumerate(plays):
            if count >= wanted:
                break
            for kind, data in table_play.entries:
                self.add(kind, data)


def stages_event(players: int) -> TournamentState:
    event = EventBuilder("polish-poker", players)
    event.seat()
    event.play(PLAYED_SHARE)
    return event.state


def stages_next_event(players: int) -> TournamentState:
    event = EventBuilder("polish-poker", players)
    event.seat()
    event.play(1.0)
    event.add("advance", {"stage": 1})
    event.seat()
    event.play(PLAYED_SHARE)
    return event.state


def knockout_event(players: int) -> TournamentState:
    event = EventBuilder("khlyust", players, {"format": "knockout"})
    event.seat()
    event.play(PLAYED_SHARE)
    return event.state


SCENARIOS: dict[str, Callable[[int], TournamentState]] = {
    "stages": stages_event, "stages-next": stages_next_event, "knockout": knockout_event}


def cpu_seconds(work: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(max(1, repeat)):
        start = time.process_time()
        work()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", default="1000,3000,10000,30000", help="sizes, comma-separated")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--scenarios", default=",".join(SCENARIOS), help="comma-separated: " + ", ".join(SCENARIOS))
    args = parser.parse_args()
    sizes = [int(size) for size in args.players.split(",")]
    scenarios = [name.strip() for name in args.scenarios.split(",")]
    for players in sizes:
        total = 0.0
        for scenario in scenarios:
            started = time.process_time()
            state = SCENARIOS[scenario](players)
            print(f"# {scenario} of {players}: {len(state.tables)} tables in stage {state.stage}, "
                  f"{len(state.events)} events, built in {time.process_time() - started:.1f} s CPU", flush=True)
            row = Tournament(id=1, name=f"Benchmark Open ({players})", game=state.game, seed=SEED, uid="bench",
                             created_at=datetime(2026, 1, 1))
            every_sheet = 0.0
            for sheet in SHEETS:
                seconds = cpu_seconds(partial(render_sheet, sheet, row, state), args.repeat)
                every_sheet += seconds
                print(f"sheet_seconds[{scenario}/{sheet}][{players}]: {seconds:.3f}", flush=True)
            print(f"total_seconds[{scenario}][{players}]: {every_sheet:.3f}", flush=True)
            total += every_sheet
        print(f"total_seconds[{players}]: {total:.3f}", flush=True)


if __name__ == "__main__":
    main()
