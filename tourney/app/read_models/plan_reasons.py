"""A stage plan's reasons (RULES §1.12) in the sheet's language.

The planner (engine/planner.py) writes each stage's reason as an English sentence, and the first
seat event stores it so: "23 players: 23 > 24... so 2 tables (12, 11); the top 2 of each table go
on → final of 4." Here such a sentence is read back into its parts (the planner's few shapes) and
said again as whole translated sentences. English, and any sentence of another shape (a log
written by another version), is printed as stored.
"""

from __future__ import annotations

import re

from tourney.app.read_models.stage_labels import going_on_text
from tourney.i18n import DEFAULT_LANGUAGE, ENGLISH, N_, Translator

# How a final table is played, as the games' `table_citations` cite it (rules/*/game.py).
FINALS = {"played until one player is left (RULES §1.11)": N_("played until one player is left (RULES §1.11)"),
          "played to the end of the match (RULES §0.5)": N_("played to the end of the match (RULES §0.5)")}

_FINAL = re.compile(r"(\d+) players: one final table, (.+)\.")
_GENERIC = re.compile(r"(\d+) players: tables of ([\d, of]+); (.+)\.")
_PLANNED = re.compile(r"(\d+) players: (.+) \(([\d, of]+)\); (.+)\.")
_GOING = re.compile(r"the top player of each table goes on|the top (\d+) of each table go on")
_AT_MOST = re.compile(r"tables of at most (\d+) \(director's choice\)")
_TWO = re.compile(r"(\d+) ≤ (\d+), so 2 tables")
_PER_SEAT = re.compile(r"(\d+) ≤ (\d+), so (\d+) tables \(one per final seat\)")
_CEILING = re.compile(r"(\d+) > (\d+), so ⌈(\d+)/(\d+)⌉ = (\d+) tables")
_CHOSEN = re.compile(rf"({_GOING.pattern}) \(director's choice\)")
_TO_FINAL = re.compile(rf"({_GOING.pattern}) → final of (\d+)")
_HALVE = re.compile(rf"2×(\d+) = (\d+) ≤ (\d+), so ({_GOING.pattern})")
_TO_TABLES = re.compile(rf"({_GOING.pattern}) → (\d+)")


def plan_reason(reason: str, tr: Translator = ENGLISH) -> str:
    """`reason` in `tr`'s language (as stored when English or of an unknown shape)."""
    if tr.lang == DEFAULT_LANGUAGE:
        return reason
    try:
        return _translated(reason, tr)
    except ValueError:  # a reason of a shape this module does not know
        return reason


def _translated(reason: str, tr: Translator) -> str:
    if found := _FINAL.fullmatch(reason):
        how = tr.gettext(FINALS[found[2]]) if found[2] in FINALS else found[2]
        return tr.ngettext("%(num)s player: one final table, %(how)s.", "%(num)s players: one final table, %(how)s.",
                           int(found[1]), how=how)
    if found := _GENERIC.fullmatch(reason):
        return tr.ngettext("%(num)s player: tables of %(sizes)s; %(going_on)s.",
                           "%(num)s players: tables of %(sizes)s; %(going_on)s.", int(found[1]),
                           sizes=_sizes(found[2], tr), going_on=_going(found[3], tr))
    if found := _PLANNED.fullmatch(reason):
        return tr.ngettext("%(num)s player: %(why)s (%(sizes)s); %(going_on)s.",
                           "%(num)s players: %(why)s (%(sizes)s); %(going_on)s.", int(found[1]),
                           why=_why_tables(found[2], tr), sizes=_sizes(found[3], tr), going_on=_why_going(found[4], tr))
    raise ValueError(f"unknown reason {reason!r}")


def _going(text: str, tr: Translator) -> str:
    found = _GOING.fullmatch(text)
    if found is None:
        raise ValueError(f"unknown part {text!r}")
    return going_on_text(int(found[1] or 1), 2, tr)


def _sizes(text: str, tr: Translator) -> str:
    """"4, 3, 3" as it is; "165 of 6, 2 of 5" with the language's "of"."""
    parts = []
    for part in text.split(", "):
        count, _, size = part.partition(" of ")
        parts.append(tr.gettext("%(count)s of %(size)s", count=count, size=size) if size else part)
    return ", ".join(parts)


def _why_tables(text: str, tr: Translator) -> str:
    if found := _AT_MOST.fullmatch(text):
        return tr.gettext("tables of at most %(size)s (director's choice)", size=found[1])
    if found := _TWO.fullmatch(text):
        return tr.gettext("%(players)s ≤ %(limit)s, so 2 tables", players=found[1], limit=found[2])
    if found := _PER_SEAT.fullmatch(text):
        return tr.ngettext("%(players)s ≤ %(limit)s, so %(num)s tables (one per final seat)",
                           "%(players)s ≤ %(limit)s, so %(num)s tables (one per final seat)", int(found[3]),
                           players=found[1], limit=found[2])
    if found := _CEILING.fullmatch(text):
        return tr.ngettext("%(players)s > %(limit)s, so ⌈%(players)s/%(size)s⌉ = %(num)s tables",
                           "%(players)s > %(limit)s, so ⌈%(players)s/%(size)s⌉ = %(num)s tables", int(found[5]),
                           players=found[1], limit=found[2], size=found[4])
    raise ValueError(f"unknown part {text!r}")


def _why_going(text: str, tr: Translator) -> str:
    if found := _CHOSEN.fullmatch(text):
        return tr.gettext("%(going_on)s (director's choice)", going_on=_going(found[1], tr))
    if found := _TO_FINAL.fullmatch(text):
        return tr.gettext("%(going_on)s → final of %(size)s", going_on=_going(found[1], tr), size=found[3])
    if found := _HALVE.fullmatch(text):
        return tr.gettext("2×%(tables)s = %(players)s ≤ %(limit)s, so %(going_on)s", tables=found[1],
                          players=found[2], limit=found[3], going_on=_going(found[4], tr))
    if found := _TO_TABLES.fullmatch(text):
        return tr.gettext("%(going_on)s → %(tables)s", going_on=_going(found[1], tr), tables=found[3])
    return _going(text, tr)
