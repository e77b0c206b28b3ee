"""Bracket-format events for the render tests, built from the pure formats with hand-made results
(no database): brackets played by a seeded coin, round robins and Swiss rounds with drawn places."""

from __future__ import annotations

import random
from collections.abc import Sequence

from render_events import sample_names

from tourney.app.read_models.format_views import crosstable_page, elimination_page, swiss_page
from tourney.engine.bracket import Bracket, champion, resolve
from tourney.engine.formats import swiss
from tourney.engine.formats.double_elimination import double_elimination
from tourney.engine.formats.knockout import knockout
from tourney.engine.formats.round_robin import balanced_tables, berger
from tourney.engine.rounds import PlayedRound, TableResult
from tourney.render.format_pages import CrosstablePage, EliminationPage, SwissPage
from tourney.render.pages import EventInfo

EVENT = EventInfo(name="Friday <Open> & Cup", game="Хлюст", date="2025-01-01", stage_text="round 2", seeds=())


def play(bracket: Bracket, names: Sequence[str], matches: int | None = None, seed: int = 1) -> dict[str, str]:
    """Winners of the first `matches` playable matches in play order (None: all), by a seeded coin."""
    rng = random.Random(seed)
    winners: dict[str, str] = {}
    for match in bracket.matches:
        if matches is not None and len(winners) >= matches:
            break
        state = resolve(bracket, names, winners)[match.id]
        if state.status == "ready":
            a, b = state.players
            assert a is not None and b is not None
            winners[match.id] = a if rng.random() < 0.6 else b
    return winners


def elimination(kind: str, players: int, *, matches: int | None = None, third_place: bool = False,
                best_of: int = 1, paper: str = "a4") -> EliminationPage:
    bracket = knockout(players, third_place) if kind == "knockout" else double_elimination(players)
    names = sample_names(players)
    winners = play(bracket, names, matches)
    games = {m: (w,) * (best_of // 2 + 1) for m, w in winners.items()}
    states = resolve(bracket, names, winners)
    return elimination_page(EVENT, bracket, names, states, best_of=best_of, games=games,
                            champ=champion(bracket, states), paper=paper)


def _result(table: Sequence[str], rng: random.Random) -> TableResult:
    places = list(range(1, len(table) + 1))
    rng.shuffle(places)
    if len(table) == 2 and rng.random() < 0.2:
        places = [1, 1]  # a draw
    return TableResult(tuple(table), tuple(places))


def round_robin(players: int, *, played: int | None = None, table_size: int = 2) -> CrosstablePage:
    rng = random.Random(5)
    names = sample_names(players)
    plans = berger(names) if table_size == 2 else balanced_tables(names, table_size, random.Random(1))
    done = plans if played is None else plans[:played]
    results = [PlayedRound(tuple(_result(t, rng) for t in plan.tables), plan.byes) for plan in done]
    return crosstable_page(EVENT, names, plans, results)


def swiss_event(players: int, rounds: int, played: int) -> SwissPage:
    rng = random.Random(9)
    names = sample_names(players)
    history: list[PlayedRound] = []
    plans = []
    for number in range(rounds):
        if number > played:
            break
        plan = swiss.pair_round(names, history, random.Random(number))
        plans.append(plan)
        if number < played:
            history.append(PlayedRound(tuple(_result(t, rng) for t in plan.tables), plan.byes))
    return swiss_page(EVENT, names, history, plans, rounds_total=rounds)
