"""A correction from the director's console: `tourney correct ID` with its preview and its `--yes`.

The form of an entry asks for what `tourney correct` takes for its kind (a round result: the loser;
a finish: the order, winner first; a chip count: NAME=N pairs; a registration: the name and the
club), each name read as quick entry reads it. Its preview is `CorrectionPreview.lines()`, the very
lines the command prints without `--yes`; the confirmation carries the typed values and the log's
last event the preview saw, and stores the correction in one transaction that first checks the log
has not moved (`console_stage.unchanged`, a 409 naming the entries since). Rendered with
`templates/console/correct.html` (autoescaped: names are text, never HTML).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tourney.app.floor.floor_forms import Fields, field
from tourney.app.floor.floor_pages import POLL_URL, poll_token
from tourney.app.floor.tokens import csrf_token
from tourney.errors import InvalidInputError
from tourney.i18n import ENGLISH, N_, Translator, translator

if TYPE_CHECKING:
    from tourney.app.floor.floor_read import FloorRead
    from tourney.app.operations.corrections import Corrected
    from tourney.engine.events import Event
    from tourney.engine.tournament import TournamentState

CORRECTED_BY = {"result": "the loser", "finish": "the order", "chips": "the counts", "register": "the name or club"}
# What the form's heading says it corrects, a whole sentence for each kind (CORRECTED_BY's words).
ASKS_TEXT = {
    "result": N_("correct the loser; the preview shows what changes before anything is stored"),
    "finish": N_("correct the order; the preview shows what changes before anything is stored"),
    "chips": N_("correct the counts; the preview shows what changes before anything is stored"),
    "register": N_("correct the name or club; the preview shows what changes before anything is stored"),
}
MAX_VALUES = 16  # an order's names or a count's pairs a form carries (a table seats at most a dozen)
MAX_TEXT = 200  # characters of one typed value (a name is at most 60 once cleaned)


@dataclass(frozen=True, slots=True)
class CorrectionAsked:
    """What the director typed: exactly one of the four, as `tourney correct` takes them."""

    loser: str | None = None
    order: tuple[str, ...] | None = None
    counts: tuple[str, ...] | None = None
    name: str | None = None
    club: str | None = None

    def fields(self) -> tuple[tuple[str, str], ...]:
        """(field, value) pairs that carry it in a confirmation form."""
        pairs: list[tuple[str, str]] = []
        if self.loser is not None:
            pairs.append(("loser", self.loser))
        pairs += [("value", v) for v in self.order or self.counts or ()]
        pairs += [(key, value) for key, value in (("name", self.name), ("club", self.club)) if value is not None]
        return tuple(pairs)


@dataclass(frozen=True, slots=True)
class ShownCorrection:
    """A correction previewed, not stored: the command's lines and the log's last id it saw."""

    lines: tuple[str, ...]
    seen: int
    asked: CorrectionAsked


@dataclass(frozen=True, slots=True)
class CorrectForm:
    """The form of one entry: what it says now and the values to edit, filled with what is in effect."""

    event: int
    kind: str
    text: str  # the entry as the log shows it
    asks: str  # "the loser", "the order", ...
    loser: str
    values: tuple[str, ...]  # an order's names, winner first, or a count's NAME=N pairs
    name: str
    club: str
    seated: tuple[str, ...]  # the players of the entry's table (the names' suggestions)


@dataclass(frozen=True, slots=True)
class CorrectPage:
    event: str
    base: str
    csrf: str
    poll_token: str
    form: CorrectForm
    spare: int  # empty fields under an order's or counts' values, for a name missing from them
    preview: ShownCorrection | None
    notice: str
    notice_ok: bool
    asks_text: str  # what the form corrects, in the page's language


def correctable(event: Event, undone: bool) -> bool:
    """Whether `tourney correct` takes this entry: one of its four kinds, still in effect."""
    return event.kind in CORRECTED_BY and not undone


def _target(state: TournamentState, number: int) -> Event:
    found = next((e for e in state.events if e.id == number), None)
    if found is None:
        raise InvalidInputError.in_words("no event %(event)s in this tournament (see `tourney log`)", event=number)
    if found.kind not in CORRECTED_BY:
        raise InvalidInputError.in_words("event %(event)s is a %(kind)s, which cannot be corrected (undo it instead)",
                                         event=number, kind=found.kind)
    return found


def _in_effect(state: TournamentState, target: Event) -> tuple[dict[str, object], str]:
    """The target's payload with its corrections in effect, and the registered player's name now."""
    from tourney.engine.log import Renames, corrected_data, corrections, effective_ids

    effective = effective_ids(state.events)
    data = corrected_data(target, corrections(state.events, effective).get(target.id, []))
    now = Renames(state.events, effective).final.get(target.id, "") if target.kind == "register" else ""
    return data, now


def correct_form(state: TournamentState, number: int, tr: Translator = ENGLISH) -> CorrectForm:
    """The form of entry `number`, its fields filled with what it says now (names as they are now
    spelled where the player is still found by them)."""
    from tourney.app.read_models.event_text import event_text

    target = _target(state, number)
    data, registered = _in_effect(state, target)
    table = state.table_of_event(target.id)

    def now(name: object) -> str:
        return (state.find_player(name) or name) if isinstance(name, str) else ""

    order = data.get("order")
    counts = data.get("counts")
    values: tuple[str, ...] = ()
    if isinstance(order, list):
        values = tuple(now(n) for n in order)
    elif isinstance(counts, Mapping):
        values = tuple(f"{now(n)}={c}" for n, c in counts.items())
    club = state.player(registered).club if registered and state.find_player(registered) == registered else ""
    return CorrectForm(target.id, target.kind, event_text(target.kind, target.data, tr, state.kind.unit),
                       CORRECTED_BY[target.kind],
                       now(data.get("loser")), values, registered, club or "",
                       tuple(table.seats) if table is not None else ())


def correction_asked(state: TournamentState, number: int, fields: Fields) -> CorrectionAsked:
    """What a posted form asks of entry `number`: the field its kind takes (`loser`, the `value`s
    of an order or of counts, `name`/`club`); a registration's name or club left as it is now is
    not part of the correction (as `tourney correct 3 --name X` leaves the club alone)."""
    kind = _target(state, number).kind
    if kind == "result":
        return CorrectionAsked(loser=field(fields, "loser")[:MAX_TEXT])
    if kind in ("finish", "chips"):
        values = tuple(v.strip()[:MAX_TEXT] for v in fields.get("value", ())[:MAX_VALUES] if v.strip())
        return CorrectionAsked(order=values) if kind == "finish" else CorrectionAsked(counts=values)
    form = correct_form(state, number)
    name, club = field(fields, "name")[:MAX_TEXT], field(fields, "club")[:MAX_TEXT]
    return CorrectionAsked(name=name if name.strip() != form.name else None,
                           club=club if club.strip() != form.club else None)


def preview_correction(number: int, asked: CorrectionAsked, *, db: str | None,
                       tournament: str | None, tr: Translator = ENGLISH) -> ShownCorrection:
    """What `tourney correct` prints for it without `--yes`, in `tr`'s language; raises what the
    command would raise."""
    from tourney.app.operations.corrections import correction_of
    from tourney.app.store.unit_of_work import read

    snap = read(db, tournament)
    shown = correction_of(snap.state, snap.tournament, number, loser=asked.loser, order=asked.order,
                          counts=asked.counts, name=asked.name, club=asked.club, tr=tr)
    return ShownCorrection(shown.lines(tr), snap.state.last_event_id, asked)


def confirm_correction(number: int, asked: CorrectionAsked, seen: int, *, db: str | None,
                       tournament: str | None) -> Corrected:
    """Store the previewed correction (`--yes`), or refuse it when the log moved since its preview."""
    from tourney.app.floor.console_stage import unchanged
    from tourney.app.operations.corrections import Corrected, correction_of
    from tourney.app.store.unit_of_work import transaction

    with transaction(db, tournament) as tx:
        unchanged(tx, seen)
        shown = correction_of(tx.state, tx.tournament, number, loser=asked.loser, order=asked.order,
                              counts=asked.counts, name=asked.name, club=asked.club)
        stored = tx.append("correct", shown.data)
    return Corrected(stored, tx.state)


def applied_notice(done: Corrected, tr: Translator = ENGLISH) -> str:
    """What `tourney correct --yes` says first."""
    return tr.gettext("Applied as event %(event)s.", event=done.event.id)


def correct_page(floor: FloorRead, number: int, *, preview: ShownCorrection | None = None,
                 typed: CorrectionAsked | None = None, notice: str = "", ok: bool = True) -> str:
    """The form of entry `number` (with what was typed, when given), its preview if any, a notice."""
    from dataclasses import replace

    from tourney.app.floor.console_lang import page_lang, render_page

    token = floor.director_link()
    lang = page_lang(floor.lang)
    form = correct_form(floor.state, number, translator(lang))
    typed = typed or (preview.asked if preview is not None else None)
    if typed is not None:
        form = replace(form, loser=typed.loser if typed.loser is not None else form.loser,
                       values=typed.order or typed.counts or form.values,
                       name=typed.name if typed.name is not None else form.name,
                       club=typed.club if typed.club is not None else form.club)
    page = CorrectPage(event=floor.tournament.name, base=f"/director/{token}",
                       csrf=csrf_token(floor.secret or "00", token), poll_token=poll_token(floor), form=form,
                       spare=max(0, min(len(form.seated), MAX_VALUES) - len(form.values)), preview=preview,
                       notice=notice, notice_ok=ok,
                       asks_text=translator(lang).gettext(ASKS_TEXT[form.kind]) if form.kind in ASKS_TEXT
                       else f"correct {form.asks}; the preview shows what changes before anything is stored")
    return render_page("console/correct.html", lang, page=page, poll_url=POLL_URL)

