"""The log and its rewrites: list the events, undo an entry, correct one with a preview first.

The log is append-only: undo and corrections are new events that the fold honours
(`tourney/engine/log.py` holds the rules); nothing is ever deleted.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tourney.app.input.names import ChipCounts, checked_name, chip_counts, optional_club, player_at
from tourney.app.store.database import open_db
from tourney.app.store.unit_of_work import read, transaction
from tourney.errors import InvalidInputError
from tourney.i18n import ENGLISH, Translator

if TYPE_CHECKING:
    from tourney.engine.events import Event
    from tourney.engine.log import LogEntry
    from tourney.engine.tournament import TournamentState
    from tourney.storage.repo import Tournament


def event_log(*, db: str | None = None, tournament: str | None = None) -> list[LogEntry]:
    """Every event of the tournament, oldest first, each marked undone or corrected by a later one."""
    from tourney.engine.log import annotate
    from tourney.storage.events import all_events

    with open_db(db, read_only=True) as database:
        _row, events = all_events(database, tournament=tournament)
    return annotate(events)


@dataclass(frozen=True, slots=True)
class Undone:
    """The events an undo reverted (latest first), the state before and after it, and whether an
    event was named (else the last entry in effect was undone)."""

    reverted: tuple[Event, ...]
    before: TournamentState
    state: TournamentState
    named: bool

    def changes(self, tr: Translator = ENGLISH) -> list[str]:
        """What the undo changed, as the director reads it."""
        return list(correction_changes(self.before, self.state, tr))


# What `undo` asks about before reverting it at a terminal: the entries a whole stage hangs on.
CONFIRMED_KINDS = ("advance", "seat")


def undo_preview(*, db: str | None = None, tournament: str | None = None) -> tuple[Event, ...]:
    """What `undo` without an id would revert now (latest first): the last entry in effect, with
    the advance a seat draw followed; () when there is nothing to undo. Reads only."""
    from tourney.engine.log import undo_group

    events = read(db, tournament).state.events
    by_id = {e.id: e for e in events}
    return tuple(by_id[i] for i in undo_group(events))


def format_unit(*, db: str | None = None, tournament: str | None = None) -> str:
    """The tournament's format's word for what `seat` draws and `advance` closes ("stage", "round"),
    which the log's sentences name. Reads only."""
    return read(db, tournament).state.kind.unit


class LogMovedError(InvalidInputError):
    """A previewed undo refused because entries were made since its preview (they are named)."""

    def __init__(self, since: Sequence[Event]) -> None:
        from tourney.app.read_models.event_text import event_text

        self.since = tuple(since)
        super().__init__("since this preview: " + "; ".join(f"event {e.id} {event_text(e.kind, e.data)}"
                                                            for e in since) + ": nothing undone; look again")


def undo(event: int | None = None, *, db: str | None = None, tournament: str | None = None,
         expected: int | None = None, seen: int | None = None) -> Undone:
    """Revert an entry by appending an undo: the last one still in effect, or event `event` (an
    advance with its seat draw together). Refused, naming it, while a later entry depends on it.
    `expected`: the id `undo_preview` showed, so an entry made since the question is never the one
    reverted. `seen`: the log's last id when its preview was shown; refused (`LogMovedError`) when
    anything was entered since."""
    from tourney.engine.log import undo_group, undo_group_of

    with transaction(db, tournament) as tx:
        state = tx.state
        if seen is not None and any(e.id > seen for e in state.events):
            raise LogMovedError([e for e in state.events if e.id > seen])
        before = state.copy()
        if event is None:
            group = undo_group(state.events)
            if not group:
                raise InvalidInputError.in_words("nothing to undo")
            if expected is not None and group[0] != expected:
                raise InvalidInputError.in_words("the last entry is now event %(event)s, not %(expected)s: another "
                                                 "desk entered it; run `tourney undo` again", event=group[0],
                                                 expected=expected)
        else:
            if not any(e.id == event for e in state.events):
                raise InvalidInputError.in_words("no event %(event)s in this tournament (see `tourney log`)",
                                                 event=event)
            group = undo_group_of(state.events, event)
        by_id = {e.id: e for e in state.events}
        reverted = tuple(by_id[i] for i in group)
        for target in group:  # latest first: the seat draw before the advance it followed
            tx.append("undo", {"target": target})
    return Undone(reverted, before, tx.state, event is not None)


@dataclass(frozen=True, slots=True)
class CorrectionPreview:
    """A correction not applied yet: its target, the payload fields it would store and what would
    change (from applying that very event to a copy of the state)."""

    tournament: Tournament
    target: Event
    fix: dict[str, Any]
    changes: tuple[str, ...]

    @property
    def data(self) -> dict[str, Any]:
        """The payload of the `correct` event."""
        return {"target": self.target.id, **self.fix}

    def lines(self, tr: Translator = ENGLISH) -> tuple[str, ...]:
        """What `tourney correct` prints of it before applying it: the entry and the correction,
        then each change (or that nothing visible changes); the changes are in the language the
        preview was made in (`preview_correction`'s `tr`)."""
        from tourney.app.read_models.event_text import correction_text, event_text

        target = self.target
        return (tr.gettext("Correcting event %(event)s (%(entry)s): %(changes)s.", event=target.id,
                           entry=event_text(target.kind, target.data, tr), changes=correction_text(self.data, tr)),
                *(f"  {line}" for line in self.changes or (tr.gettext("no visible change"),)))


def check_choice(*, loser: bool, order: bool, counts: bool, registration: bool) -> None:
    """Refuse a correction that says not exactly one of what to correct."""
    chosen = [flag for flag, given in (("--loser", loser), ("--order", order), ("--counts", counts),
                                       ("--name/--club", registration)) if given]
    if len(chosen) != 1:
        if chosen:
            raise InvalidInputError.in_words("say what to correct: one of --loser NAME, --order P1 P2 ..., --counts "
                                             "NAME=N ..., --name NEW / --club NEW (not %(chosen)s)",
                                             chosen=" and ".join(chosen))
        raise InvalidInputError.in_words("say what to correct: one of --loser NAME, --order P1 P2 ..., --counts "
                                         "NAME=N ..., --name NEW / --club NEW")


def preview_correction(event: int, *, loser: str | None = None, order: Sequence[str] | None = None,
                       counts: ChipCounts | None = None, name: str | None = None, club: str | None = None,
                       db: str | None = None, tournament: str | None = None,
                       tr: Translator = ENGLISH) -> CorrectionPreview:
    """What correcting event `event` would do: exactly one of `loser` (a round result), `order` (a
    finish, winner first), `counts` (a chip count) or `name`/`club` (a registration). Nothing is
    stored; `apply_correction` stores it. `tr`: the language of its changes."""
    snap = read(db, tournament)
    return correction_of(snap.state, snap.tournament, event, loser=loser, order=order, counts=counts, name=name,
                         club=club, tr=tr)


def correction_of(state: TournamentState, row: Tournament, event: int, *, loser: str | None = None,
                  order: Sequence[str] | None = None, counts: ChipCounts | None = None, name: str | None = None,
                  club: str | None = None, tr: Translator = ENGLISH) -> CorrectionPreview:
    """`preview_correction` over a state already read (a transaction's, to store it at once)."""
    from tourney.engine.corrections import preview

    check_choice(loser=loser is not None, order=order is not None, counts=counts is not None,
                 registration=name is not None or club is not None)
    target = next((e for e in state.events if e.id == event), None)
    if target is None:
        raise InvalidInputError.in_words("no event %(event)s in tournament %(name)s (see `tourney log`)", event=event,
                                         name=repr(row.name))
    fix = _fields(state, target, loser=loser, order=order, counts=counts, name=name, club=club)
    after = preview(state, "correct", {"target": event, **fix})
    return CorrectionPreview(row, target, fix, tuple(correction_changes(state, after, tr)))


@dataclass(frozen=True, slots=True)
class Corrected:
    """The stored correction and the state after it."""

    event: Event
    state: TournamentState


def apply_correction(correction: CorrectionPreview, *, db: str | None = None) -> Corrected:
    """Store a previewed correction (in the tournament it was previewed in); refused, naming it,
    when a later entry cannot survive it."""
    with transaction(db, str(correction.tournament.id)) as tx:
        stored = tx.append("correct", correction.data)
    return Corrected(stored, tx.state)


def _fields(state: TournamentState, target: Event, *, loser: str | None, order: Sequence[str] | None,
            counts: ChipCounts | None, name: str | None, club: str | None) -> dict[str, Any]:
    """The payload fields of a correction of `target`, names resolved at the target's table."""
    table = state.table_of_event(target.id)
    if loser is not None:
        return {"loser": player_at(state, loser, table)}
    if order is not None:
        if not order:
            raise InvalidInputError.in_words("--order needs the players, winner first")
        return {"order": [player_at(state, p, table) for p in order]}
    if counts is not None:
        if not counts:
            raise InvalidInputError.in_words("--counts needs NAME=N pairs")
        return {"counts": chip_counts(state, counts, table)}
    fields: dict[str, Any] = {}
    if name is not None:
        fields["name"] = checked_name(name)
    if club is not None:
        fields["club"] = optional_club(club)
    return fields


def correction_changes(before: TournamentState, after: TournamentState,
                       tr: Translator = ENGLISH) -> Iterator[str]:
    """What differs between two states, as the director reads it: names, cards, eliminations,
    places, stage, who advances, standings."""
    from tourney.engine.tournament import advancing_players

    none = tr.gettext("none")
    old_names = [p.name for p in before.players]
    new_names = [p.name for p in after.players]
    renamed: dict[str, str] = {}
    if len(old_names) == len(new_names):
        renamed = {was: now for was, now in zip(old_names, new_names, strict=True) if was != now}
        for was, now in renamed.items():
            yield tr.gettext("%(was)s is now called %(now)s", was=was, now=now)
        for was_info, now_info in zip(before.players, after.players, strict=True):
            if was_info.club != now_info.club:
                yield tr.gettext("%(player)s: club %(club)s instead of %(was)s", player=now_info.name,
                                 club=now_info.club or none, was=was_info.club or none)
    else:
        for name in [n for n in old_names if n not in new_names]:
            yield tr.gettext("%(player)s is no longer registered", player=name)
        for name in [n for n in new_names if n not in old_names]:
            yield tr.gettext("%(player)s is registered", player=name)
    old_tables = {(t.stage, t.number): t for tables in before.history for t in tables}
    new_keys = {(t.stage, t.number) for tables in after.history for t in tables}
    unit = after.kind.unit  # the format's word: "stage", "round"
    for stage, number in sorted(set(old_tables) - new_keys):
        if unit == "round":
            yield tr.gettext("round %(stage)s table %(number)s is no longer seated", stage=stage, number=number)
        elif unit != "stage":  # a format's own word: English, as it brings no catalog
            yield f"{unit} {stage} table {number} is no longer seated"
        else:
            yield tr.gettext("stage %(stage)s table %(number)s is no longer seated", stage=stage, number=number)
    for tables in after.history:
        for table in tables:
            old = old_tables.get((table.stage, table.number))
            if old is None:
                continue
            where = (tr.gettext("round %(stage)s table %(number)s", stage=table.stage, number=table.number)
                     if unit == "round" else f"{unit} {table.stage} table {table.number}" if unit != "stage"
                     else tr.gettext("stage %(stage)s table %(number)s", stage=table.stage, number=table.number))
            for seated in table.seats:
                had, holds = old.counts.get(seated), table.counts.get(seated)
                if had != holds and had is not None and holds is not None and table.reports_rounds:
                    yield tr.ngettext("%(table)s: %(player)s holds %(num)s card(s) instead of %(had)s",
                                      "%(table)s: %(player)s holds %(num)s card(s) instead of %(had)s", holds,
                                      table=where, player=seated, had=had)
            out_now, out_before = set(table.eliminated), set(old.eliminated)
            gone, back = out_now - out_before, out_before - out_now
            for seated in sorted(gone):
                yield tr.gettext("%(table)s: %(player)s is eliminated (place %(place)s)", table=where, player=seated,
                                 place=table.places.get(seated))
            for seated in sorted(back):
                yield tr.gettext("%(table)s: %(player)s is no longer eliminated", table=where, player=seated)
            for seated in table.seats:
                was_place, place = old.places.get(seated), table.places.get(seated)
                if seated not in gone and was_place is not None and place is not None and was_place != place:
                    yield tr.gettext("%(table)s: %(player)s takes place %(place)s instead of %(was)s", table=where,
                                     player=seated, place=place, was=was_place)
            if old.finished != table.finished:
                yield (tr.gettext("%(table)s: finishes", table=where) if table.finished
                       else tr.gettext("%(table)s: is playing again", table=where))
    if before.stage != after.stage or before.closed != after.closed:
        now, was = _stage_closed(after, tr), _stage_closed(before, tr)
        yield (tr.gettext("the tournament is at round %(stage)s instead of %(was)s", stage=now, was=was)
               if unit == "round" else f"the tournament is at {unit} {now} instead of {was}" if unit != "stage"
               else tr.gettext("the tournament is at stage %(stage)s instead of %(was)s", stage=now, was=was))
    moving_before, moving_after = advancing_players(before), advancing_players(after)
    if set(moving_before) != set(moving_after):
        nobody = tr.gettext("nobody yet")
        players, was = ", ".join(moving_after) or nobody, ", ".join(moving_before) or nobody
        yield (tr.gettext("advancing from round %(stage)s: %(players)s (was %(was)s)", stage=after.stage,
                          players=players, was=was) if unit == "round"
               else f"advancing from {unit} {after.stage}: {players} (was {was})" if unit != "stage"
               else tr.gettext("advancing from stage %(stage)s: %(players)s (was %(was)s)", stage=after.stage,
                               players=players, was=was))
    old_rank = {renamed.get(r.player, r.player): r.rank for r in before.standings()}
    for row in after.standings():
        if old_rank.get(row.player) != row.rank:
            yield tr.gettext("standings: %(player)s ranks %(rank)s instead of %(was)s", player=row.player,
                             rank=row.rank, was=old_rank.get(row.player))


def _stage_closed(state: TournamentState, tr: Translator) -> str:
    """"2", or "2 (closed)"."""
    return tr.gettext("%(stage)s (closed)", stage=state.stage) if state.closed else str(state.stage)
