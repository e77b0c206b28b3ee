"""A bracket's match as a person reads it on a sheet: "match for 3rd place", "the final",
"semi-final match 2", "losers' round 2 match 1", instead of its id ("3P", "W3-1", "L2-1"), which
stays the key the desk and `tourney tables` print."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tourney.app.read_models.sheet_words import round_name, the_round
from tourney.errors import TourneyError
from tourney.i18n import ENGLISH, Translator

if TYPE_CHECKING:
    from tourney.engine.tournament import TournamentState


def match_label(state: TournamentState, match_id: str, *, stage: int | None = None, tr: Translator = ENGLISH) -> str:
    """`match_id` of the event's bracket in words; with `stage`, the round the sheet already names
    ("round 3") is not repeated: "match 1" rather than "round 3 match 1"."""
    bracket = state.kind.bracket(state)
    if bracket is None or not match_id:
        return tr.gettext("match %(match)s", match=match_id) if match_id else ""
    try:
        match = bracket.match(match_id)
        bracket_round = bracket.rounds[bracket.round_index(match_id)]
    except TourneyError:
        return tr.gettext("match %(match)s", match=match_id)
    if match.side == "third":
        return tr.gettext("match for 3rd place")
    name = bracket_round.name
    if len(bracket_round.matches) == 1:
        if "final" in name:
            return the_round(name, tr)
        return tr.gettext("%(round)s match", round=round_name(name, tr))
    number = bracket_round.matches.index(match) + 1
    if stage is not None and name == f"round {stage}":
        return tr.gettext("match %(match)s", match=number)
    return tr.gettext("%(round)s match %(number)s", round=round_name(name, tr), number=number)
