"""Issue 29 item 4 through the CLI: `tourney chips 1 vera=200 ...` on a Хлюст event of Cyrillic
names (it said "unknown player 'vera'"), `tourney result` and `player show` with Latin spellings,
a Cyrillic spelling of a Polish name, an ambiguous spelling refused in one error line with the
database unchanged, and the desk's Tab completion offering Вера for `ve`."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Any

import typer.main
from prompt_toolkit.completion import CompleteEvent
from prompt_toolkit.document import Document
from tourney_db_support import assert_one_error_line, dump, ok, tourney

from tourney.cli import app
from tourney.cli._desk_complete import DeskCompleter
from tourney.cli._desk_runner import Desk

# Romanised as a Pole would type them at a Latin keyboard.
LATIN = {"Вера": "vera", "Юрий": "jurij", "Анна": "anna", "Фёдор": "fiodor", "Людмила": "ludmila", "Ewa": "Ева"}


def url_of(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'cup.db'}"


def tables(url: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads(ok(url, "tables", "--json").stdout)
    return found


def test_chips_on_a_хлюст_event_with_latin_spellings(tmp_path: Path) -> None:
    url = url_of(tmp_path)
    ok(url, "new", "cup", "--game", "khlyust", "--seed", "3")
    ok(url, "player", "add", *LATIN)
    ok(url, "seat")
    for table in tables(url):
        seated = [p["name"] for p in table["players"]]
        counts = [f"{LATIN[name]}={chips}" for name, chips in zip(seated, (100, 200, 0), strict=True)]
        shown = ok(url, "chips", str(table["table"]), *counts).stdout
        assert f"table {table['table']}, stage 1: finished" in shown
    after = {p["name"]: p for t in tables(url) for p in t["players"]}
    assert sorted(name for name, p in after.items() if p["eliminated"]) == sorted(
        t["players"][2]["name"] for t in tables(url))
    assert "Вера:" in ok(url, "player", "show", "vera").stdout
    assert "Ewa:" in ok(url, "player", "show", "ев").stdout


def test_result_with_a_latin_spelling_and_an_ambiguous_one_refused(tmp_path: Path) -> None:
    url = url_of(tmp_path)
    ok(url, "new", "cup", "--game", "polish-poker", "--seed", "5")
    ok(url, "player", "add", "Вера", "Вероника", "Юрий", "Борис")
    ok(url, "seat")
    before = dump(url)
    assert_one_error_line(tourney(url, "result", "1", "ver"), "'ver' could be Вера, Вероника", "type more of the name")
    assert dump(url) == before
    shown = ok(url, "result", "1", "yuriy").stdout
    assert "Юрий" in shown and "card" in shown
    assert_one_error_line(tourney(url, "result", "1", "quentin"), "unknown player 'quentin'")


def test_the_desk_offers_вера_for_ve(tmp_path: Path) -> None:
    url = url_of(tmp_path)
    ok(url, "new", "cup", "--game", "polish-poker", "--seed", "5")
    ok(url, "player", "add", "Вера", "Юрий", "Борис", "Ewa Nowak")
    ok(url, "seat")
    completer = DeskCompleter(Desk(typer.main.get_command(app), db=url, tournament=None))

    def complete(text: str) -> list[str]:
        return [c.text for c in completer.get_completions(Document(text), CompleteEvent(completion_requested=True))]

    assert complete("player drop ve") == ["'Вера'"]
    assert complete("player drop нов") == ["'Ewa Nowak'"]
    assert [shlex.split(c)[0] for c in complete("result 1 yu")] == ["Юрий"]
