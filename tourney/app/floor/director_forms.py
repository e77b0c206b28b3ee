"""What the director's page's forms mean, and what the page says after each: the web passes the
posted fields through and prints these notices, so it holds no rule and no wording of its own.

    decision=accept|reject    a pending report settled (`decision`)
    confirm=yes               an advance, confirmed on the page that previewed it (an undo: the log's)
    seen=EVENT                an advance's confirmation: the log's last event its preview saw
    kind=SCREEN|""            the wall pinned to one screen, or rotating (`pin_wall`)
    mode=apply|approve        how reports are taken (`reports.set_mode`, as `tourney pending --mode`)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.app.floor.floor_forms import Fields, field
from tourney.errors import InvalidInputError
from tourney.i18n import ENGLISH, Translator

if TYPE_CHECKING:
    from tourney.app.floor.floor_read import FloorRead
    from tourney.app.floor.reports import Settled
    from tourney.app.operations.corrections import Undone
    from tourney.engine.tournament import TournamentState

DECISIONS = ("accept", "reject")


def decision(fields: Fields) -> str:
    """"accept" or "reject"; anything else is refused (a forged or broken form)."""
    chosen = field(fields, "decision")
    if chosen not in DECISIONS:
        raise InvalidInputError.in_words("accept or reject")
    return chosen


def confirmed(fields: Fields) -> bool:
    """Whether the form is the confirmation of a previewed change (else: show the preview)."""
    return field(fields, "confirm") == "yes"


def advance_asked(state: TournamentState, *, db: str | None,
                  tournament: str | None) -> tuple[tuple[str, ...], int] | None:
    """The advance's preview as the stage page shows it (`console_stage.preview_advance`: who goes
    on, the next stage drawn) and the log's last event it saw; None while a table blocks it (the
    page says what is missing)."""
    from tourney.app.floor.console_stage import preview_advance

    if state.can_advance():
        return None
    shown = preview_advance(db=db, tournament=tournament)
    return shown.lines, shown.seen


def confirm_advance(fields: Fields, *, db: str | None, tournament: str | None) -> TournamentState:
    """Store the previewed advance, refused (`StalePreview`, naming the entries since) when the log
    moved past the event its preview saw; the state after it."""
    from tourney.app.floor.console_stage import confirm_advance as store
    from tourney.app.floor.console_stage import seen_event
    from tourney.app.store.unit_of_work import read

    store(seen_event(field(fields, "seen")), db=db, tournament=tournament)
    return read(db, tournament).state


def accepted_notice(number: int, settled: Settled, tr: Translator = ENGLISH) -> str:
    notice = tr.gettext("Report %(report)s entered as event %(event)s.", report=number, event=settled.report.event)
    disputing = [r.id for r in settled.rejected if r.note.startswith("dispute")]
    later = [r.id for r in settled.rejected if not r.note.startswith("dispute")]
    if disputing:
        notice += " " + tr.gettext("Rejected the disputing report %(reports)s.", reports=", ".join(map(str, disputing)))
    if later:
        notice += " " + tr.gettext("Rejected report %(reports)s: it followed the entry not taken.",
                                   reports=", ".join(map(str, later)))
    return notice


def rejected_notice(number: int, settled: Settled | None = None, tr: Translator = ENGLISH) -> str:
    notice = tr.gettext("Report %(report)s rejected.", report=number)
    if settled is not None and settled.rejected:
        notice += " " + tr.gettext("Rejected with it: report %(reports)s (a later round).",
                                   reports=", ".join(str(r.id) for r in settled.rejected))
    return notice


def advanced_notice(state: TournamentState, tr: Translator = ENGLISH) -> str:
    """After an advance: what was drawn ("stage 2 drawn: 3 tables"), or that the event is complete."""
    from tourney.app.read_models.stage_labels import capitalised, stage_name

    if state.complete or state.closed or not state.tables:
        if tr.lang == "en":
            return f"{state.kind.unit.capitalize()} closed: the event is complete."
        return (tr.gettext("Stage closed: the event is complete.") if state.kind.unit == "stage"
                else tr.gettext("Round closed: the event is complete."))
    count = len(state.tables)
    label = state.kind.stage_label(state, state.stage) if tr.lang == "en" else stage_name(state, state.stage, tr)
    return tr.ngettext("%(stage)s is drawn: %(num)s table. Undo the advance from the latest entries if it was a "
                       "mistake.",
                       "%(stage)s is drawn: %(num)s tables. Undo the advance from the latest entries if it was a "
                       "mistake.", count, stage=capitalised(label))


def undone_notice(done: Undone, tr: Translator = ENGLISH) -> str:
    return tr.gettext("Undone: event %(events)s.", events=", ".join(str(e.id) for e in done.reverted))


def pinned_notice(pinned: FloorRead, kind: str, tr: Translator = ENGLISH) -> str:
    return (tr.gettext("The wall is pinned to %(screen)s.", screen=tr.gettext(kind)) if pinned.wall_pin
            else tr.gettext("The wall rotates through every screen."))
