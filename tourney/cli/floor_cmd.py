"""The floor's reports at the desk (issue 18): `tourney pending`, `accept N`, `reject N`, `revoke`.

Reports come from the tables' phones (`tourney serve --lan`); these commands show the ones waiting
for the director and settle them, each one transaction of `tourney.app.floor.reports`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Annotated

import typer

from tourney.cli._common import print_json
from tourney.cli._db_options import DbOption, JsonOption, TournamentOption
from tourney.cli._live import command_translator
from tourney.cli._output import after_commit
from tourney.i18n import ENGLISH, Translator

if TYPE_CHECKING:
    from tourney.app.floor.reports import Pending
    from tourney.app.store.floor_store import Report

ReportArgument = Annotated[int, typer.Argument(metavar="N", min=1, help="The report's number (see `tourney pending`).")]


def _line(report: Report, device: str, disputes: tuple[int, ...] = (), after: int | None = None,
          tr: Translator = ENGLISH) -> str:
    from tourney.app.floor.reports import describe

    if tr.lang == ENGLISH.lang:  # as it always read
        against = f"  DISPUTES report {', '.join(map(str, disputes))}" if disputes else ""
        later = f"  (a later round: accept {after} first)" if after is not None else ""
    else:
        against = "  " + tr.ngettext("DISPUTES report %(reports)s", "DISPUTES reports %(reports)s", len(disputes),
                                     reports=", ".join(map(str, disputes))) if disputes else ""
        later = "  " + tr.gettext("(a later round: accept %(report)s first)", report=after) if after is not None \
            else ""
    return f"  {report.id:>3}  {describe(report.kind, report.data, tr)}  ({device}){against}{later}"


def _device_labels(reports: Sequence[Report], tr: Translator = ENGLISH) -> dict[int, str]:
    """Each report's device as the director's page names it ("phone 2 at table 3"), not the page's
    random label ("phone-x1y2z3")."""
    from tourney.app.floor.floor_pages import device_names

    names = device_names(list(reports), tr)
    return {r.id: names.get((r.table, r.source.get("device", "")), tr.gettext("table %(number)s", number=r.table))
            for r in reports}


def pending(
    mode: Annotated[str | None, typer.Option(
        metavar="apply|approve", help="How reports from the tables are taken from now on: entered at once "
                                     "(apply) or kept until the director accepts them (approve).")] = None,
    db: DbOption = None,
    tournament: TournamentOption = None,
    as_json: JsonOption = False,
) -> None:
    """The reports from the tables' phones waiting for the director (`accept N`, `reject N`)."""
    from tourney.app.floor import reports

    tr = command_translator(db, tournament)
    if mode is not None:
        reports.set_mode(mode, db=db, tournament=tournament)
        with after_commit():
            _print_pending(reports.pending(db=db, tournament=tournament), as_json=as_json, tr=tr)
        return
    _print_pending(reports.pending(db=db, tournament=tournament), as_json=as_json, tr=tr)


def _print_pending(found: Pending, *, as_json: bool, tr: Translator) -> None:
    from tourney.app.floor.reports import mode_line

    if as_json:  # the devices' labels in English, as `--json` always had them
        tr = ENGLISH
    labels = _device_labels([*found.reports, *found.settled], tr)
    if as_json:
        print_json({"mode": found.mode, "pending": [r.to_json() | {"disputes": list(found.disputes.get(r.id, ())),
                                                                   "device_label": labels[r.id]}
                                                    for r in found.reports]})
        return
    typer.echo(mode_line(found.mode, tr))
    if not found.reports:
        typer.echo(tr.gettext("No report is waiting."))
        return
    typer.echo(tr.ngettext("%(num)s waiting (accept N / reject N):", "%(num)s waiting (accept N / reject N):",
                           len(found.reports)))
    for report in found.reports:
        typer.echo(_line(report, labels[report.id], found.disputes.get(report.id, ()), found.after.get(report.id),
                         tr))


def _lone_device(report: Report, tr: Translator = ENGLISH) -> str:
    """A report's device without the others to number it by: "a phone at table 3"."""
    if _device_labels([report])[report.id].startswith("phone 1 at "):
        return tr.gettext("a phone at table %(table)s", table=report.table)
    return _device_labels([report], tr)[report.id]


def _rejected_line(other: Report, tr: Translator) -> str:
    from tourney.app.floor.floor_words import note_text

    if tr.lang == ENGLISH.lang:
        return f"Rejected report {other.id} ({other.note})."
    return tr.gettext("Rejected report %(report)s (%(note)s).", report=other.id, note=note_text(other.note or "", tr))


def accept(number: ReportArgument, db: DbOption = None, tournament: TournamentOption = None) -> None:
    """Enter a table's pending report, as `tourney result/finish/chips` would (a dispute: the others are rejected)."""
    from tourney.app.floor.reports import accept as accept_report

    tr = command_translator(db, tournament)
    settled = accept_report(number, db=db, tournament=tournament)
    with after_commit():
        typer.echo(tr.gettext("Entered report %(report)s as event %(event)s:", report=number,
                              event=settled.report.event))
        typer.echo(_line(settled.report, _lone_device(settled.report, tr), tr=tr))
        for other in settled.rejected:
            typer.echo(_rejected_line(other, tr))


def reject(number: ReportArgument, db: DbOption = None, tournament: TournamentOption = None) -> None:
    """Drop a table's pending report: nothing is entered."""
    from tourney.app.floor.reports import reject as reject_report

    tr = command_translator(db, tournament)
    settled = reject_report(number, db=db, tournament=tournament)
    with after_commit():
        typer.echo(tr.gettext("Rejected report %(report)s:", report=number))
        typer.echo(_line(settled.report, _lone_device(settled.report, tr), tr=tr))
        for other in settled.rejected:
            typer.echo(_rejected_line(other, tr))


def revoke(
    link: Annotated[str, typer.Argument(metavar="TABLE|director",
                                        help="A table of the current stage, or the director's link.")],
    db: DbOption = None,
    tournament: TournamentOption = None,
) -> None:
    """Replace a floor link (a table's or the director's): the old one stops working at once."""
    from tourney.app.floor.floor_read import revoke_director, revoke_table
    from tourney.app.floor.reports import pending
    from tourney.app.operations.results import table_ref

    tr = command_translator(db, tournament)
    if link.strip().lower() == "director":
        revoke_director(db=db, tournament=tournament)
        with after_commit():
            typer.echo(tr.gettext("The director's link was replaced; `tourney serve --lan --keep-token` shows the "
                                  "new one."))
        return
    number = table_ref(link, db=db, tournament=tournament)
    waiting = sum(r.table == number for r in pending(db=db, tournament=tournament).reports)
    revoke_table(number, db=db, tournament=tournament)
    with after_commit():
        if not waiting:
            typer.echo(tr.gettext("Table %(table)s's link was replaced; its new link is on the director's page.",
                                  table=number))
        else:
            typer.echo(tr.ngettext("Table %(table)s's link was replaced; its new link is on the director's page. Its "
                                   "%(num)s pending report was rejected.",
                                   "Table %(table)s's link was replaced; its new link is on the director's page. Its "
                                   "%(num)s pending reports were rejected.", waiting, table=number))
