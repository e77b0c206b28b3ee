"""An entry line run: the operation the CLI's command calls (`app/operations/results.py`'s
`enter_result`, `finish`, `forfeit`, `enter_chips`; `corrections.undo`), with the same name
resolution, and the very lines that command prints (the read models `entry_lines` and
`undone_lines`), so the console answers as the desk does. One transaction, as the command's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.errors import IllegalActionError
from tourney.i18n import ENGLISH, Translator

if TYPE_CHECKING:
    from tourney.app.input.entry_line import EntryLine


def run_entry(entry: EntryLine, *, db: str | None, tournament: str | None,
              tr: Translator = ENGLISH) -> tuple[str, ...]:
    """Store `entry`; what `tourney COMMAND ...` prints for it, in `tr`'s language. A refusal is the
    operation's own `TourneyError` (the CLI's `error:` line)."""
    from tourney.app.operations import results
    from tourney.app.read_models.table_views import entry_lines

    if entry.command == "undo":
        return _undo(entry.event, db=db, tournament=tournament, tr=tr)
    table = results.table_ref(entry.table, db=db, tournament=tournament)
    names = list(entry.names)
    if entry.command == "result":
        entered = results.enter_result(table, names[0], db=db, tournament=tournament)
    elif entry.command == "finish":
        entered = results.finish(table, names, db=db, tournament=tournament)
    elif entry.command == "forfeit":
        entered = results.forfeit(table, names, db=db, tournament=tournament)
    else:
        entered = results.enter_chips(table, names, db=db, tournament=tournament)
    return entry_lines(entered.state, entered.table, tr)


def _undo(event: int | None, *, db: str | None, tournament: str | None, tr: Translator) -> tuple[str, ...]:
    """`tourney undo [ID]`'s answer. The last entry, when it is an advance or a seat draw, is
    refused here (the desk at a terminal asks first): the log page previews that undo."""
    from tourney.app.operations.corrections import CONFIRMED_KINDS, format_unit, undo, undo_preview
    from tourney.app.read_models.event_text import event_text
    from tourney.app.read_models.table_views import undone_lines

    expected = None
    if event is None:
        group = undo_preview(db=db, tournament=tournament)
        if any(e.kind in CONFIRMED_KINDS for e in group):
            unit = format_unit(db=db, tournament=tournament)
            named = "; ".join(tr.gettext("event %(event)s (%(entry)s)", event=e.id,
                                         entry=event_text(e.kind, e.data, tr, unit)) for e in group)
            raise IllegalActionError(tr.gettext("the last entry is %(entries)s: undo it from the log page, which "
                                                "shows what it would revert first", entries=named))
        # The entry that was last when asked: one stored since is never the one reverted.
        expected = group[0].id if group else None
    done = undo(event, db=db, tournament=tournament, expected=expected)
    lines = [tr.gettext("Undone: event %(event)s (%(entry)s).", event=e.id, entry=event_text(e.kind, e.data, tr,
                                                                                           done.state.kind.unit))
             for e in done.reverted]
    if done.named:
        lines += [f"  {line}" for line in done.changes(tr)]
    target = done.reverted[0]
    return (*lines, *undone_lines(done.state, target.kind, target.data, named=done.named, tr=tr))
