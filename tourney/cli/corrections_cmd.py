"""Corrections: `tourney log`, `undo` and `correct`. The log is append-only: undo and corrections
are new events that the fold honours (tourney/engine/log.py holds the rules); nothing is ever
deleted."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Annotated, Any

import typer

from tourney.cli._common import print_json
from tourney.cli._db_options import DbOption, JsonOption, TournamentOption, open_db
from tourney.cli._live import chip_counts, echo_table, player_at, progress_hints
from tourney.cli._numbers import whole_number
from tourney.errors import InvalidInputError

if TYPE_CHECKING:
    from tourney.engine.events import Event
    from tourney.engine.tournament import TournamentState
    from tourney.storage.repo import Tournament


def log(as_json: JsonOption = False, db: DbOption = None, tournament: TournamentOption = None) -> None:
    """List the events of the tournament with their ids (for `tourney undo` and `tourney correct`)."""
    from tourney.cli._tourney_text import event_text
    from tourney.engine.log import annotate
    from tourney.storage.events import all_events

    with open_db(db, read_only=True) as database:
        _row, events = all_events(database, tournament=tournament)
    entries = annotate(events)
    if as_json:
        print_json([{"id": e.event.id, "kind": e.event.kind, "data": e.event.data, "undone": e.undone,
                     "corrected_by": e.corrected_by} for e in entries])
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


def _event_id(raw: str) -> int:
    return whole_number(raw, what="EVENT_ID (the number `tourney log` shows)", low=1, high=2**63 - 1)


def undo(
    event: Annotated[str | None, typer.Argument(
        metavar="[EVENT_ID]", help="Id of the entry to undo (see `tourney log`); default: the last entry.",
        show_default=False)] = None,
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Revert an entry by appending an undo: the last one still in effect, or EVENT_ID (an advance
    with its seat draw together). Refused, naming it, while a later entry depends on it."""
    from tourney.cli._tourney_text import event_text
    from tourney.engine.log import undo_group, undo_group_of
    from tourney.storage.events import record

    wanted = _event_id(event) if event is not None else None
    reverted: list[Event] = []
    before: list[TournamentState] = []

    def make(state: TournamentState, _row: Tournament) -> Iterator[tuple[str, dict[str, Any]]]:
        before.append(state.copy())
        if wanted is None:
            group = undo_group(state.events)
            if not group:
                raise InvalidInputError("nothing to undo")
        else:
            if not any(e.id == wanted for e in state.events):
                raise InvalidInputError(f"no event {wanted} in this tournament (see `tourney log`)")
            group = undo_group_of(state.events, wanted)
        by_id = {e.id: e for e in state.events}
        reverted.extend(by_id[i] for i in group)
        for target in group:  # latest first: the seat draw before the advance it followed
            yield "undo", {"target": target}

    with open_db(db) as database:
        state = record(database, tournament=tournament, make=make).state
    for undone in reverted:
        typer.echo(f"Undone: event {undone.id} ({event_text(undone.kind, undone.data)}).")
    if wanted is not None:
        for line in correction_changes(before[0], state):
            typer.echo(f"  {line}")
    target = reverted[0]
    if target.kind in ("result", "finish", "chips") and state.tables and wanted is None:
        number = int(target.data["table"])
        if 1 <= number <= len(state.tables):
            echo_table(state, state.table(number))
    progress_hints(state)


def correct(
    event: Annotated[str, typer.Argument(
        metavar="EVENT_ID", help="Id of the entry to correct (see `tourney log`).")],
    values: Annotated[list[str] | None, typer.Argument(
        metavar="[VALUES ...]", help="With --order: the players, winner first; with --counts: NAME=N pairs.",
        show_default=False)] = None,
    loser: Annotated[str | None, typer.Option(
        "--loser", metavar="NAME", help="A round result: who really lost that round.")] = None,
    order: Annotated[bool, typer.Option(
        "--order", help="A finish: the VALUES are the table's order, winner first (P1 P2 ...).")] = False,
    counts: Annotated[bool, typer.Option(
        "--counts", help="A chip count: the VALUES are NAME=N pairs.")] = False,
    name: Annotated[str | None, typer.Option(
        "--name", metavar="NEW", help="A registration: the player's name as it should have been.")] = None,
    club: Annotated[str | None, typer.Option(
        "--club", metavar="NEW", help="A registration: the player's club (\"\" for none).")] = None,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Apply the correction (without it: only show it).")] = False,
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Show what correcting an entry would do (cards, eliminations, who advances, standings); apply
    it only with --yes. A correction that a later entry cannot survive is refused, naming it.

    \b
      tourney correct 57 --loser "Ola Krawczyk"      a round result
      tourney correct 80 --order Ola Ewa Anna        a finish, winner first
      tourney correct 81 --counts ann=340 bob=120    a chip count
      tourney correct 3 --name "Anna Nowak"          a registration (--club too)
    """
    from tourney.cli._tourney_text import event_text
    from tourney.engine.corrections import preview
    from tourney.storage.events import record, snapshot

    event_id = _event_id(event)
    chosen = [flag for flag, given in (("--loser", loser is not None), ("--order", order), ("--counts", counts),
                                       ("--name/--club", name is not None or club is not None)) if given]
    if len(chosen) != 1:
        raise InvalidInputError("say what to correct: one of --loser NAME, --order P1 P2 ..., --counts NAME=N ..., "
                                "--name NEW / --club NEW" + (f" (not {' and '.join(chosen)})" if chosen else ""))
    if values and not (order or counts):
        raise InvalidInputError(f"unexpected {values[0]!r}: only --order and --counts take a list")
    with open_db(db) as database:
        shot = snapshot(database, tournament=tournament)
        state, row = shot.state, shot.tournament
        target = next((e for e in state.events if e.id == event_id), None)
        if target is None:
            raise InvalidInputError(f"no event {event_id} in tournament {row.name!r} (see `tourney log`)")
        fix = _fields(state, target, loser=loser, order=values if order else None,
                      counts=values if counts else None, name=name, club=club)
        after = preview(state, "correct", {"target": event_id, **fix})
        typer.echo(f"Correcting event {event_id} ({event_text(target.kind, target.data)}): "
                   f"{event_text('correct', {'target': event_id, **fix}).split(': ', 1)[1]}.")
        changes = list(correction_changes(state, after))
        for line in changes or ["no visible change"]:
            typer.echo(f"  {line}")
        if not yes:
            typer.echo("Not applied: run again with --yes to apply it.")
            return

        def make(_state: TournamentState, _row: Tournament) -> Iterator[tuple[str, dict[str, Any]]]:
            yield "correct", {"target": event_id, **fix}

        done = record(database, tournament=str(row.id), make=make)
    typer.echo(f"Applied as event {done.events[0].id}.")
    progress_hints(done.state)


def _fields(state: TournamentState, target: Event, *, loser: str | None, order: list[str] | None,
            counts: list[str] | None, name: str | None, club: str | None) -> dict[str, Any]:
    """The payload fields of a correction of `target`, names resolved at the target's table."""
    from tourney.engine import names

    table = state.table_of_event(target.id)
    if loser is not None:
        return {"loser": player_at(state, loser, table)}
    if order is not None:
        if not order:
            raise InvalidInputError("--order needs the players, winner first")
        return {"order": [player_at(state, p, table) for p in order]}
    if counts is not None:
        if not counts:
            raise InvalidInputError("--counts needs NAME=N pairs")
        return {"counts": chip_counts(state, counts, table)}
    fields: dict[str, Any] = {}
    if name is not None:
        fields["name"] = names.check(name)
    if club is not None:
        fields["club"] = names.check(club, what="club") if names.clean(club) else None
    return fields


def correction_changes(before: TournamentState, after: TournamentState) -> Iterator[str]:
    """What differs between two states, as the director reads it: names, cards, eliminations,
    places, stage, who advances, standings."""
    from tourney.engine.tournament import advancing_players

    old_names = [p.name for p in before.players]
    new_names = [p.name for p in after.players]
    renamed: dict[str, str] = {}
    if len(old_names) == len(new_names):
        renamed = {was: now for was, now in zip(old_names, new_names, strict=True) if was != now}
        for was, now in renamed.items():
            yield f"{was} is now called {now}"
        for was_info, now_info in zip(before.players, after.players, strict=True):
            if was_info.club != now_info.club:
                yield f"{now_info.name}: club {now_info.club or 'none'} instead of {was_info.club or 'none'}"
    else:
        for name in [n for n in old_names if n not in new_names]:
            yield f"{name} is no longer registered"
        for name in [n for n in new_names if n not in old_names]:
            yield f"{name} is registered"
    old_tables = {(t.stage, t.number): t for tables in before.history for t in tables}
    new_keys = {(t.stage, t.number) for tables in after.history for t in tables}
    for stage, number in sorted(set(old_tables) - new_keys):
        yield f"stage {stage} table {number} is no longer seated"
    for tables in after.history:
        for table in tables:
            old = old_tables.get((table.stage, table.number))
            if old is None:
                continue
            where = f"stage {table.stage} table {table.number}"
            for seated in table.seats:
                had, holds = old.counts.get(seated), table.counts.get(seated)
                if had != holds and had is not None and table.reports_rounds:
                    yield f"{where}: {seated} holds {holds} card(s) instead of {had}"
            out_now, out_before = set(table.eliminated), set(old.eliminated)
            gone, back = out_now - out_before, out_before - out_now
            for seated in sorted(gone):
                yield f"{where}: {seated} is eliminated (place {table.places.get(seated)})"
            for seated in sorted(back):
                yield f"{where}: {seated} is no longer eliminated"
            for seated in table.seats:
                was_place, place = old.places.get(seated), table.places.get(seated)
                if seated not in gone and was_place is not None and place is not None and was_place != place:
                    yield f"{where}: {seated} takes place {place} instead of {was_place}"
            if old.finished != table.finished:
                yield f"{where}: {'finishes' if table.finished else 'is playing again'}"
    if before.stage != after.stage or before.closed != after.closed:
        yield f"the tournament is at stage {after.stage}{' (closed)' if after.closed else ''} instead of " \
              f"{before.stage}{' (closed)' if before.closed else ''}"
    moving_before, moving_after = advancing_players(before), advancing_players(after)
    if set(moving_before) != set(moving_after):
        yield (f"advancing from stage {after.stage}: {', '.join(moving_after) or 'nobody yet'} "
               f"(was {', '.join(moving_before) or 'nobody yet'})")
    old_rank = {renamed.get(r.player, r.player): r.rank for r in before.standings()}
    for row in after.standings():
        if old_rank.get(row.player) != row.rank:
            yield f"standings: {row.player} ranks {row.rank} instead of {old_rank.get(row.player)}"
