"""Players of a tournament: register (typed or from a CSV file), list, show a player's path, rename, drop;
a Swiss's requested byes, re-entry and avoided pairings."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tourney.app.input.names import checked_name, optional_club, player_name
from tourney.app.store.unit_of_work import read, transaction
from tourney.errors import InvalidInputError, Worded, worded

if TYPE_CHECKING:
    from tourney.app.store.unit_of_work import UnitOfWork
    from tourney.engine.progress import PlayerStatus, Step
    from tourney.engine.tournament import PlayerInfo, TournamentState
    from tourney.storage.repo import Tournament


@dataclass(frozen=True, slots=True)
class NewPlayer:
    """A player to register: `origin` ("players.csv line 7") prefixes any error about it; `bot` is
    a bot spec of the game (`prob`, `cmd:...`): `run_bots` plays that player."""

    name: str
    club: str | None = None
    bot: str | None = None
    origin: str | Worded | None = None
    missed: str | None = None  # a late entry into a Swiss: the points of each round missed ("zero", "half")
    rating: float | None = None  # a late entry into a Swiss seeded by rating: their place in the seed order


@dataclass(frozen=True, slots=True)
class Registered:
    """The state after a registration, who was registered, and the table of each late entry."""

    state: TournamentState
    tournament: Tournament
    names: tuple[str, ...]
    late: dict[str, int]
    read_as: str | None = None  # how an imported file was read, when not as UTF-8 with commas
    read_words: Worded | None = None  # `read_as` as a sentence said in the reader's language
    joins: dict[str, int] | None = None  # a late entry with no table now: the round they are first paired in

    @property
    def active(self) -> int:
        """Players of the tournament who have not dropped out."""
        return sum(1 for p in self.state.players if not p.dropped)


def register(players: Sequence[NewPlayer], *, db: str | None = None, tournament: str | None = None) -> Registered:
    """Register every player in one transaction: all of them or, on any error, none. After the first
    seat draw a player joins a stage-1 table that has not started (a late entry)."""

    with transaction(db, tournament) as tx:
        register_in(tx, players)
    return registered(tx, players)


def register_in(tx: UnitOfWork, players: Sequence[NewPlayer]) -> None:
    """`register`'s appends, in a transaction of the caller's (the console checks it first)."""
    for player in players:
        taken = tx.state.find_player(player.name)
        if taken is not None:
            if player.origin:
                raise InvalidInputError.in_words("%(origin)s: a player named %(name)s is already registered",
                                                 origin=player.origin, name=repr(taken))
            raise InvalidInputError.in_words("a player named %(name)s is already registered", name=repr(taken))
        data: dict[str, Any] = {"name": player.name, "club": player.club}
        if player.bot is not None:
            data["bot"] = _checked_bot(tx.state, player.bot, player.origin)
        if player.missed is not None:
            data["missed"] = player.missed
        if player.rating is not None:
            _check_rated_entry(tx.state)
            data["rating"] = player.rating
        tx.append("register", data)


def registered(tx: UnitOfWork, players: Sequence[NewPlayer]) -> Registered:
    """What `register` answers once `tx` committed `players`."""
    state = tx.state
    seated = {name: t.number for t in state.tables for name in t.seats} if state.stage == 1 else {}
    names = tuple(p.name for p in players)
    anywhere = {name for t in state.tables for name in t.seats}
    joins = {name: state.stage + 1 for name in names if state.stage > 0 and name not in anywhere}
    return Registered(state, tx.tournament, names, {name: seated[name] for name in names if name in seated},
                      joins=joins)


# The points of a round a player misses (a requested bye, a late entry's rounds), as typed -> as stored.
POINTS_WORDS = {"half": "half", "zero": "zero", "0": "zero", "0.5": "half", "1/2": "half", "½": "half"}


def points_choice(typed: str, option: str) -> str:
    """"half" or "zero" from what the director typed (0, ½, 0.5 and 1/2 read too)."""
    found = POINTS_WORDS.get(typed.strip().lower())
    if found is None:
        raise InvalidInputError.in_words("%(option)s must be half or zero, not %(value)s", option=option,
                                         value=repr(typed))
    return found


def add_players(names: Sequence[str], *, club: str | None = None, bot: str | None = None, db: str | None = None,
                tournament: str | None = None, missed: str | None = None,
                rating: str | float | None = None) -> Registered:
    """Register typed names (cleaned; a club for all of them; `bot`: they are bots of that spec;
    `missed`: entering a Swiss late, the points of each round missed; `rating`: entering late a
    Swiss seeded by rating, one player's rating, which places them in the seed order)."""
    club_name = optional_club(club)
    points = points_choice(missed, "--missed-points") if missed is not None else None
    rated = late_rating(rating) if rating is not None else None
    if rated is not None and len(names) != 1:
        raise InvalidInputError.in_words("--rating is one player's: add them one at a time")
    return register([NewPlayer(checked_name(name), club_name, bot, missed=points, rating=rated) for name in names],
                    db=db, tournament=tournament)


def late_rating(typed: str | float) -> float:
    """A late entrant's rating as typed: a number from 0 to 9999 (whole, or with decimals)."""
    try:
        value = float(str(typed).strip().replace(",", "."))
    except ValueError:
        value = math.nan
    if not 0 <= value <= 9999:  # NaN too
        raise InvalidInputError.in_words("--rating must be a number from 0 to 9999, not %(value)s",
                                         value=repr(str(typed)[:20]))
    return int(value) if value.is_integer() else value


def _check_rated_entry(state: TournamentState) -> None:
    """A rating places a late entrant only in a Swiss seeded by rating, after its first seat draw."""
    if not state.kind.requests or state.format.get_str("seeding") != "rating":
        raise InvalidInputError.in_words("--rating is for a late entry into a Swiss seeded by rating "
                                         "(--seeding rating)")
    if state.stage == 0:
        raise InvalidInputError.in_words("--rating is for a late entry: before round 1, `tourney seat --ratings "
                                         "FILE` takes every rating")


# 40 sample players (Polish names, clubs), shipped in the package: `tourney player import --sample`.
SAMPLE_PLAYERS = Path(__file__).resolve().parents[2] / "data" / "sample_players.csv"


def import_players(file: str | Path, *, encoding: str | None = None, separator: str | None = None,
                   db: str | None = None, tournament: str | None = None) -> Registered:
    """Register every player of a CSV file (header: name, and optionally club and bot), or of a
    FIDE Tournament Report File (TRF: its 001 lines, in start-number order); a bad row names its
    line and nothing is stored. The file's encoding and separator are told as
    `tourney.app.input.spreadsheet` reads them (`encoding`, `separator`: the director's choice);
    `read_as` of the result says how, when it was not UTF-8 with commas."""
    from dataclasses import replace

    from tourney.app.input.file_encoding import checked_encoding, decode_file
    from tourney.app.input.files import read_bytes
    from tourney.app.input.players_csv import parse_players_csv
    from tourney.app.input.spreadsheet import spreadsheet_text
    from tourney.app.input.trf import looks_like_trf

    data = read_bytes(Path(file))
    decoded = decode_file(data, source=str(file), encoding=checked_encoding(encoding) if encoding else None)
    if looks_like_trf(decoded.text):
        if separator is not None:
            raise InvalidInputError.in_words("--separator is for a CSV file: %(file)s is a TRF file",
                                             file=repr(str(file)))
        return register(trf_players(decoded.text, source=str(file)), db=db, tournament=tournament)
    sheet = spreadsheet_text(data, source=str(file), encoding=encoding, separator=separator)
    entries = parse_players_csv(sheet.text, source=str(file), separator=sheet.separator)
    done = register([NewPlayer(e.name, e.club, e.bot, worded("%(source)s line %(line)s", source=file, line=e.line))
                     for e in entries],
                    db=db, tournament=tournament)
    return replace(done, read_as=sheet.read_as, read_words=sheet.read_words)


def trf_players(text: str, *, source: str) -> list[NewPlayer]:
    """The players of a TRF's 001 lines in start-number order, each name checked as typed names
    are; every refusal names the line."""
    from tourney.app.input.trf import read_trf_field

    players = []
    for entrant in read_trf_field(text, source=source):
        origin = worded("%(source)s line %(line)s", source=source, line=entrant.line)
        try:
            name = checked_name(entrant.name)
        except InvalidInputError as error:
            raise InvalidInputError.in_words("%(source)s: %(error)s", source=origin,
                                             error=error.words or str(error)) from None
        players.append(NewPlayer(name, origin=origin))
    return players


def _checked_bot(state: TournamentState, spec: str, origin: str | Worded | None) -> str:
    """`spec` if it makes a bot of the tournament's game (which must have a rules engine): whatever
    `arena run --bots` takes, checked the same way, starting nothing."""
    from tourney.arena.lineup import spec_transport
    from tourney.rules.games import require_engine

    try:
        require_engine(state.descriptor)
        spec_transport(state.descriptor, spec.strip())
    except InvalidInputError as error:
        reason = error.words or str(error)
        if origin:
            raise InvalidInputError.in_words("%(origin)s: --bot %(spec)s: %(error)s", origin=origin, spec=repr(spec),
                                             error=reason) from None
        raise InvalidInputError.in_words("--bot %(spec)s: %(error)s", spec=repr(spec), error=reason) from None
    return spec.strip()


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """One line of the player list: who, their club and bot, and where they stand."""

    info: PlayerInfo
    status: PlayerStatus
    eliminated: bool  # out at the current stage's table

    def to_json(self) -> dict[str, Any]:
        """The shape of `tourney player list --json` ("eliminated" kept from the first JSON shape)."""
        info = self.info
        return {"name": info.name, "club": info.club, "bot": info.bot, "dropped": info.dropped,
                "eliminated": self.eliminated, **self.status.to_json()}


def list_players(*, db: str | None = None, tournament: str | None = None) -> list[PlayerRow]:
    """Every player in registration order: club, bot and status (playing at table T, waiting to
    advance, out at stage S with place P, dropped)."""
    from tourney.engine.progress import statuses

    state = read(db, tournament).state
    where = {name: t for t in state.tables for name in t.seats}
    infos = {info.name: info for info in state.players}
    rows = []
    for status in statuses(state):
        table = where.get(status.name)
        rows.append(PlayerRow(infos[status.name], status, bool(table and status.name in table.eliminated)))
    return rows


@dataclass(frozen=True, slots=True)
class PlayerPath:
    """A player, where they stand, and each stage's (or round's) table, seat and result."""

    info: PlayerInfo
    status: PlayerStatus
    steps: tuple[Step, ...]
    unit: str  # what the format's stages are called: "stage", "round"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.info.name, "club": self.info.club, **self.status.to_json(),
                "path": [step.to_json() for step in self.steps]}


def show_player(name: str, *, db: str | None = None, tournament: str | None = None) -> PlayerPath:
    """A player's path through the event (the name as typed: a unique prefix will do)."""
    from tourney.engine.progress import path, statuses

    state = read(db, tournament).state
    resolved = player_name(state, name)
    info = state.player(resolved)
    status = next(s for s in statuses(state) if s.name == resolved)
    return PlayerPath(info, status, tuple(path(state, resolved)), state.kind.unit)


@dataclass(frozen=True, slots=True)
class Changed:
    """The state after a change to one player, and the name they had (as resolved)."""

    state: TournamentState
    name: str


@dataclass(frozen=True, slots=True)
class Renamed:
    """The state after a rename, the old name (as resolved) and the new one (as stored)."""

    state: TournamentState
    old: str
    new: str


def rename(old: str, new: str, *, db: str | None = None, tournament: str | None = None) -> Renamed:
    """Rename a player (an event: an undo reverts it)."""
    wanted = checked_name(new)
    with transaction(db, tournament) as tx:
        resolved = player_name(tx.state, old)
        tx.state.player(resolved)
        tx.append("rename", {"name": resolved, "new": wanted})
    return Renamed(tx.state, resolved, wanted)


def drop(name: str, *, db: str | None = None, tournament: str | None = None) -> Changed:
    """A player leaves: before the draw they are not seated; at a table they are out at once and
    placed; a qualifier who leaves before the next stage is seated is replaced by the next player
    of their table's finishing order."""
    with transaction(db, tournament) as tx:
        resolved = drop_in(tx, name)
    return Changed(tx.state, resolved)


def drop_in(tx: UnitOfWork, name: str) -> str:
    """`drop`'s append in a transaction of the caller's; the name as resolved."""
    resolved = player_name(tx.state, name)
    tx.append("drop", {"name": resolved})
    return resolved


@dataclass(frozen=True, slots=True)
class ByeRequested:
    """The state after a requested bye: who, which round, and its points ("half", "zero")."""

    state: TournamentState
    name: str
    round: int
    points: str


def request_bye(name: str, number: int, points: str, *, db: str | None = None,
                tournament: str | None = None) -> ByeRequested:
    """A player skips round `number` (not paired yet), scoring half a point or none for it."""
    stored = points_choice(points, "--points")
    with transaction(db, tournament) as tx:
        resolved = player_name(tx.state, name)
        tx.append("bye", {"name": resolved, "round": number, "points": stored})
    return ByeRequested(tx.state, resolved, number, stored)


def rejoin(name: str, *, db: str | None = None, tournament: str | None = None) -> Changed:
    """A player who dropped out comes back, paired again from the next round."""
    with transaction(db, tournament) as tx:
        resolved = player_name(tx.state, name)
        tx.append("rejoin", {"name": resolved})
    return Changed(tx.state, resolved)


@dataclass(frozen=True, slots=True)
class Avoided:
    """The state after an avoided pairing, and the two players (as resolved)."""

    state: TournamentState
    first: str
    second: str


def avoid(first: str, second: str, *, db: str | None = None, tournament: str | None = None) -> Avoided:
    """Two players are never paired while another pairing exists (club-mates, family)."""
    with transaction(db, tournament) as tx:
        a, b = player_name(tx.state, first), player_name(tx.state, second)
        tx.append("avoid", {"players": [a, b]})
    return Avoided(tx.state, a, b)
