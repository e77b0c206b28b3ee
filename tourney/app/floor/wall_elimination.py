"""The TV's knockout and double-elimination bracket: the print sheet's read model
(`format_views.format_page`, an `EliminationPage`) laid out for a 16:9 screen instead of A4.

The winners' rounds (then the final and the third-place match) make one band, the losers' rounds
a second below it; a band's height is its share of the tallest columns, and a column spaces its
matches evenly, so each match sits between the two it follows. The names' size is the largest at
which the tallest column and the widest band fit, never over `LARGEST_VH`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from tourney.i18n import ENGLISH, Translator
from tourney.render.format_pages import BracketRound

if TYPE_CHECKING:
    from tourney.render.format_pages import EliminationPage

USABLE_VH, USABLE_VW = 78.0, 96.0
VW_PER_VH = 9 / 16
MATCH_LINES = 2.7  # two names and the space around a match box, in lines of names
LINE = 1.25
NAME_EMS = 14.0  # a name of about 18 characters, its seed and score
LARGEST_VH = 4.4


@dataclass(frozen=True, slots=True)
class EliminationBand:
    title: str  # "" for a knockout's one band
    rounds: tuple[BracketRound, ...]
    weight: int  # the most matches in one of its columns: its share of the height


@dataclass(frozen=True, slots=True)
class EliminationLayout:
    page: EliminationPage
    bands: tuple[EliminationBand, ...]
    name_vh: float


def _merged(rounds: tuple[BracketRound, ...]) -> tuple[BracketRound, ...]:
    """One column for the last matches, to leave the others room: the third-place match under the
    final, a grand final's reset under the grand final."""
    columns: list[BracketRound] = []
    third: list[BracketRound] = []
    for bracket_round in rounds:
        if bracket_round.side == "third":
            third.append(bracket_round)
            continue
        if bracket_round.side == "final" and columns and columns[-1].side == "final":
            last = columns[-1]
            columns[-1] = replace(last, matches=last.matches + bracket_round.matches)
            continue
        columns.append(bracket_round)
    if third and columns:
        last = columns[-1]
        columns[-1] = replace(last, name=" · ".join([last.name] + [r.name for r in third]),
                              matches=last.matches + tuple(m for r in third for m in r.matches))
    return tuple(columns) + (tuple(third) if not columns else ())


def elimination_layout(page: EliminationPage, tr: Translator = ENGLISH) -> EliminationLayout:
    """The bracket of `page` (its words already in `tr`'s language) with the bands' titles in it."""
    upper = _merged(tuple(r for r in page.rounds if r.side != "losers"))
    lower = tuple(r for r in page.rounds if r.side == "losers")
    bands = ([EliminationBand(tr.gettext("Winners") if lower else "", upper, max(len(r.matches) for r in upper))]
             if upper else [])
    if lower:
        bands.append(EliminationBand(tr.gettext("Losers"), lower, max(len(r.matches) for r in lower)))
    matches_high = sum(band.weight for band in bands) or 1
    columns = max((len(band.rounds) for band in bands), default=1)
    by_height = USABLE_VH / (matches_high * MATCH_LINES * LINE)
    by_width = USABLE_VW / columns / (NAME_EMS * VW_PER_VH)
    return EliminationLayout(page, tuple(bands), round(min(LARGEST_VH, by_height, by_width), 2))
