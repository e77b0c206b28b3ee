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
from tourney.cli._output import after_commit

if TYPE_CHECKING:
    from tourney.app.floor.reports import Pending
    from tourney.app.store.floor_store import Report

ReportArgument = Annotated[int, typer.Argument(metavar="N", min=1, help="The report's number (see `tourney pending`).")]


def _line(report: Report, device: str, disputes: tuple[int, ...] = (), after: int | None = None) -> str:
    from tourney.app.floor.reports import describe

    against = f"  DISPUTES report {', '.join(map(str, disputes))}" if disputes else ""
    later = f"  (a later round: accept {after} first)" if after is not None else ""
    return f"  {report.id:>3}  {describe(report.kind, report.data)}  ({device}){against}{later}"


def _device_labels(reports: Sequence[Report]) -> dict[int, str]:
    """Each report's device as the director's page names it ("phone 2 at table 3"), not the page's
    random label ("phone-x1y2z3")."""
    from tourney.app.floor.floor_pages import device_names

    names = device_names(list(reports))
    return {r.id: names.get((r.table, r.source.get("device", "")), f"table {r.table}") for r in reports}


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

    if mode is not None:
        reports.set_mode(mode, db=db, tournament=tournament)
        with after_commit():
            _print_pending(reports.pending(db=db, tournament=tournament), as_json=as_json)
        return
    _print_pending(reports.pending(db=db, tournament=tournament), as_json=as_json)


def _print_pending(found: Pending, *, as_json: bool) -> None:
    from tourney.app.floor.reports import mode_line

    labels = _device_labels([*found.reports, *found.settled])
    if as_json:
        print_json({"mode": found.mode, "pending": [r.to_json() | {"disputes": list(found.disputes.get(r.id, ())),
                                                                   "device_label": labels[r.id]}
                                                    for r in found.reports]})
        return
    typer.echo(mode_line(found.mode))
    if not found.reports:
        typer.echo("No report is waiting.")
        return
    typer.echo(f"{len(found.reports)} waiting (accept N / reject N):")
    for report in found.reports:
        typer.echo(_line(report, labels[report.id], found.disputes.get(report.id, ()), found.after.get(report.id)))


def _lone_device(report: Report) -> str:
    """A report's device without the others to number it by: "a phone at table 3"."""
    label = _device_labels([report])[report.id]
    return f"a phone at table {report.table}" if label.startswith("phone 1 at ") else label


def accept(number: ReportArgument, db: DbOption = None, tournament: TournamentOption = None) -> None:
    """Enter a table's pending report, as `tourney result/finish/chips` would (a dispute: the others are rejected)."""
    from tourney.app.floor.reports import accept as accept_report

    settled = accept_report(number, db=db, tournament=tournament)
    with after_commit():
        typer.echo(f"Entered report {number} as event {settled.report.event}:")
        typer.echo(_line(settled.report, _lone_device(settled.report)))
        for other in settled.rejected:
            typer.echo(f"Rejected report {other.id} ({other.note}).")


def reject(number: ReportArgument, db: DbOption = None, tournament: TournamentOption = None) -> None:
    """Drop a table's pending report: nothing is entered."""
    from tourney.app.floor.reports import reject as reject_report

    settled = reject_report(number, db=db, tournament=tournament)
    with after_commit():
        typer.echo(f"Rejected report {number}:")
        typer.echo(_line(settled.report, _lone_device(settled.report)))
        for other in settled.rejected:
            typer.echo(f"Rejected report {other.id} ({other.note}).")


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

    if link.strip().lower() == "director":
        revoke_director(db=db, tournament=tournament)
        with after_commit():
            typer.echo("The director's link was replaced; `tourney serve --lan --keep-token` shows the new one.")
        return
    number = table_ref(link, db=db, tournament=tournament)
    waiting = sum(r.table == number for r in pending(db=db, tournament=tournament).reports)
    revoke_table(number, db=db, tournament=tournament)
    dropped = f" Its {waiting} pending report{'s were' if waiting != 1 else ' was'} rejected." if waiting else ""
    with after_commit():
        typer.echo(f"Table {number}'s link was replaced; its new link is on the director's page.{dropped}")
