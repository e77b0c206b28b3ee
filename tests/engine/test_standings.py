"""Standings (RULES §1.12 item 4) and complete seeded random tournaments through the event log."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tourney.engine.entries import start_chips
from tourney.engine.events import Event
from tourney.engine.planner import plan_stages
from tourney.engine.standings import StandingRow
from tourney.engine.tables import TableState
from tourney.engine.tournament import TournamentState, draw_seats, fold, max_table_for
from tourney.rules.games import find_game


class Driver:
    """Applies events with increasing ids, as storage would."""

    def __init__(self, game: str, n: int, clubs: int = 0) -> None:
        self.state = TournamentState(game)
        for i in range(n):
            self.add("register", name=f"p{i:02d}", club=f"c{i % clubs}" if clubs else None)

    def add(self, kind: str, **data: Any) -> None:
        next_id = self.state.events[-1].id + 1 if self.state.events else 1
        self.state.apply(Event(next_id, kind, data))

    def seat(self, seed: int) -> None:
        self.add("seat", **draw_seats(self.state, seed))


def table_chips(game: str, table: TableState) -> int:
    """The chips `table` sat down with (what its counts must add up to)."""
    each = start_chips(find_game(game))
    assert each is not None
    return each * len(table.seats)


def distinct_counts(rng: random.Random, players: int, total: int) -> list[int]:
    """Chip counts adding up to `total`, all different, so that no tie needs breaking."""
    while True:
        cuts = sorted(rng.sample(range(1, total), players - 1))
        counts = [b - a for a, b in zip([0, *cuts], [*cuts, total], strict=True)]
        if len(set(counts)) == players:
            return counts


def play_out(game: str, n: int, seed: int, clubs: int = 0) -> TournamentState:
    """A whole tournament with seeded random results (chip counts for pot games)."""
    rng = random.Random(seed)
    driver = Driver(game, n, clubs)
    driver.seat(seed)
    while not driver.state.complete:
        playing = [t for t in driver.state.tables if not t.finished]
        if not playing:
            driver.add("advance", stage=driver.state.stage)
            driver.seat(seed + driver.state.stage)
            continue
        table = rng.choice(playing)
        if game == "polish-poker":
            driver.add("result", table=table.number, loser=rng.choice(table.still_in))
        else:
            counts = distinct_counts(rng, len(table.still_in), table_chips(game, table))
            driver.add("chips", table=table.number, counts=dict(zip(table.still_in, counts, strict=True)))
    return driver.state


@pytest.mark.parametrize("game", ["polish-poker", "chlust", "khlyust", "lou"])
@pytest.mark.parametrize("n", [2, 5, 7, 13, 25, 48])
def test_complete_seeded_tournament(game: str, n: int) -> None:
    for seed in (1, 2):
        state = play_out(game, n, seed, clubs=3)
        rows = state.standings()
        plan = plan_stages(n, max_table=max_table_for(game))
        # Every player ranked once, the winner first and alone.
        assert sorted(r.player for r in rows) == [f"p{i:02d}" for i in range(n)]
        final = state.tables[0]
        assert len(state.tables) == 1 and final.is_final
        assert len(final.seats) == plan.final.players
        assert state.stage == len(plan.stages)
        assert rows[0].rank == 1 and rows[1].rank == 2
        assert rows[0].player == final.still_in[0]
        # The final table's order comes first, exactly.
        assert [r.player for r in rows[:len(final.seats)]] == final.finishing_order()
        assert [r.place for r in rows[:len(final.seats)]] == list(range(1, len(final.seats) + 1))
        # Ranks are 1 + the number strictly ahead.
        for row in rows:
            ahead = sum(1 for other in rows if (-other.stage, other.place) < (-row.stage, row.place))
            assert row.rank == 1 + ahead
        assert fold(game, state.events).snapshot() == state.snapshot()
        # Same seeds, same tournament.
        assert play_out(game, n, seed, clubs=3).snapshot() == state.snapshot()


def test_equal_places_at_different_tables_share_a_rank() -> None:
    driver = Driver("polish-poker", 13)
    driver.seat(7)
    for table in driver.state.tables:
        driver.add("finish", table=table.number, order=list(table.seats))
    rows = driver.state.standings()
    # Stage 1 still open: the 4 table winners (place 1) share rank 1; the places 2 share rank 5, ...
    assert [r.rank for r in rows] == [1, 1, 1, 1, 5, 5, 5, 5, 9, 9, 9, 9, 13]
    assert [r.place for r in rows] == [1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4]
    assert rows[-1].table == 1  # the only table of 4 has the only 4th place
    driver.add("advance", stage=1)
    driver.seat(8)
    final = driver.state.tables[0]
    driver.add("finish", table=1, order=list(final.seats))
    rows = driver.state.standings()
    assert [r.rank for r in rows] == [1, 2, 3, 4, 5, 5, 5, 5, 9, 9, 9, 9, 13]
    assert [(r.stage, r.place) for r in rows[:4]] == [(2, 1), (2, 2), (2, 3), (2, 4)]
    assert [r.player for r in rows[:4]] == final.seats
    assert all(r.stage == 1 for r in rows[4:])


def test_players_still_in_have_no_place_yet_and_rank_ahead() -> None:
    driver = Driver("polish-poker", 7)
    driver.seat(3)
    table = driver.state.tables[1]  # the table of 3
    loser = table.seats[0]
    for _ in range(5):
        driver.add("result", table=2, loser=loser)
    rows = driver.state.standings()
    assert [r.place for r in rows] == [None, None, None, None, 1, 1, 3]
    assert [r.rank for r in rows] == [1, 1, 1, 1, 1, 1, 7]
    assert rows[-1] == StandingRow(7, loser, 1, 2, 3)
    assert rows[-1].to_json() == {"rank": 7, "player": loser, "stage": 1, "table": 2, "place": 3, "note": None}


def test_no_standings_before_the_draw() -> None:
    assert Driver("polish-poker", 5).state.standings() == []
