"""The evening's common refusals said again in the command's language (issue 29).

The engine and the name resolver refuse in English (they know no language); the CLI's error
boundary reads the few refusals a director meets every evening back into their parts and says
them as whole sentences of the catalog, as `plan_reasons` does with a plan's reasons: an unknown
player (with its "did you mean"), an ambiguous name ("could be ..."), no such table, and an
advance that cannot happen yet (each table still playing). Any other message stays as it was:
the long tail of refusals is English (README, "Languages").
"""

from __future__ import annotations

import re
from collections.abc import Callable

from tourney.errors import TourneyError
from tourney.i18n import ENGLISH, Translator

Rule = tuple[re.Pattern[str], Callable[[re.Match[str], Translator], str]]


def _unknown_player(found: re.Match[str], tr: Translator) -> str:
    if found["hint"]:
        return tr.gettext("unknown player %(name)s (did you mean %(hint)s?)", name=found["name"], hint=found["hint"])
    return tr.gettext("unknown player %(name)s", name=found["name"])


def _ambiguous(found: re.Match[str], tr: Translator) -> str:
    names = found["names"]
    more = re.fullmatch(r"(?P<shown>.+) and (?P<more>\d+) more", names)
    if more:
        names = tr.ngettext("%(names)s and %(num)s more", "%(names)s and %(num)s more", int(more["more"]),
                            names=more["shown"])
    return tr.gettext("%(typed)s could be %(names)s: type more of the name", typed=found["typed"], names=names)


def _no_table(found: re.Match[str], tr: Translator) -> str:
    if found["unit"] == "round":
        return tr.gettext("no table %(number)s in round %(stage)s (tables 1-%(last)s)", number=found["number"],
                          stage=found["stage"], last=found["last"])
    return tr.gettext("no table %(number)s in stage %(stage)s (tables 1-%(last)s)", number=found["number"],
                      stage=found["stage"], last=found["last"])


def _cannot_advance(found: re.Match[str], tr: Translator) -> str:
    reasons = "; ".join(_said(reason, BLOCKERS, tr) for reason in found["reasons"].split("; "))
    if found["unit"] == "round":
        return tr.gettext("cannot advance round %(stage)s: %(reasons)s", stage=found["stage"], reasons=reasons)
    return tr.gettext("cannot advance stage %(stage)s: %(reasons)s", stage=found["stage"], reasons=reasons)


BLOCKERS: tuple[Rule, ...] = (
    (re.compile(r"table (?P<table>\d+) still playing \((?P<num>\d+) players in, stops at (?P<advance>\d+)\)"),
     lambda m, tr: tr.ngettext("table %(table)s still playing (%(num)s players in, stops at %(advance)s)",
                               "table %(table)s still playing (%(num)s players in, stops at %(advance)s)",
                               int(m["num"]), table=m["table"], advance=m["advance"])),
    (re.compile(r"table (?P<table>\d+) still playing(?P<match> \(.+\))?"),
     lambda m, tr: tr.gettext("table %(table)s still playing", table=m["table"]) + (m["match"] or "")),
    (re.compile(r"stage (?P<stage>\d+) is the final: the tournament ends when its table finishes"),
     lambda m, tr: tr.gettext("stage %(stage)s is the final: the tournament ends when its table finishes",
                              stage=m["stage"])),
    (re.compile(r"no tables yet: draw the seats of stage 1"),
     lambda m, tr: tr.gettext("no tables yet: draw the seats of stage 1")),
    (re.compile(r"no tables yet: draw the seats of round 1"),
     lambda m, tr: tr.gettext("no tables yet: draw the seats of round 1")),
    (re.compile(r"every advancing player has dropped out"),
     lambda m, tr: tr.gettext("every advancing player has dropped out")),
)

REFUSALS: tuple[Rule, ...] = (
    (re.compile(r"unknown player (?P<name>.+?)(?: \(did you mean (?P<hint>.+)\?\))?"), _unknown_player),
    (re.compile(r"(?P<typed>.+?) could be (?P<names>.+): type more of the name"), _ambiguous),
    (re.compile(r"no table (?P<number>\d+) in (?P<unit>stage|round) (?P<stage>\d+) \(tables 1-(?P<last>\d+)\)"),
     _no_table),
    (re.compile(r"no table is seated yet: draw the seats of stage 1 first"),
     lambda m, tr: tr.gettext("no table is seated yet: draw the seats of stage 1 first")),
    (re.compile(r"no table is seated yet: draw the seats of round 1 first"),
     lambda m, tr: tr.gettext("no table is seated yet: draw the seats of round 1 first")),
    (re.compile(r"cannot advance (?P<unit>stage|round) (?P<stage>\d+): (?P<reasons>.+)"), _cannot_advance),
)


def _said(message: str, rules: tuple[Rule, ...], tr: Translator) -> str:
    for pattern, say in rules:
        found = pattern.fullmatch(message)
        if found:
            return say(found, tr)
    return message


def refusal_text(message: str, tr: Translator = ENGLISH) -> str:
    """A refusal in `tr`'s language when it is one of the evening's common ones; else as it is.
    English: the message exactly as raised."""
    if tr.lang == ENGLISH.lang:
        return message
    return _said(message, REFUSALS, tr)


def error_text(error: TourneyError, tr: Translator = ENGLISH) -> str:
    """What a refusal says in `tr`'s language: an error raised `in_words` by the catalog, the
    evening's common ones read back into their parts, any other as raised. English: as raised."""
    if tr.lang == ENGLISH.lang:
        return str(error)
    if error.words is not None:
        return tr.words(error.words)
    return refusal_text(str(error), tr)
