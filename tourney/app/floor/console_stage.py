"""The stage section of the director's console: the stage plan with its reasons (what `tourney plan`
prints), the seat draw and the advance, each previewed then confirmed.

A preview is the very operation run in a write transaction that is then rolled back: the tables,
the seats and who goes on are the engine's own, never recomputed here. A confirmation names the
log's last event the preview saw; when the log moved since, it is refused (`StalePreview`) with
what changed, checked inside the transaction that would store the change. Rendered with
`templates/console/stage.html` (autoescaped: names are text, never HTML)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from tourney.app.floor.floor_pages import POLL_URL, poll_token
from tourney.app.floor.tokens import csrf_token
from tourney.errors import IllegalActionError, InvalidInputError, TourneyError

if TYPE_CHECKING:
    from tourney.app.floor.floor_read import FloorRead
    from tourney.app.store.unit_of_work import UnitOfWork
    from tourney.engine.tournament import TournamentState

MAX_CHANGES = 8  # log entries named in a stale preview's refusal (then "and N more")


class StalePreview(IllegalActionError):
    """A confirmation of a preview the log has moved past: nothing was stored."""


@dataclass(frozen=True, slots=True)
class Preview:
    """What a draw or an advance would do, as of the log's event `seen`."""

    lines: tuple[str, ...]
    seed: int  # the draw's seed (the next stage's, for an advance)
    seen: int


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


class _RolledBack(TourneyError):
    """Raised inside a preview's transaction so that nothing of it is kept."""


def _previewed(run: Callable[[UnitOfWork], tuple[str, ...]], db: str | None, tournament: str | None) -> Preview:
    from tourney.app.store.unit_of_work import transaction

    shown: Preview | None = None
    try:
        with transaction(db, tournament) as tx:
            seen = tx.state.last_event_id
            lines = run(tx)
            shown = Preview(lines, tx.state.seeds.get(tx.state.stage, 0), seen)
            raise _RolledBack
    except _RolledBack:
        pass
    assert shown is not None
    return shown


def _draw(seed: int | None) -> Callable[[UnitOfWork], tuple[str, ...]]:
    def run(tx: UnitOfWork) -> tuple[str, ...]:
        from tourney.app.operations.seating import seat_next
        from tourney.app.read_models.table_views import seated_lines

        if tx.state.stage > 0:
            raise InvalidInputError("the seats are drawn already: a redraw is an undo of the seat draw")
        seat_next(tx, seed=seed)
        return seated_lines(tx.state)
    return run


def _advance(tx: UnitOfWork) -> tuple[str, ...]:
    from tourney.app.operations.seating import advance_and_seat
    from tourney.app.read_models.table_views import advanced_lines

    moving = advance_and_seat(tx)
    return advanced_lines(tx.state, moving)


def preview_draw(seed: int | None, *, db: str | None, tournament: str | None) -> Preview:
    """The first seat draw with `seed` (None: the stage's own seed), as `tourney seat` prints it; nothing stored."""
    return _previewed(_draw(seed), db, tournament)


def preview_advance(*, db: str | None, tournament: str | None) -> Preview:
    """The advance as `tourney advance` prints it (who goes on, the next stage drawn); nothing stored."""
    return _previewed(_advance, db, tournament)


def unchanged(tx: UnitOfWork, seen: int) -> None:
    """Refuse (`StalePreview`, naming the entries since) a confirmation whose preview saw event
    `seen` when the log has moved past it; called inside the transaction that stores the change."""
    from tourney.app.read_models.event_text import event_text

    state = tx.state
    if state.last_event_id == seen:
        return
    changes = [f"{e.id} {e.kind}: {event_text(e.kind, e.data)}" for e in state.events_after(seen)]
    more = f"; and {len(changes) - MAX_CHANGES} more" if len(changes) > MAX_CHANGES else ""
    raise StalePreview(f"the log moved since this preview (it saw event {seen}): "
                       f"{'; '.join(changes[:MAX_CHANGES])}{more}. Nothing was stored: check the new preview")


_unchanged = unchanged  # its first name


def confirm_draw(seed: int, seen: int, *, db: str | None, tournament: str | None) -> TournamentState:
    """Store the previewed draw (the same `seed` on the same log), or refuse a stale preview."""
    from tourney.app.store.unit_of_work import transaction

    with transaction(db, tournament) as tx:
        unchanged(tx, seen)
        _draw(seed)(tx)
    return tx.state


def confirm_advance(seen: int, *, db: str | None, tournament: str | None) -> tuple[str, ...]:
    """Store the previewed advance (and the next stage's draw); returns what `tourney advance` prints."""
    from tourney.app.store.unit_of_work import transaction

    with transaction(db, tournament) as tx:
        unchanged(tx, seen)
        return _advance(tx)


def seen_event(text: str) -> int:
    """The last event id a confirmation form carries; anything else is a broken form."""
    if not text.isascii() or not text.isdigit() or len(text) > 12:
        raise InvalidInputError("this confirmation lacks the preview it confirms: preview again")
    return int(text)


def stage_plan(db: str | None, tournament: str | None) -> tuple[tuple[str, ...], str]:
    """What `tourney plan` prints (its lines), or the one line saying why there is no plan."""
    from tourney.app.operations.tournaments import plan

    try:
        return plan(db=db, tournament=tournament).lines(), ""
    except TourneyError as error:
        return (), str(error)


def stage_page(floor: FloorRead, *, db: str | None, tournament: str | None, notice: str = "", ok: bool = True,
               draw_preview: Preview | None = None, advance_preview: Preview | None = None) -> str:
    from tourney.render.env import render

    state = floor.state
    token = floor.director_link()
    lines, why = stage_plan(db, tournament)
    page = StagePage(
        event=floor.tournament.name,
        stage=state.kind.stage_label(state, state.stage) if state.stage else "not seated",
        base=f"/director/{token}", csrf=csrf_token(floor.secret or "00", token), poll_token=poll_token(floor),
        plan_lines=lines, plan_note=why, seated=state.stage > 0,
        blockers=tuple(state.can_advance()) if state.stage > 0 else (),
        complete=bool(state.complete or state.closed), draw_preview=draw_preview, advance_preview=advance_preview,
        notice=notice, notice_ok=ok)
    return render("console/stage.html", None, page=page, poll_url=POLL_URL)
