"""Corrections: `tourney log`, `undo` and `correct` (the operations are `tourney.app.operations.corrections`').
The log is append-only: undo and corrections are new events; nothing is ever deleted."""

from __future__ import annotations

from typing import Annotated

import typer

from tourney.cli._common import print_json
from tourney.cli._db_options import DbOption, JsonOption, TournamentOption
from tourney.cli._live import command_translator, echo_lines
from tourney.cli._numbers import whole_number
from tourney.cli._output import after_commit
from tourney.errors import InvalidInputError, worded


def log(as_json: JsonOption = False, db: DbOption = None, tournament: TournamentOption = None) -> None:
    """List the events of the tournament with their ids (for `tourney undo` and `tourney correct`)."""
    from tourney.app.operations.corrections import event_log
    from tourney.app.read_models.event_text import log_line, log_unit

    entries = event_log(db=db, tournament=tournament)
    if as_json:
        print_json([{"id": e.event.id, "kind": e.event.kind, "data": e.event.data, "undone": e.undone,
                     "corrected_by": e.corrected_by} for e in entries])
        return
    tr = command_translator(db, tournament)
    if not entries:
        typer.echo(tr.gettext("No events yet."))
    unit = log_unit(e.event for e in entries)
    echo_lines(log_line(e.event.id, e.event.kind, e.event.data, undone=e.undone, corrected_by=e.corrected_by,
                        tr=tr, unit=unit) for e in entries)


def _event_id(raw: str) -> int:
    return whole_number(raw, what=worded("EVENT_ID (the number `tourney log` shows)"), low=1, high=2**63 - 1)


def undo(
    event: Annotated[str | None, typer.Argument(
        metavar="[EVENT_ID]", help="Id of the entry to undo (see `tourney log`); default: the last entry.",
        show_default=False)] = None,
    yes: Annotated[bool, typer.Option(
        "--yes", "-y", help="Do not ask before undoing an advance or a seat draw.")] = False,
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Revert an entry by appending an undo: the last one still in effect, or EVENT_ID (an advance
    with its seat draw together). Refused, naming it, while a later entry depends on it. Without
    EVENT_ID at a terminal, an advance or a seat draw is named and confirmed first (--yes skips it;
    a script, whose input is not a terminal, is never asked)."""
    from tourney.app.operations.corrections import undo as revert
    from tourney.app.read_models.event_text import event_text
    from tourney.app.read_models.table_views import undone_lines

    tr = command_translator(db, tournament)
    expected = None if event is not None or yes else _confirm_last(db=db, tournament=tournament)
    done = revert(_event_id(event) if event is not None else None, db=db, tournament=tournament,
                  expected=expected)
    with after_commit():
        for undone in done.reverted:
            typer.echo(tr.gettext("Undone: event %(event)s (%(entry)s).", event=undone.id,
                                  entry=event_text(undone.kind, undone.data, tr, done.state.kind.unit)))
        if done.named:
            for line in done.changes(tr):
                typer.echo(f"  {line}")
        target = done.reverted[0]
        echo_lines(undone_lines(done.state, target.kind, target.data, named=done.named, tr=tr))


def _confirm_last(*, db: str | None, tournament: str | None) -> int | None:
    """At a terminal, when the last entry is an advance or a seat draw: say what undo will revert
    and ask; the id it showed (None when not asked). Declining stops the command, changing nothing."""
    import sys

    from tourney.app.operations.corrections import CONFIRMED_KINDS, format_unit, undo_preview
    from tourney.app.read_models.event_text import event_text

    if sys.stdin is None or not sys.stdin.isatty():  # a script, a pipe, a closed stdin: it cannot answer
        return None
    group = undo_preview(db=db, tournament=tournament)
    if not any(e.kind in CONFIRMED_KINDS for e in group):
        return None
    tr = command_translator(db, tournament)
    unit = format_unit(db=db, tournament=tournament)
    for event in group:
        typer.echo(tr.gettext("Will undo: event %(event)s (%(entry)s).", event=event.id,
                              entry=event_text(event.kind, event.data, tr, unit)))
    if not typer.confirm(tr.gettext("Undo it?"), default=False):
        typer.echo(tr.gettext("Nothing undone."))
        raise typer.Exit(1)
    return group[0].id


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
    from tourney.app.operations.corrections import apply_correction, check_choice, preview_correction
    from tourney.app.read_models.table_views import next_steps

    tr = command_translator(db, tournament)  # first: the refusals below are said in it too
    event_id = _event_id(event)
    check_choice(loser=loser is not None, order=order, counts=counts, registration=name is not None or club is not None)
    if values and not (order or counts):
        raise InvalidInputError.in_words("unexpected %(value)s: only --order and --counts take a list",
                                         value=repr(values[0]))
    shown = preview_correction(event_id, loser=loser, order=(values or []) if order else None,
                               counts=(values or []) if counts else None, name=name, club=club, db=db,
                               tournament=tournament, tr=tr)
    echo_lines(shown.lines(tr))
    if not yes:
        typer.echo(tr.gettext("Not applied: run again with --yes to apply it."))
        return
    done = apply_correction(shown, db=db)
    with after_commit():
        typer.echo(tr.gettext("Applied as event %(event)s.", event=done.event.id))
        echo_lines(next_steps(done.state, tr))
