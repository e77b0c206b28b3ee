"""The live half of the game contract: a game's `Outcome` must be what its live tables take.

Bots play a table's match (engine/autoplay.py, as `tourney run` does) and its entries, one round
loser per `result` for games that report rounds or the final `chips` for pot games, are applied to a
live tournament (engine TournamentState): the table must accept every entry, finish with the last
one, send on exactly the players the game's own outcome does and place them as it does (a pot game's
table knows only the chips: equal chips share a place there, while the game may still order them).
Then whole bot-played events run stage after stage to their final table. A game whose descriptor
disagrees with its own rules (say a `live_cap` that is not the game's cap) fails here, not in
`tourney run`; the last tests prove that the suite catches such a descriptor.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any

import pytest
from toy_game import TOY, RandomDealer, ToyState

from tourney.app.bots.bot_run import play_stage
from tourney.engine.autoplay import builtin_match, match_entries, table_seed
from tourney.engine.events import Event
from tourney.engine.planner import Plan
from tourney.engine.tables import TableState, chip_places
from tourney.engine.tournament import TournamentState, draw_seats
from tourney.errors import TourneyError
from tourney.rules.games import (
    GameDescriptor,
    GameState,
    OptionValue,
    Outcome,
    all_games,
    find_game,
    register_game,
    unregister_game,
)

PLAYABLE = [game for game in all_games() if game.playable]
SEEDS = (1, 2)


def game_id(game: GameDescriptor) -> str:
    return game.name


class LiveEvent:
    """A live tournament of `game` built event by event, as storage would append them."""

    def __init__(self, game: GameDescriptor, players: int) -> None:
        self.state = TournamentState(game.name)
        for number in range(1, players + 1):
            self.apply("register", {"name": f"p{number}"})

    def apply(self, kind: str, data: dict[str, Any]) -> None:
        last = self.state.events[-1].id if self.state.events else 0
        self.state.apply(Event(last + 1, kind, data))

    def seat(self, seed: int, plan: Mapping[str, Any] | None = None) -> None:
        """Draw the next stage's seats (stage 1: for `plan`, as `Plan.to_json()` writes it)."""
        self.apply("seat", draw_seats(self.state, seed, Plan.from_json(plan) if plan is not None else None))


@dataclass
class PlayedTable:
    entries: list[tuple[str, dict[str, Any]]]
    outcome: Outcome


def bots_match(game: GameDescriptor, table: TableState, seed: int) -> PlayedTable:
    """The entries bots make for `table` (autoplay's own function) and the outcome they come from."""
    outcomes: list[Outcome] = []

    def recorded(game: GameDescriptor, players: Sequence[str], specs: Sequence[str], seed: int,
                 options: Mapping[str, object]) -> GameState:
        state = builtin_match(game, players, specs, seed, options)
        outcomes.append(state.outcome())
        return state

    entries = match_entries(game, table, seed=seed, play=recorded)
    assert len(outcomes) == 1
    return PlayedTable(entries, outcomes[0])


def check_outcome_shape(game: GameDescriptor, table: TableState, outcome: Outcome) -> None:
    """What a live table reads from an outcome is there, and is what the game means by it."""
    assert sorted(outcome.standings) == sorted(table.seats)
    if game.live_result == "rounds":
        assert outcome.rounds, f"{game.name} reports rounds but its outcome names no round loser"
        assert set(outcome.rounds) <= set(table.seats)
    else:
        assert outcome.chips is not None, f"{game.name} reports chips but its outcome has no chip counts"
        counts = outcome.chip_counts()
        # A live table knows only the chips (equal chips share a place); the game may also order
        # players who end level (by when they busted, say), never against the chips.
        for better, worse in itertools.pairwise(outcome.standings):
            assert counts[better] >= counts[worse], f"{game.name}: standings go by chips, most first"
            more = counts[better] > counts[worse]
            assert outcome.place_of(better) < outcome.place_of(worse) if more else (
                outcome.place_of(better) <= outcome.place_of(worse)), (
                f"{game.name}: the outcome's places do not follow its chips ({better} {counts[better]}, place "
                f"{outcome.place_of(better)}; {worse} {counts[worse]}, place {outcome.place_of(worse)})")


def check_table_takes_the_match(game: GameDescriptor, live: LiveEvent, number: int, seed: int) -> None:
    """Bots play table `number` of the current stage; the table takes their entries and agrees."""
    table = live.state.table(number)
    played = bots_match(game, table, seed)
    check_outcome_shape(game, table, played.outcome)
    for index, (kind, data) in enumerate(played.entries, start=1):
        assert not live.state.table(number).finished, (
            f"{game.name}: table {number} ({len(table.seats)} players, stops at {table.advance}) finished after "
            f"{index - 1} of the {len(played.entries)} entries of the bots' match: does live_cap / live_start_cards "
            "agree with the game's own cap and start?")
        try:
            live.apply(kind, data)
        except TourneyError as error:
            raise AssertionError(
                f"{game.name}: the live table refuses entry {index} of the bots' match ({kind} {data}): {error}; "
                "does live_cap / live_start_cards agree with the game's own cap and start?") from None
    table = live.state.table(number)
    outcome = played.outcome
    assert table.finished, (
        f"{game.name}: the bots' match ended ({', '.join(outcome.standings)}) but the live table {number} plays on "
        f"with {table.still_in} at {table.counts}: does live_cap / live_start_cards agree with the game's own?")
    assert set(table.still_in) == set(outcome.standings[:table.advance]), (
        f"{game.name}: the live table sends on {table.still_in}, the game {list(outcome.standings[:table.advance])}")
    if played.entries[-1][0] == "finish":
        assert table.finishing_order() == list(outcome.standings)
    elif game.live_result == "rounds":
        out = table.eliminated
        assert {name: table.places[name] for name in out} == {name: outcome.place_of(name) for name in out}
    else:
        assert table.places == chip_places(outcome.chip_counts())


def table_plans(game: GameDescriptor) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every live table shape of `game`: each final table size, and each stage table size with
    each number that advances (two such tables, then a final of the advancers)."""
    low, high = game.seats
    sizes = range(max(2, low), min(high, game.max_table) + 1)
    for size in sizes:
        yield f"final of {size}", {"stages": [{"players": size, "tables": [size], "advance": 0}]}
        for advance in range(1, size):
            final = 2 * advance
            if max(2, low) <= final <= min(high, game.max_table):
                yield f"2 tables of {size}, top {advance}", {"stages": [
                    {"players": 2 * size, "tables": [size, size], "advance": advance},
                    {"players": final, "tables": [final], "advance": 0}]}


def check_live_tables(game: GameDescriptor) -> int:
    """Every table shape, a few seeds: the live tables take the bots' matches. Returns the tables played."""
    played = 0
    with registered(game):
        for _name, plan in table_plans(game):
            for seed in SEEDS:
                live = LiveEvent(game, plan["stages"][0]["players"])
                live.seat(seed, plan)
                for table in live.state.tables:
                    check_table_takes_the_match(game, live, table.number, table_seed(seed, 1, table.number))
                    played += 1
    return played


def check_bot_played_event(game: GameDescriptor, players: int, seed: int) -> TournamentState:
    """A whole event of `players` played by bots through app/bots/bot_run.py's stage loop, to its final table."""
    with registered(game):
        live = LiveEvent(game, players)
        live.seat(seed)
        plan = live.state.plan
        assert plan is not None
        for stage in range(1, len(plan.stages) + 1):
            try:
                for kind, data in list(play_stage(live.state, event_seed=seed)):
                    live.apply(kind, data)
            except TourneyError as error:
                raise AssertionError(f"{game.name}: stage {stage} of a bot-played event stops: {error}") from None
            playing = [t.number for t in live.state.tables if not t.finished]
            assert not playing, f"{game.name}: stage {stage}: tables {playing} play on after the bots' matches"
            if live.state.complete:
                break
            live.apply("advance", {"stage": stage})
            live.seat(seed + stage)
        assert live.state.complete and live.state.is_final_stage
        return live.state


@contextmanager
def registered(game: GameDescriptor) -> Iterator[None]:
    """`game` in the registry for the duration (a registered game stays as it is)."""
    try:
        known = find_game(game.name) is game
    except TourneyError:
        known = False
    if known:
        yield
        return
    register_game(game)
    try:
        yield
    finally:
        unregister_game(game.name)


@pytest.mark.parametrize("game", PLAYABLE, ids=game_id)
def test_every_live_table_shape_takes_the_bots_match(game: GameDescriptor) -> None:
    assert check_live_tables(game) >= 2 * len(SEEDS)


@pytest.mark.parametrize("game", PLAYABLE, ids=game_id)
def test_a_bot_played_event_runs_stage_by_stage_to_its_final_table(game: GameDescriptor) -> None:
    players = 2 * game.max_table + 1
    state = check_bot_played_event(game, players, seed=7)
    assert len(state.history) >= 2, "the event was meant to need more than one stage"
    standings = state.standings()
    assert sorted(row.player for row in standings) == sorted(p.name for p in state.players)
    assert standings[0].rank == 1


def test_both_kinds_of_report_are_covered() -> None:
    assert {game.live_result for game in PLAYABLE} == {"rounds", "chips"}


# ------------------------------------------------------------------ the suite catches a broken descriptor

def _rounds_game() -> GameDescriptor:
    return next(game for game in PLAYABLE if game.live_result == "rounds")


def _broken(**changes: Any) -> GameDescriptor:
    """A copy of the first game that reports rounds, under another name, with its descriptor changed."""
    game = _rounds_game()
    return replace(game, name="broken-descriptor", title="Broken descriptor", aliases=(), **changes)


def _one_more(cap: Any) -> Any:
    return lambda players_in: cap(players_in) + 1


def _one_less(cap: Any) -> Any:
    return lambda players_in: max(1, cap(players_in) - 1)


@pytest.mark.parametrize("changes", [
    pytest.param(lambda cap: {"live_cap": _one_more(cap)}, id="live_cap one above the game's cap"),
    pytest.param(lambda cap: {"live_cap": _one_less(cap)}, id="live_cap one below the game's cap"),
    pytest.param(lambda cap: {"live_start_cards": 2}, id="live tables start with 2 cards, the game with 1"),
])
def test_the_suite_catches_a_descriptor_whose_live_tables_disagree_with_its_game(changes: Any) -> None:
    broken = _broken(**changes(_rounds_game().live_cap))
    with pytest.raises(AssertionError, match="live_cap / live_start_cards"):
        check_live_tables(broken)
    with pytest.raises(AssertionError, match=r"broken-descriptor: stage 1 of a bot-played event stops|play on"):
        check_bot_played_event(broken, 2 * broken.max_table + 1, seed=7)


class _EveryoneFirst(ToyState):
    """The toy pot game, but its outcome gives every player place 1 whatever the chips."""

    def outcome(self) -> Outcome:
        real = super().outcome()
        return replace(real, places=tuple(1 for _ in real.places))


def _everyone_first(players: Sequence[str], rng: random.Random, options: Mapping[str, OptionValue],
                    seed: int | None) -> GameState:
    return _EveryoneFirst(players, RandomDealer(rng), options, seed)


def test_the_suite_catches_a_pot_game_whose_places_are_not_its_chips() -> None:
    broken = replace(TOY, name="broken-descriptor", title="Broken descriptor", aliases=(), new_state=_everyone_first)
    check_live_tables(TOY)
    with pytest.raises(AssertionError, match="places do not follow its chips"):
        check_live_tables(broken)
