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

from tourney.app.read_models.sheet_words import SEEDING_WORDS, format_label, shipped
from tourney.app.read_models.tiebreak_words import tiebreak_name
from tourney.i18n import ENGLISH, Translator

if TYPE_CHECKING:
    from tourney.engine.format_config import FormatConfig


def format_text(config: FormatConfig, *, every_option: bool = False, tr: Translator = ENGLISH) -> str:
    """The format with its options as people read them, in the format's own words. `every_option`:
    the default seeding named too ("seeding by lot"), as the log, the record of the event, has it.
    English is the format's own `describe`; another language says the same options in its words."""
    if tr.lang == ENGLISH.lang or not shipped(type(config.kind)):
        text = config.kind.describe(config)
        if every_option and config.seeding == "lot" and "seeding" in config.kind.options:
            text += ", seeding by lot"
        return text
    parts = [format_label(config.kind.label, tr)]
    if config.kind.options:  # a format of rounds; stages take none
        parts.extend(_option_words(config, tr))
        if every_option and config.seeding == "lot" and "seeding" in config.kind.options:
            parts.append(tr.gettext("seeding by lot"))
    return ", ".join(parts)


def _option_words(config: FormatConfig, tr: Translator) -> list[str]:
    """A round format's options, as `LiveFormat.describe` lists them, in `tr`'s language."""
    parts = []
    if config.best_of != 1:
        parts.append(tr.gettext("best of %(games)s", games=config.best_of))
    if config.third_place:
        parts.append(tr.gettext("third-place match"))
    if config.table_size != 2:
        parts.append(tr.gettext("tables of %(size)s", size=config.table_size))
    if config.rounds is not None:
        parts.append(tr.ngettext("%(num)s rounds", "%(num)s rounds", config.rounds))
    if config.seeding != "lot":
        parts.append(tr.gettext("seeded by %(seeding)s",
                                seeding=tr.gettext(SEEDING_WORDS.get(config.seeding, config.seeding))))
    if config.grand_final != "reset":
        parts.append(tr.gettext("single grand final") if config.grand_final == "single"
                     else tr.gettext("no grand final"))
    if config.cycles == 2:
        parts.append(tr.gettext("double round robin"))
    elif config.cycles > 2:
        parts.append(tr.ngettext("%(num)s cycles", "%(num)s cycles", config.cycles))
    if config.tiebreaks:
        parts.append(tr.gettext("tie-breaks %(tiebreaks)s",
                                tiebreaks=tr.gettext(" then ").join(tiebreak_name(name, tr)
                                                                    for name in config.tiebreaks)))
    return parts


def _format_event(data: Mapping[str, Any], tr: Translator = ENGLISH) -> str:
    from tourney.engine.format_config import FormatConfig
    from tourney.errors import InvalidInputError

    try:
        return format_text(FormatConfig.from_json(dict(data)), every_option=True, tr=tr)
    except InvalidInputError:  # a payload no format reads: shown as stored rather than not at all
        return str(data.get("format"))


def event_text(kind: str, data: Mapping[str, Any], tr: Translator = ENGLISH) -> str:
    """One event of the log as a short sentence, in `tr`'s language (the format's own description
    and an unknown kind's payload stay as stored).

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
             tr: Translator = ENGLISH) -> str:
    """One line of `tourney log`: the id, the sentence, and whether it was undone or corrected since."""
    notes = [tr.gettext("undone")] if undone else []
    if corrected_by is not None:
        notes.append(tr.gettext("corrected by %(event)s", event=corrected_by))
    suffix = f"  [{', '.join(notes)}]" if notes else ""
    return f"{event_id:>6}  {event_text(kind, data, tr)}{suffix}"


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
