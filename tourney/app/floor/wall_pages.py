"""The TV wall (issue 18 item 5): pages made to be read across a room, built on the sheets' read
models and rendered with `templates/wall/`.

Four kinds of page (standings, seating, the live tables, the bracket), each cut into screens of a
fixed number of rows, so a large field pages instead of scrolling. A screen names the next one
(`next_url`): the next screen of its kind, then the first of the next kind, or only its own kind's
screens when the wall is pinned to it. The small script of `templates/wall/screen.html` follows
that link after `rotate` seconds and swaps in a fresh screen whenever the tournament changes.
Once the event is over the champion's screen (`wall_champion`) comes first; the bracket is drawn
by `wall_stages` or `wall_elimination`.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import TYPE_CHECKING
from urllib.parse import urlencode

from tourney.app.floor.floor_pages import Seat, table_seats
from tourney.app.floor.floor_words import status_word, where_label
from tourney.app.floor.sheets import has_bracket_sheet, no_bracket_sheet
from tourney.app.floor.wall_champion import Champion, champion
from tourney.app.floor.wall_elimination import EliminationLayout, elimination_layout
from tourney.app.floor.wall_stages import StagesLayout, stages_layout
from tourney.app.store.wall_kinds import KINDS as KINDS  # the name the wall's front end imports
from tourney.i18n import DEFAULT_LANGUAGE, ENGLISH, N_, Translator, normalise, translator

if TYPE_CHECKING:
    from tourney.app.floor.wall import WallSnapshot
    from tourney.engine.tables import TableState
    from tourney.engine.tournament import TournamentState

TV_PREFIX = "/tv"
TV_FORMAT_COLUMNS = 2  # a format's standings columns a TV shows (points and the first tie-break)
DEFAULT_ROWS = 16  # a standings or seating row is 5vh: 16 of them fill 1080p under the title bar
MIN_ROWS, MAX_ROWS = 4, 40
TABLES_PER_SCREEN = 8  # four columns of two rows of table cards
MIN_ROTATE, MAX_ROTATE = 2, 3600
NOT_SEATED = N_("No seats have been drawn yet.")
# The kinds' names in the TV's footer.
KIND_NAMES = {"standings": N_("Standings"), "seating": N_("Seating"), "tables": N_("Tables"), "bracket": N_("Bracket")}
# The headings of the rows' columns (their keys name the column's width class).
COLUMN_NAMES = {"rank": N_("rank"), "player": N_("player"), "table": N_("table"), "seat": N_("seat"),
                "status": N_("status")}


@dataclass(frozen=True, slots=True)
class WallQuery:
    """What a TV's URL asks: a screen of a kind, the rotation (0: none), the pin, rows a screen."""

    kind: str
    page: int = 1
    rotate: int = 0
    pin: str | None = None
    rows: int = DEFAULT_ROWS
    pin_stored: bool = False  # the pin is the director's (floor settings), not the URL's: links omit it
    lang: str | None = None  # the language the URL asks for (`?lang=ru`), kept on its links


    @staticmethod
    def parse(kind: str, params: dict[str, str], stored_pin: str = "") -> WallQuery:
        """The query of a URL; an out-of-range number is brought into range (a TV's URL is typed
        once by hand: `rows=500` still shows a page), a malformed one (`²`, letters) is an
        `InvalidInputError` naming the parameter, which the web answers with a 400. A URL without a pin follows the
        director's `stored_pin`, so unpinning on the director's page frees every such TV again."""
        pin = params.get("pin")
        pinned = pin if pin in KINDS else None
        from_setting = pinned is None and stored_pin in KINDS
        if from_setting:
            pinned = stored_pin
        lang = normalise(params.get("lang"))
        tr = translator(lang)  # a malformed number is said in the language the URL asks for
        rotate = _number("rotate", params.get("rotate"), 0, 0, MAX_ROTATE, tr)
        return WallQuery(kind=pinned or kind, page=_number("page", params.get("page"), 1, 1, 100_000, tr),
                         rotate=max(MIN_ROTATE, rotate) if rotate else 0, pin=pinned,
                         rows=_number("rows", params.get("rows"), DEFAULT_ROWS, MIN_ROWS, MAX_ROWS, tr),
                         pin_stored=from_setting, lang=lang)

    def url(self, kind: str, page: int) -> str:
        params: dict[str, str | int] = {"page": page}
        if self.rotate:
            params["rotate"] = self.rotate
        if self.pin and not self.pin_stored:
            params["pin"] = self.pin
        if self.rows != DEFAULT_ROWS:
            params["rows"] = self.rows
        if self.lang:
            params["lang"] = self.lang
        return f"{TV_PREFIX}/{kind}?{urlencode(params)}"


def _number(name: str, text: str | None, default: int, low: int, high: int, tr: Translator = ENGLISH) -> int:
    """The query parameter `name` (`text`) as a number clamped to `low..high`; `default` when it is
    absent or empty. Anything but ASCII digits is refused (an `InvalidInputError`)."""
    from tourney.errors import InvalidInputError

    if text is None or not text.strip():
        return default
    digits = text.strip()
    if not digits.isascii() or not digits.isdigit():
        raise InvalidInputError(tr.gettext("?%(name)s= takes a whole number written with the digits 0-9", name=name))
    value = int(digits) if len(digits.lstrip("0")) <= 12 else high  # spares int() thousands of digits
    return min(high, max(low, value))


@dataclass(frozen=True, slots=True)
class WallRow:
    """One line of a screen: its cells, and a status that never breaks (`status` its key, the
    CSS class; `status_text` the word shown)."""

    cells: tuple[str, ...]
    status: str
    status_text: str = ""


@dataclass(frozen=True, slots=True)
class WallTable:
    """One table of the live tables screen."""

    number: int
    status: str  # "done" or "playing" (the CSS class)
    what: str  # the column's heading: "cards", "chips", "games"
    note: str  # "cap 5", "best of 3", ""
    seats: tuple[Seat, ...]
    status_text: str = ""  # the status as shown


@dataclass(frozen=True, slots=True)
class WallScreen:
    """One screen of the wall: a page of `kind`, `page` of `pages`."""

    event: str
    kind: str
    title: str
    subtitle: str
    as_of: str  # "HH:MM:SS"
    page: int
    pages: int
    columns: tuple[str, ...]
    status_column: bool  # the rows end in a status word
    rows: tuple[WallRow, ...]
    per_screen: int  # rows a screen holds: their height is the screen's share
    tables: tuple[WallTable, ...]
    frame_url: str  # a sheet shown as it is (a format's own bracket), else ""
    notice: str
    next_url: str
    rotate: int
    nav: tuple[tuple[str, str], ...]
    poll_token: str
    headings: tuple[str, ...] = ()  # the columns' headings as shown (`columns`: their keys), then the status's
    lang: str = DEFAULT_LANGUAGE  # the screen's language
    stages: StagesLayout | None = None  # the stages' bracket
    elimination: EliminationLayout | None = None  # a knockout's or a double elimination's bracket
    champion: Champion | None = None  # this is the champion screen


@dataclass(frozen=True, slots=True)
class _Content:
    title: str
    subtitle: str
    columns: tuple[str, ...] = ()
    rows: tuple[WallRow, ...] = ()
    tables: tuple[WallTable, ...] = ()
    frame_url: str = ""
    notice: str = ""
    status_column: bool = True
    stages: StagesLayout | None = None
    elimination: EliminationLayout | None = None
    headings: tuple[str, ...] = ()  # the columns' headings as shown, when not their keys' words


def _standings(snap: WallSnapshot, tr: Translator) -> _Content:
    from tourney.app.read_models import views
    from tourney.engine.progress import statuses

    state = snap.state
    page = views.standings_page(snap.tournament, state, tr=tr)
    status = {s.name: s.status for s in statuses(state)}
    # A format with columns of its own (a Swiss's points and tie-breaks, a bracket's round reached)
    # shows the first of them, which rank the room; the stages show where each player sits.
    own = page.columns[:TV_FORMAT_COLUMNS]
    shown = len(own)
    # A column's key names its width: "number" narrow; a tie-break's (its heading a name such as
    # Buchholz) and "text" (a round reached) wide.
    columns = ("rank", "player", *("tiebreak" if column.named else "number" if column.numeric else "text"
                                   for column in own)) if shown else \
        ("rank", "player", "table")
    rows = tuple(WallRow((tr.gettext("T-%(rank)s", rank=r.rank) if r.shared else f"{r.rank}", r.player,
                          *(r.cells[:shown] if shown else (f"{r.table}",))),
                         status.get(r.player, ""), status_word(status.get(r.player, ""), tr))
                 for r in page.rows)
    title = tr.gettext("Standings (provisional)") if page.provisional else tr.gettext("Standings")
    headings = (tr.gettext(COLUMN_NAMES["rank"]), tr.gettext(COLUMN_NAMES["player"]),
                *(column.heading for column in own)) if shown else ()
    return _Content(title, page.event.stage_text, columns, rows, notice="" if rows else tr.gettext(NOT_SEATED),
                    headings=headings)


def _seating(snap: WallSnapshot, tr: Translator) -> _Content:
    from tourney.app.read_models import views

    if not snap.state.history:
        return _Content(tr.gettext("Find your seat"), "", notice=tr.gettext(NOT_SEATED))
    page = views.seating_page(snap.tournament, snap.state, tr=tr)
    rows = tuple(WallRow((f.player, f"{f.table}", f"{f.seat}"), "") for f in page.find)
    return _Content(tr.gettext("Find your seat"), page.stage_label, ("player", "table", "seat"), rows,
                    status_column=False)


def _table_status(table: TableState) -> str:
    return "done" if table.finished else "playing"


def _what(table: TableState, tr: Translator) -> tuple[str, str]:
    """The heading of the table's column of numbers, and the note under it."""
    if table.best_of:
        return tr.gettext("games"), tr.gettext("best of %(games)s", games=table.best_of)
    if table.reports_rounds:
        return tr.gettext("cards"), tr.gettext("cap %(cap)s", cap=table.cap)
    return tr.gettext("chips"), ""


def _tables(snap: WallSnapshot, tr: Translator) -> _Content:
    state = snap.state
    if not state.history:
        return _Content(tr.gettext("Tables"), "", notice=tr.gettext(NOT_SEATED))
    tables = tuple(WallTable(t.number, _table_status(t), *_what(t, tr), table_seats(state, t),
                             status_word(_table_status(t), tr)) for t in state.tables)
    return _Content(tr.gettext("Tables"), where_label(state, state.stage, tr), tables=tables)


def _bracket(snap: WallSnapshot, tr: Translator) -> _Content:
    from tourney.app.read_models import views
    from tourney.app.read_models.format_views import format_page
    from tourney.render.format_pages import EliminationPage

    state = snap.state
    title = tr.gettext("Bracket")
    if not has_bracket_sheet(state):
        return _Content(title, "", notice=tr.words(no_bracket_sheet(state)))
    if state.kind.view_kind != "stages-tree":
        if not state.history:
            return _Content(title, "", notice=tr.gettext(NOT_SEATED))
        sheet = format_page(snap.tournament, state, tr=tr)
        if isinstance(sheet, EliminationPage):
            subtitle = (tr.gettext("Champion: %(player)s", player=sheet.champion) if sheet.champion
                        else sheet.event.stage_text)
            return _Content(title, subtitle, elimination=elimination_layout(sheet, tr))
        # A crosstable or Swiss groups are drawn by their sheet.
        return _Content(title, "", frame_url="/bracket" + (f"?lang={tr.lang}" if tr.lang != DEFAULT_LANGUAGE else ""))
    page = views.bracket_page(snap.tournament, state, tr=tr)
    subtitle = tr.gettext("Champion: %(player)s", player=page.champion) if page.champion else page.event.stage_text
    return _Content(title, subtitle, stages=stages_layout(state, page, tr),
                    notice="" if page.stages else tr.gettext("No stages planned or seated yet."))


_CONTENT = {"standings": _standings, "seating": _seating, "tables": _tables, "bracket": _bracket}


def _pages(content: _Content, rows: int) -> int:
    if content.tables:
        return -(-len(content.tables) // TABLES_PER_SCREEN)
    return max(1, -(-len(content.rows) // rows))


def _champion(snap: WallSnapshot) -> Champion | None:
    from tourney.app.read_models import views

    return champion(views.standings_page(snap.tournament, snap.state)) if snap.state.complete else None


def screen_kinds(state: TournamentState) -> tuple[str, ...]:
    """The screens of the event, in `KINDS`' order: all but the bracket for a format without one."""
    return tuple(kind for kind in KINDS if kind != "bracket" or has_bracket_sheet(state))


def wall_screen(snap: WallSnapshot, query: WallQuery, tr: Translator = ENGLISH) -> WallScreen:
    """Screen `query.page` of `query.kind` (the last one when the field shrank), and the next, in
    `tr`'s language.

    Once the event is over the champion screen comes first: on a still TV, on a pinned one, and in
    a rotation at the start of each round of the kinds (not before every kind)."""
    content = _CONTENT[query.kind](snap, tr)
    kinds = screen_kinds(snap.state)
    winner = _champion(snap) if not query.rotate or query.pin or query.kind == KINDS[0] else None
    leading = 1 if winner is not None else 0
    pages = max(1, _pages(content, query.rows)) + leading
    page = min(query.page, pages)
    shown = winner if page <= leading else None
    content_page = max(1, page - leading)
    start = (content_page - 1) * query.rows
    first_table = (content_page - 1) * TABLES_PER_SCREEN
    if page < pages:
        next_url = query.url(query.kind, page + 1)
    else:
        following = query.pin or next((k for k in KINDS[KINDS.index(query.kind) + 1:] if k in kinds), kinds[0])
        next_url = query.url(following, 1)
    if shown is not None:
        content = _Content(tr.gettext("Champion"), "", status_column=False)
    headings = (*(content.headings or (tr.gettext(COLUMN_NAMES[c]) if c in COLUMN_NAMES else c
                                       for c in content.columns)),
                tr.gettext(COLUMN_NAMES["status"]))
    return WallScreen(
        event=snap.tournament.name, kind=query.kind, title=content.title, subtitle=content.subtitle,
        as_of=time.strftime("%H:%M:%S"), page=page, pages=pages, columns=content.columns,
        status_column=content.status_column,
        rows=content.rows[start:start + query.rows], per_screen=query.rows,
        tables=content.tables[first_table:first_table + TABLES_PER_SCREEN], frame_url=content.frame_url,
        notice=content.notice, next_url=next_url, rotate=query.rotate,
        nav=tuple((tr.gettext(KIND_NAMES[kind]) if kind in KIND_NAMES else kind.capitalize(), query.url(kind, 1))
                  for kind in kinds), poll_token=snap.token, headings=headings, lang=tr.lang,
        stages=content.stages, elimination=content.elimination, champion=shown)


def render_screen(snap: WallSnapshot, query: WallQuery, poll_url: str, poll_ms: int,
                  lang: str = DEFAULT_LANGUAGE) -> str:
    """The screen's HTML in `lang` (the web's `page_language`: the URL's `?lang=`, the event's)."""
    from tourney.render.env import render

    tr = translator(lang)
    return render("wall/screen.html", None, lang, screen=wall_screen(snap, query, tr), poll_url=poll_url,
                  poll_ms=poll_ms)
