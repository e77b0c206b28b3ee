"""The demo tournament: sample players who are built-in bots of mixed strategies, the whole event
played by `tourney run`'s operation (`bot_run.run_bot_tournament`), every entry stored
through the storage library exactly as a director's `tourney result` would store it.

Each table is a real seeded game (`engine.autoplay`, stopping where the table stops, each seat with
its player's own bot); the loser of each of its rounds becomes one `result` event, one transaction
each.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from tourney.app.bots.bot_run import run_bot_tournament
from tourney.errors import InvalidInputError

if TYPE_CHECKING:
    from tourney.engine.tournament import TournamentState
    from tourney.storage.db import Database

# The transports a director's bot may use, not strategies of the game: the demo's field leaves them out.
TRANSPORTS = ("cmd", "module")
# Strategies that think for milliseconds a decision (Polish Poker's Monte-Carlo `mc`): the demo's
# field and its arena keep to the quick ones, so that the demo stays a few seconds.
SLOW_STRATEGIES = ("mc",)

# Twenty sample players (the full list of 40 is data/sample_players.csv in the source tree).
DEMO_PLAYERS: tuple[tuple[str, str | None], ...] = (
    ("Agnieszka", "Kraków"), ("Bartosz", "Kraków"), ("Celina", "Kraków"), ("Dawid", "Kraków"),
    ("Ewa", "Warszawa"), ("Filip", "Warszawa"), ("Grażyna", "Warszawa"), ("Henryk", "Warszawa"),
    ("Irena", "Gdańsk"), ("Jakub", "Gdańsk"), ("Kasia", "Gdańsk"), ("Leszek", "Wrocław"),
    ("Magda", "Wrocław"), ("Norbert", "Wrocław"), ("Ola", "Poznań"), ("Paweł", "Poznań"),
    ("Renata", None), ("Sławek", None), ("Tomek", None), ("Zosia", None),
)


@dataclass
class DemoRun:
    """What the demo did, for printing."""

    state: TournamentState
    rounds: dict[int, int] = field(default_factory=dict)  # stage -> round results (entries) stored
    bots: dict[str, str] = field(default_factory=dict)  # player -> bot spec


def demo_strategies(game: str) -> list[str]:
    """The game's built-in bots (for Polish Poker: bluffer, honest, prob, random), in a fixed order."""
    from tourney.bots import bot_kinds

    return [kind.kind for kind in bot_kinds(game) if kind.kind not in (*TRANSPORTS, *SLOW_STRATEGIES)]


def run_demo_tournament(database: Database, *, seed: int, players: int = len(DEMO_PLAYERS),
                        game: str = "polish-poker") -> DemoRun:
    """A whole tournament of `game` from registration to the final's last entry, every player a bot
    (the game's strategies dealt round the field in turn)."""
    from tourney.app.store.unit_of_work import transaction
    from tourney.storage.events import create_tournament

    row = create_tournament(database, name="Demo Friday", game=game, seed=seed)
    strategies = demo_strategies(game)
    field_ = {name: strategies[i % len(strategies)] for i, (name, _club) in enumerate(DEMO_PLAYERS[:players])}

    with transaction(database) as tx:
        for name, club in DEMO_PLAYERS[:players]:
            tx.append("register", {"name": name, "club": club, "bot": field_[name]})
    done = run_bot_tournament(database, tournament=str(row.id))
    return DemoRun(done.state, dict(done.entries), field_)


# The name of the demo's tournament in files made before the demo marked its database (schema 1):
# such a file, holding that one tournament alone, is still the demo's to replace.
LEGACY_DEMO_NAME = "Demo Friday"


def demo_event(db_file: Path, *, seed: int, players: int = len(DEMO_PLAYERS), game: str = "polish-poker") -> DemoRun:
    """The demo tournament on its own SQLite file, replaced: only a file the demo made (or none)
    is replaced; any other is refused, naming it, and left untouched."""
    from tourney.storage.db import open_database
    from tourney.storage.events import mark_demo

    _refuse_unless_demo(db_file)
    for leftover in (db_file, Path(f"{db_file}-wal"), Path(f"{db_file}-shm"), Path(f"{db_file}-journal")):
        try:
            leftover.unlink(missing_ok=True)
        except OSError as error:
            raise InvalidInputError(
                f"cannot remove the old demo database {str(leftover)!r}: {error.strerror}") from None
    with open_database(f"sqlite:///{db_file}") as database:
        mark_demo(database)  # first, so that a demo stopped half-way may still be replaced
        return run_demo_tournament(database, seed=seed, players=players, game=game)


def _refuse_unless_demo(db_file: Path) -> None:
    from tourney.errors import StorageError
    from tourney.storage.db import open_database
    from tourney.storage.events import is_demo

    if not db_file.exists() and not db_file.is_symlink():
        return
    refusal = InvalidInputError(f"{str(db_file)!r} is not a database made by `tourney demo`: the demo replaces its "
                                "file, so it refuses this one; give another --db-file")
    if not db_file.is_file():
        raise refusal
    try:
        with open_database(f"sqlite:///{db_file}", create=False, read_only=True) as database:
            made_by_demo = is_demo(database, legacy_name=LEGACY_DEMO_NAME)
    except StorageError:
        made_by_demo = False  # not SQLite, not tourney's, another schema: not ours either
    if not made_by_demo:
        raise refusal


ARENA_GAMES = 200  # under half a second: enough for the ratings to separate the strategies


@dataclass(frozen=True, slots=True)
class ArenaDemo:
    """The demo's short arena run: who played, the leaderboard's lines and the files written."""

    games: int
    strategies: tuple[str, ...]
    leaderboard: tuple[str, ...]
    results: Path
    html: Path


def demo_arena(db_file: Path, *, seed: int, game: str = "polish-poker") -> ArenaDemo:
    """A short arena run between the game's built-in bots, beside the demo's database: the results
    file (`demo-arena.jsonl`, a fresh run each time) and its HTML report (`demo-arena.html`)."""
    from tourney.app.bots.arena import arena_report, run_arena_games

    strategies = demo_strategies(game)
    results = db_file.with_name("demo-arena.jsonl")
    html = db_file.with_name("demo-arena.html")
    try:
        results.unlink(missing_ok=True)  # a fresh run each time, not a resumed one
    except OSError as error:
        raise InvalidInputError(f"cannot remove the old arena results {str(results)!r}: {error.strerror}") from None
    report = run_arena_games(",".join(strategies), game=game, games=ARENA_GAMES, seed=seed, out=results)
    arena_report(results, html=html)
    return ArenaDemo(ARENA_GAMES, tuple(strategies), tuple(report.leaderboard.lines()), results, html)


@dataclass(frozen=True, slots=True)
class DemoGame:
    """One game of four random bots, its record written and replayed."""

    players: tuple[str, ...]
    winner: str
    events: int  # replayed
    same_standings: bool


def demo_game(record: Path, *, seed: int, game: str = "polish-poker") -> DemoGame:
    """One seeded game of four random bots; its record written to `record`, then replayed from the text."""
    from tourney.app.input.files import read_text
    from tourney.app.operations.games import play_game, replay_record

    played = play_game(game, players=4, seed=seed, bots="random", record=record)
    replayed = replay_record(read_text(record))
    outcome = played.state.outcome()
    return DemoGame(tuple(played.state.players), outcome.standings[0], len(replayed.state.events),
                    replayed.state.outcome().standings == outcome.standings)
