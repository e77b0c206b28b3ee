"""The corrections section of the director's console: the event log (newest first, filtered by
table, player and kind) and an undo's preview in the very lines `tourney undo` prints (what it
reverts, then what changes); each entry `tourney correct` takes links its correction's form
(`console_correct.py`). Rendered with `templates/console/log.html` (autoescaped: names are
text, never HTML)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tourney.app.floor.console_lang import page_lang, render_page, stage_words
from tourney.app.floor.console_players import matches
from tourney.app.floor.floor_pages import POLL_URL, poll_token
from tourney.app.floor.tokens import csrf_token
from tourney.i18n import ENGLISH, N_, Translator, translator

if TYPE_CHECKING:
    from tourney.app.floor.floor_read import FloorRead
    from tourney.engine.events import Event
    from tourney.engine.log import LogEntry
    from tourney.engine.tournament import TournamentState

PAGE_SIZE = 200  # entries one page shows; "more" goes on from the last one shown
MAX_FILTER = 60


@dataclass(frozen=True, slots=True)
class LogFilter:
    """What the log is narrowed to: a table's number, a player as quick entry reads names, a kind;
    `before`: show only entries older than this id (the "more" link)."""

    table: int | None = None
    player: str = ""
    kind: str = ""
    before: int | None = None

    def query(self, **change: Any) -> str:
        """This filter as a query string (with `change` applied), for the page's links."""
        from urllib.parse import urlencode

        fields = {"table": self.table, "player": self.player, "kind": self.kind, "before": self.before, **change}
        return urlencode({k: v for k, v in fields.items() if v not in (None, "")})


@dataclass(frozen=True, slots=True)
class LogLine:
    event: int
    kind: str
    text: str
    notes: str  # "undone", "corrected by 61" ("" for none)
    undoable: bool  # still in effect and not an undo itself
    correctable: bool  # `tourney correct` takes it (a result, finish, chips or registration in effect)
    undone: bool = False  # undone by a later entry (struck through)


@dataclass(frozen=True, slots=True)
class UndoPreview:
    """An undo asked for, not applied: the lines the CLI prints for it and the log's last id seen."""

    event: int
    lines: tuple[str, ...]
    seen: int


@dataclass(frozen=True, slots=True)
class LogPage:
    event: str
    stage: str
    base: str
    csrf: str
    poll_token: str
    filter: LogFilter
    kinds: tuple[tuple[str, str], ...]  # (the kind as the log stores it, as the page names it)
    lines: tuple[LogLine, ...]
    more: str  # the query of the next page ("" when everything was shown)
    notice: str
    notice_ok: bool
    preview: UndoPreview | None


def _names(data: Mapping[str, Any]) -> Iterator[str]:
    """Every player an event's data names."""
    for key in ("name", "loser", "old", "new"):
        if isinstance(data.get(key), str):
            yield data[key]
    for key in ("order", "forfeit"):
        yield from (n for n in data.get(key) or () if isinstance(n, str))
    if isinstance(data.get("counts"), Mapping):
        yield from data["counts"]
    for table in data.get("tables") or ():
        seats = table.get("seats", ()) if isinstance(table, Mapping) else table
        yield from (n for n in seats if isinstance(n, str))


def _shown(event: Event, by_id: Mapping[int, Event], wanted: LogFilter) -> bool:
    # An undo or a correction is found where its target is (its table, its players).
    target = by_id.get(event.data.get("target", -1)) if event.kind in ("undo", "correct") else None
    datas = [event.data] + ([target.data] if target is not None else [])
    if wanted.kind and event.kind != wanted.kind:
        return False
    if wanted.table is not None and not any(d.get("table") == wanted.table for d in datas):
        return False
    return not wanted.player or any(matches(n, wanted.player) for d in datas for n in _names(d))


def _notes(entry: LogEntry, tr: Translator = ENGLISH) -> str:
    """What `tourney log` says of an entry after its sentence, without the brackets."""
    notes = [tr.gettext("undone")] if entry.undone else []
    if entry.corrected_by is not None:
        notes.append(tr.gettext("corrected by %(event)s", event=entry.corrected_by))
    return ", ".join(notes)


def log_lines(state: TournamentState, wanted: LogFilter, tr: Translator = ENGLISH) -> tuple[tuple[LogLine, ...], bool]:
    """The entries `wanted` finds, newest first, at most `PAGE_SIZE`; and whether more are left."""
    from tourney.app.floor.console_correct import correctable
    from tourney.app.read_models.event_text import event_text
    from tourney.engine.log import annotate

    by_id = {e.id: e for e in state.events}
    found = [entry for entry in reversed(annotate(state.events))
             if (wanted.before is None or entry.event.id < wanted.before) and _shown(entry.event, by_id, wanted)]
    unit = state.kind.unit
    lines = tuple(LogLine(e.event.id, e.event.kind, event_text(e.event.kind, e.event.data, tr, unit), _notes(e, tr),
                          not e.undone and e.event.kind != "undo", correctable(e.event, e.undone), e.undone)
                  for e in found[:PAGE_SIZE])
    return lines, len(found) > PAGE_SIZE


def undo_preview_lines(state: TournamentState, event: int, tr: Translator = ENGLISH) -> tuple[str, ...]:
    """What `tourney undo EVENT` says: the entries it reverts ("Will undo: event N (...).", as its
    confirmation names them) and the changes it prints; raises what the undo itself would raise."""
    from tourney.app.operations.corrections import correction_changes
    from tourney.app.read_models.event_text import event_text
    from tourney.engine.corrections import preview
    from tourney.engine.log import undo_group_of
    from tourney.errors import InvalidInputError

    if not any(e.id == event for e in state.events):
        raise InvalidInputError.in_words("no event %(event)s in this tournament (see `tourney log`)", event=event)
    by_id = {e.id: e for e in state.events}
    group = undo_group_of(state.events, event)
    after = state
    for target in group:  # latest first, as `undo` appends them
        after = preview(after, "undo", {"target": target})
    return (*(tr.gettext("Will undo: event %(event)s (%(entry)s).", event=i,
                         entry=event_text(by_id[i].kind, by_id[i].data, tr, state.kind.unit)) for i in group),
            *(f"  {line}" for line in correction_changes(state, after, tr)))


def undo_preview(state: TournamentState, event: int, tr: Translator = ENGLISH) -> UndoPreview:
    return UndoPreview(event, undo_preview_lines(state, event, tr), state.events[-1].id if state.events else 0)


def log_filter(params: Mapping[str, str]) -> LogFilter:
    """The filter a query string asks for; a table or a `before` that is not a number is refused."""
    from tourney.app.input.numbers import whole_number

    def number(name: str) -> int | None:
        raw = params.get(name, "").strip()
        return whole_number(raw, what=name, low=0, high=2**63 - 1) if raw else None

    return LogFilter(number("table"), params.get("player", "")[:MAX_FILTER].strip(),
                     params.get("kind", "")[:MAX_FILTER].strip(), number("before"))


# The log's kinds as the filter names them: English keeps the stored kind, as `tourney log` shows it.
KIND_LABELS = {"format": N_("the format"), "register": N_("registrations"), "drop": N_("drops"),
               "seat": N_("seat draws"), "result": N_("round results"), "finish": N_("finishes"),
               "chips": N_("chip counts"), "advance": N_("advances"), "undo": N_("undos"),
               "correct": N_("corrections"), "rename": N_("renames"), "bye": N_("requested byes"),
               "rejoin": N_("re-entries"), "avoid": N_("avoided pairings")}


def kind_label(kind: str, tr: Translator) -> str:
    if tr.lang == ENGLISH.lang or kind not in KIND_LABELS:
        return kind
    return tr.gettext(KIND_LABELS[kind])


def log_page(floor: FloorRead, wanted: LogFilter | None = None, *, notice: str = "", ok: bool = True,
             preview: UndoPreview | None = None) -> str:
    state = floor.state
    token = floor.director_link()
    lang = page_lang(floor.lang)
    wanted = wanted or LogFilter()
    lines, more = log_lines(state, wanted, translator(lang))
    kinds: Sequence[str] = sorted({e.kind for e in state.events} | ({wanted.kind} - {""}))
    named = tuple((kind, kind_label(kind, translator(lang))) for kind in kinds)
    page = LogPage(
        event=floor.tournament.name, stage=stage_words(state, translator(lang)),
        base=f"/director/{token}", csrf=csrf_token(floor.secret or "00", token), poll_token=poll_token(floor),
        filter=wanted, kinds=named, lines=lines, more=wanted.query(before=lines[-1].event) if more else "",
        notice=notice, notice_ok=ok, preview=preview)
    return render_page("console/log.html", lang, page=page, poll_url=POLL_URL)
