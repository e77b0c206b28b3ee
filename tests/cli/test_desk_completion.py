"""Tab completion at the desk: commands, tables of the current stage, the players still in at a
table, names matched without case or diacritics, quoted so the line reads back."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
import typer.main
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from typer.testing import CliRunner

from tourney.cli import app
from tourney.cli._desk_complete import DeskCompleter, quote, split_partial
from tourney.cli._desk_runner import Desk

runner = CliRunner()
NAMES = ("Źdźbło Łucja", "Anna Nowak", "O'Brien", "Bob", "Cy", "Dee", "Eve")


@pytest.fixture
def completer(tmp_path: Path) -> DeskCompleter:
    url = f"sqlite:///{tmp_path / 'friday.db'}"
    for args in (("new", "Friday", "--game", "polish-poker", "--seed", "5"), ("player", "add", *NAMES), ("seat",)):
        assert runner.invoke(app, [*args, "--db", url]).exit_code == 0
    return DeskCompleter(Desk(typer.main.get_command(app), db=url, tournament=None))


def complete(completer: DeskCompleter, text: str) -> list[str]:
    return [c.text for c in completer.get_completions(Document(text), CompleteEvent(completion_requested=True))]


def test_commands_complete_first(completer: DeskCompleter) -> None:
    assert complete(completer, "res") == ["result"]
    assert {"result", "tables", "undo", "standings", "help", "quit"} <= set(complete(completer, ""))
    assert "desk" not in complete(completer, "")
    assert sorted(complete(completer, "help sta")) == ["standings", "status"]
    assert complete(completer, "player a") == ["add", "avoid"]


def test_tables_then_the_players_still_in_at_that_table(completer: DeskCompleter) -> None:
    assert complete(completer, "result ") == ["1", "2"]
    assert complete(completer, "tables ") == ["1", "2"]
    at_one = {shlex.split(c)[0] for c in complete(completer, "result 1 ")}
    at_two = {shlex.split(c)[0] for c in complete(completer, "result 2 ")}
    assert at_one | at_two == set(NAMES) and not at_one & at_two
    assert complete(completer, "tables 1 ") == []


def test_names_match_without_case_or_diacritics_and_by_any_word(completer: DeskCompleter) -> None:
    assert complete(completer, "player drop zdz") == ["'Źdźbło Łucja'"]
    assert complete(completer, "player drop luc") == ["'Źdźbło Łucja'"]
    assert complete(completer, "player drop \"ZDZBLO l") == ["'Źdźbło Łucja'"]  # the whole name, folded
    assert complete(completer, "player drop NOW") == ["'Anna Nowak'"]
    assert complete(completer, "player drop 'anna n") == ["'Anna Nowak'"]
    assert complete(completer, "player drop o'") == ['"O\'Brien"']  # the open quote is part of the word
    assert complete(completer, "player drop \"o'b") == ['"O\'Brien"']
    assert complete(completer, "player drop b") == ["Bob"]


def test_chips_complete_name_equals(completer: DeskCompleter) -> None:
    names_at_one = [shlex.split(c)[0] for c in complete(completer, "result 1 ")]
    got = complete(completer, f"chips 1 {quote(names_at_one[0])}=10 ")
    assert [shlex.split(c)[0] for c in got] == [f"{n}=" for n in names_at_one[1:]]


def test_completion_is_refreshed_after_an_entry(completer: DeskCompleter) -> None:
    desk = completer.desk
    assert complete(completer, "player drop Ze") == []
    assert desk.run("player add Zenon")
    assert complete(completer, "player drop Ze") == ["Zenon"]


def test_split_partial_reads_quotes_like_shlex() -> None:
    assert split_partial("result 1 'Anna N") == (["result", "1"], "'Anna N", "Anna N")
    assert split_partial("result 1 ") == (["result", "1"], "", "")
    assert split_partial('chips 1 "a b"=3 c') == (["chips", "1", "a b=3"], "c", "c")
    for name in NAMES:
        assert shlex.split(quote(name)) == [name]
