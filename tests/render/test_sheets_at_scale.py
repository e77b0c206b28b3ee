"""The sheets of large events (issue 20 item 2): each procedure made linear gives what the quadratic
one it replaced gave. The replaced code is kept here as the reference; speed lives in
scripts/bench_sheets.py, never in a test."""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from format_events import elimination
from hypothesis import given, settings
from hypothesis import strategies as st
from render_events import Builder, sample_names, tournament

from tourney.app.floor import sheets
from tourney.app.read_models import format_views, views
from tourney.engine.rounds import PlayedRound, RoundPlan, TableResult
from tourney.engine.tables import TableState
from tourney.engine.tournament import TournamentState
from tourney.render import bracket_layout
from tourney.render.bracket_layout import CAPACITY, MAX_COLUMNS, _bands, _Column, _sides
from tourney.render.format_pages import EliminationPage, MatchBox, RoundTables, TableLine
from tourney.render.pages import BracketEntry, BracketGroup, BracketSource
from tourney.render.sheets import render_table_sheets

# ------------------------------------------------------------------ the classic bracket's sections

def reference_bands(columns: Sequence[_Column], feeders: dict[str, list[str]]) -> list[list[list[MatchBox]]]:
    """`_bands` as it was: each run scanned the whole next column (quadratic in the bracket's size)."""
    sections: list[list[list[MatchBox]]] = []
    start = 0
    while True:
        first = list(columns[start].matches)
        ends = []
        for run_start in range(0, len(first), CAPACITY):
            run = first[run_start:run_start + CAPACITY]
            cols, ids, at = [run], {m.id for m in run}, start
            while at + 1 < len(columns) and len(cols) < MAX_COLUMNS:
                fed = [m for m in columns[at + 1].matches if set(feeders.get(m.id, ())) & ids]
                if not fed or any(f not in ids for m in fed for f in feeders.get(m.id, ())):
                    break
                cols.append(fed)
                ids |= {m.id for m in fed}
                at += 1
            sections.append(cols)
            ends.append(at)
        stop = min(ends)
        if stop >= len(columns) - 1:
            return sections
        start = stop if stop > start else start + 1


def _side_feeders(page: EliminationPage) -> Iterator[tuple[list[_Column], dict[str, list[str]]]]:
    """Each side's columns with the feeders `layout` gives `_bands` (the winners' lines within the side)."""
    feeders: dict[str, list[str]] = {}
    for r in page.rounds:
        for m in r.matches:
            if m.winner_to is not None:
                feeders.setdefault(m.winner_to, []).append(m.id)
    for _side, columns in _sides(page):
        ids = {m.id for c in columns for m in c.matches}
        yield columns, {target: [f for f in sources if f in ids]
                        for target, sources in feeders.items() if target in ids}


@settings(max_examples=25, deadline=None)
@given(kind=st.sampled_from(["knockout", "double-elimination"]), players=st.integers(2, 200),
       played=st.integers(0, 300))
def test_a_brackets_sections_are_the_ones_the_quadratic_scan_cut(kind: str, players: int, played: int) -> None:
    page = elimination(kind, players, matches=played)
    for columns, feeders in _side_feeders(page):
        assert _bands(columns, feeders) == reference_bands(columns, feeders)


def test_a_large_knockout_is_cut_as_before() -> None:
    page = elimination("knockout", 700, matches=500)
    sides = list(_side_feeders(page))
    assert sides and all(_bands(c, f) == reference_bands(c, f) for c, f in sides)
    assert len(bracket_layout.layout(page).sections) > 512 // CAPACITY  # 512 first-round matches


# ------------------------------------------------------------------ the stages' tree

def reference_groups(state: TournamentState, tables: list[TableState], following: list[TableState] | None,
                     champion: str | None) -> Iterator[BracketGroup]:
    """`views._groups` as it was: every next-stage table scanned every table of the stage, and each
    table read who dropped out from the whole roster (quadratic in the players). A table sends on the
    players seated at the next stage (`only`), or, before that draw, those the format says go on
    (a qualifier who dropped out replaced by the next of the table's order)."""
    def source(table: TableState, champ: str | None, only: set[str] | None = None) -> BracketSource:
        dropped = {p.name for p in state.players if p.dropped}
        order = table.finishing_order()
        qualifiers = order[:len(table.still_in)]
        if not table.finished:
            going: list[str] = []
        elif only is not None:
            going = [p for p in order if p in only]
        elif table in state.tables:
            going = [p for p in order if p in set(state.kind.advancing(state))]
        else:
            going = [p for p in qualifiers if p not in dropped]
        replaced = dict(zip([p for p in going if p not in qualifiers], [p for p in qualifiers if p not in going],
                            strict=False))
        sends = tuple(BracketEntry(player=p, place=table.places.get(p), champion=p == champ,
                                   in_place_of=replaced.get(p, "")) for p in going)
        return BracketSource(table=table.number, status=views._status([table]),
                                   players_left=len(table.still_in), sends=sends,
                                   champion=any(e.champion for e in sends))

    if following is None:
        for start in range(0, len(tables), views.UNDRAWN_GROUP):
            sources = tuple(source(t, champion) for t in tables[start:start + views.UNDRAWN_GROUP])
            yield BracketGroup(target=None, target_status="not started", sources=sources,
                               champion=any(s.champion for s in sources))
        return
    sent: set[str] = set()
    for target in following:
        arriving = set(target.seats)
        sources = tuple(source(t, champion, arriving) for t in tables if arriving & set(t.seats))
        sent.update(arriving)
        yield BracketGroup(target=target.number, target_status=views._status([target]),
                           sources=sources,
                           champion=champion is not None and champion in arriving)
    idle = [t for t in tables if not set(t.seats) & sent]
    if idle:
        yield BracketGroup(target=None, target_status="not started",
                           sources=tuple(source(t, None) for t in idle), champion=False)


def _staged_event(players: int, seed: int, drops: int) -> TournamentState:
    """Stage 1 played to its end, `drops` players dropped out (some of them going on), stage 2 seated
    and half played when there is a stage 2."""
    builder = Builder()
    builder.register(sample_names(players))
    builder.seat(seed)
    builder.play_stage(seed)
    rng = random.Random(seed)
    going = builder.state.kind.advancing(builder.state)
    for name in rng.sample(going, min(drops, len(going) - 2)):  # dropping the ones going on
        builder.add("drop", {"name": name})
    if builder.state.complete:
        return builder.state
    builder.advance(seed)
    from tourney.app.bots.bot_run import play_stage

    entries = list(play_stage(builder.state, event_seed=seed))
    for kind, data in entries[:len(entries) // 2]:
        builder.add(kind, data)
    return builder.state


@pytest.mark.parametrize(("players", "seed", "drops"), [(13, 1, 0), (40, 2, 3), (90, 3, 9), (250, 4, 20)])
def test_the_stages_groups_are_the_ones_the_scan_found(players: int, seed: int, drops: int) -> None:
    state = _staged_event(players, seed, drops)
    assert len(state.history) == 2
    first, second = state.history
    for following in (second, None):
        expected = list(reference_groups(state, first, following, None))
        assert list(views._groups(state, first, following, None)) == expected
        assert expected
    groups = list(views._groups(state, first, second, None))
    assert sum(len(s.sends) for g in groups for s in g.sources) > 0  # players were sent on
    # Every player of stage 2 is drawn on the tree, a player promoted in place of one who dropped too.
    assert {e.player for g in groups for s in g.sources for e in s.sends} == {n for t in second for n in t.seats}
    assert bool(drops) == any(e.in_place_of for g in groups for s in g.sources for e in s.sends)


# ------------------------------------------------------------------ the table sheets' grids

# templates/table_sheets.html as it was: every table's grid drawn in full, row by row.
REFERENCE_TABLE_SHEETS = (Path(__file__).parent / "reference_table_sheets.html").read_text(encoding="utf-8")


@pytest.mark.parametrize(("players", "game"), [(13, "polish-poker"), (47, "polish-poker"), (23, "khlyust"),
                                               (61, "khlyust")])
def test_the_grids_drawn_once_per_shape_are_the_grids_drawn_per_table(tmp_path: Path, players: int,
                                                                       game: str) -> None:
    builder = Builder(game)
    builder.register(sample_names(players))
    builder.seat(3)
    page = views.table_sheets_page(tournament(game=game), builder.state)
    # Shapes alternate (tables of 6 and 5, the final's own), and the first shape comes back.
    sheets_mixed = (*page.sheets, *reversed(page.sheets), page.sheets[0])
    assert len({(s.rows, s.counts, len(s.seats)) for s in sheets_mixed}) > 1
    mixed = type(page)(event=page.event, sheets=sheets_mixed, paper=page.paper)
    reference, other = tmp_path / "reference", tmp_path / "other"
    reference.mkdir()
    other.mkdir()  # a director's folder without table_sheets.html: ours, run in the sandbox
    (reference / "table_sheets.html").write_text(REFERENCE_TABLE_SHEETS, encoding="utf-8")
    ours = render_table_sheets(mixed)
    assert ours == render_table_sheets(mixed, reference) == render_table_sheets(mixed, other)


# ------------------------------------------------------------------ the collector

def test_the_collector_pauses_while_a_sheet_is_built_and_runs_again_after(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _staged_event(13, 1, 0)
    seen: list[bool] = []
    build = views.standings_page

    def watched(*args: object, **kwargs: object) -> object:
        seen.append(gc.isenabled())
        return build(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(views, "standings_page", watched)
    assert gc.isenabled()
    sheets.render_sheet("standings", tournament(), state)
    assert seen == [False] and gc.isenabled()
    gc.disable()
    try:
        sheets.render_sheet("standings", tournament(), state)
        assert not gc.isenabled()  # a caller's own pause is left as it was
    finally:
        gc.enable()


# ------------------------------------------------------------------ a round's tables (round robin, Swiss)

def reference_round_tables(plan: RoundPlan, played: PlayedRound | None) -> RoundTables:
    """`format_views.round_tables` as it was: each table scanned every result of the round."""
    lines = []
    for number, table in enumerate(plan.tables, start=1):
        result = None
        for candidate in played.tables if played is not None else ():
            if set(candidate.players) == set(table):
                result = candidate
                break
        places = None
        if result is not None:
            by_player = dict(zip(result.players, result.places, strict=True))
            places = tuple(by_player[p] for p in table)
        lines.append(TableLine(number=number, players=tuple(table), places=places,
                               result=format_views._duel_result(places) if places is not None and len(table) == 2
                               else ""))
    return RoundTables(number=plan.number, tables=tuple(lines), byes=plan.byes,
                       played=all(line.places is not None for line in lines))


@settings(max_examples=60, deadline=None)
@given(players=st.integers(2, 40), size=st.integers(2, 4), seed=st.integers(0, 10**6), entered=st.floats(0, 1))
def test_a_rounds_tables_find_their_results_as_the_scan_did(players: int, size: int, seed: int,
                                                            entered: float) -> None:
    rng = random.Random(seed)
    names = [f"P{i}" for i in range(players)]
    rng.shuffle(names)
    tables = tuple(tuple(names[i:i + size]) for i in range(0, players - players % size, size))
    results = []
    for table in tables:
        if rng.random() < entered:
            seated = list(table)
            rng.shuffle(seated)  # a result names the players in its own order
            places = list(range(1, len(table) + 1))
            rng.shuffle(places)
            results.append(TableResult(tuple(seated), tuple(places)))
    if results and rng.random() < 0.3:  # the same table entered twice: the first entry counts
        again = results[0]
        seated = again.players if rng.random() < 0.5 else tuple(reversed(again.players))  # in any order
        results.append(TableResult(seated, tuple(reversed(again.places))))
    rng.shuffle(results)
    plan = RoundPlan(1, tables, tuple(names[players - players % size:]))
    for played in (PlayedRound(tuple(results)), None):
        assert format_views.round_tables(plan, played) == reference_round_tables(plan, played)


def test_a_table_entered_twice_reads_its_first_entry_whatever_the_order_of_its_players() -> None:
    plan = RoundPlan(1, (("A", "B"), ("C", "D")), ())
    played = PlayedRound((TableResult(("B", "A"), (1, 2)), TableResult(("A", "B"), (1, 2)),
                          TableResult(("C", "D"), (1, 1))))
    lines = format_views.round_tables(plan, played).tables
    assert [(line.places, line.result) for line in lines] == [((2, 1), "0–1"), ((1, 1), "½–½")]
    assert format_views.round_tables(plan, played) == reference_round_tables(plan, played)


# ------------------------------------------------------------------ the benchmark

def test_the_benchmark_prints_every_sheet_of_every_scenario_and_the_totals() -> None:
    import subprocess
    import sys

    script = Path(__file__).resolve().parents[2] / "scripts" / "bench_sheets.py"
    done = subprocess.run([sys.executable, str(script), "--players", "30", "--repeat", "1"],
                          capture_output=True, text=True, check=True, timeout=300)
    printed = {line.split(":")[0] for line in done.stdout.splitlines() if not line.startswith("#")}
    scenarios = ("stages", "stages-next", "knockout")
    assert printed == {f"sheet_seconds[{s}/{sheet}][30]" for s in scenarios for sheet in sheets.SHEETS} \
        | {f"total_seconds[{s}][30]" for s in scenarios} | {"total_seconds[30]"}
