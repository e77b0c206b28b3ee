"""The view models of the printed sheets and the wall display, built from a tournament's state.

The one place where the engine's `TournamentState` meets the render layer's plain page values
(`tourney.render.pages`); the render layer itself never sees the engine or storage.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from datetime import datetime
from typing import TYPE_CHECKING

from tourney.app.input import collation
from tourney.app.read_models.match_labels import match_label
from tourney.app.read_models.plan_reasons import plan_reason
from tourney.app.read_models.sheet_words import (
    format_label,
    game_title,
    sheet_rule,
    standings_note,
    unit_word,
)
from tourney.app.read_models.stage_labels import capitalised, going_on_text, stage_name
from tourney.app.read_models.stage_labels import stage_heading as stage_label  # a sheet names a stage by its heading
from tourney.app.read_models.standings_cells import cells, row_texts
from tourney.app.read_models.table_views import advancing_now
from tourney.engine.tables import TableState
from tourney.errors import IllegalActionError
from tourney.i18n import ENGLISH, N_, Translator
from tourney.render.pages import (
    BracketEntry,
    BracketGroup,
    BracketPage,
    BracketSource,
    BracketStage,
    CapStep,
    EventInfo,
    FindSeat,
    LiveInfo,
    SeatCard,
    SeatCardsPage,
    SeatingPage,
    SeatingTable,
    SeatLine,
    StandingsHeading,
    StandingsPage,
    StandingsRow,
    Status,
    TableSheet,
    TableSheetsPage,
)

if TYPE_CHECKING:
    from tourney.engine.tournament import TournamentState
    from tourney.storage.repo import Tournament

# A group of tables with no drawn successor yet is cut into groups this big, so that no group
# outgrows a printed page.
UNDRAWN_GROUP = 6
CHIP_ROWS = 28
# Up to this many seated players (a final, a small stage), "find your seat" fits under the tables:
# a page of its own would print a second sheet for a handful of names.
FIND_ON_TABLES_PAGE = 12


def local_now() -> datetime:
    """The time a sheet is printed, in the printing machine's zone (the golden files fix it)."""
    return datetime.now().astimezone()


def event_info(tournament: Tournament, state: TournamentState, tr: Translator = ENGLISH) -> EventInfo:
    """The page header: the event, its game and date (`tourney new --date`), where it stands in the
    format's words and, while it can still change, the time it was printed ("as of 21:40"); all in
    `tr`'s language, which the page carries to its templates."""
    where = _plan_progress(state, tr) if state.kind.takes_stage_plan else _round_progress(state, tr)
    as_of = None if state.complete else local_now().strftime("%H:%M")
    return EventInfo(name=tournament.name, game=game_title(state.descriptor.title, tr),
                     date=tr.date(tournament.created_at.date()), stage_text=where,
                     seeds=tuple(sorted(state.seeds.items())), as_of=as_of, lang=tr.lang)


def _plan_progress(state: TournamentState, tr: Translator) -> str:
    """Where an event of planned stages stands: "stage 1 of 3 playing", "final table playing"."""
    plan = state.plan
    if state.stage == 0:
        return tr.gettext("no seats drawn yet")
    if state.complete:
        return tr.gettext("complete")
    this, following = stage_label(state, state.stage, tr), stage_label(state, state.stage + 1, tr)
    if state.tables and all(t.finished for t in state.tables) and not state.is_final_stage and not state.closed:
        return tr.gettext("%(stage)s finished; advance to draw %(next)s", stage=this, next=following)
    if state.closed:
        return tr.gettext("%(stage)s finished; %(next)s not drawn yet", stage=this, next=following)
    if state.is_final_stage:
        return tr.gettext("final table playing")
    stages = len(plan.stages) if plan is not None else state.stage
    return tr.gettext("stage %(number)s of %(total)s playing", number=state.stage, total=stages)


def _round_progress(state: TournamentState, tr: Translator) -> str:
    """Where an event played in rounds stands: "knockout · round 2 playing"."""
    unit = state.kind.unit
    if state.stage == 0:
        where = tr.gettext("no seats drawn yet")
    elif state.complete:
        where = tr.gettext("complete")
    elif all(t.finished for t in state.tables):
        where = tr.gettext("round %(number)s finished; advance to draw the next", number=state.stage) \
            if unit == "round" else \
            tr.gettext("%(unit)s %(number)s finished; advance to draw the next", unit=unit_word(unit, tr),
                       number=state.stage)
    else:
        where = tr.gettext("round %(number)s playing", number=state.stage) if unit == "round" else \
            tr.gettext("%(unit)s %(number)s playing", unit=unit_word(unit, tr), number=state.stage)
    return f"{format_label(state.kind.label, tr)} · {where}"


def _clubs(state: TournamentState) -> dict[str, str | None]:
    return {p.name: p.club for p in state.players}


def standings_page(tournament: Tournament, state: TournamentState, *, paper: str = "a4",
                   live: LiveInfo | None = None, tr: Translator = ENGLISH) -> StandingsPage:
    """The standings in the columns `tourney standings` shows for the format (its `standings_columns`):
    points and the tie-breaks in the event's order, the bracket round reached, or stage, table, place."""
    clubs = _clubs(state)
    dropped = _dropped(state)
    rows = state.standings()
    counts = Counter(row.rank for row in rows)
    columns = state.kind.standings_columns
    shown = cells(columns, rows)
    status = next((i for i, cell in enumerate(shown) if not cell.numeric), -1)
    return StandingsPage(
        event=event_info(tournament, state, tr), provisional=not state.complete, paper=paper, live=live,
        unit=unit_word(state.kind.unit, tr), ranked_by=columns[0].key if columns else "place",
        columns=tuple(StandingsHeading(cell.sheet_heading(tr), "tb" if cell.name is not None else cell.column.key,
                                       cell.numeric, cell.name is not None, i == status)
                      for i, cell in enumerate(shown)),
        rows=tuple(StandingsRow(rank=r.rank, shared=counts[r.rank] > 1, player=r.player, club=clubs.get(r.player),
                                stage=r.stage, table=r.table, place=r.place, dropped=r.player in dropped,
                                cells=texts, note="" if r.note in (None, "dropped") else standings_note(r.note, tr))
                   for r, texts in zip(rows, row_texts(shown, rows, tr), strict=True)))


# ------------------------------------------------------------------------------------ seating

def stage_tables(state: TournamentState, stage: int | None) -> tuple[int, list[TableState]]:
    """The tables of `stage` (None: the latest seated), or one error line saying which exist."""
    if not state.history:
        if state.kind.unit == "round":
            raise IllegalActionError.in_words("no seats have been drawn yet: `tourney seat` draws round 1")
        if state.kind.unit == "stage":
            raise IllegalActionError.in_words("no seats have been drawn yet: `tourney seat` draws stage 1")
        raise IllegalActionError(f"no seats have been drawn yet: `tourney seat` draws {state.kind.unit} 1")
    seated = len(state.history)
    number = seated if stage is None else stage
    if not 1 <= number <= seated:
        unit = state.kind.unit
        if unit == "stage":
            raise IllegalActionError.in_words("stage %(number)s has not been seated (seated stages: 1-%(seated)s)",
                                              number=number, seated=seated)
        if unit == "round":
            raise IllegalActionError.in_words("round %(number)s has not been seated (seated rounds: 1-%(seated)s)",
                                              number=number, seated=seated)
        raise IllegalActionError(f"{unit} {number} has not been seated (seated {unit}s: 1-{seated})")
    return number, state.history[number - 1]


def first_starters(state: TournamentState, stage: int) -> dict[int, str]:
    """Table number -> the player the stage's seat draw named to start (as the tables call them now:
    a rename since reads with the final name)."""
    return {t.number: t.first_starter for t in state.history[stage - 1] if t.first_starter}


def _seat_lines(table: TableState, clubs: dict[str, str | None], starter: str | None) -> tuple[SeatLine, ...]:
    return tuple(SeatLine(seat=i, player=name, club=clubs.get(name), starter=name == starter)
                 for i, name in enumerate(table.seats, start=1))


def _sorting_language(tr: Translator) -> str | None:
    """The collation of a sheet's lists: its language's, English's being the historical default
    (Polish order: an English sheet of Polish names keeps the order it always had)."""
    return None if tr.lang == ENGLISH.lang else tr.lang


def seating_page(tournament: Tournament, state: TournamentState, *, stage: int | None = None, paper: str = "a4",
                 live: LiveInfo | None = None, tr: Translator = ENGLISH) -> SeatingPage:
    number, tables = stage_tables(state, stage)
    clubs, starters = _clubs(state), first_starters(state, number)
    boxes = tuple(SeatingTable(number=t.number, seats=_seat_lines(t, clubs, starters.get(t.number)),
                               advance=t.advance, is_final=t.is_final, match=t.match, best_of=t.best_of,
                               match_label=match_label(state, t.match, stage=number, tr=tr))
                  for t in tables)
    seated = [(line.player, box.number, line.seat) for box in boxes for line in box.seats]
    long_list = collation.by_surname(len(seated))
    find = tuple(FindSeat(player=player, table=table, seat=seat,
                          surname=collation.surname(player) if long_list and " " in player.strip() else "")
                 for player, table, seat in collation.alphabetical(seated, lambda s: s[0], surname_first=long_list,
                                                                   language=_sorting_language(tr)))
    byes = tuple(state.kind.byes(state)) if number == state.stage else ()
    return SeatingPage(event=event_info(tournament, state, tr), stage_label=stage_label(state, number, tr),
                       tables=boxes,
                       find=find, paper=paper, live=live, seed=state.seeds.get(number), by_surname=long_list,
                       find_own_page=len(seated) > FIND_ON_TABLES_PAGE, byes=byes)


def seat_cards_page(tournament: Tournament, state: TournamentState, *, stage: int | None = None,
                    paper: str = "a4", tr: Translator = ENGLISH) -> SeatCardsPage:
    """One card per seated player, table by table, seat by seat (the order a director hands them out)."""
    number, tables = stage_tables(state, stage)
    clubs, label = _clubs(state), stage_label(state, number, tr)
    cards = tuple(SeatCard(player=name, club=clubs.get(name), table=t.number, seat=i, stage_label=label)
                  for t in tables for i, name in enumerate(t.seats, start=1))
    return SeatCardsPage(event=event_info(tournament, state, tr), cards=cards, paper=paper)


# ------------------------------------------------------------------------------------ table sheets

def cap_steps(state: TournamentState, size: int) -> tuple[CapStep, ...]:
    """The game's cap rule for a table of `size`, as it changes while players leave: 6 → 3, 5 → 4, 2-4 → 5."""
    cap = state.descriptor.live_cap
    if cap is None:
        return ()
    runs: list[tuple[int, int, int]] = []  # (most players, fewest players, cap)
    for players in range(max(size, 2), 1, -1):
        value = cap(players)
        if runs and runs[-1][2] == value:
            runs[-1] = (runs[-1][0], players, value)
        else:
            runs.append((players, players, value))
    return tuple(CapStep(players=str(high) if high == low else f"{low}–{high}", cap=value, current=low <= size <= high)
                 for high, low, value in runs)


def _stops_text(state: TournamentState, table: TableState, tr: Translator = ENGLISH) -> str:
    if not state.kind.takes_stage_plan:  # a round's table: the format, not the table, says who plays next
        return _round_table_text(table, match_label(state, table.match, stage=table.stage, tr=tr), tr)
    following = stage_name(state, table.stage + 1, tr)
    if state.descriptor.live_result == "chips":  # a pot game's table plays a whole match; chips give the places
        if table.is_final:
            return tr.gettext("Plays one match; the most chips at its end: the champion.")
        if table.advance == 1:
            return tr.gettext("Plays one match; the player with the most chips at its end goes on to %(next)s.",
                              next=following)
        return tr.ngettext("Plays one match; the %(num)s players with the most chips at its end go on to %(next)s.",
                           "Plays one match; the %(num)s players with the most chips at its end go on to %(next)s.",
                           table.advance, next=following)
    if table.is_final:
        return tr.gettext("Plays until one player is left: the champion.")
    if table.advance == 1:
        return tr.gettext("Plays until 1 player is left, who goes on to %(next)s.", next=following)
    return tr.ngettext("Plays until %(num)s players are left; they go on to %(next)s.",
                       "Plays until %(num)s players are left; they go on to %(next)s.", table.advance, next=following)


# What a format's table plays, by (a duel, named by its match, a series of games): whole sentences.
ROUND_TABLE_TEXTS = {
    (True, True, True): N_("%(match)s: %(first)s meets %(second)s, best of %(games)s (the first to win %(wins)s "
                           "games): tick each game's winner below, then enter the result."),
    (True, True, False): N_("%(match)s: %(first)s meets %(second)s in one game; enter its result when it ends."),
    (True, False, True): N_("%(first)s meets %(second)s, best of %(games)s (the first to win %(wins)s games): "
                            "tick each game's winner below, then enter the result."),
    (True, False, False): N_("%(first)s meets %(second)s in one game; enter its result when it ends."),
    (False, True, True): N_("%(match)s: %(players)s play, best of %(games)s (the first to win %(wins)s games): "
                            "tick each game's winner below, then enter the result."),
    (False, True, False): N_("%(match)s: %(players)s play one game; enter its result when it ends."),
    (False, False, True): N_("%(players)s play, best of %(games)s (the first to win %(wins)s games): "
                             "tick each game's winner below, then enter the result."),
    (False, False, False): N_("%(players)s play one game; enter its result when it ends."),
}


def _round_table_text(table: TableState, label: str, tr: Translator = ENGLISH) -> str:
    """A format's table: who meets whom, in which match (`label`), over how many games ("Match 3:
    Ann meets Bob, best of 3 (the first to win 2 games)"), never which stage comes next."""
    duel = len(table.seats) == 2
    message = ROUND_TABLE_TEXTS[(duel, bool(label), table.best_of > 1)]
    return tr.gettext(message, match=capitalised(label), first=table.seats[0], second=table.seats[-1],
                      players=", ".join(table.seats), games=table.best_of, wins=table.best_of // 2 + 1)


def _round_rows(state: TournamentState, table: TableState) -> tuple[int, tuple[int, ...]]:
    """Grid rows enough for the longest possible game at this table, and the card counts to tick."""
    cap = state.descriptor.live_cap
    assert cap is not None
    size, start = len(table.seats), state.descriptor.live_start_cards
    most = max(cap(players) for players in range(2, max(size, 2) + 1))
    stop = 1 if table.is_final else table.advance
    # Everyone may climb from the start to the highest cap, and each player out loses once more.
    rows = size * (most - start) + max(size - stop, 0)
    return rows, tuple(range(start + 1, most + 1))


def table_sheets_page(tournament: Tournament, state: TournamentState, *, stage: int | None = None,
                      paper: str = "a4", tr: Translator = ENGLISH) -> TableSheetsPage:
    number, tables = stage_tables(state, stage)
    clubs, starters, label = _clubs(state), first_starters(state, number), stage_label(state, number, tr)
    descriptor = state.descriptor
    sheets = []
    for table in tables:
        if descriptor.live_result == "rounds":
            rows, counts = _round_rows(state, table)
        else:
            rows, counts = CHIP_ROWS, ()
        sheets.append(TableSheet(
            number=table.number, stage_label=label, seats=_seat_lines(table, clubs, starters.get(table.number)),
            stops_text=_stops_text(state, table, tr), cap_steps=cap_steps(state, len(table.seats)),
            rules=tuple(sheet_rule(line, tr) for line in descriptor.sheet_rules), grid=descriptor.live_result,
            rows=rows, counts=counts, match=table.match,
            best_of=table.best_of if table.best_of > 1 else 0,
            match_label=match_label(state, table.match, stage=number, tr=tr)))
    return TableSheetsPage(event=event_info(tournament, state, tr), sheets=tuple(sheets), paper=paper)


# ------------------------------------------------------------------------------------ bracket

def _status(tables: list[TableState]) -> Status:
    """A seated stage's (or table's) one status word, which the page header shares: its tables are
    in play from the draw on ("playing") until every one has finished. Only what is not drawn yet
    is "not started"."""
    return "finished" if all(t.finished for t in tables) else "playing"


def tables_text(sizes: tuple[int, ...] | list[int], tr: Translator = ENGLISH) -> str:
    """`5 tables of 6 and 3 of 5`, `one table of 4`."""
    counts = sorted(Counter(sizes).items(), reverse=True)
    if len(sizes) == 1:
        return tr.gettext("one table of %(size)s", size=sizes[0])
    parts = [tr.ngettext("%(num)s table of %(size)s", "%(num)s tables of %(size)s", n, size=size) if i == 0
             else tr.gettext("%(count)s of %(size)s", count=n, size=size)
             for i, (size, n) in enumerate(counts)]
    text = parts[0]
    for part in parts[1:]:
        text = tr.gettext("%(first)s and %(second)s", first=text, second=part)
    return text


def _dropped(state: TournamentState) -> set[str]:
    return {p.name for p in state.players if p.dropped}


def _going_on(state: TournamentState, table: TableState, arriving: set[str] | None,
              advancing: frozenset[str]) -> list[str]:
    """Who `table` sends on, in its finishing order: the players seated at the next stage
    (`arriving`, once drawn); else, at a table of the stage being played, who the format says goes
    on (`advancing`: a qualifier who dropped out replaced by the next of the table's order); else
    the players still in who have not dropped."""
    order = table.finishing_order()
    if arriving is not None:
        return [p for p in order if p in arriving]
    if state.kind.takes_stage_plan and table.stage == state.stage:
        return [p for p in order if p in advancing]
    dropped = _dropped(state)
    return [p for p in order[:len(table.still_in)] if p not in dropped]


def _sends(state: TournamentState, table: TableState, champion: str | None,
           arriving: set[str] | None, advancing: frozenset[str]) -> tuple[BracketEntry, ...]:
    if not table.finished:
        return ()
    going = _going_on(state, table, arriving, advancing)
    qualifiers = table.finishing_order()[:len(table.still_in)]
    # As the engine promotes: the players going on from outside the qualifiers take, in order, the
    # places of the qualifiers who are not going on (they dropped out).
    replaced = dict(zip([p for p in going if p not in qualifiers], [p for p in qualifiers if p not in going],
                        strict=False))
    return tuple(BracketEntry(player=p, place=table.places.get(p), champion=p == champion,
                              in_place_of=replaced.get(p, "")) for p in going)


def _source(state: TournamentState, table: TableState, champion: str | None,
            arriving: set[str] | None = None, advancing: frozenset[str] = frozenset()) -> BracketSource:
    sends = _sends(state, table, champion, arriving, advancing)
    return BracketSource(table=table.number, status=_status([table]), players_left=len(table.still_in),
                         sends=sends, champion=any(e.champion for e in sends))  # the line the champion took


def _groups(state: TournamentState, tables: list[TableState], following: list[TableState] | None,
            champion: str | None) -> Iterator[BracketGroup]:
    if following is None:
        advancing = advancing_now(state)  # asked once: the format scans every table of the stage
        for start in range(0, len(tables), UNDRAWN_GROUP):
            chunk = tables[start:start + UNDRAWN_GROUP]
            sources = tuple(_source(state, t, champion, None, advancing) for t in chunk)
            yield BracketGroup(target=None, target_status="not started", sources=sources,
                               champion=any(s.champion for s in sources))
        return
    # Each player's table in this stage, so a next-stage table finds the tables it draws from by
    # its own seats instead of by scanning every table of the stage.
    table_at = {name: index for index, table in enumerate(tables) for name in table.seats}
    sent: set[int] = set()
    for target in following:
        arriving = set(target.seats)
        feeding = sorted({table_at[name] for name in arriving if name in table_at})
        sources = tuple(_source(state, tables[i], champion, arriving) for i in feeding)
        sent.update(feeding)
        yield BracketGroup(target=target.number, target_status=_status([target]), sources=sources,
                           champion=champion is not None and champion in arriving)
    idle = [t for i, t in enumerate(tables) if i not in sent]
    if idle:  # tables whose players all dropped out: shown, sending no one
        yield BracketGroup(target=None, target_status="not started",
                           sources=tuple(_source(state, t, None, set()) for t in idle), champion=False)


def bracket_page(tournament: Tournament, state: TournamentState, *, paper: str = "a4",
                 live: LiveInfo | None = None, tr: Translator = ENGLISH) -> BracketPage:
    """The stages' tree: each stage of the plan (the ones not drawn yet as planned), or, for a format
    without a plan or a view of its own, each stage seated so far."""
    plan = state.plan
    champion = state.tables[0].finishing_order()[0] if state.complete else None
    stages: list[BracketStage] = []
    count = len(plan.stages) if plan is not None else len(state.history)
    for index in range(count):
        number = index + 1
        stage_plan = plan.stages[index] if plan is not None else None
        reason = plan_reason(plan.reasons[index], tr) if plan is not None else ""
        label, next_label = stage_label(state, number, tr), stage_label(state, number + 1, tr)
        if number > len(state.history):
            assert stage_plan is not None  # only a plan has stages not seated yet
            summary = tr.gettext("%(tables)s (planned)", tables=tables_text(stage_plan.tables, tr))
            stages.append(BracketStage(number=number, label=label, reason=reason, status="not started",
                                       summary=summary, next_label=next_label, groups=(), final=()))
            continue
        tables = state.history[number - 1]
        sizes = [len(t.seats) for t in tables]
        is_final = stage_plan.is_final if stage_plan is not None else state.complete and number == count
        if is_final:
            table = tables[0]
            settled = table.finished
            final = tuple(BracketEntry(player=p, champion=p == champion,
                                       place=table.places.get(p) if settled or p in table.eliminated else None)
                          for p in table.finishing_order())
            stages.append(BracketStage(number=number, label=label, reason=reason, status=_status(tables),
                                       summary=tables_text(sizes, tr), next_label=next_label, groups=(), final=final))
            continue
        following = state.history[number] if number < len(state.history) else None
        advance = stage_plan.advance if stage_plan is not None else tables[0].advance
        summary = f"{tables_text(sizes, tr)}; {going_on_text(advance, len(tables), tr)}"
        stages.append(BracketStage(number=number, label=label, reason=reason, status=_status(tables),
                                   summary=summary, next_label=next_label,
                                   groups=tuple(_groups(state, tables, following, champion)), final=()))
    return BracketPage(event=event_info(tournament, state, tr), stages=tuple(stages), champion=champion,
                       paper=paper, live=live)
