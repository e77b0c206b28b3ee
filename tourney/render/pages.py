"""The view models: one frozen dataclass per page, plain values only (names, numbers, labels).

The application builds them from the tournament state (`tourney/app/read_models/views.py`); templates read nothing
else, so a page can be rendered (and tested) without a database or an engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Status = Literal["finished", "playing", "not started"]


@dataclass(frozen=True)
class EventInfo:
    """The header of every page."""

    name: str
    game: str  # the game's title
    date: str
    stage_text: str  # "stage 1 of 3", "final table", "complete", "no seats drawn yet"
    seeds: tuple[tuple[int, int], ...]  # (stage, seed of its draw)
    as_of: str | None = None  # "HH:MM" (local time) on a sheet that will still change; None once complete
    lang: str = "en"  # the language the page is printed in (tourney/i18n): its words and its templates'


@dataclass(frozen=True)
class LiveInfo:
    """Set when a page is served on the wall display (`tourney serve`): how it keeps itself current."""

    poll_url: str  # answers a token that changes whenever the tournament does
    token: str
    poll_ms: int
    refresh_seconds: int  # the meta refresh for browsers without JavaScript
    nav: tuple[tuple[str, str], ...]  # (label, url)
    feed_url: str = ""  # server-sent events of the same token as it changes ("": poll only)


@dataclass(frozen=True)
class StandingsHeading:
    """A column of the format's own on the printed standings: its heading, its `<col>` class (the
    column's key: "points", "reached"; "tb" for each tie-break), whether it holds numbers, and
    whether a dropped player's status is shown in it (the first column of text)."""

    heading: str
    css: str
    numeric: bool = False
    named: bool = False  # one of a column of named numbers (a tie-break)
    status: bool = False


@dataclass(frozen=True)
class StandingsRow:
    rank: int
    shared: bool  # another player has the same rank
    player: str
    club: str | None
    stage: int
    table: int
    place: int | None  # None while the player's table is playing
    dropped: bool
    cells: tuple[str, ...] = ()  # the format's own columns' values, in the order of `StandingsPage.columns`
    note: str = ""  # what `tourney standings` notes beside the row other than a drop: "promoted in place of Ann"


@dataclass(frozen=True)
class StandingsPage:
    event: EventInfo
    provisional: bool
    rows: tuple[StandingsRow, ...]
    paper: str
    live: LiveInfo | None = None
    unit: str = "stage"  # what the format's stages are called ("round"): the seeds line and a column
    # What ranks the players, as the format's `standings_columns` say: "place" (the place at a
    # stage's table: a format with no column of its own), or its first column's key ("points",
    # "reached"), its columns then shown after the club.
    ranked_by: str = "place"
    columns: tuple[StandingsHeading, ...] = ()


@dataclass(frozen=True)
class SeatLine:
    seat: int
    player: str
    club: str | None
    starter: bool  # drew the first start at this table


@dataclass(frozen=True)
class SeatingTable:
    number: int
    seats: tuple[SeatLine, ...]
    advance: int
    is_final: bool
    match: str = ""  # the bracket match played here ("W1-3"); "" outside brackets
    best_of: int = 0  # the games of its series (0: a stage table, which plays until players are left)
    match_label: str = ""  # that match in words ("semi-final match 1", "match for 3rd place")


@dataclass(frozen=True)
class FindSeat:
    player: str
    table: int
    seat: int
    surname: str = ""  # the last word, which the list is sorted by when it is long ("" otherwise)


@dataclass(frozen=True)
class SeatingPage:
    event: EventInfo
    stage_label: str
    tables: tuple[SeatingTable, ...]
    find: tuple[FindSeat, ...]  # alphabetical (ICU collation), by surname when `by_surname`
    paper: str
    live: LiveInfo | None = None
    seed: int | None = None  # the seed of this stage's seat draw (RULES: anyone can redo the draw)
    by_surname: bool = False  # a long list: sorted by surname (the last word of each name)
    find_own_page: bool = True  # "find your seat" starts a page of its own (False: a short list follows the tables)
    find_link: str = ""  # the players' look-up (`print --links`); "" when not asked
    find_qr_svg: str = ""  # that link's QR code, an inline SVG
    byes: tuple[str, ...] = ()  # the players of this round with no table: the bye


@dataclass(frozen=True)
class SeatCard:
    player: str
    club: str | None
    table: int
    seat: int
    stage_label: str


@dataclass(frozen=True)
class SeatCardsPage:
    event: EventInfo
    cards: tuple[SeatCard, ...]
    paper: str
    per_page: int = 8
    live: LiveInfo | None = None


@dataclass(frozen=True)
class CapStep:
    players: str  # "6", "2-4"
    cap: int
    current: bool  # the cap at the table's own size


@dataclass(frozen=True)
class TableSheet:
    number: int
    stage_label: str
    seats: tuple[SeatLine, ...]
    stops_text: str  # "plays until 2 players are left; they go on to stage 2"
    cap_steps: tuple[CapStep, ...]  # empty for games without a card cap
    rules: tuple[str, ...]  # the game's own sheet text (its descriptor)
    grid: Literal["rounds", "chips"]
    rows: int  # rows of the grid
    counts: tuple[int, ...]  # card counts to tick (rounds grid)
    match: str = ""  # the bracket match played here ("W1-3"); "" outside brackets
    best_of: int = 0  # a series of games: a box per game to tally its winner (0: not a series)
    match_label: str = ""  # that match in words, the round left out ("match 2", "match for 3rd place")
    link: str = ""  # the table's floor page (`print --links`), token included; "" when not asked
    qr_svg: str = ""  # that link's QR code, an inline SVG


@dataclass(frozen=True)
class TableSheetsPage:
    event: EventInfo
    sheets: tuple[TableSheet, ...]
    paper: str
    live: LiveInfo | None = None


@dataclass(frozen=True)
class BracketEntry:
    """A player a table sends on (or, at the final, a player of the final table)."""

    player: str
    place: int | None
    champion: bool
    in_place_of: str = ""  # the qualifier of this table who dropped out and whose place this player took


@dataclass(frozen=True)
class BracketSource:
    table: int
    status: Status
    players_left: int  # still in (a playing table) or advancing
    sends: tuple[BracketEntry, ...]
    champion: bool  # the champion played here


@dataclass(frozen=True)
class BracketGroup:
    """Tables of one stage whose players sit at one table of the next stage (`target`; None while
    the next stage is not drawn), joined to it by lines."""

    target: int | None
    target_status: Status
    sources: tuple[BracketSource, ...]
    champion: bool


@dataclass(frozen=True)
class BracketStage:
    number: int
    label: str  # "stage 1", "final"
    reason: str  # the plan's reason (RULES §1.12)
    status: Status
    summary: str  # "5 tables of 5, top 2 go on"
    next_label: str
    groups: tuple[BracketGroup, ...]  # empty for the final and for stages not drawn yet
    final: tuple[BracketEntry, ...]  # the final table, in finishing order (final stage only)


@dataclass(frozen=True)
class BracketPage:
    event: EventInfo
    stages: tuple[BracketStage, ...]
    champion: str | None
    paper: str
    live: LiveInfo | None = None


@dataclass(frozen=True)
class MessagePage:
    """A page of the wall display that is only a message: a bad path (404), or a sheet that does not
    exist yet (no seats drawn), which keeps polling so it turns into the sheet when it exists."""

    title: str
    message: str
    nav: tuple[tuple[str, str], ...]
    live: LiveInfo | None = None
    lang: str = "en"  # the page's language (its words come translated; `<html lang>`)


@dataclass(frozen=True)
class PairedPlayer:
    name: str
    points: str  # the score before the round, as the sheet writes it ("2½")


@dataclass(frozen=True)
class PairingRow:
    """One board of a round: its players in seat order (the first is white in a duel), the result."""

    board: int
    players: tuple[PairedPlayer, ...]
    result: str  # "1–0", "0–1", "½–½", "+ –" (a forfeit) for a duel; the places at a larger table; "" not yet


@dataclass(frozen=True)
class PairingsPage:
    """The pairing list of one round: board by board, each player's score before it, and the bye."""

    event: EventInfo
    stage_label: str
    rows: tuple[PairingRow, ...]
    byes: tuple[PairedPlayer, ...]
    bye_points: str  # what the bye scores ("1")
    duels: bool  # every board a duel: white and black columns
    paper: str
    live: LiveInfo | None = None
    seed: int | None = None
