"""The TV's champion screen, shown once the event is over: the champion, then the podium and the
places after it, from the final standings (the same for every format)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tourney.render.pages import StandingsPage

PODIUM = 3  # places shown large under the champion
SHOWN = 8  # places shown in all


@dataclass(frozen=True, slots=True)
class Placed:
    place: int
    player: str
    club: str


@dataclass(frozen=True, slots=True)
class Champion:
    names: tuple[str, ...]  # one, or those sharing first place
    club: str
    podium: tuple[Placed, ...]  # second and third
    next_places: tuple[Placed, ...]  # down to `SHOWN`


def champion(page: StandingsPage) -> Champion | None:
    """The champion of a final standings page (None while provisional)."""
    if page.provisional or not page.rows:
        return None
    first = tuple(r for r in page.rows if r.rank == 1)
    rest = [Placed(r.rank, r.player, r.club or "") for r in page.rows if r.rank > 1 and r.rank <= SHOWN]
    return Champion(tuple(r.player for r in first), first[0].club or "" if len(first) == 1 else "",
                    tuple(p for p in rest if p.place <= PODIUM), tuple(p for p in rest if p.place > PODIUM))
