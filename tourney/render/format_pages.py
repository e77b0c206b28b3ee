"""The view models of the bracket formats' sheets (issue 12): plain values only, like `pages.py`.

    EliminationPage   knockout and double elimination: every match by round, in play order
    CrosstablePage    round robin: players x players, points, rank, and the rounds' tables
    SwissPage         Swiss: standings grouped by score with tie-breaks, and the rounds' pairings

The application fills them from the engine's bracket formats (`tourney/app/read_models/format_views.py`); the
layout of a bracket on paper (columns, sections, lines) is the render layer's (`bracket_layout.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, NamedTuple

from tourney.render.pages import EventInfo, LiveInfo

MatchStatus = Literal["pending", "ready", "done", "bye", "void"]
Side = Literal["winners", "losers", "third", "final"]


@dataclass(frozen=True)
class SlotLine:
    """One side of a match box."""

    player: str | None  # None while not known (or a bye)
    bye: bool
    source: str  # what fills the slot: "seed 3", "winner of W1-2", "loser of W2-3", "bye"
    seed: int | None
    score: int | None  # games won in a best-of-N series (None: not reported)
    won: bool
    champion: bool
    loser_of: str = ""  # the match whose loser fills the slot ("" otherwise): where a loser drops in


@dataclass(frozen=True)
class MatchBox:
    id: str
    side: Side
    status: MatchStatus  # pending (players unknown), ready (to play), done, bye, void (reset not needed)
    slots: tuple[SlotLine, SlotLine]
    winner_to: str | None  # the match the winner plays next
    winner_slot: int
    loser_to: str | None  # the match the loser drops to (double elimination, third place)
    champion: bool  # the champion won this match: it is on the winners' path
    table: int | None = None  # where a match ready to play is played, this round


@dataclass(frozen=True)
class BracketRound:
    side: Side
    name: str  # "quarter-final", "losers' round 3", "grand final"
    matches: tuple[MatchBox, ...]


@dataclass(frozen=True)
class EliminationPage:
    event: EventInfo
    format_label: str  # "knockout", "double elimination"
    best_of: int
    rounds: tuple[BracketRound, ...]  # play order
    champion: str | None
    places: tuple[tuple[int, tuple[str, ...]], ...]  # (place, players sharing it), once known
    paper: str
    live: LiveInfo | None = None


class TableLine(NamedTuple):
    """One table (or duel board) of a round: players in seat order and, once played, their places.
    A named tuple (immutable, compared by value, as the frozen dataclasses beside it): a Swiss of
    10,000 players after 13 rounds prints 70,000 of them, and a frozen dataclass's `__init__`
    cost a fifth of making the sheet."""

    number: int
    players: tuple[str, ...]
    places: tuple[int, ...] | None  # None while not played
    result: str  # "1–0", "½–½" for a duel; "" otherwise or not played


@dataclass(frozen=True)
class RoundTables:
    number: int
    tables: tuple[TableLine, ...]
    byes: tuple[str, ...]
    played: bool  # every table has a result


@dataclass(frozen=True)
class CrossRow:
    number: int  # the player's number in the crosstable (seed order); the columns use it
    rank: int
    shared: bool
    player: str
    cells: tuple[str, ...]  # one per opponent number: "1", "½", "0", "1 ½" (met twice), "" (not yet); self is ""
    points: str  # "3½"
    sonneborn_berger: str


@dataclass(frozen=True)
class CrosstablePage:
    event: EventInfo
    duel: bool  # two-player tables: the rounds show a result; 3-4-seat tables show places
    rows: tuple[CrossRow, ...]  # seed order (the row number is the column number)
    rounds: tuple[RoundTables, ...]
    complete: bool
    paper: str
    live: LiveInfo | None = None


@dataclass(frozen=True)
class SwissLine:
    rank: int
    shared: bool
    player: str
    score: str
    buchholz: str
    sonneborn_berger: str
    head_to_head: str  # the head-to-head points, shown only where it separates players level on the rest


@dataclass(frozen=True)
class ScoreGroup:
    score: str
    rows: tuple[SwissLine, ...]


@dataclass(frozen=True)
class SwissPage:
    event: EventInfo
    rounds_total: int
    groups: tuple[ScoreGroup, ...]  # best score first
    rounds: tuple[RoundTables, ...]  # played rounds, then the round being played
    complete: bool
    paper: str
    live: LiveInfo | None = None
