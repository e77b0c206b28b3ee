"""What an undo, a correction or a rename must satisfy before the log is folded with it: its target
exists and is in effect, nothing later depends on an undone entry, a correction fits the kind it
corrects (a corrected finish or chip count is checked as a new one is), a new name is clean and
free. (The fold then shows whether later entries still replay.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.engine import names as names_
from tourney.engine.entries import check_whole_entry
from tourney.engine.events import Event, EventError
from tourney.engine.log import CORRECTABLE, Renames, correction_fields, effective_ids, first_dependent, target_of
from tourney.engine.payload import text_field
from tourney.errors import IllegalActionError, InvalidInputError, worded

if TYPE_CHECKING:
    from tourney.engine.format_registry import LiveState


def check_rewrite(state: LiveState, event: Event) -> None:
    """What an undo, a correction or a rename must satisfy before the log is folded with it."""
    if not isinstance(event.data, dict):
        raise InvalidInputError(f"{event.kind}: the payload must be an object, not {event.data!r}")
    if event.kind == "rename":
        old, new = text_field(event.data, "name", "rename"), text_field(event.data, "new", "rename")
        state.player(old)
        check_new_name(state, new, old, "rename")
        return
    target = target_of(event)
    found = next((e for e in state.events if e.id == target), None)
    if found is None:
        raise IllegalActionError.in_words("%(kind)s: there is no event %(target)s", kind=event.kind, target=target)
    effective = effective_ids(state.events)
    if target not in effective:
        raise IllegalActionError.in_words("%(kind)s: event %(target)s is already undone", kind=event.kind,
                                          target=target)
    if event.kind == "undo":
        later = first_dependent(state.events, effective, state.touches, target)
        if later is not None:
            raise EventError(later.id, worded("%(kind)s depends on event %(target)s: undo event %(later)s first",
                                              kind=later.kind, target=target, later=later.id))
        return
    if found.kind not in CORRECTABLE:
        raise IllegalActionError.in_words("correct: event %(target)s is a %(kind)s, which cannot be corrected (undo "
                                          "it instead)", target=target, kind=found.kind)
    try:
        fields = correction_fields(event, found.kind)
    except EventError as exc:
        if exc.reason_words is not None:
            raise IllegalActionError.from_words(exc.reason_words) from None
        raise IllegalActionError(exc.reason) from None
    if found.kind == "register":
        if "name" in fields:
            current = Renames(state.events, effective).final.get(target, found.data.get("name"))
            check_new_name(state, text_field(fields, "name", "correct"), str(current), "correct")
        if fields.get("club") is not None:
            club = text_field(fields, "club", "correct")
            if names_.check(club, what="club") != club:
                raise InvalidInputError(f"correct: club {club!r} is not in normal form")
    counts = fields.get("counts")
    if isinstance(counts, dict) and any(isinstance(c, int) and c < 0 for c in counts.values()):
        raise InvalidInputError("correct: chip counts cannot be negative")
    table = state.table_of_event(target)
    order = fields.get("order")
    if table is not None and isinstance(counts, dict) and all(isinstance(c, int) for c in counts.values()):
        check_whole_entry(state.descriptor, table, counts=counts)
    if table is not None and isinstance(order, list) and all(isinstance(name, str) for name in order):
        check_whole_entry(state.descriptor, table, order=order)


def check_new_name(state: LiveState, new: str, old: str, kind: str) -> None:
    """`new` may replace `old`'s name: clean, and not read like another player's name."""
    if names_.check(new) != new:
        raise InvalidInputError.in_words("%(kind)s: %(name)s is not in normal form (expected %(clean)s)", kind=kind,
                                         name=repr(new), clean=repr(names_.clean(new)))
    taken = state.name_taken(new)
    if taken is not None and taken != old:
        raise IllegalActionError.in_words("%(kind)s: a player named %(name)s is already registered", kind=kind,
                                          name=repr(taken))
