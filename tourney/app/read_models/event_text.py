"""The words of the event log, one wording per event kind for every front end: `tourney log`, undo
and correct, the desk, the floor's pages and the director's page; and a format in words.

    event_text(kind, data)            "result table 3: Ann loses the round"
    log_line(id, kind, data, ...)     a line of `tourney log`: "    12  drop Ann  [undone]"
    format_text(config)               "knockout, best of 3, third-place match" (`new`, `status`)
    format_text(config, every_option=True)   the log's line: the default seeding named as well
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tourney.engine.format_config import FormatConfig


def format_text(config: FormatConfig, *, every_option: bool = False) -> str:
    """The format with its options as people read them, in the format's own words. `every_option`:
    the default seeding named too ("seeding by lot"), as the log, the record of the event, has it."""
    text = config.kind.describe(config)
    if every_option and config.seeding == "lot" and "seeding" in config.kind.options:
        text += ", seeding by lot"
    return text


def _format_event(data: Mapping[str, Any]) -> str:
    from tourney.engine.format_config import FormatConfig
    from tourney.errors import InvalidInputError

    try:
        return format_text(FormatConfig.from_json(dict(data)), every_option=True)
    except InvalidInputError:  # a payload no format reads: shown as stored rather than not at all
        return str(data.get("format"))


def event_text(kind: str, data: Mapping[str, Any]) -> str:
    """One event of the log as a short sentence."""
    if kind == "format":
        return "format " + _format_event(data)
    if kind == "register":
        club = data.get("club")
        return f"register {data['name']}" + (f" ({club})" if club else "")
    if kind == "drop":
        return f"drop {data['name']}"
    if kind == "seat":
        tables = data.get("tables", [])
        return f"seat stage {data['stage']}: {len(tables)} table{'s' if len(tables) != 1 else ''}, seed {data['seed']}"
    if kind == "result":
        return f"result table {data['table']}: {data['loser']} loses the round"
    if kind == "finish":
        forfeit = f" ({' and '.join(data['forfeit'])} forfeited)" if data.get("forfeit") else ""
        return f"finish table {data['table']}: {', '.join(data['order'])}{forfeit}"
    if kind == "chips":
        return f"chips table {data['table']}: {_counts(data['counts'])}"
    if kind == "advance":
        return f"advance: stage {data['stage']} closed"
    if kind == "undo":
        return f"undo event {data['target']}"
    if kind == "correct":
        return f"correct event {data['target']}: {correction_text(data)}"
    if kind == "rename":
        return f"rename {data['name']} to {data['new']}"
    return f"{kind} {data}"


def log_line(event_id: int, kind: str, data: Mapping[str, Any], *, undone: bool, corrected_by: int | None) -> str:
    """One line of `tourney log`: the id, the sentence, and whether it was undone or corrected since."""
    notes = ["undone"] if undone else []
    if corrected_by is not None:
        notes.append(f"corrected by {corrected_by}")
    suffix = f"  [{', '.join(notes)}]" if notes else ""
    return f"{event_id:>6}  {event_text(kind, data)}{suffix}"


def correction_text(data: Mapping[str, Any]) -> str:
    """What a `correct` event changes: "loser is Ann; club is none"."""
    fixes = []
    if "loser" in data:
        fixes.append(f"loser is {data['loser']}")
    if "order" in data:
        fixes.append(f"order is {', '.join(map(str, data['order']))}")
    if "counts" in data:
        fixes.append("counts are " + _counts(data["counts"]))
    if "name" in data:
        fixes.append(f"name is {data['name']}")
    if "club" in data:
        fixes.append(f"club is {data['club'] or 'none'}")
    return "; ".join(fixes)


def _counts(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{name}={n}" for name, n in counts.items())
