"""Where each match of an elimination bracket goes on paper: sections, columns, boxes and lines.

    layout(page) -> BracketLayout(landscape, sections)

A bracket is drawn side by side (the winners' bracket, the losers' bracket, the third-place match,
the grand final), each side as rounds in columns. A side too big for one page is cut into
*sections*, each an unbreakable block the printer moves whole to the next page:

- a band of at most `MAX_COLUMNS` columns starts at some round; its first column is cut into runs
  of at most `CAPACITY` matches, and each run grows rightwards through the matches fed only by the
  run (a sub-tree), until it would merge with another run or the band is full;
- the next band starts at the column where the runs stopped, repeating those matches as its first
  column (their players are named, the lines behind them are on the pages before).

So a 64-player knockout prints as four sections of eight first-round matches each (to the
quarter-finals) and one from the quarter-finals to the final, and no section is ever cut.

Vertical positions: the first column of a section is evenly spaced (one `UNIT` per match); a later
match sits at the mean height of the matches that feed it within the section (one feeder in a
double elimination's drop-down round: level with it). Lines run from a match's right edge to the
slot its winner takes in the next match; a link whose target is in another section is a note on
the box instead ("→ W5-1"), and so is where a loser drops ("loser → L2-1").
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from tourney.i18n import ENGLISH, N_, Translator, translator
from tourney.render.format_pages import EliminationPage, MatchBox, Side

CAPACITY = 8  # first-column matches in one section: 8 x UNIT fits a landscape A4 or letter page
MAX_COLUMNS = 6
UNIT = 18.0  # mm of height per first-column match
BOX_HEIGHT = 15.9
STRIP = 3.3  # the box's top strip (match id, notes)
ROW = (BOX_HEIGHT - STRIP) / 2
GAP = 8.0  # between columns, where the lines run
HEAD = 5.0  # the round names above the columns
MAX_COLUMN_WIDTH = 70.0
# Printable width (mm) inside the 12 mm margins of base.html's @page.
WIDTHS = {("a4", False): 186.0, ("a4", True): 273.0, ("letter", False): 191.9, ("letter", True): 255.4}

SIDE_TITLES: dict[Side, str] = {"winners": N_("Winners' bracket"), "losers": N_("Losers' bracket"),
                                "third": N_("Third place"), "final": N_("Grand final")}


@dataclass(frozen=True)
class PlacedMatch:
    match: MatchBox
    x: float  # mm from the section's left edge
    y: float  # mm from the section's top edge
    width: float
    note: str  # where the winner or loser goes when that is not drawn here


@dataclass(frozen=True)
class Link:
    source: str
    target: str
    slot: int
    path: str  # SVG path data, in mm
    decided: bool  # the source match is decided (its winner is known)
    champion: bool  # the champion took this line


@dataclass(frozen=True)
class ColumnHead:
    x: float
    y: float
    width: float
    name: str


@dataclass(frozen=True)
class PlacesBox:
    """Where a finished bracket's places go inside a section: under the final, when they fit there."""

    x: float
    y: float
    width: float


@dataclass(frozen=True)
class Section:
    title: str
    subtitle: str
    width: float
    height: float
    heads: tuple[ColumnHead, ...]
    matches: tuple[PlacedMatch, ...]
    links: tuple[Link, ...]
    places: PlacesBox | None = None


@dataclass(frozen=True)
class BracketLayout:
    landscape: bool
    sections: tuple[Section, ...]

    @property
    def places_placed(self) -> bool:
        """The places are drawn inside a section (else they follow the bracket as their own block)."""
        return any(section.places is not None for section in self.sections)


@dataclass(frozen=True)
class _Column:
    name: str
    matches: tuple[MatchBox, ...]


def _sides(page: EliminationPage) -> list[tuple[Side, list[_Column]]]:
    """The rounds of each side, in the order the sides are drawn (winners, losers, third, final)."""
    sides: dict[Side, list[_Column]] = {}
    for bracket_round in page.rounds:
        sides.setdefault(bracket_round.side, []).append(_Column(bracket_round.name, bracket_round.matches))
    order: tuple[Side, ...] = ("winners", "losers", "third", "final")
    return [(side, sides[side]) for side in order if side in sides]


def _bands(columns: Sequence[_Column], feeders: dict[str, list[str]]) -> list[list[list[MatchBox]]]:
    """The sections of one side, each a list of columns of matches (see the module docstring)."""
    sections: list[list[list[MatchBox]]] = []
    # Where each match stands (column, row) and whom each match's winner meets next, so a run finds
    # the matches it feeds in the next column from its own few ids, never by scanning that column.
    where = {m.id: (at, row) for at, column in enumerate(columns) for row, m in enumerate(column.matches)}
    feeds: dict[str, list[str]] = {}
    for target, sources in feeders.items():
        for source in sources:
            feeds.setdefault(source, []).append(target)
    start = 0
    while True:
        first = list(columns[start].matches)
        ends = []
        for run_start in range(0, len(first), CAPACITY):
            run = first[run_start:run_start + CAPACITY]
            cols, ids, at = [run], {m.id for m in run}, start
            while at + 1 < len(columns) and len(cols) < MAX_COLUMNS:
                rows = {where[t][1] for s in ids for t in feeds.get(s, ()) if t in where and where[t][0] == at + 1}
                fed = [columns[at + 1].matches[row] for row in sorted(rows)]
                if not fed or any(f not in ids for m in fed for f in feeders.get(m.id, ())):
                    break  # nothing further, or a merge with another run: the next band takes over
                cols.append(fed)
                ids |= {m.id for m in fed}
                at += 1
            sections.append(cols)
            ends.append(at)
        stop = min(ends)
        if stop >= len(columns) - 1:
            return sections
        start = stop if stop > start else start + 1


def _note(match: MatchBox, drawn: set[str], tr: Translator = ENGLISH) -> str:
    drops = [s.loser_of for s in match.slots if s.loser_of]
    parts = []
    if drops and match.side == "losers":  # where the losers of the winners' bracket drop in
        parts.append(tr.ngettext("loser of %(matches)s ↓", "losers of %(matches)s ↓", len(drops),
                                 matches=", ".join(drops)))
    if match.winner_to is not None and match.winner_to not in drawn:
        parts.append(f"→ {match.winner_to}")
    if match.loser_to is not None:
        parts.append(tr.gettext("loser → %(match)s", match=match.loser_to))
    return " · ".join(parts)


def _section(title: str, subtitle: str, cols: list[list[MatchBox]], names: dict[str, str],
             feeders: dict[str, list[str]], width: float, below: Sequence[MatchBox] = (),
             tr: Translator = ENGLISH) -> Section:
    """One section; `below` (a knockout's third-place match) goes under the last column's match."""
    column_width = min(MAX_COLUMN_WIDTH, width / len(cols))
    box_width = column_width - GAP
    drawn = {m.id for col in cols for m in col} | {m.id for m in below}
    centre: dict[str, float] = {}
    for index, col in enumerate(cols):
        for i, match in enumerate(col):
            inside = [centre[f] for f in feeders.get(match.id, ()) if f in centre]
            centre[match.id] = sum(inside) / len(inside) if index and inside else HEAD + (i + 0.5) * UNIT
    height = HEAD + len(cols[0]) * UNIT
    heads = [ColumnHead(round(i * column_width, 2), 0.0, round(box_width, 2), names[col[0].id])
             for i, col in enumerate(cols)]
    last = len(cols) - 1
    for match in below:
        centre[match.id] = max(centre[m.id] for m in cols[last]) + 1.5 * UNIT
        height = max(height, centre[match.id] + UNIT / 2)
        heads.append(ColumnHead(round(last * column_width, 2), round(centre[match.id] - BOX_HEIGHT / 2 - HEAD, 2),
                                round(box_width, 2), names[match.id]))
    placed: list[PlacedMatch] = []
    boxes: dict[str, tuple[float, float]] = {}  # id -> (x, top)
    for index, col in enumerate([*cols[:last], [*cols[last], *below]]):
        x = index * column_width
        for match in col:
            top = centre[match.id] - BOX_HEIGHT / 2
            boxes[match.id] = (x, top)
            placed.append(PlacedMatch(match, round(x, 2), round(top, 2), round(box_width, 2), _note(match, drawn, tr)))
    links = []
    for item in placed:
        match = item.match
        if match.winner_to is None or match.winner_to not in boxes:
            continue
        x1, y1 = boxes[match.id][0] + box_width, centre[match.id]
        x2, top = boxes[match.winner_to]
        y2 = top + STRIP + ROW * (match.winner_slot + 0.5)
        bend = x1 + GAP / 2
        path = f"M{x1:.2f} {y1:.2f}H{bend:.2f}V{y2:.2f}H{x2:.2f}"
        links.append(Link(match.id, match.winner_to, match.winner_slot, path,
                          decided=match.status in ("done", "bye"), champion=match.champion))
    return Section(title, subtitle, round(column_width * len(cols), 2), round(height, 2), tuple(heads),
                   tuple(placed), tuple(links))


# The places list under the final: 7 pt text, this many mm a line, and a generous mm per character
# (DejaVu Sans averages ~1.35 mm at 7 pt), so an estimate too small never makes the list overflow.
PLACES_HEAD = 5.0
PLACES_LINE = 3.2
PLACES_CHAR = 1.5


def places_height(places: Sequence[tuple[int, Sequence[str]]], width: float) -> float:
    """The height (mm) the places list needs in a box `width` mm wide, estimated from the length of
    each line ("5 Ann, Bob, ...") and the widest word (a long name wraps, it is never cut)."""
    per_line = max(int(width / PLACES_CHAR), 1)
    lines = 0
    for place, players in places:
        text = f"{place} " + ", ".join(players)
        lines += -(-len(text) // per_line) + sum(len(word) // per_line for word in text.split())
    return PLACES_HEAD + lines * PLACES_LINE


def _places_box(section: Section, places: Sequence[tuple[int, Sequence[str]]]) -> PlacesBox | None:
    """Room under the last column's matches of `section` for the places, or None."""
    right = max(m.x for m in section.matches)
    column = [m for m in section.matches if m.x == right]
    top = max(m.y for m in column) + BOX_HEIGHT + 4.0
    width = min(MAX_COLUMN_WIDTH, section.width - right)
    if top + places_height(places, width) > section.height:
        return None
    return PlacesBox(round(right, 2), round(top, 2), round(width, 2))


def layout(page: EliminationPage) -> BracketLayout:
    sides = _sides(page)
    feeders: dict[str, list[str]] = {}  # every winner's line, across sides too (W final -> GF)
    for r in page.rounds:
        for m in r.matches:
            if m.winner_to is not None:
                feeders.setdefault(m.winner_to, []).append(m.id)
    names = {m.id: r.name for r in page.rounds for m in r.matches}
    plans: dict[Side, list[list[list[MatchBox]]]] = {}
    for side, columns in sides:
        ids = {m.id for c in columns for m in c.matches}
        own = {target: [f for f in sources if f in ids] for target, sources in feeders.items() if target in ids}
        plans[side] = _bands(columns, own)
    # The grand final is drawn right of the winners' final, the third-place match under the final,
    # when the page has room; otherwise they are sections of their own.
    below: list[MatchBox] = []
    winners = plans.get("winners")
    if winners:
        last = winners[-1]
        if "final" in plans and len(plans["final"]) == 1 and len(last) + len(plans["final"][0]) <= MAX_COLUMNS:
            last.extend(plans.pop("final")[0])
        if "third" in plans and len(plans["third"]) == 1 and len(plans["third"][0]) == 1:
            below = plans.pop("third")[0][0]
    landscape = max(len(cols) for bands in plans.values() for cols in bands) > 3
    width = WIDTHS[(page.paper, landscape)]
    sections = []
    tr = translator(page.event.lang)
    single = not any(r.side == "losers" for r in page.rounds)  # one bracket: no winners' side to tell apart
    for side, bands in plans.items():
        title = tr.gettext("Bracket") if side == "winners" and single else tr.gettext(SIDE_TITLES[side])
        for number, cols in enumerate(bands, start=1):
            first, end = names[cols[0][0].id], names[cols[-1][0].id]
            span = first if len(cols) == 1 else tr.gettext("%(first)s to %(last)s", first=first, last=end)
            subtitle = span + (" · " + tr.gettext("part %(number)s of %(total)s", number=number, total=len(bands))
                               if len(bands) > 1 else "")
            extra = below if side == "winners" and number == len(bands) else ()
            sections.append(_section(title, subtitle, cols, names, feeders, width, extra, tr))
    if page.places:  # a finished bracket: its places under the final, on the bracket's page if they fit
        final = next((i for i, s in enumerate(sections) if s.matches and page.champion is not None
                      and any(m.match.champion and m.match.winner_to is None for m in s.matches)), None)
        box = _places_box(sections[final], page.places) if final is not None else None
        if final is not None and box is not None:
            sections[final] = replace(sections[final], places=box)
    return BracketLayout(landscape, tuple(sections))
