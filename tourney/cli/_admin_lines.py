"""What the database's commands print, in the command's language (issue 29): `tourney list`,
`tourney backup` and its `--restore`, and `tourney serve`'s banner. English is exactly what they
always printed; `--json` is the operations' own values, in no language."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

from tourney.app.read_models.stage_labels import progress_text
from tourney.i18n import ENGLISH, Translator

if TYPE_CHECKING:
    from tourney.app.operations.backup import BackupMade, Restored
    from tourney.app.operations.tournaments import TournamentSummary


def list_lines(found: Sequence[TournamentSummary], tr: Translator = ENGLISH) -> Iterator[str]:
    """Each tournament: current mark, id, name, game, state, players; then how to choose another."""
    if not found:
        yield tr.gettext("No tournament yet: `tourney new NAME --game ...` creates one.")
        return
    width = max(len(item.name) for item in found)
    for item in found:
        mark = "*" if item.current else " "
        players = tr.ngettext("%(num)s players", "%(num)s players", item.players) if tr.lang != ENGLISH.lang \
            else f"{item.players} players"  # English said "1 players" before there were catalogs: kept
        state = progress_text(item.state, tr, item.unit)
        yield f"{mark} {item.id:>4}  {item.name:<{width}}  {item.game:<13} {state:<12} {players}"
    yield tr.gettext("* current: `tourney use NAME|ID` chooses another.")


def backup_line(made: BackupMade, tr: Translator = ENGLISH) -> str:
    if tr.lang == ENGLISH.lang:  # "1 tournament(s)" as it always read
        what = "copy" if made.kind == "sqlite" else "portable export"
        return (f"Backed up {made.source} to {made.path} ({what}: {made.tournaments} tournament(s), "
                f"{made.events} events).")
    tournaments = tr.ngettext("%(num)s tournament", "%(num)s tournaments", made.tournaments)
    events = tr.ngettext("%(num)s event", "%(num)s events", made.events)
    if made.kind == "sqlite":
        return tr.gettext("Backed up %(source)s to %(path)s (copy: %(tournaments)s, %(events)s).", source=made.source,
                          path=made.path, tournaments=tournaments, events=events)
    return tr.gettext("Backed up %(source)s to %(path)s (portable export: %(tournaments)s, %(events)s).",
                      source=made.source, path=made.path, tournaments=tournaments, events=events)


def restored_line(done: Restored, tr: Translator = ENGLISH) -> str:
    events = tr.ngettext("%(num)s event", "%(num)s events", done.events) if tr.lang != ENGLISH.lang \
        else f"{done.events} events"
    reports = tr.ngettext("%(num)s floor report", "%(num)s floor reports", done.reports) \
        if tr.lang != ENGLISH.lang else f"{done.reports} floor reports"
    if not done.tournaments:
        return tr.gettext("Restored no tournament into %(target)s (%(events)s, %(reports)s).", target=done.target,
                          events=events, reports=reports)
    return tr.gettext("Restored %(names)s into %(target)s (%(events)s, %(reports)s).",
                      names=", ".join(repr(name) for name in done.tournaments), target=done.target, events=events,
                      reports=reports)


def serving_line(name: str | None, address: str, pages: Sequence[str], tr: Translator = ENGLISH) -> str:
    """`tourney serve`'s first line: what it serves where, its pages, how to stop it."""
    shown = ", ".join(tr.gettext(page).lower() for page in pages)
    if name is None:
        return tr.gettext("Serving no event yet on %(address)s (%(pages)s); Ctrl-C stops.", address=address,
                          pages=shown)
    return tr.gettext("Serving %(name)s on %(address)s (%(pages)s); Ctrl-C stops.", name=repr(name), address=address,
                      pages=shown)
