"""The floor's links on paper (`tourney print --links BASE_URL`, issue 18): each table sheet shows
its table page's QR code and the seating sheet the players' look-up's. The tokens are the floor's
(`FloorRead.table_link`, as the director's page draws them), so a sheet printed for the current
stage opens the very page the director's page links to."""

from __future__ import annotations

import functools
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

from tourney.errors import InvalidInputError
from tourney.i18n import N_

if TYPE_CHECKING:
    from tourney.app.floor.floor_read import FloorRead
    from tourney.render.pages import SeatingPage, TableSheetsPage


@dataclass(frozen=True, slots=True)
class SheetLinks:
    """The server's base URL and the token of each table of the current stage."""

    base: str
    table_tokens: dict[int, str]

    def table(self, number: int) -> str:
        return f"{self.base}/table/{number}/{self.table_tokens[number]}"

    @property
    def find(self) -> str:
        return f"{self.base}/find"


# A link's code is made once: the director's page draws every table's on each render (a few ms
# each); a stage has at most a few hundred tables, and a new stage's links push out the old.
QR_CACHE_SIZE = 512


@functools.lru_cache(maxsize=QR_CACHE_SIZE)
def qr_svg(link: str) -> str:
    """A link's QR code as an inline SVG (the director's page and the sheets draw it alike)."""
    import segno

    return str(segno.make(link, error="m").svg_inline(border=2, omitsize=True))


def check_base(base: str) -> str:
    """The base URL `tourney serve` printed, without a trailing slash; anything else is refused."""
    parts = urlsplit(base.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise InvalidInputError.in_words("--links takes the server's address as `tourney serve` printed it "
                                         "(e.g. http://192.168.1.5:8000), not %(base)s", base=repr(base))
    return base.strip().rstrip("/")


def sheet_links(floor: FloorRead, base: str, *, stage: int | None) -> SheetLinks:
    """The links of the current stage's tables; refused before `tourney serve --lan` made the floor's
    secret, and for an earlier stage (its tables' links no longer work)."""
    if floor.secret is None:
        raise InvalidInputError.in_words(
            "--links: the tables have no links yet; start `tourney serve --lan` once first")
    if stage is not None and stage != floor.state.stage:
        only_current = (N_("--links: only the current round (%(current)s) has table links, not %(stage)s")
                        if floor.state.kind.unit == "round" else
                        N_("--links: only the current stage (%(current)s) has table links, not %(stage)s"))
        raise InvalidInputError.in_words(only_current, current=floor.state.stage, stage=stage)
    tokens = {table.number: floor.table_link(table.number) for table in floor.state.tables}
    return SheetLinks(check_base(base), tokens)


def linked_table_sheets(page: TableSheetsPage, links: SheetLinks) -> TableSheetsPage:
    sheets = tuple(replace(sheet, link=links.table(sheet.number), qr_svg=qr_svg(links.table(sheet.number)))
                   for sheet in page.sheets)
    return replace(page, sheets=sheets)


def linked_seating(page: SeatingPage, links: SheetLinks) -> SeatingPage:
    return replace(page, find_link=links.find, find_qr_svg=qr_svg(links.find))
