"""Corrections: `tourney log`, `undo` and `correct`. The log is append-only: undo and corrections
are new events that the fold honours; nothing is ever deleted."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tourney.cli._common import print_json
from tourney.cli._db_options import DbOption, JsonOption, TournamentOption, open_db
from tourney.cli._live import player_name, progress_hints
from tourney.errors import InvalidInputError

if TYPE_CHECKING:
    from tourney.engine.events import Event
    from tourney.engine.tournament import TournamentState
    from tourney.storage.repo import Tournament


def log(as_json: JsonOption = False, db: DbOption = None, tournament: TournamentOption = None) -> None:
    """List the events of the tournament with their ids (for `tourney correct EVENT_ID`)."""
    from tourney.cli._tourney_text import event_text
    from tourney.engine.log import annotate
    from tourney.storage.events import all_events

    with open_db(db, read_only=True) as database:
        _row, events = all_events(database, tournament=tournament)
    entries = annotate(events)
    if as_json:
        print_json([{"id": e.event.id, "kind": e.event.kind, "data": e.event.data, "undone": e.undone}
                    for e in entries])
        return
    if not entries:
        typer.echo("No events yet.")
    for entry in entries:
        event = entry.event
        notes = []
        if entry.undone:
            notes.append("undone")
        if entry.corrected_by is not None:
            notes.append(f"corrected by {entry.corrected_by}")
        suffix = f"  [{', '.join(notes)}]" if notes else ""
        typer.echo(f"{event.id:>6}  {event_text(event.kind, event.data)}{suffix}")


def undo(db: DbOption = None, tournament: TournamentOption = None) -> None:
    """Revert the last event still in effect by appending an undo (an advance with its seat draw together)."""
    from tourney.cli._tourney_text import event_text, table_lines
    from tourney.storage.events import record

    reverted: list[Event] = []

    def make(state: TournamentState, _row: Tournament) -> Iterator[tuple[str, dict[str, Any]]]:
        group = state.last_undoable_group()
        if not group:
            raise InvalidInputError("nothing to undo")
        by_id = {e.id: e for e in state.events}
        reverted.extend(by_id[i] for i in group)
        for target in group:  # latest first: the seat draw before the advance it followed
            yield "undo", {"target": target}

    with open_db(db) as database:
        state = record(database, tournament=tournament, make=make).state
    for event in reverted:
        typer.echo(f"Undone: event {event.id} ({event_text(event.kind, event.data)}).")
    target = reverted[0]
    if target.kind in ("result", "finish", "chips") and state.tables:
        number = int(target.data["table"])
        if 1 <= number <= len(state.tables):
            for line in table_lines(state.table(number)):
                typer.echo(line)
    progress_hints(state)


def correct(
    event: Annotated[str, typer.Argument(
        metavar="EVENT_ID", help="Id of the round result to correct (see `tourney log`).")],
    loser: Annotated[str, typer.Option("--loser", help="Who really lost that round.")],
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Apply the correction (without it: only show it).")] = False,
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Show what changing a round's loser would do (cards, eliminations, who advances, standings);
    apply it only with --yes. A correction that makes a later event impossible is refused, naming it."""
    from tourney.cli._tourney_text import event_text
    from tourney.engine.corrections import preview_correction
    from tourney.storage.events import all_events, record, snapshot

    if not event.strip().isdigit():
        raise InvalidInputError(f"EVENT_ID is the number `tourney log` shows, not {event!r}")
    event_id = int(event)
    with open_db(db) as database:
        state = snapshot(database, tournament=tournament).state
        name = player_name(state, loser)
        row, events = all_events(database, tournament=tournament)
        target = next((e for e in events if e.id == event_id), None)
        if target is None:
            raise InvalidInputError(f"no event {event_id} in tournament {row.name!r} (see `tourney log`)")
        before, after = preview_correction(row.game, events, event_id, name)
        typer.echo(f"Correcting event {event_id} ({event_text(target.kind, target.data)}): the loser becomes {name}.")
        changes = list(correction_changes(before, after))
        for line in changes or ["no visible change"]:
            typer.echo(f"  {line}")
        if not yes:
            typer.echo("Not applied: run again with --yes to apply it.")
            return

        def make(_state: TournamentState, _row: Tournament) -> Iterator[tuple[str, dict[str, Any]]]:
            yield "correct", {"target": event_id, "loser": name}

        done = record(database, tournament=str(row.id), make=make)
    typer.echo(f"Applied as event {done.events[0].id}.")
    progress_hints(done.state)


def correction_changes(before: TournamentState, after: TournamentState) -> Iterator[str]:
    """What differs between two states, as the director reads it: cards, eliminations, stage,
    who advances, standings."""
    from tourney.engine.tournament import advancing_players

    old_tables = {(t.stage, t.number): t for tables in before.history for t in tables}
    for tables in after.history:
        for table in tables:
            old = old_tables.get((table.stage, table.number))
            if old is None:
                continue
            where = f"stage {table.stage} table {table.number}"
            for player in table.seats:
                was, now = old.counts.get(player), table.counts.get(player)
                if was != now:
                    yield f"{where}: {player} holds {now} card(s) instead of {was}"
            gone, back = set(table.eliminated) - set(old.eliminated), set(old.eliminated) - set(table.eliminated)
            for player in sorted(gone):
                yield f"{where}: {player} is eliminated (place {table.places.get(player)})"
            for player in sorted(back):
                yield f"{where}: {player} is no longer eliminated"
            if old.finished != table.finished:
                yield f"{where}: {'finishes' if table.finished else 'is playing again'}"
    if before.stage != after.stage:
        yield f"the tournament is at stage {after.stage} instead of {before.stage}"
    moving_before, moving_after = advancing_players(before), advancing_players(after)
    if set(moving_before) != set(moving_after):
        yield (f"advancing from stage {after.stage}: {', '.join(moving_after) or 'nobody yet'} "
               f"(was {', '.join(moving_before) or 'nobody yet'})")
    old_rank = {r.player: r.rank for r in before.standings()}
    for row in after.standings():
        if old_rank.get(row.player) != row.rank:
            yield f"standings: {row.player} ranks {row.rank} instead of {old_rank.get(row.player)}"
