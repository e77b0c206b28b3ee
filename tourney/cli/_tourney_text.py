"""Plain-text views of a live tournament for the terminal: plan, tables, standings, log lines.

Pure functions from engine values to lines; the commands print them.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tourney.app.types import Plan, StandingRow, TableState


def plan_lines(plan: Plan) -> Iterator[str]:
    """One line per stage (tables, who advances) and the planner's reason under it."""
    count = len(plan.stages)
    for number, (stage, reason) in enumerate(zip(plan.stages, plan.reasons, strict=True), start=1):
        sizes = "+".join(str(t) for t in stage.tables)
        if stage.is_final:
            what = f"final table of {stage.players}"
        else:
            what = (f"{len(stage.tables)} tables ({sizes}), top {stage.advance} of each advance "
                    f"-> {stage.advance * len(stage.tables)}")
        label = "final" if number == count else f"stage {number}"
        yield f"{label:>7}: {stage.players:>4} players, {what}"
        yield f"         {reason}"


def cards_text(count: int) -> str:
    return f"{count} card" if count == 1 else f"{count} cards"


def table_lines(table: TableState) -> Iterator[str]:
    """A table as the director reads it after each entry: seats, cards, cap, next starter (games
    played in rounds), or seats and the first dealer (pot games, which report chip counts at the end)."""
    pot_game = not table.reports_rounds
    kind = "final table" if table.is_final else f"table {table.number}, stage {table.stage}"
    if table.finished:
        order = ", ".join(f"{i}. {p}" for i, p in enumerate(table.finishing_order(), start=1))
        yield f"{kind}: finished ({order})"
    elif pot_game:
        yield f"{kind}: playing, {table.starter} deals first; report chip counts with `tourney chips`"
    else:
        yield f"{kind}: cap {table.cap}, {table.starter} starts next"
    width = max((len(p) for p in table.seats), default=0)
    out = set(table.eliminated)
    for seat, player in enumerate(table.seats, start=1):
        if player in out:
            state = f"out, place {table.places.get(player, '?')}"
        elif table.finished:
            advances = not table.is_final and (table.places.get(player, 1) <= table.advance)
            state = f"place {table.places.get(player, 1)}" + (", advances" if advances else "")
        elif pot_game:
            state = "playing"
        else:
            state = cards_text(table.counts[player])
        if player in table.chips:
            state += f", {table.chips[player]} chips"
        yield f"  seat {seat}  {player:<{width}}  {state}"


def standings_lines(rows: Iterable[StandingRow], unit: str = "stage") -> Iterator[str]:
    """Rank, player, the stage (or round: `unit`) and table reached, the place there, a note."""
    rows = list(rows)
    width = max((len(r.player) for r in rows), default=6)
    notes = any(r.note for r in rows)
    yield f"{'rank':>4}  {'player':<{width}}  {unit:>5}  table  place" + ("  note" if notes else "")
    for row in rows:
        place = "-" if row.place is None else str(row.place)
        note = f"  {row.note}" if row.note else ""
        yield f"{row.rank:>4}  {row.player:<{width}}  {row.stage:>5}  {row.table:>5}  {place:>5}{note}"


def event_text(kind: str, data: dict[str, Any]) -> str:
    """One event of the log as a short sentence."""
    if kind == "format":
        parts = [str(data.get("format"))]
        if data.get("best_of", 1) != 1:
            parts.append(f"best of {data['best_of']}")
        if data.get("third_place"):
            parts.append("third-place match")
        if data.get("rounds"):
            parts.append(f"{data['rounds']} rounds")
        if data.get("table_size", 2) != 2:
            parts.append(f"tables of {data['table_size']}")
        parts.append(f"seeding by {data.get('seeding', 'lot')}")
        return "format " + ", ".join(parts)
    if kind == "register":
        club = data.get("club")
        return f"register {data['name']}" + (f" ({club})" if club else "")
    if kind == "drop":
        return f"drop {data['name']}"
    if kind == "seat":
        tables = data.get("tables", [])
        return f"seat stage {data['stage']}: {len(tables)} table{'s' if len(tables) != 1 else ''}, seed {data['seed']}"
    if kind == "result":
        return f"result table {data['table']}: {data['loser']} loses the round"
    if kind == "finish":
        forfeit = f" ({' and '.join(data['forfeit'])} forfeited)" if data.get("forfeit") else ""
        return f"finish table {data['table']}: {', '.join(data['order'])}{forfeit}"
    if kind == "chips":
        counts = ", ".join(f"{name}={n}" for name, n in data["counts"].items())
        return f"chips table {data['table']}: {counts}"
    if kind == "advance":
        return f"advance: stage {data['stage']} closed"
    if kind == "undo":
        return f"undo event {data['target']}"
    if kind == "correct":
        fixes = []
        if "loser" in data:
            fixes.append(f"loser is {data['loser']}")
        if "order" in data:
            fixes.append(f"order is {', '.join(map(str, data['order']))}")
        if "counts" in data:
            fixes.append("counts are " + ", ".join(f"{name}={n}" for name, n in data["counts"].items()))
        if "name" in data:
            fixes.append(f"name is {data['name']}")
        if "club" in data:
            fixes.append(f"club is {data['club'] or 'none'}")
        return f"correct event {data['target']}: {'; '.join(fixes)}"
    if kind == "rename":
        return f"rename {data['name']} to {data['new']}"
    return f"{kind} {data}"
