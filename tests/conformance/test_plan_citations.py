"""A plan's reasons cite the rules of the event's own game: each descriptor's `table_citations`
name sections of its own part of RULES (or the shared §0), and the stage planner quotes them in
the reasons a seat draw stores and in its errors. Polish Poker's reasons are as they always were."""

from __future__ import annotations

import re

import pytest

from tourney.engine.events import Event
from tourney.engine.planner import plan_stages
from tourney.engine.tournament import TournamentState, draw_seats
from tourney.errors import InvalidInputError
from tourney.rules.games import GameDescriptor, all_games, find_game

GAMES = all_games()


def game_id(game: GameDescriptor) -> str:
    return game.name


def registered(game: GameDescriptor, players: int) -> TournamentState:
    state = TournamentState(game.name)
    for number in range(1, players + 1):
        state.apply(Event(number, "register", {"name": f"p{number}"}))
    return state


def test_polish_poker_reasons_and_errors_are_as_they_were() -> None:
    game = find_game("polish-poker")
    assert plan_stages(25, game.table_citations, max_table=game.max_table).reasons == (
        "25 players: 25 > 24, so ⌈25/6⌉ = 5 tables (5, 5, 5, 5, 5); 2×5 = 10 ≤ 24, so the top 2 of each table go on.",
        "10 players: 10 ≤ 12, so 2 tables (5, 5); the top 2 of each table go on → final of 4.",
        "4 players: one final table, played until one player is left (RULES §1.11).",
    )
    assert plan_stages(25).reasons == plan_stages(25, game.table_citations).reasons
    with pytest.raises(InvalidInputError, match=r"^table size must be 2-6 \(the caps of RULES §1\.3\), not 7$"):
        plan_stages(9, game.table_citations, table_size=7)


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_a_game_cites_only_its_own_rules_and_the_shared_conventions(game: GameDescriptor) -> None:
    cited = game.table_citations
    sections = re.findall(r"§(\d+)", f"{cited.size} {cited.final}")
    own = re.match(r"§(\d+)", game.rules_section)
    if own is None:
        assert sections == [], f"{game.name} has no RULES section, so its tables cite none"
    else:
        assert sections, f"{game.name}: its table citations name no section of RULES {game.rules_section}"
        assert set(sections) <= {"0", own.group(1)}, f"{game.name} cites {cited}"


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_the_seat_draw_stores_reasons_citing_the_games_own_rules(game: GameDescriptor) -> None:
    state = registered(game, 2 * game.max_table + 1)
    assert state.plan is not None
    stored = draw_seats(state, 5)["plan"]["reasons"]
    assert stored == list(state.plan.reasons)
    assert len(stored) >= 2
    assert stored[-1].endswith(f"one final table, {game.table_citations.final}.")
    if "§1" not in f"{game.table_citations}":
        assert not any("§1" in reason for reason in stored), stored


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_a_table_too_big_for_the_game_is_refused_citing_its_rules(game: GameDescriptor) -> None:
    too_big = game.max_table + 1
    message = f"table size must be 2-{game.max_table} ({game.table_citations.size}), not {too_big}"
    with pytest.raises(InvalidInputError, match=f"^{re.escape(message)}$"):
        plan_stages(20, game.table_citations, table_size=too_big, max_table=game.max_table)


@pytest.mark.parametrize("game", GAMES, ids=game_id)
def test_a_late_entry_into_a_one_table_event_keeps_citing_the_game(game: GameDescriptor) -> None:
    state = registered(game, 2)
    state.apply(Event(3, "seat", draw_seats(state, 1)))
    state.apply(Event(4, "register", {"name": "late"}))
    assert state.plan is not None and state.plan.stages[0].players == 3
    assert state.plan.reasons[-1] == f"3 players: one final table, {game.table_citations.final}."
