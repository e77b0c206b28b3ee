"""FIDE's Tournament Report File (TRF-2016), both ways: the text of a Swiss of duels, and its field read back.

    write_trf(TrfFile) -> text        the 012 name, XXR total rounds, XXC initial colour, one 001 line a player
    duel_games(seeds, history, ...)   each player's TrfGame per round, from the rounds as played
    read_trf_field(text, source)      the 001 lines' players (start number, name, rating), every problem one line

An 001 line is fixed columns (TRF-2016): start number at 5-8, name 15-47, rating 49-52, points
81-84, rank 86-89, then one 10-column entry per round from column 92: the opponent's start number
(0000: none), the colour (w, b, or - for no game) and the result (1, 0, = played; + - a forfeit;
U the pairing-allocated bye, H, F, Z the half-, full- and zero-point byes; - and 0000: not paired).
XXR and XXC are the TRFx codes the FIDE engines (JaVaFo, bbpPairings) read: the number of rounds,
and the colour of the first player in round 1 (`white1`/`black1`).

Seat 0 of a duel is white: the player who acts first (`tourney.engine.rounds`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tourney.engine.rounds import PlayedRound
from tourney.errors import InvalidInputError

NAME_WIDTH = 33  # columns 15-47
ROUNDS_FROM = 91  # 0-based column of the first round's entry (TRF column 92)
ENTRY_WIDTH = 10
# The 092 line (type of tournament) of every file tourney writes: how `export trf` knows a file it
# may replace (`files.check_replaceable`).
TYPE_LINE = "092 Individual: Swiss-System (written by tourney)"
MARKER = b"(written by tourney)"


@dataclass(frozen=True, slots=True)
class TrfGame:
    """One round of a player: the opponent's start number (0: none), colour and result codes."""

    opponent: int
    colour: str  # "w", "b" or "-"
    result: str  # "1", "0", "=", "+", "-", "U", "H", "F", "Z"

    def text(self) -> str:
        return f"{self.opponent or '0000':>4} {self.colour} {self.result}"




@dataclass(frozen=True, slots=True)
class TrfPlayer:
    number: int  # the start number (the pairing number: seed order)
    name: str
    rating: int | None
    points: Fraction
    rank: int
    games: tuple[TrfGame, ...]


@dataclass(frozen=True, slots=True)
class TrfFile:
    name: str
    total_rounds: int
    players: tuple[TrfPlayer, ...]
    initial_colour: str | None = None  # "white1" or "black1": the first player's colour in round 1


def write_trf(trf: TrfFile) -> str:
    """The TRF-2016 text (with XXR and XXC) of `trf`, lines ending in a newline."""
    lines = [f"012 {_one_line(trf.name)}".rstrip(), TYPE_LINE, f"XXR {trf.total_rounds}"]
    if trf.initial_colour:
        lines.append(f"XXC {trf.initial_colour}")
    for player in trf.players:
        head = [" "] * ROUNDS_FROM
        head[0:3] = "001"
        head[4:8] = f"{player.number:>4}"
        head[14:14 + NAME_WIDTH] = _one_line(player.name)[:NAME_WIDTH].ljust(NAME_WIDTH)
        if player.rating is not None:
            head[48:52] = f"{player.rating:>4}"
        head[80:84] = f"{float(player.points):>4.1f}"
        head[85:89] = f"{player.rank:>4}"
        lines.append(("".join(head) + "  ".join(game.text() for game in player.games)).rstrip())
    return "\n".join(lines) + "\n"


def _one_line(text: str) -> str:
    return " ".join(text.split())


def duel_games(seeds: Sequence[str], history: Sequence[PlayedRound], *, unpaired: Sequence[Mapping[str, str]] = (),
               next_round: Mapping[str, str] | None = None) -> dict[str, tuple[TrfGame, ...]]:
    """Each player's round entries: seat 0 of a table is white; a forfeit is + for the winner and -
    for the loser (both - when double); a bye U; a player at no table and without a bye is not paired
    (-: withdrawn). `unpaired[i]`: the code of a player at no table in round i + 1 where it is another
    (H, F, Z: a half-, full- or zero-point bye; a late entry's missed round). `next_round`: players
    given an entry for the round after `history`, with its code (- for a withdrawn player, H or Z for
    a bye asked for), so an engine reading the file leaves them out of the next pairing."""
    number = {name: i for i, name in enumerate(seeds, start=1)}
    games: dict[str, list[TrfGame]] = {name: [] for name in seeds}
    for index, rnd in enumerate(history):
        for table in rnd.tables:
            if len(table.players) != 2:
                raise InvalidInputError.in_words("a TRF file holds duels only, not tables of %(size)s",
                                                 size=len(table.players))
            (white, black), (w_place, b_place) = table.players, table.places
            if table.forfeits:
                w_res = "-" if white in table.forfeits else "+"
                b_res = "-" if black in table.forfeits else "+"
            else:
                w_res, b_res = ("=", "=") if w_place == b_place else ("1", "0") if w_place < b_place else ("0", "1")
            games[white].append(TrfGame(number[black], "w", w_res))
            games[black].append(TrfGame(number[white], "b", b_res))
        codes = unpaired[index] if index < len(unpaired) else {}
        for name in rnd.byes:
            games[name].append(TrfGame(0, "-", codes.get(name, "U")))
        played = index + 1
        for name, entries in games.items():
            if len(entries) < played:
                entries.append(TrfGame(0, "-", codes.get(name, "-")))
    for name, code in (next_round or {}).items():
        games[name].append(TrfGame(0, "-", code))
    return {name: tuple(entries) for name, entries in games.items()}


# The points of each result code (the standard point system, which the engines assume without BB
# lines): a win, a forfeit win, the pairing-allocated and full-point byes 1; a draw, a half-point bye ½.
_POINTS = {"1": Fraction(1), "+": Fraction(1), "U": Fraction(1), "F": Fraction(1), "=": Fraction(1, 2),
           "H": Fraction(1, 2)}


def trf_points(games: Sequence[TrfGame], rounds: int) -> Fraction:
    """A player's points from their entries of the first `rounds` rounds (bbpPairings refuses a file
    whose points column says otherwise)."""
    return sum((_POINTS.get(game.result, Fraction(0)) for game in games[:rounds]), Fraction(0))


def initial_colour(seeds: Sequence[str], games: Mapping[str, Sequence[TrfGame]]) -> str | None:
    """`white1` or `black1`: the colour seed 1 had (or would have had) in round 1, as the engines
    infer it: the first seed with a colour in round 1, reversed for every seed above it."""
    for index, name in enumerate(seeds):
        entries = games.get(name, ())
        if entries and entries[0].colour in ("w", "b"):
            white = (entries[0].colour == "w") == (index % 2 == 0)
            return "white1" if white else "black1"
    return None


def duel_trf(name: str, seeds: Sequence[str], history: Sequence[PlayedRound], total_rounds: int, *,
             ratings: Mapping[str, int] | None = None, ranks: Mapping[str, int] | None = None,
             unpaired: Sequence[Mapping[str, str]] = (), next_round: Mapping[str, str] | None = None,
             first_colour: str | None = None) -> TrfFile:
    """The TRF of a Swiss of duels: `seeds` in seed order (start numbers 1..N), the rounds played,
    the bye worth a win. `ranks`: each player's place in the standings (default: by points, then
    seed); `ratings` where known; `unpaired` and `next_round` as `duel_games` says; `first_colour` the XXC code
    (`white1`, `black1`) when no round gives it (an engine pairing round 1 needs one)."""
    games = duel_games(seeds, history, unpaired=unpaired, next_round=next_round)
    points = {p: trf_points(games[p], len(history)) for p in seeds}
    if ranks is None:
        ranks = {p: place for place, p in enumerate(sorted(seeds, key=lambda p: -points[p]), start=1)}
    players = tuple(TrfPlayer(i, p, (ratings or {}).get(p), points[p], ranks[p], games[p])
                    for i, p in enumerate(seeds, start=1))
    return TrfFile(name, total_rounds, players, initial_colour(seeds, games) or first_colour)


# ==================================================================== reading a field back
@dataclass(frozen=True, slots=True)
class TrfEntrant:
    """A player an 001 line registers: start number, name, rating (None when blank), its line."""

    number: int
    name: str
    rating: int | None
    line: int


def read_trf_field(text: str, *, source: str) -> list[TrfEntrant]:
    """The players of a TRF's 001 lines in start-number order; a malformed line, a start number
    given twice, or a file with no 001 line is refused in one line naming the file and line."""
    entrants: list[TrfEntrant] = []
    seen: dict[int, int] = {}
    for line_number, raw in enumerate(text.lstrip("\ufeff").splitlines(), start=1):
        line = raw.rstrip()
        if not line.startswith("001"):
            continue
        if len(line) < 15 or line[3] != " ":
            raise InvalidInputError.in_words("%(source)s line %(line)s: an 001 line needs a start number in columns "
                                             "5-8 and a name from column 15", source=source, line=line_number)
        number_text = line[4:8].strip()
        if not number_text.isdigit() or int(number_text) == 0:
            raise InvalidInputError.in_words("%(source)s line %(line)s: the start number (columns 5-8) must be a "
                                             "number from 1, not %(text)s", source=source, line=line_number,
                                             text=repr(line[4:8]))
        number = int(number_text)
        if number in seen:
            raise InvalidInputError.in_words("%(source)s line %(line)s: start number %(number)s is already on line "
                                             "%(first)s", source=source, line=line_number, number=number,
                                             first=seen[number])
        name = " ".join(line[14:47].split())
        if not name:
            raise InvalidInputError.in_words("%(source)s line %(line)s: no name in columns 15-47", source=source,
                                             line=line_number)
        rating_text = line[48:52].strip()
        if rating_text and not rating_text.isdigit():
            raise InvalidInputError.in_words("%(source)s line %(line)s: the rating (columns 49-52) must be a number, "
                                             "not %(text)s", source=source, line=line_number, text=repr(line[48:52]))
        seen[number] = line_number
        entrants.append(TrfEntrant(number, name, int(rating_text) if rating_text else None, line_number))
    if not entrants:
        raise InvalidInputError.in_words("%(source)s has no player line (001): not a TRF file?", source=source)
    return sorted(entrants, key=lambda e: e.number)


def looks_like_trf(text: str) -> bool:
    """Whether a text is a TRF rather than a CSV: its first non-blank line begins with a TRF code
    (three digits, or an extension's XX/BB code) and a space."""
    for raw in text.lstrip("\ufeff").splitlines():
        line = raw.strip("\r\n")
        if not line.strip():
            continue
        code = line[:3]
        return len(line) > 3 and line[3] == " " and (code.isdigit() or code[:2] in ("XX", "BB") or code == "###")
    return False
