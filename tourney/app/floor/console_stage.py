"""The stage section of the director's console: the stage plan with its reasons (what `tourney plan`
prints), the seat draw (with what `tourney seat` takes for the first: a seed, the plan's overrides,
a ratings file) and the advance, each previewed then confirmed.

A preview is the very operation run in a write transaction that is then rolled back: the tables,
the seats and who goes on are the engine's own, never recomputed here. A confirmation names the
log's last event the preview saw; when the log moved since, it is refused (`StalePreview`) with
what changed, checked inside the transaction that would store the change. Rendered with
`templates/console/stage.html` (autoescaped: names are text, never HTML)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from tourney.app.floor.floor_forms import Fields, field
from tourney.app.floor.floor_pages import POLL_URL, poll_token
from tourney.app.floor.tokens import csrf_token
from tourney.errors import IllegalActionError, InvalidInputError, TourneyError
from tourney.i18n import ENGLISH, Translator

if TYPE_CHECKING:
    from tourney.app.floor.floor_read import FloorRead
    from tourney.app.operations.ratings import RatingsFile
    from tourney.app.store.unit_of_work import UnitOfWork
    from tourney.engine.tournament import TournamentState

MAX_CHANGES = 8  # log entries named in a stale preview's refusal (then "and N more")


class StalePreview(IllegalActionError):
    """A confirmation of a preview the log has moved past: nothing was stored."""


# A table size or advance count typed in the draw's form: as `tourney seat`'s options, the planner
# checks them against the game; this bound only keeps an absurd number from reaching it.
MAX_PLAN_NUMBER = 1_000


@dataclass(frozen=True, slots=True)
class DrawAsked:
    """What `tourney seat` takes for the first draw besides `--ratings`: a seed and the plan's overrides."""

    seed: int | None = None
    table_size: int | None = None
    advance: int | None = None
    final_size: int | None = None

    def fields(self) -> tuple[tuple[str, str], ...]:
        """The form's fields that carry it to a confirmation (the ones given)."""
        return tuple((name, str(value)) for name, value in (("seed", self.seed), ("table_size", self.table_size),
                                                            ("advance", self.advance), ("final_size", self.final_size))
                     if value is not None)


@dataclass(frozen=True, slots=True)
class Preview:
    """What a draw or an advance would do, as of the log's event `seen`."""

    lines: tuple[str, ...]
    seed: int  # the draw's seed (the next stage's, for an advance)
    seen: int
    plan: tuple[str, ...] = ()  # a first draw: the plan it fixes, as `tourney plan` prints it after it
    asked: DrawAsked = DrawAsked()  # a first draw: what it was asked with (its seed: the one drawn)


@dataclass(frozen=True, slots=True)
class StagePage:
    event: str
    stage: str
    base: str  # the director's page
    csrf: str
    poll_token: str
    plan_lines: tuple[str, ...]
    plan_note: str  # the plan's heading, or why there is none
    seated: bool  # the first draw was made: a redraw is an undo of it
    blockers: tuple[str, ...]  # what stops an advance now
    complete: bool
    draw_preview: Preview | None
    advance_preview: Preview | None
    notice: str
    notice_ok: bool
    takes_plan: bool  # a format of stages: the first draw fixes the plan (its overrides are asked)
    takes_ratings: bool  # a format seeded by rating: the first draw takes a ratings file
    ratings_key: str  # the draw's ratings file waiting on the server for its confirmation ("": none)
    ratings_source: str
    max_upload_mb: int


class _RolledBack(TourneyError):
    """Raised inside a preview's transaction so that nothing of it is kept."""


Run = Callable[["UnitOfWork", Translator], tuple[str, ...]]


def previewed(run: Run, db: str | None, tournament: str | None) -> Preview:
    """`run`'s lines in a write transaction that is then rolled back, with the seed it drew, the
    log's last event it saw and the plan the state then has; in the page's language."""
    from tourney.app.operations.tournaments import PlanShown
    from tourney.app.store.unit_of_work import transaction

    shown: Preview | None = None
    try:
        with transaction(db, tournament) as tx:
            tr = _page_words(tx)
            seen = tx.state.last_event_id
            lines = run(tx, tr)
            state = tx.state
            plan = (PlanShown(state.plan, "(fixed at the first seat draw)").lines(tr) if state.plan is not None
                    else ())
            shown = Preview(lines, state.seeds.get(state.stage, 0), seen, plan)
            raise _RolledBack
    except _RolledBack:
        pass
    assert shown is not None
    return shown


_previewed = previewed  # its first name


def _page_words(tx: UnitOfWork) -> Translator:
    """The language of the page that asked: its `?lang=`, else the event's."""
    from tourney.app.floor.console_lang import page_translator

    return page_translator(tx.floor.language())


def _draw(asked: DrawAsked, ratings: RatingsFile | None = None) -> Run:
    """The first draw as `tourney seat` makes it and the lines it prints (how a ratings file was
    read, when it was not UTF-8 with commas, then the tables)."""
    def run(tx: UnitOfWork, tr: Translator) -> tuple[str, ...]:
        from tourney.app.operations.seating import seat_in
        from tourney.app.read_models.table_views import seated_lines

        if tx.state.stage > 0:
            raise InvalidInputError.in_words("the seats are drawn already: a redraw is an undo of the seat draw")
        seat_in(tx, seed=asked.seed, table_size=asked.table_size, advance=asked.advance,
                final_size=asked.final_size, ratings=ratings)
        read_as = ((f"{ratings.source}: {tr.words(ratings.read_words)}",) if ratings is not None and ratings.read_words
                   else ())
        return (*read_as, *seated_lines(tx.state, tr))
    return run


def _advance(tx: UnitOfWork, tr: Translator) -> tuple[str, ...]:
    from tourney.app.operations.seating import advance_and_seat
    from tourney.app.read_models.table_views import advanced_lines

    moving = advance_and_seat(tx)
    return advanced_lines(tx.state, moving, tr)


def preview_draw(asked: DrawAsked | int | None, *, db: str | None, tournament: str | None,
                 ratings: RatingsFile | None = None) -> Preview:
    """The first seat draw as `tourney seat` prints it with `asked`'s seed (None: the stage's own)
    and plan overrides and `ratings`, and the plan it fixes; nothing stored. (A bare seed: `asked`'s seed.)"""
    asked = asked if isinstance(asked, DrawAsked) else DrawAsked(seed=asked)
    shown = previewed(_draw(asked, ratings), db, tournament)
    return replace(shown, asked=replace(asked, seed=shown.seed))


def preview_advance(*, db: str | None, tournament: str | None) -> Preview:
    """The advance as `tourney advance` prints it (who goes on, the next stage drawn); nothing stored."""
    return _previewed(_advance, db, tournament)


def unchanged(tx: UnitOfWork, seen: int) -> None:
    """Refuse (`StalePreview`, naming the entries since) a confirmation whose preview saw event
    `seen` when the log has moved past it; called inside the transaction that stores the change."""
    from tourney.app.floor.console_lang import page_translator
    from tourney.app.read_models.event_text import event_text

    state = tx.state
    if state.last_event_id == seen:
        return
    tr = page_translator(tx.floor.language())  # the page that confirmed: its `?lang=`, else the event's
    changes = [f"{e.id} {e.kind}: {event_text(e.kind, e.data, tr, state.kind.unit)}" for e in state.events_after(seen)]
    listed = "; ".join(changes[:MAX_CHANGES])
    if len(changes) > MAX_CHANGES:
        listed = tr.ngettext("%(entries)s; and %(num)s more", "%(entries)s; and %(num)s more",
                             len(changes) - MAX_CHANGES, entries=listed)
    raise StalePreview(tr.gettext("the log moved since this preview (it saw event %(seen)s): %(entries)s. "
                                  "Nothing was stored: check the new preview", seen=seen, entries=listed))


_unchanged = unchanged  # its first name


def confirm_draw(asked: DrawAsked | int, seen: int, *, db: str | None, tournament: str | None,
                 ratings: RatingsFile | None = None) -> TournamentState:
    """Store the previewed draw (the same seed, overrides and ratings on the same log), or refuse a
    stale preview."""
    from tourney.app.store.unit_of_work import transaction

    asked = asked if isinstance(asked, DrawAsked) else DrawAsked(seed=asked)
    with transaction(db, tournament) as tx:
        unchanged(tx, seen)
        _draw(asked, ratings)(tx, _page_words(tx))
    return tx.state


def draw_asked(fields: Fields) -> DrawAsked:
    """The draw's form: `seed`, `table_size`, `advance`, `final_size` (each optional), read as
    `tourney seat` reads its options."""
    from tourney.app.input.numbers import MAX_SEED, whole_number

    def number(name: str, what: str, high: int) -> int | None:
        typed = field(fields, name).strip()
        return whole_number(typed, what=what, high=high) if typed else None

    return DrawAsked(number("seed", "seed", MAX_SEED), number("table_size", "the table size", MAX_PLAN_NUMBER),
                     number("advance", "how many advance", MAX_PLAN_NUMBER),
                     number("final_size", "the final's size", MAX_PLAN_NUMBER))


def confirm_advance(seen: int, *, db: str | None, tournament: str | None) -> tuple[str, ...]:
    """Store the previewed advance (and the next stage's draw); returns what `tourney advance` prints."""
    from tourney.app.store.unit_of_work import transaction

    with transaction(db, tournament) as tx:
        unchanged(tx, seen)
        return _advance(tx, _page_words(tx))


def seen_event(text: str, tr: Translator = ENGLISH) -> int:
    """The last event id a confirmation form carries; anything else is a broken form."""
    if not text.isascii() or not text.isdigit() or len(text) > 12:
        raise InvalidInputError(tr.gettext("this confirmation lacks the preview it confirms: preview again"))
    return int(text)


def stage_plan(db: str | None, tournament: str | None, tr: Translator = ENGLISH) -> tuple[tuple[str, ...], str]:
    """What `tourney plan` prints (its lines), or the one line saying why there is no plan."""
    from tourney.app.operations.tournaments import plan
    from tourney.app.read_models.refusals import refusal_text

    try:
        return plan(db=db, tournament=tournament).lines(tr), ""
    except TourneyError as error:
        return (), refusal_text(str(error), tr)


def stage_page(floor: FloorRead, *, db: str | None, tournament: str | None, notice: str = "", ok: bool = True,
               draw_preview: Preview | None = None, advance_preview: Preview | None = None,
               ratings: tuple[str, str] | None = None) -> str:
    """The stage page; `ratings`: the (key, name) of the ratings file a draw's preview read."""
    from tourney.app.floor.console_lang import page_lang, render_page, stage_words
    from tourney.app.input.files import MAX_TEXT_BYTES
    from tourney.app.read_models.table_views import advance_blockers
    from tourney.i18n import translator

    state = floor.state
    token = floor.director_link()
    lang = page_lang(floor.lang)
    tr = translator(lang)
    lines, why = stage_plan(db, tournament, tr)
    page = StagePage(
        event=floor.tournament.name, stage=stage_words(state, tr),
        base=f"/director/{token}", csrf=csrf_token(floor.secret or "00", token), poll_token=poll_token(floor),
        plan_lines=lines, plan_note=why, seated=state.stage > 0,
        blockers=advance_blockers(state, tr) if state.stage > 0 else (),
        complete=bool(state.complete or state.closed), draw_preview=draw_preview, advance_preview=advance_preview,
        notice=notice, notice_ok=ok, takes_plan=state.kind.takes_stage_plan,
        takes_ratings=getattr(state.format, "seeding", "") == "rating", ratings_key=ratings[0] if ratings else "",
        ratings_source=ratings[1] if ratings else "", max_upload_mb=MAX_TEXT_BYTES // 2**20)
    return render_page("console/stage.html", lang, page=page, poll_url=POLL_URL)
