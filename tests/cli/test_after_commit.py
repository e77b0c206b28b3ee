"""After its transaction has committed, no command fails: an answer that cannot be printed is one
warning line on stderr and exit 0, so a director never enters a stored entry a second time.

Every command that stores something is run twice on the same starting database: once as usual,
once with its output failing from the moment its first transaction commits. The second must exit
0, say on stderr that it stored the entry, and leave a database with exactly the rows of the first.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import typer
from tourney_db_support import dump, ok, tourney

from tourney.app.floor import reports
from tourney.app.floor.floor_read import open_floor
from tourney.app.floor.reports import TableReport, progress_mark
from tourney.cli import COMMANDS
from tourney.storage.db import Database

Setup = Callable[[str, Path], None]
Argv = Callable[[str, Path], list[str]]

# Commands that store nothing of a tournament (a read, a game played in memory, a server), or whose
# files are not a transaction, so that running them again doubles nothing (`demo` makes its database
# anew, `arena run --out` resumes its results file; `print -o` is tested below, `export trf -o` in
# test_trf_cli.py).
NOT_STORING = frozenset({"rules", "play", "games", "replay", "demo", "list", "plan", "tables", "log",
                         "standings", "status", "serve", "arena", "print", "export"})


PLAYERS = ("Ala", "Bea", "Cyryl", "Dorota", "Edek", "Franek", "Gosia", "Henio")


def seats(url: str, number: int) -> list[str]:
    found: dict[str, Any] = json.loads(ok(url, "tables", str(number), "--json").stdout)
    return [p["name"] for p in found["players"]]


def registered(url: str, _tmp: Path) -> None:
    ok(url, "new", "Friday", "--game", "polish-poker", "--seed", "7")
    ok(url, "player", "add", *PLAYERS)


def seated(url: str, tmp: Path) -> None:
    registered(url, tmp)
    ok(url, "seat")


def with_a_result(url: str, tmp: Path) -> None:
    seated(url, tmp)
    ok(url, "result", "1", seats(url, 1)[0])


def stage_over(url: str, tmp: Path) -> None:
    seated(url, tmp)
    for number in (1, 2):
        ok(url, "finish", str(number), *seats(url, number))


def two_tournaments(url: str, tmp: Path) -> None:
    registered(url, tmp)
    ok(url, "new", "Saturday", "--game", "polish-poker", "--seed", "8")


def knockout(url: str, _tmp: Path) -> None:
    ok(url, "new", "cup", "--game", "khlyust", "--seed", "11", "--format", "knockout")
    ok(url, "player", "add", "Anna", "Boris", "Clara", "Dima")
    ok(url, "seat")


def swiss(url: str, _tmp: Path) -> None:
    ok(url, "new", "Open", "--game", "khlyust", "--seed", "5", "--format", "swiss", "--rounds", "3")
    ok(url, "player", "add", "Anna", "Boris", "Clara", "Dima", "Egor")


def swiss_withdrawn(url: str, tmp: Path) -> None:
    """Round 1 of a Swiss of five seated, and the player with its bye withdrawn."""
    swiss(url, tmp)
    ok(url, "seat")
    ok(url, "player", "drop", next(name for name in ("Anna", "Boris", "Clara", "Dima", "Egor")
                                   if name not in {p for t in (1, 2) for p in seats(url, t)}))


def dropped(url: str) -> str:
    listed: list[dict[str, Any]] = json.loads(ok(url, "player", "list", "--json").stdout)
    return next(str(p["name"]) for p in listed if p["dropped"])


def pot_game(url: str, _tmp: Path) -> None:
    ok(url, "new", "Pot night", "--game", "chlust", "--seed", "4")
    ok(url, "player", "add", "ann", "bob", "cy", "dee")
    ok(url, "seat")


def reported(url: str, tmp: Path) -> None:
    """A report from table 1's phone waits for the director."""
    seated(url, tmp)
    ok(url, "pending", "--mode", "approve")
    floor = open_floor(db=url)
    table = floor.state.tables[0]
    reports.submit(TableReport(1, floor.table_link(1), "result", [table.seats[0]], progress_mark(table), "k", "k"),
                   db=url)


def bots(url: str, _tmp: Path) -> None:
    ok(url, "new", "Bots", "--game", "polish-poker", "--seed", "4")
    ok(url, "player", "add", "b1", "b2", "b3", "b4", "--bot", "random")
    ok(url, "seat")


def players_csv(_url: str, tmp: Path) -> list[str]:
    path = tmp / "late.csv"
    path.write_text("name,club\nTola,Kraków\nUla,\n", encoding="utf-8")
    return ["player", "import", str(path)]


def correct_the_result(url: str, _tmp: Path) -> list[str]:
    event = json.loads(ok(url, "log", "--json").stdout)[-1]
    other = next(name for name in seats(url, 1) if name != event["data"]["loser"])
    return ["correct", str(event["id"]), "--loser", other, "--yes"]


def an_export(url: str, tmp: Path) -> None:
    """Friday's evening exported from another database (`backup --portable`), for a restore into `url`."""
    source = f"sqlite:///{tmp / 'source.db'}"
    seated(source, tmp)
    ok(source, "backup", str(tmp / "friday.jsonl"), "--portable")
    ok(url, "new", "Sunday", "--game", "polish-poker", "--seed", "3")


def fixed(*argv: str) -> Argv:
    return lambda _url, _tmp: list(argv)


# name: (the starting database, the command line run on it)
CASES: dict[str, tuple[Setup | None, Argv]] = {
    "new": (None, fixed("new", "Sunday", "--game", "polish-poker", "--seed", "3")),
    "new beside another": (registered, fixed("new", "Sunday", "--game", "polish-poker", "--seed", "3")),
    "use": (two_tournaments, fixed("use", "Friday")),
    "lang": (registered, fixed("lang", "pl")),
    "player add": (registered, fixed("player", "add", "Tola", "Ula")),
    "player add late": (seated, fixed("player", "add", "Tola")),
    "player import": (registered, players_csv),
    "player rename": (registered, fixed("player", "rename", "Ala", "Alicja")),
    "player drop": (seated, lambda url, _tmp: ["player", "drop", seats(url, 1)[0]]),
    "player bye": (swiss, fixed("player", "bye", "Anna", "--round", "1", "--points", "half")),
    "player avoid": (swiss, fixed("player", "avoid", "Anna", "Boris")),
    "player rejoin": (swiss_withdrawn, lambda url, _tmp: ["player", "rejoin", dropped(url)]),
    "seat": (registered, fixed("seat")),
    "result": (seated, lambda url, _tmp: ["result", "1", seats(url, 1)[0]]),
    "finish": (seated, lambda url, _tmp: ["finish", "1", *seats(url, 1)]),
    "forfeit": (knockout, lambda url, _tmp: ["forfeit", "1", seats(url, 1)[1]]),
    "chips": (pot_game, fixed("chips", "1", "ann=12", "bob=0", "cy=50", "dee=18")),
    "advance": (stage_over, fixed("advance")),
    "undo": (with_a_result, fixed("undo")),
    "correct": (with_a_result, correct_the_result),
    "pending --mode": (seated, fixed("pending", "--mode", "approve")),
    "accept": (reported, fixed("accept", "1")),
    "reject": (reported, fixed("reject", "1")),
    "revoke": (seated, fixed("revoke", "1")),
    "revoke director": (seated, fixed("revoke", "director")),
    "run": (bots, fixed("run")),
    "backup --restore": (an_export, lambda _url, tmp: ["backup", "--restore", str(tmp / "friday.jsonl")]),
}

FAILURES: dict[str, Callable[[], Exception]] = {
    "encoding": lambda: UnicodeEncodeError("iso8859-2", "Вера", 0, 1, "character maps to <undefined>"),
    "closed pipe": lambda: BrokenPipeError(32, "Broken pipe"),
    "full disk": lambda: OSError(28, "No space left on device"),
}


@contextmanager
def output_failing_after_commit(monkeypatch: pytest.MonkeyPatch, failure: Callable[[], Exception]) -> Iterator[None]:
    """From the end of the first committed write transaction on, every write to stdout raises."""
    committed: list[bool] = []
    write, echo = Database.write, typer.echo

    @contextmanager
    def write_and_mark(self: Database) -> Iterator[Any]:
        with write(self) as tx:
            yield tx
        committed.append(True)

    def failing_echo(message: Any = None, file: Any = None, nl: bool = True, err: bool = False,
                     color: bool | None = None) -> None:
        if committed and not err and file is None:
            raise failure()
        echo(message, file=file, nl=nl, err=err, color=color)

    with monkeypatch.context() as patched:
        patched.setattr(Database, "write", write_and_mark)
        patched.setattr(typer, "echo", failing_echo)
        yield
    assert committed, "the command committed nothing"


# What differs between two runs of the same command: when it ran, and the random ids and tokens.
RANDOM = re.compile(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d[.\d]*|[0-9a-f]{32}|[A-Za-z0-9_-]{22,}")


def rows_per_table(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every table, what differs from run to run masked."""
    return {name: [tuple(RANDOM.sub("*", value) if isinstance(value, str) else value for value in row)
                   for row in rows] for name, rows in dump(url).items()}


def test_every_storing_command_is_covered() -> None:
    top_level = {case.split()[0] for case in CASES}
    # The desk runs these same commands (its own test below).
    assert set(COMMANDS) - NOT_STORING == top_level | {"desk"}


@pytest.mark.parametrize("failure", FAILURES)
@pytest.mark.parametrize("case", CASES)
def test_an_answer_that_cannot_be_printed_leaves_the_entry_stored_once_and_exit_0(
        case: str, failure: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    setup, argv = CASES[case]
    runs = {}
    for run in ("as usual", "output failing"):
        folder = tmp_path / run.replace(" ", "-")
        folder.mkdir()
        url = f"sqlite:///{folder / 't.db'}"
        if setup is not None:
            setup(url, folder)
        before = rows_per_table(url) if setup is not None else {}
        args = argv(url, folder)
        if run == "as usual":
            ok(url, *args)
        else:
            with output_failing_after_commit(monkeypatch, FAILURES[failure]):
                done = tourney(url, *args)
            assert done.exit_code == 0, done.stderr
            warning = done.stderr.strip().splitlines()
            assert len(warning) == 1 and warning[0].startswith("warning: stored; could not print the answer: "), \
                done.stderr
        runs[run] = rows_per_table(url)
    assert runs["output failing"] == runs["as usual"] != before


def test_a_desk_entry_whose_answer_cannot_be_printed_is_stored_once_and_no_failure(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import typer.main

    from tourney.cli import app
    from tourney.cli._desk_runner import Desk

    url = f"sqlite:///{tmp_path / 't.db'}"
    seated(url, tmp_path)
    events = len(json.loads(ok(url, "log", "--json").stdout))
    loser = seats(url, 1)[0]
    desk = Desk(typer.main.get_command(app), db=url, tournament=None)
    try:
        with output_failing_after_commit(monkeypatch, FAILURES["closed pipe"]):
            desk.run(f"result 1 {loser}")
    finally:
        desk.close()
    assert desk.failures == 0
    assert len(json.loads(ok(url, "log", "--json").stdout)) == events + 1


def test_a_sheet_written_to_a_file_is_written_once_whatever_stdout_does(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 't.db'}"
    seated(url, tmp_path)
    out = tmp_path / "standings.html"
    monkeypatch.setattr(typer, "echo", _failing_stdout_echo(typer.echo))
    done = tourney(url, "print", "standings", "-o", str(out))
    assert done.exit_code == 0, done.stderr
    assert done.stderr.startswith("warning: written; could not print the answer: ")
    assert out.read_text(encoding="utf-8").startswith("<!")


def _failing_stdout_echo(echo: Callable[..., None]) -> Callable[..., None]:
    def failing(message: Any = None, file: Any = None, nl: bool = True, err: bool = False,
                color: bool | None = None) -> None:
        if not err and file is None:
            raise BrokenPipeError(32, "Broken pipe")
        echo(message, file=file, nl=nl, err=err, color=color)

    return failing
