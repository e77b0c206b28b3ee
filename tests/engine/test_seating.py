"""The seeded seat draw: determinism, plan sizes, club spreading, starters, and seat validation."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tourney.engine.events import Event
from tourney.engine.planner import plan_stages
from tourney.engine.seating import draw_tables
from tourney.engine.tournament import TournamentState, draw_seats, fold
from tourney.errors import IllegalActionError


def registered(n: int, clubs: list[str | None] | None = None, game: str = "polish-poker") -> TournamentState:
    state = TournamentState(game)
    for i in range(n):
        club = clubs[i] if clubs else None
        state.apply(Event(i + 1, "register", {"name": f"p{i:02d}", "club": club}))
    return state


def next_id(state: TournamentState) -> int:
    return state.events[-1].id + 1 if state.events else 1


def test_same_seed_same_payload_other_seed_other_payload() -> None:
    a = draw_seats(registered(25), 42)
    b = draw_seats(registered(25), 42)
    c = draw_seats(registered(25), 43)
    assert a == b
    assert a["tables"] != c["tables"]
    assert a["seed"] == 42 and a["stage"] == 1
    assert a["plan"] == plan_stages(25).to_json_with_reasons()


def test_draw_never_touches_the_global_random() -> None:
    random.seed(7)
    before = random.getstate()
    draw_seats(registered(13), 1)
    assert random.getstate() == before


@pytest.mark.parametrize("n", [2, 5, 7, 13, 25, 48, 73])
def test_tables_follow_the_plan_and_seat_everyone_once(n: int) -> None:
    payload = draw_seats(registered(n), 3)
    sizes = [len(t["players"]) for t in payload["tables"]]
    assert tuple(sizes) == plan_stages(n).stages[0].tables
    seated = [p for t in payload["tables"] for p in t["players"]]
    assert sorted(seated) == [f"p{i:02d}" for i in range(n)]
    assert [t["table"] for t in payload["tables"]] == list(range(1, len(sizes) + 1))
    for table in payload["tables"]:
        assert table["starter"] in table["players"]


def test_first_starter_is_drawn_by_lot() -> None:
    seats = Counter()
    for seed in range(60):
        table = draw_seats(registered(4), seed)["tables"][0]
        seats[table["players"].index(table["starter"])] += 1
    assert set(seats) == {0, 1, 2, 3}


def test_clubs_are_spread_one_per_table() -> None:
    # 16 players, 4 clubs of 4, 4 tables of 4: every table gets one of each club.
    clubs: list[str | None] = [f"club{i % 4}" for i in range(16)]
    club_of = {f"p{i:02d}": clubs[i] for i in range(16)}
    for seed in range(20):
        payload = draw_seats(registered(16, clubs), seed)
        for table in payload["tables"]:
            assert sorted(club_of[p] or "" for p in table["players"]) == ["club0", "club1", "club2", "club3"]


def test_big_club_spread_as_evenly_as_tables_allow() -> None:
    # A club of 9 among 25 players at 5 tables of 5: no table holds more than 2 of them.
    clubs: list[str | None] = ["big"] * 9 + ["small"] * 3 + [None] * 13
    for seed in range(20):
        payload = draw_seats(registered(25, clubs), seed)
        per_table = [sum(1 for p in t["players"] if int(p[1:]) < 9) for t in payload["tables"]]
        assert max(per_table) == 2 and min(per_table) == 1
        small = [sum(1 for p in t["players"] if 9 <= int(p[1:]) < 12) for t in payload["tables"]]
        assert max(small) == 1


def test_draw_tables_is_pure_and_checks_sizes() -> None:
    players: list[tuple[str, str | None]] = [("a", "x"), ("b", "x"), ("c", None), ("d", None)]
    assert draw_tables(players, (2, 2), 9) == draw_tables(players, (2, 2), 9)
    with pytest.raises(ValueError):
        draw_tables(players, (3, 3), 9)


def test_stage_two_seats_exactly_the_advancers() -> None:
    state = registered(7)
    state.apply(Event(next_id(state), "seat", draw_seats(state, 5)))
    for table in state.tables:
        finish = {"table": table.number, "order": list(table.seats)}
        state.apply(Event(next_id(state), "finish", finish))
    state.apply(Event(next_id(state), "advance", {"stage": 1}))
    payload = draw_seats(state, 6)
    assert "plan" not in payload and payload["stage"] == 2
    expected = sorted(p for t in state.history[0] for p in t.seats[:2])
    assert sorted(payload["tables"][0]["players"]) == expected
    state.apply(Event(next_id(state), "seat", payload))
    assert state.stage == 2 and state.tables[0].is_final
    assert all(state.tables[0].counts[p] == 1 for p in expected)


def test_custom_plan_is_carried_by_the_first_seat_event() -> None:
    state = registered(12)
    plan = plan_stages(12, final_size=6)
    payload = draw_seats(state, 1, plan)
    assert payload["plan"] == plan.to_json_with_reasons()
    state.apply(Event(next_id(state), "seat", payload))
    assert state.plan == plan
    assert all(t.advance == 3 for t in state.tables)
    again = fold("polish-poker", state.events)
    assert again.plan == plan


# ------------------------------------------------------------------ seat validation
def seat_error(state: TournamentState, payload: dict[str, Any], match: str) -> None:
    before = state.snapshot()
    with pytest.raises(IllegalActionError, match=match):
        state.apply(Event(next_id(state), "seat", payload))
    assert state.snapshot() == before


def test_bad_seat_payloads_are_refused_without_change() -> None:
    state = registered(7)
    good = draw_seats(state, 1)
    t1, t2 = good["tables"]
    seat_error(state, {**good, "stage": 2}, "next stage to seat is 1")
    seat_error(state, {**good, "tables": [t1]}, "expected 2 tables")
    swapped = [{**t1, "players": [*t1["players"][:-1], t2["players"][0]], "starter": t1["players"][0]}, t2]
    seat_error(state, {**good, "tables": swapped}, "seated twice")
    stranger = [{**t1, "players": [*t1["players"][:-1], "zed"], "starter": t1["players"][0]}, t2]
    seat_error(state, {**good, "tables": stranger}, "zed is not to be seated")
    bad_starter = [{**t1, "starter": t2["players"][0]}, t2]
    seat_error(state, {**good, "tables": bad_starter}, "starter")
    moved = [{**t1, "players": t1["players"][:-1], "starter": t1["players"][0]},
             {**t2, "players": [*t2["players"], t1["players"][-1]]}]
    # Sizes (3, 4) are the plan's (4, 3) in another order: allowed; (2, 5) would not be.
    unbalanced = [{**t1, "players": t1["players"][:2], "starter": t1["players"][0]},
                  {**t2, "players": [*t2["players"], *t1["players"][2:]]}]
    seat_error(state, {**good, "tables": unbalanced}, "do not match the plan")
    state.apply(Event(next_id(state), "seat", {**good, "tables": moved}))
    seat_error(state, good, "still being played")


def test_draw_refuses_while_a_stage_is_played_and_with_too_few_players() -> None:
    state = registered(5)
    state.apply(Event(next_id(state), "seat", draw_seats(state, 1)))
    with pytest.raises(IllegalActionError, match="still being played"):
        draw_seats(state, 2)
    with pytest.raises(Exception, match="at least 2 players"):
        draw_seats(registered(1), 1)


@pytest.mark.parametrize("game", ["chlust", "khlyust"])
def test_four_seat_games_are_drawn_at_tables_of_at_most_four(game: str) -> None:
    state = registered(11, game=game)
    assert state.plan is not None and max(max(s.tables) for s in state.plan.stages) <= 4
    state.apply(Event(next_id(state), "seat", draw_seats(state, 3)))
    assert len(state.tables) == 4 and max(len(t.seats) for t in state.tables) <= 4


def test_a_plan_with_six_seat_tables_is_refused_for_chlust() -> None:
    state = registered(12, game="chlust")
    six_seat_plan = plan_stages(12).to_json_with_reasons()
    payload = {**draw_seats(state, 1), "plan": six_seat_plan}
    seat_error(state, payload, "seats at most 4")


# ------------------------------------------------------------------ the linear draw against the scan
def reference_draw_tables(players: Sequence[tuple[str, str | None]], sizes: Sequence[int],
                          seed: int) -> list[dict[str, Any]]:
    """The quadratic seat draw the linear one replaced (each seat scanned every table), kept as the
    reference whose output `draw_tables` must reproduce exactly for every seed."""
    rng = random.Random(seed)
    order = list(players)
    rng.shuffle(order)
    clubs: dict[str | None, list[str]] = {}
    for name, club in order:
        clubs.setdefault(club or None, []).append(name)
    groups = sorted((club for club in clubs if club is not None), key=lambda c: -len(clubs[c]))
    seated: list[list[str]] = [[] for _ in sizes]
    for club in [*groups, None]:
        members = [0] * len(sizes)
        for name in clubs.get(club, []):
            free = [i for i, size in enumerate(sizes) if len(seated[i]) < size]
            if club is None:
                best = free
            else:
                fewest = min(members[i] for i in free)
                room = max(sizes[i] - len(seated[i]) for i in free if members[i] == fewest)
                best = [i for i in free if members[i] == fewest and sizes[i] - len(seated[i]) == room]
            table = rng.choice(best)
            seated[table].append(name)
            members[table] += 1
    tables = []
    for number, names in enumerate(seated, start=1):
        rng.shuffle(names)
        tables.append({"table": number, "players": names, "starter": rng.choice(names)})
    return tables


@st.composite
def fields(draw: st.DrawFn) -> tuple[list[tuple[str, str | None]], list[int]]:
    """Tables of 1-9 seats, filled by players of a few clubs (some of them big), `""` and clubless."""
    sizes = draw(st.lists(st.integers(1, 9), min_size=1, max_size=14))
    club_names = [f"club{c}" for c in range(draw(st.integers(0, 6)))]
    club = st.sampled_from([None, "", *club_names])
    players = [(f"p{i:03d}", draw(club)) for i in range(sum(sizes))]
    return players, sizes


@settings(max_examples=300, deadline=None)
@given(fields(), st.integers(0, 2**32))
def test_draw_tables_gives_the_reference_seating_for_every_field(
        field: tuple[list[tuple[str, str | None]], list[int]], seed: int) -> None:
    players, sizes = field
    assert draw_tables(players, sizes, seed) == reference_draw_tables(players, sizes, seed)


def test_draw_tables_gives_the_reference_seating_for_a_large_field_with_clubs() -> None:
    players: list[tuple[str, str | None]] = [(f"p{i:04d}", f"club{i % 37}" if i % 4 else None) for i in range(1500)]
    sizes = [6] * 240 + [5] * 12
    assert draw_tables(players, sizes, 2026) == reference_draw_tables(players, sizes, 2026)
