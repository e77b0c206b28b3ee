"""Plain text of the formats played in rounds (the formats without a stage plan) for the director's
terminal: a round's tables (matches and series), its byes, the standings in the format's columns."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tourney.app.types import StandingRow, TableState, TournamentState


def round_label(state: TournamentState, stage: int | None = None) -> str:
    """'round 2 of 4', 'round 3 (semi-final)' or 'round 5 (losers' round 3, winners' final)'."""
    stage = state.stage if stage is None else stage
    label = f"{state.kind.unit} {stage}"
    if state.bracket is not None and 1 <= stage <= len(state.history):
        names: list[str] = []
        for table in state.history[stage - 1]:
            name = state.bracket.rounds[state.bracket.round_index(table.match)].name
            if name not in names and name != f"round {stage}":  # the bracket's own name of the round
                names.append(name)
        return label + (f" ({', '.join(names)})" if names else "")
    view = state.format_view()
    total = getattr(view, "total_rounds", 0)
    return f"{label} of {total}" if total else label


def table_lines(state: TournamentState, table: TableState) -> Iterator[str]:
    """One table of a format: who plays, the series so far, or how it finished."""
    where = f"table {table.number}" + (f" [{table.match}]" if table.match else "")
    if len(table.seats) == 2:
        a, b = table.seats
        score = ""
        if table.best_of > 1:
            score = f", best of {table.best_of}: {a} {table.games.count(a)}-{table.games.count(b)} {b}"
        if table.finished:
            order = table.finishing_order()
            if table.forfeits:
                yield (f"{where}: {a} and {b} both forfeited" if len(table.forfeits) == 2
                       else f"{where}: {order[0]} won by forfeit ({order[1]} forfeited)")
            elif table.places.get(a) == table.places.get(b):
                yield f"{where}: {a} and {b} drew" + _chips(table)
            else:
                won, lost = table.games.count(order[0]), table.games.count(order[1])
                series = f" {won}-{lost}" if table.games and table.best_of > 1 else ""
                yield f"{where}: {order[0]} beat {order[1]}{series}{_chips(table)}"
        else:
            yield f"{where}: {a} v {b}{score}; {a} starts"
        return
    if table.finished:
        places = ", ".join(f"{table.places.get(p, 1)}. {p}" for p in table.finishing_order())
        yield f"{where}: finished ({places})" + _chips(table)
    else:
        yield f"{where}: {', '.join(table.seats)}; {table.seats[0]} starts; enter it with finish (or chips)"


def _chips(table: TableState) -> str:
    if not table.chips:
        return ""
    return " [" + ", ".join(f"{p} {table.chips[p]}" for p in table.seats if p in table.chips) + " chips]"


def round_lines(state: TournamentState) -> Iterator[str]:
    """The tables of the round being played and its byes."""
    for table in state.tables:
        yield from table_lines(state, table)
    byes = list(state.round_plans[-1].byes) if state.round_plans and state.stage == len(state.round_plans) else []
    if state.bracket is not None and state.tables:
        view = state.format_view()
        seated = {state.bracket.round_index(t.match) for t in state.tables}
        states = getattr(view, "states", {})
        byes = [str(states[m.id].winner) for i in sorted(seated) for m in state.bracket.rounds[i].matches
                if states[m.id].status == "bye" and states[m.id].winner]
    if byes:
        yield f"bye: {', '.join(byes)}"


def standings_text(state: TournamentState, rows: Iterable[StandingRow]) -> Iterator[str]:
    """The standings in the columns the format's rows carry (`standings_columns`): points and
    tie-breaks, the last round reached, or the stage, table and place."""
    columns = state.kind.standings_columns
    if "points" in columns or "reached" in columns:
        yield from standings_lines(rows)
        return
    from tourney.cli._tourney_text import standings_lines as place_lines

    yield from place_lines(rows, unit=state.kind.unit)


def provisional_note(state: TournamentState) -> str:
    """What the standings say before the event is complete, by what its rows rank."""
    if state.kind.takes_stage_plan:
        return "players still in share the best rank of their stage."
    if "reached" in state.kind.standings_columns:
        return "players still in the bracket share the best rank."
    return "after the rounds played so far."


def standings_lines(rows: Iterable[StandingRow]) -> Iterator[str]:
    """Rank, player, then points and the tie-breaks in the event's order (round robin, Swiss) or the
    last round reached."""
    rows = list(rows)
    width = max((len(r.player) for r in rows), default=6)
    if rows and rows[0].points is not None:
        columns = [(key, key.replace("_", "-")) for key in rows[0].tiebreaks or {}]
        headings = [heading for _, heading in columns]
        yield f"{'rank':>4}  {'player':<{width}}  points" + "".join(f"  {heading}" for heading in headings)
        for row in rows:
            tb = row.tiebreaks or {}
            note = f"  ({row.note})" if row.note else ""
            values = "".join(f"  {_num(tb.get(key)):>{len(heading)}}" for key, heading in columns)
            yield f"{row.rank:>4}  {row.player:<{width}}  {_num(row.points):>6}{values}{note}"
        return
    yield f"{'rank':>4}  {'player':<{width}}  reached"
    for row in rows:
        note = f"  ({row.note})" if row.note else ""
        yield f"{row.rank:>4}  {row.player:<{width}}  {row.reached or '-'}{note}"


def _num(value: float | None) -> str:
    if value is None:
        return "-"
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
