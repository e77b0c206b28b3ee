"""The words of the wall, the TV and the tables' phones in the page's language (issue 29).

The engine names a stage ("stage 1 of 3", "the final", "round 2") and a player's status
("playing", "out", "won") in English; the pages print them through here, each a whole phrase of the
catalog. English gets back exactly what the engine wrote, so the English pages are unchanged.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tourney.i18n import DEFAULT_LANGUAGE, ENGLISH, N_, Translator
from tourney.render.env import status_text

if TYPE_CHECKING:
    from tourney.engine.tournament import TournamentState

# A player's status (the formats' `statuses`) and a table's (`done`, `playing`); a stage's
# ("finished", "not started") is the sheets' (`render.env.status_text`).
STATUS_WORDS = {"registered": N_("registered"), "dropped": N_("dropped"), "waiting": N_("waiting"),
                "out": N_("out"), "won": N_("won"), "playing": N_("playing"), "done": N_("done"),
                # A phone's report: waiting for the director, entered, or rejected.
                "pending": N_("waiting for the director"), "entered": N_("entered"),
                "rejected": N_("rejected")}


def status_word(status: str, tr: Translator = ENGLISH) -> str:
    """A status as the page shows it (an unknown one as it is)."""
    return tr.gettext(STATUS_WORDS[status]) if status in STATUS_WORDS else status_text(status, tr)


def where_label(state: TournamentState, stage: int, tr: Translator = ENGLISH) -> str:
    """Stage `stage` as the pages' header names it: "stage 1 of 3", "the final", "round 2"
    (the format's `stage_label`, in `tr`'s language)."""
    if tr.lang == DEFAULT_LANGUAGE:
        return state.kind.stage_label(state, stage)
    if state.kind.takes_stage_plan:
        plan = state.plan
        stages = len(plan.stages) if plan else stage
        if plan is not None and stage == stages:
            return tr.gettext("the final")
        return tr.gettext("stage %(number)s of %(total)s", number=stage, total=stages)
    if state.kind.unit == "round":
        return tr.gettext("round %(number)s", number=stage)
    return state.kind.stage_label(state, stage)


# Why a report was settled, as `reports.py` stores it (English, in the floor's records): shown on
# the phone through these whole sentences, "N" the report's number.
NOTES = (
    (re.compile(r"withdrawn from the table's page"), N_("withdrawn from the table's page")),
    (re.compile(r"accepted by the director"), N_("accepted by the director")),
    (re.compile(r"its table's link was revoked"), N_("its table's link was revoked")),
    (re.compile(r"rejected by the director"), N_("rejected by the director")),
    (re.compile(r"dispute settled by report (\d+)"), N_("dispute settled by report %(report)s")),
    (re.compile(r"the round before was entered otherwise \(report (\d+)\): report this round again"),
     N_("the round before was entered otherwise (report %(report)s): report this round again")),
    (re.compile(r"report (\d+), of the round before, was rejected: report this round again"),
     N_("report %(report)s, of the round before, was rejected: report this round again")),
    (re.compile(r"report (\d+), of the round before, was withdrawn: report this round again"),
     N_("report %(report)s, of the round before, was withdrawn: report this round again")),
)


def note_text(note: str, tr: Translator = ENGLISH) -> str:
    """A settled report's note in `tr`'s language (one of another shape as it is stored)."""
    for pattern, message in NOTES:
        found = pattern.fullmatch(note)
        if found:
            return tr.gettext(message, report=found[1]) if found.groups() else tr.gettext(message)
    return note
