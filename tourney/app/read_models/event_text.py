"""The words of the event log, one wording per event kind for every front end: `tourney log`, undo
and correct, the desk, the floor's pages and the director's page; and a format in words.

    event_text(kind, data, unit=...)  "result table 3: Ann loses the round"; "seat round 2: ..." (the
                                      format's word for what `seat` and `advance` open and close)
    log_line(id, kind, data, ...)     a line of `tourney log`: "    12  drop Ann  [undone]"
    log_unit(events)                  that word, from a log's `format` event ("stage" without one);
    format_unit_of(data)              from a `format` event's data
    format_text(config)               "knockout, best of 3, third-place match" (`new`, `status`)
    format_text(config, every_option=True)   the log's line: the default seeding named as well
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from tourney.app.read_models.sheet_words import format_label, shipped
from tourney.i18n import ENGLISH, Translator

if TYPE_CHECKING:
    from tourney.engine.events import Event
    from tourney.engine.format_config import FormatConfig


def format_text(config: FormatConfig, *, every_option: bool = False, tr: Translator = ENGLISH) -> str:
    """The format with its options as people read them, in the format's own words. `every_option`:
    the options the log names at their default too ("seeding by lot"), as the log, the record of
    the event, has it. English is the format's own `describe`; another language says the format's
    label and each option's phrase (its `FormatOption.words`) in its words."""
    from tourney.engine.format_config import described_options, logged_defaults

    specs = config.kind.option_specs
    defaults = logged_defaults(config, specs) if every_option else []
    if tr.lang == ENGLISH.lang or not shipped(type(config.kind)):
        return ", ".join([config.kind.describe(config), *(str(said) for said in defaults)])
    said = [*described_options(config, specs), *defaults]
    return ", ".join([format_label(config.kind.label, tr), *(tr.words(phrase) for phrase in said)])


def _format_event(data: Mapping[str, Any], tr: Translator = ENGLISH) -> str:
    from tourney.engine.format_config import FormatConfig
    from tourney.errors import InvalidInputError

    try:
        return format_text(FormatConfig.from_json(dict(data)), every_option=True, tr=tr)
    except InvalidInputError:  # a payload no format reads: shown as stored rather than not at all
        return str(data.get("format"))


def log_unit(events: Iterable[Event]) -> str:
    """The word of the log's format for what it seats and closes ("stage", "round": its `unit`),
    from the log's `format` event; the stages' word for a log without one (or of a format no longer
    registered)."""
    return format_unit_of(next((e.data for e in events if e.kind == "format"), None))


def format_unit_of(format_event: Mapping[str, Any] | None) -> str:
    """The `unit` of the format a `format` event's data names (None, or a format no longer
    registered: the stages' word)."""
    from tourney.engine.format_registry import DEFAULT_FORMAT, find_format
    from tourney.errors import InvalidInputError

    name = (format_event or {}).get("format", DEFAULT_FORMAT)
    try:
        return find_format(str(name)).unit
    except InvalidInputError:
        return find_format(DEFAULT_FORMAT).unit


def event_text(kind: str, data: Mapping[str, Any], tr: Translator = ENGLISH, unit: str = "stage") -> str:
    """One event of the log as a short sentence, in `tr`'s language (the format's own description
    and an unknown kind's payload stay as stored); `unit` the format's word for what `seat` draws
    and `advance` closes (`TournamentFormat.unit`).

    Examples:
        >>> event_text("result", {"table": 3, "loser": "Ola"})
        'result table 3: Ola loses the round'
        >>> event_text("register", {"name": "Ann", "club": "Asy"})
        'register Ann (Asy)'
    """
    if kind == "format":
        return tr.gettext("format %(format)s", format=_format_event(data, tr))
    if kind == "register":
        club = data.get("club")
        text = (tr.gettext("register %(name)s (%(club)s)", name=data["name"], club=club) if club
                else tr.gettext("register %(name)s", name=data["name"]))
        if data.get("missed") == "half":
            text += tr.gettext(", half a point per missed round")
        return text
    if kind == "drop":
        return tr.gettext("drop %(name)s", name=data["name"])
    if kind == "seat":
        tables = data.get("tables", [])
        if unit == "round":
            return tr.ngettext("seat round %(stage)s: %(num)s table, seed %(seed)s",
                               "seat round %(stage)s: %(num)s tables, seed %(seed)s", len(tables),
                               stage=data["stage"], seed=data["seed"])
        if unit != "stage":  # a format's own word: English, as it brings no catalog
            return (f"seat {unit} {data['stage']}: {len(tables)} table{'' if len(tables) == 1 else 's'}, "
                    f"seed {data['seed']}")
        return tr.ngettext("seat stage %(stage)s: %(num)s table, seed %(seed)s",
                           "seat stage %(stage)s: %(num)s tables, seed %(seed)s", len(tables),
                           stage=data["stage"], seed=data["seed"])
    if kind == "result":
        return tr.gettext("result table %(table)s: %(loser)s loses the round", table=data["table"],
                          loser=data["loser"])
    if kind == "finish":
        order = ", ".join(data["order"])
        if data.get("forfeit"):
            return tr.gettext("finish table %(table)s: %(order)s (%(players)s forfeited)", table=data["table"],
                              order=order, players=tr.gettext(" and ").join(data["forfeit"]))
        return tr.gettext("finish table %(table)s: %(order)s", table=data["table"], order=order)
    if kind == "chips":
        return tr.gettext("chips table %(table)s: %(counts)s", table=data["table"], counts=_counts(data["counts"]))
    if kind == "advance":
        if unit == "round":
            return tr.gettext("advance: round %(stage)s closed", stage=data["stage"])
        if unit != "stage":
            return f"advance: {unit} {data['stage']} closed"
        return tr.gettext("advance: stage %(stage)s closed", stage=data["stage"])
    if kind == "undo":
        return tr.gettext("undo event %(event)s", event=data["target"])
    if kind == "correct":
        return tr.gettext("correct event %(event)s: %(changes)s", event=data["target"],
                          changes=correction_text(data, tr))
    if kind == "rename":
        return tr.gettext("rename %(name)s to %(new)s", name=data["name"], new=data["new"])
    if kind == "bye":
        if data.get("points") == "half":
            return tr.gettext("bye %(name)s: round %(round)s, half a point", name=data["name"], round=data["round"])
        return tr.gettext("bye %(name)s: round %(round)s, no points", name=data["name"], round=data["round"])
    if kind == "rejoin":
        return tr.gettext("rejoin %(name)s", name=data["name"])
    if kind == "avoid":
        return tr.gettext("avoid pairing %(first)s with %(second)s", first=data["players"][0],
                          second=data["players"][1])
    return f"{kind} {data}"


def log_line(event_id: int, kind: str, data: Mapping[str, Any], *, undone: bool, corrected_by: int | None,
             tr: Translator = ENGLISH, unit: str = "stage") -> str:
    """One line of `tourney log`: the id, the sentence, and whether it was undone or corrected since."""
    notes = [tr.gettext("undone")] if undone else []
    if corrected_by is not None:
        notes.append(tr.gettext("corrected by %(event)s", event=corrected_by))
    suffix = f"  [{', '.join(notes)}]" if notes else ""
    return f"{event_id:>6}  {event_text(kind, data, tr, unit)}{suffix}"


def correction_text(data: Mapping[str, Any], tr: Translator = ENGLISH) -> str:
    """What a `correct` event changes: "loser is Ann; club is none"."""
    fixes = []
    if "loser" in data:
        fixes.append(tr.gettext("loser is %(player)s", player=data["loser"]))
    if "order" in data:
        fixes.append(tr.gettext("order is %(order)s", order=", ".join(map(str, data["order"]))))
    if "counts" in data:
        fixes.append(tr.gettext("counts are %(counts)s", counts=_counts(data["counts"])))
    if "name" in data:
        fixes.append(tr.gettext("name is %(name)s", name=data["name"]))
    if "club" in data:
        fixes.append(tr.gettext("club is %(club)s", club=data["club"]) if data["club"]
                     else tr.gettext("club is none"))
    return "; ".join(fixes)


def _counts(counts: Mapping[str, int]) -> str:
    return ", ".join(f"{name}={n}" for name, n in counts.items())
