"""The TV's knockout and double-elimination bracket: the print sheet's read model
(`format_views.format_page`, an `EliminationPage`) laid out for a 16:9 screen instead of A4.

The winners' rounds (then the final and the third-place match) make one band, the losers' rounds
a second below it; a band's height is its share of the tallest columns, and a column spaces its
matches evenly, so each match sits between the two it follows. The names' size is the largest at
which the tallest column and the widest band fit, never over `LARGEST_VH`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tourney.render.format_pages import BracketRound, EliminationPage

USABLE_VH, USABLE_VW = 78.0, 96.0
VW_PER_VH = 9 / 16
MATCH_LINES = 2.7  # two names and the space around a match box, in lines of names
LINE = 1.25
NAME_EMS = 12.0  # a name of about 18 characters, its seed and score
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


def elimination_layout(page: EliminationPage) -> EliminationLayout:
    upper = tuple(r for r in page.rounds if r.side != "losers")
    lower = tuple(r for r in page.rounds if r.side == "losers")
    bands = [EliminationBand("Winners" if lower else "", upper, max(len(r.matches) for r in upper))] if upper else []
    if lower:
        bands.append(EliminationBand("Losers", lower, max(len(r.matches) for r in lower)))
    matches_high = sum(band.weight for band in bands) or 1
    columns = max((len(band.rounds) for band in bands), default=1)
    by_height = USABLE_VH / (matches_high * MATCH_LINES * LINE)
    by_width = USABLE_VW / columns / (NAME_EMS * VW_PER_VH)
    return EliminationLayout(page, tuple(bands), round(min(LARGEST_VH, by_height, by_width), 2))
