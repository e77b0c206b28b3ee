"""How every front end names a stage or a round, in the format's own words.

Three forms, because each reads in its own place: a heading ("final", "stage 2", "round 2": the
sheets, the plan, the demo), a name inside a sentence ("the final", "stage 2", "round 2") and where
the event stands ("stage 2 of 3", "the final", "round 2 of 4", "round 3 (semi-final)"). And who
goes on from a stage's tables, the verb agreeing with the count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.app.read_models.sheet_words import round_name
from tourney.i18n import ENGLISH, Translator

if TYPE_CHECKING:
    from tourney.engine.tournament import TournamentState


def _is_final(state: TournamentState, stage: int) -> bool:
    return state.plan is not None and stage == len(state.plan.stages)


def unit_heading(unit: str, stage: int, tr: Translator = ENGLISH) -> str:
    """"stage 2", "round 2" (a format's own unit: as it calls itself)."""
    if unit == "stage":
        return tr.gettext("stage %(number)s", number=stage)
    if unit == "round":
        return tr.gettext("round %(number)s", number=stage)
    return f"{tr.gettext(unit)} {stage}"


def stage_heading(state: TournamentState, stage: int, tr: Translator = ENGLISH) -> str:
    """"final" (the last stage of a plan), "stage 2", "round 2"."""
    return tr.gettext("final") if _is_final(state, stage) else unit_heading(state.kind.unit, stage, tr)


def stage_name(state: TournamentState, stage: int, tr: Translator = ENGLISH) -> str:
    """"the final" (the last stage of a plan), "stage 2", "round 2"."""
    return tr.gettext("the final") if _is_final(state, stage) else unit_heading(state.kind.unit, stage, tr)


def stage_progress(state: TournamentState, stage: int | None = None, tr: Translator = ENGLISH) -> str:
    """Stage `stage` (default: the one being played) as `status` names it: "stage 2 of 3" or
    "the final" (a plan); "round 2 of 4", "round 3 (semi-final)" or "round 5 (losers' round 3,
    winners' final)" (a format played in rounds: the bracket's own names of its rounds)."""
    stage = state.stage if stage is None else stage
    if state.kind.takes_stage_plan:
        if tr.lang == ENGLISH.lang:  # the format's own words
            return state.kind.stage_label(state, stage)
        stages = len(state.plan.stages) if state.plan else stage
        if stage == stages and state.plan is not None:
            return tr.gettext("the final")
        return tr.gettext("stage %(number)s of %(total)s", number=stage, total=stages)
    label = unit_heading(state.kind.unit, stage, tr)
    bracket = state.kind.bracket(state)
    if bracket is not None and 1 <= stage <= len(state.history):
        names: list[str] = []
        for table in state.history[stage - 1]:
            name = bracket.rounds[bracket.round_index(table.match)].name
            if name not in names and name != f"round {stage}":  # the bracket's own name of the round
                names.append(name)
        return label + (f" ({', '.join(round_name(name, tr) for name in names)})" if names else "")
    total = state.kind.planned_rounds(state)
    if not total:
        return label
    if state.kind.unit == "round":
        return tr.gettext("round %(number)s of %(total)s", number=stage, total=total)
    return f"{label} of {total}"


def going_on_text(advance: int, tables: int, tr: Translator = ENGLISH) -> str:
    """Who goes on from a stage's tables, the verb agreeing with them: "the top player of each table
    goes on", "the top 2 of each table go on" ("of the table" for a stage of one table)."""
    if tables > 1:
        if advance == 1:
            return tr.gettext("the top player of each table goes on")
        return tr.ngettext("the top %(num)s of each table go on", "the top %(num)s of each table go on", advance)
    if advance == 1:
        return tr.gettext("the top player of the table goes on")
    return tr.ngettext("the top %(num)s of the table go on", "the top %(num)s of the table go on", advance)


def capitalised(text: str) -> str:
    """The first letter upper case, the rest as written ("Round 3 (semi-final)")."""
    return text[:1].upper() + text[1:]


def progress_text(state: str, tr: Translator = ENGLISH, unit: str = "stage") -> str:
    """Where an event stands as `tourney list` and the events page say it (`operations.tournaments.
    progress`: registering, stage N, complete), in `tr`'s language and the format's word for its
    stage (`unit`: "round 2" for a Swiss); anything else as it is."""
    if state == "complete":
        return tr.gettext("complete")
    if state == "registering":
        return tr.gettext("registering")
    number = state.removeprefix("stage ")
    return unit_heading(unit, int(number), tr) if number.isdigit() else state
