"""The rules of the event log: which events are in effect after undos, what each correction and
rename changes, which later entries depend on an entry, and what one `tourney undo` reverts. The
one place where undo, corrections and renames are read; the fold (tournament.py), the commands and
the printed log all ask here.

An undo or a correction targets an earlier event by id. Walking from the newest event down settles
each undo before anything it could target, so an undo of an undo puts its target back.

A correction replaces fields of its target (latest correction of a field wins): a `result`'s
loser, a `finish`'s order, a `chips`' counts, a `register`'s name or club. A corrected name and a
`rename` change what a player is called: every event is read with the names in effect at the end
of the log (`Renames`), so earlier entries keep folding and every view shows the new name.

An entry depends on an earlier one when both touch the same thing (`touches`, recorded by the fold:
a table of a stage, a stage, the roster of a stage, a player). An undo is refused while a later
entry in effect depends on its target: undoing a result under later results at that table, or a
seat draw after results, would silently change what those entries meant.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tourney.engine.events import Event, EventError
from tourney.errors import Worded, worded

TARGETING = ("undo", "correct")
# What a correction may replace, by the kind of event it corrects.
CORRECTABLE: dict[str, tuple[str, ...]] = {
    "result": ("loser",), "finish": ("order",), "chips": ("counts",), "register": ("name", "club"),
}
# How the director's words name each kind (error messages).
KIND_WORDS = {"result": worded("round result"), "finish": worded("finish"), "chips": worded("chip count"),
              "register": worded("registration")}

# A thing an event reads or changes: ("T", stage, table), ("S", stage) (a seat draw and the advance
# that closes the stage), ("P", name). What the fold can check by replaying (a seat draw that no
# longer seats the right players) it leaves to the replay.
Touch = tuple[Any, ...]


def target_of(event: Event) -> int:
    """The id an undo or correction points at (always an earlier event)."""
    target = event.data.get("target") if isinstance(event.data, dict) else None
    if not isinstance(target, int) or isinstance(target, bool) or target >= event.id:
        raise EventError(event.id, f"{event.kind}: target must be the id of an earlier event, not {target!r}")
    return target


def effective_ids(ordered: Sequence[Event]) -> set[int]:
    """Ids of the events in effect (`ordered` by id): an event is out when an undo in effect targets it."""
    ids = {e.id for e in ordered}
    kinds = {e.id: e.kind for e in ordered}
    undone: set[int] = set()
    effective: set[int] = set()
    for event in reversed(ordered):
        if event.id in undone:
            continue
        effective.add(event.id)
        if event.kind in TARGETING:
            target = target_of(event)
            if target not in ids:
                raise EventError(event.id, worded("%(kind)s: there is no event %(target)s", kind=event.kind,
                                                  target=target))
            if event.kind == "undo":
                undone.add(target)
            elif kinds[target] not in CORRECTABLE:
                raise EventError(event.id, worded("correct: event %(target)s is a %(kind)s, which cannot be "
                                                  "corrected (undo it instead)", target=target, kind=kinds[target]))
    return effective


def correction_fields(event: Event, target_kind: str) -> dict[str, Any]:
    """The fields a correction replaces; `EventError` when they do not fit the target's kind."""
    fields = {k: v for k, v in event.data.items() if k != "target"}
    allowed = CORRECTABLE.get(target_kind, ())
    wrong = [k for k in fields if k not in allowed]
    if wrong or not fields:
        given = next((kind for kind, names in CORRECTABLE.items() if wrong and wrong[0] in names), None)
        words = KIND_WORDS.get(given or "", worded("correction"))
        if allowed:
            raise EventError(event.id, worded("correct: event %(target)s is a %(kind)s, not a %(words)s (it takes "
                                              "%(fields)s)", target=target_of(event), kind=target_kind, words=words,
                                              fields=_either(allowed)))
        raise EventError(event.id, worded("correct: event %(target)s is a %(kind)s, not a %(words)s",
                                          target=target_of(event), kind=target_kind, words=words))
    return fields


def _either(fields: Sequence[str]) -> str | Worded:
    """"name or club": the fields a correction of a kind takes (one or two)."""
    if len(fields) == 2:
        return worded("%(first)s or %(second)s", first=fields[0], second=fields[1])
    return " or ".join(fields)


def corrections(ordered: Sequence[Event], effective: Collection[int]) -> dict[int, list[Event]]:
    """The corrections in effect of each corrected event, oldest first."""
    out: dict[int, list[Event]] = {}
    for event in ordered:
        if event.kind == "correct" and event.id in effective:
            out.setdefault(target_of(event), []).append(event)
    return out


def corrected_data(event: Event, fixes: Sequence[Event]) -> dict[str, Any]:
    """`event`'s payload with its corrections applied (a register's name is left to `Renames`)."""
    data = dict(event.data)
    for fix in fixes:
        for name, value in correction_fields(fix, event.kind).items():
            if not (event.kind == "register" and name == "name"):
                data[name] = value
    return data


class Renames:
    """Reads every event with the names in effect at the end of the log.

    A name changes at a `rename` in effect and at a correction of a registration's name; an event
    written before the change names the player the old way, so each event's names are translated
    from the spelling in use at its id to the final one.
    """

    def __init__(self, ordered: Sequence[Event], effective: Collection[int]) -> None:
        self._changes: dict[int, tuple[int, str]] = {}  # event id -> (register id, new spelling)
        current: dict[str, int] = {}
        spelled: dict[int, str] = {}
        kinds = {e.id: e.kind for e in ordered}
        for event in ordered:
            if event.id not in effective:
                continue
            data = event.data if isinstance(event.data, dict) else {}
            change: tuple[int, str] | None = None
            if event.kind == "register" and isinstance(data.get("name"), str):
                name = data["name"].strip()
                current.setdefault(name, event.id)
                spelled[event.id] = name
            elif event.kind == "rename":
                old, new = data.get("name"), data.get("new")
                if not isinstance(old, str) or not isinstance(new, str) or old not in current:
                    raise EventError(event.id, f"rename: unknown player {old!r}")
                change = (current[old], new)
            elif (event.kind == "correct" and kinds.get(target_of(event)) == "register"
                  and isinstance(data.get("name"), str) and target_of(event) in spelled):
                change = (target_of(event), data["name"])
            if change is not None:
                register, new = change
                if new in current and current[new] != register:
                    raise EventError(event.id, f"{event.kind}: a player named {new!r} is already registered")
                del current[spelled[register]]
                current[new], spelled[register] = register, new
                self._changes[event.id] = change
        self.final = spelled
        self._now: dict[str, int] = {}

    @property
    def any(self) -> bool:
        return bool(self._changes)

    def read_name(self, event: Event) -> str:
        """The final name of the player a `rename` (or a name correction) in effect renamed."""
        return self.final[self._changes[event.id][0]]

    def read(self, event: Event) -> dict[str, Any]:
        """`event`'s payload with the final names; call for the events in effect, in id order."""
        if event.kind == "register" and event.id in self.final:
            self._now[event.data["name"].strip()] = event.id
        if event.id in self._changes:
            register, new = self._changes[event.id]
            self._now = {k: v for k, v in self._now.items() if v != register}
            self._now[new] = register

        def final(name: str) -> str:
            register = self._now.get(name)
            return self.final[register] if register is not None else name

        return rename_fields(event.kind, event.data, final)


def rename_fields(kind: str, data: dict[str, Any], new_name: Callable[[str], str]) -> dict[str, Any]:
    """`data` with every player name passed through `new_name` (malformed payloads unchanged: the
    fold reports them)."""
    out = dict(data)

    def one(value: Any) -> Any:
        return new_name(value) if isinstance(value, str) else value

    def many(value: Any) -> Any:
        return [one(v) for v in value] if isinstance(value, list) else value

    if kind in ("register", "drop", "rename", "bye", "rejoin"):
        out["name"] = one(data.get("name"))
    if kind == "avoid":
        out["players"] = many(data.get("players"))
    if kind in ("result", "correct") and "loser" in data:
        out["loser"] = one(data.get("loser"))
    if kind in ("finish", "correct") and "order" in data:
        out["order"] = many(data.get("order"))
    if kind == "finish" and "forfeit" in data:
        out["forfeit"] = many(data.get("forfeit"))
    if kind in ("chips", "correct") and isinstance(data.get("counts"), dict):
        out["counts"] = {one(k): v for k, v in data["counts"].items()}
    elif kind == "seat" and isinstance(data.get("tables"), list):
        out["tables"] = [{**t, "players": many(t.get("players")), "starter": one(t.get("starter"))}
                         if isinstance(t, dict) else t for t in data["tables"]]
        # The formats of rounds name their field (round 1) and each round's byes in the seat payload.
        for key in ("promoted", "entrants", "byes"):
            if isinstance(data.get(key), list):
                out[key] = many(data[key])
        if isinstance(data.get("ratings"), dict):  # round 1's field seeded by rating
            out["ratings"] = {one(k): v for k, v in data["ratings"].items()}
    return out


def first_dependent(ordered: Sequence[Event], effective: Collection[int],
                    touches: Mapping[int, frozenset[Touch]], target: int) -> Event | None:
    """The first later entry in effect that depends on event `target` (touches what it touched);
    corrections and undos of `target` itself do not count."""
    mine = touches.get(target, frozenset())
    if not mine:
        return None
    for event in ordered:
        if event.id <= target or event.id not in effective or event.kind == "undo":
            continue
        if event.kind == "correct" and target_of(event) == target:
            continue
        if touches.get(event.id, frozenset()) & mine:
            return event
    return None


def undo_group(ordered: Sequence[Event]) -> list[int]:
    """Ids one `tourney undo` reverts, latest first: a stage's seat draw comes with the `advance`
    just before it (they were one command), anything else alone. Empty when nothing is left."""
    live = _entries_in_effect(ordered)
    return _group(live, live[-1].id) if live else []


def undo_group_of(ordered: Sequence[Event], target: int) -> list[int]:
    """Ids `tourney undo TARGET` reverts, latest first: an `advance` with the seat draw that followed
    it in the same command (the next entry in effect), a seat draw with the `advance` just before
    it when it is the last entry; anything else alone."""
    return _group(_entries_in_effect(ordered), target)


def _entries_in_effect(ordered: Sequence[Event]) -> list[Event]:
    effective = effective_ids(ordered)
    return [e for e in ordered if e.id in effective and e.kind != "undo"]


def _group(live: Sequence[Event], target: int) -> list[int]:
    at = next((i for i, e in enumerate(live) if e.id == target), None)
    if at is None:
        return [target]
    event = live[at]
    if event.kind == "advance" and at + 1 < len(live) and live[at + 1].kind == "seat":
        return [live[at + 1].id, target]
    if event.kind == "seat" and at == len(live) - 1 and at > 0 and live[at - 1].kind == "advance":
        return [target, live[at - 1].id]
    return [target]


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of `tourney log`: the event, whether it is undone, which event corrected it."""

    event: Event
    undone: bool
    corrected_by: int | None


def annotate(ordered: Sequence[Event]) -> list[LogEntry]:
    effective = effective_ids(ordered)
    corrected = {target: fixes[-1].id for target, fixes in corrections(ordered, effective).items()}
    return [LogEntry(e, e.id not in effective, corrected.get(e.id)) for e in ordered]
