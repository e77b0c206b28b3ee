"""The stage planner: RULES §1.12 and worked example PP-16, overrides and their errors."""

from __future__ import annotations

import pytest

from tourney.engine.planner import Plan, StagePlan, balanced_tables, plan_stages
from tourney.errors import InvalidInputError


def shape(plan: Plan) -> list[tuple[tuple[int, ...], int]]:
    return [(s.tables, s.advance) for s in plan.stages]


@pytest.mark.parametrize(("n", "expected"), [
    # PP-16 and the examples of §1.12 item 1.
    (7, [((4, 3), 2), ((4,), 0)]),
    (13, [((4, 3, 3, 3), 1), ((4,), 0)]),
    (25, [((5, 5, 5, 5, 5), 2), ((5, 5), 2), ((4,), 0)]),
    (48, [((6,) * 8, 2), ((4, 4, 4, 4), 1), ((4,), 0)]),
    (73, [((6,) * 8 + (5,) * 5, 1), ((4, 3, 3, 3), 1), ((4,), 0)]),
    # Range edges of §1.12.
    (12, [((6, 6), 2), ((4,), 0)]),
    (24, [((6, 6, 6, 6), 1), ((4,), 0)]),
    (60, [((6,) * 10, 2), ((5, 5, 5, 5), 1), ((4,), 0)]),
    (72, [((6,) * 12, 2), ((6, 6, 6, 6), 1), ((4,), 0)]),
])
def test_pp16_plans(n: int, expected: list[tuple[tuple[int, ...], int]]) -> None:
    plan = plan_stages(n)
    assert shape(plan) == expected
    assert plan.stages[0].players == n
    assert len(plan.reasons) == len(plan.stages)


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_two_to_six_players_are_one_final_table(n: int) -> None:
    plan = plan_stages(n)
    assert plan.to_json() == {"stages": [{"players": n, "tables": [n], "advance": 0}]}
    assert "final" in plan.reasons[0]


def test_to_json_shape_of_the_issue() -> None:
    assert plan_stages(25).to_json() == {"stages": [
        {"players": 25, "tables": [5, 5, 5, 5, 5], "advance": 2},
        {"players": 10, "tables": [5, 5], "advance": 2},
        {"players": 4, "tables": [4], "advance": 0},
    ]}


def test_reasons_say_why() -> None:
    reasons = plan_stages(25).reasons
    assert "⌈25/6⌉ = 5" in reasons[0] and "top 2" in reasons[0]
    assert reasons[-1].startswith("4 players: one final table")


@pytest.mark.parametrize("n", range(7, 401))
def test_every_default_plan_is_playable_and_ends_at_four(n: int) -> None:
    plan = plan_stages(n)
    for stage, nxt in zip(plan.stages, plan.stages[1:], strict=False):
        assert sum(stage.tables) == stage.players
        assert max(stage.tables) - min(stage.tables) <= 1
        assert all(2 <= t <= 6 for t in stage.tables)
        assert 1 <= stage.advance < min(stage.tables)
        assert nxt.players == stage.advance * len(stage.tables)
    assert plan.final == StagePlan(4, (4,), 0)
    assert Plan.from_json(plan.to_json()) == plan


def test_balanced_tables() -> None:
    assert balanced_tables(13, 4) == (4, 3, 3, 3)
    assert balanced_tables(12, 2) == (6, 6)


# ------------------------------------------------------------------ overrides
def test_table_size_override() -> None:
    plan = plan_stages(20, table_size=4)
    assert plan.stages[0].tables == (4, 4, 4, 4, 4)
    assert all(max(s.tables) <= 4 for s in plan.stages[:-1])
    assert plan.final.players <= 6


def test_advance_override() -> None:
    plan = plan_stages(12, advance=1)
    assert shape(plan) == [((6, 6), 1), ((2,), 0)]


def test_final_size_override() -> None:
    assert shape(plan_stages(12, final_size=6)) == [((6, 6), 3), ((6,), 0)]
    # An explicit final size below the field forces a first stage even for 6 players.
    assert shape(plan_stages(6, final_size=4)) == [((3, 3), 2), ((4,), 0)]
    # Asking for the default gives the default.
    assert plan_stages(48, final_size=4) == plan_stages(48)


def test_overrides_combined() -> None:
    plan = plan_stages(30, table_size=5, advance=2, final_size=6)
    assert shape(plan) == [((5,) * 6, 2), ((4, 4, 4), 2), ((6,), 0)]


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"n_players": 1}, "at least 2 players"),
    ({"n_players": 0}, "at least 2 players"),
    ({"n_players": 20, "table_size": 7}, "table size must be 2-6"),
    ({"n_players": 20, "table_size": 1}, "table size must be 2-6"),
    ({"n_players": 20, "advance": 0}, "advance must be at least 1"),
    ({"n_players": 20, "table_size": 4, "advance": 4}, "smaller than the table size"),
    ({"n_players": 7, "advance": 3}, "smallest table (3)"),
    ({"n_players": 20, "final_size": 7}, "final table size must be 2-6"),
    ({"n_players": 20, "final_size": 1}, "final table size must be 2-6"),
    ({"n_players": 9, "table_size": 2}, "without a table of 1"),
])
def test_override_errors(kwargs: dict[str, int], message: str) -> None:
    n = kwargs.pop("n_players")
    with pytest.raises(InvalidInputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        plan_stages(n, **kwargs)


@pytest.mark.parametrize("data", [
    {"stages": []},
    {"stages": [{"players": 5, "tables": [4], "advance": 0}]},
    {"stages": [{"players": 8, "tables": [4, 4], "advance": 2}]},
    {"stages": [{"players": 8, "tables": [4, 4], "advance": 2}, {"players": 3, "tables": [3], "advance": 0}]},
    {"stages": [{"players": 8, "tables": [4, 4], "advance": 4}, {"players": 8, "tables": [8], "advance": 0}]},
    {"nope": 1},
])
def test_from_json_refuses_unplayable_plans(data: dict[str, object]) -> None:
    with pytest.raises(InvalidInputError):
        Plan.from_json(data)


def test_from_json_keeps_custom_plan() -> None:
    plan = plan_stages(30, table_size=5, advance=2, final_size=6)
    again = Plan.from_json(plan.to_json())
    assert again.stages == plan.stages
    assert len(again.reasons) == len(plan.stages)


# ------------------------------------------------------------------ games with smaller tables
@pytest.mark.parametrize("n", range(2, 201))
def test_four_seat_games_never_plan_a_table_above_four(n: int) -> None:
    plan = plan_stages(n, max_table=4)
    for stage, nxt in zip(plan.stages, plan.stages[1:], strict=False):
        assert sum(stage.tables) == stage.players
        assert all(2 <= t <= 4 for t in stage.tables)
        assert 1 <= stage.advance < min(stage.tables)
        assert nxt.players == stage.advance * len(stage.tables)
    assert 2 <= plan.final.players <= 4
    assert plan.final.tables == (plan.final.players,)


def test_four_seat_games_split_five_and_six_players() -> None:
    assert plan_stages(5, max_table=4).stages[0].tables == (3, 2)
    assert plan_stages(6, max_table=4).stages[0].tables == (3, 3)
    assert plan_stages(4, max_table=4).stages == (StagePlan(4, (4,), 0),)


@pytest.mark.parametrize("kwargs", [{"table_size": 5}, {"final_size": 6}, {"max_table": 9}, {"max_table": 1}])
def test_overrides_beyond_the_games_table_are_refused(kwargs: dict[str, int]) -> None:
    with pytest.raises(InvalidInputError, match="table"):
        plan_stages(20, **{"max_table": 4, **kwargs})
