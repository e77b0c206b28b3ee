"""`tourney print`: every sheet from a real database, files and folders, and one-line errors."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from html_support import parse
from log_support import append_events
from render_events import EVIL
from typer.testing import CliRunner, Result

from tourney.app.bots.demo import run_demo_tournament
from tourney.cli import app
from tourney.engine.tournament import draw_seats
from tourney.storage.db import open_database
from tourney.storage.events import create_tournament

runner = CliRunner()


def run(*args: str) -> Result:
    return runner.invoke(app, list(args))


def one_error_line(result: Result, code: int = 1) -> str:
    assert result.exit_code == code, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output
    return lines[0]


@pytest.fixture(scope="module")
def demo_db(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A complete 12-player demo event."""
    url = f"sqlite:///{tmp_path_factory.mktemp('print') / 'demo.db'}"
    with open_database(url) as database:
        run_demo_tournament(database, seed=3, players=12)
    yield url


@pytest.fixture
def seated_db(tmp_path: Path) -> str:
    """Seven players, stage 1 drawn and nothing played; one of them named like a script."""
    url = f"sqlite:///{tmp_path / 'seated.db'}"
    with open_database(url) as database:
        create_tournament(database, name="Seated", game="polish-poker", seed=1)
        names = [EVIL, "Łukasz Żółć", "Хлюстовщик", "Ann", "Bob", "Cy", "Dee"]
        append_events(database, make=lambda _s, _r: (("register", {"name": n, "club": None}) for n in names))
        append_events(database, make=lambda state, _r: iter([("seat", draw_seats(state, 5))]))
    return url


def test_one_sheet_to_standard_output(demo_db: str) -> None:
    result = run("print", "standings", "--db", demo_db)
    assert result.exit_code == 0, result.output
    tree = parse(result.stdout)
    assert len(tree.find_all("tbody")[0].find_all("tr")) == 12
    assert "Demo Friday" in tree.text() and "Final standings" in tree.text()


def test_all_writes_every_sheet_into_a_folder(demo_db: str, tmp_path: Path) -> None:
    out = tmp_path / "sheets"
    result = run("print", "all", "-o", str(out), "--db", demo_db, "--paper", "letter")
    assert result.exit_code == 0, result.output
    names = ["standings", "bracket", "seating", "seat-cards", "table-sheets"]
    assert result.stdout.splitlines() == [str(out / f"{n}.html") for n in names]
    for name in names:
        html = (out / f"{name}.html").read_text(encoding="utf-8")
        assert "@page { size: letter;" in html
        parse(html)


def test_stage_option_and_file_output(demo_db: str, tmp_path: Path) -> None:
    target = tmp_path / "cards.html"
    result = run("print", "seat-cards", "--stage", "1", "-o", str(target), "--db", demo_db)
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == str(target)
    assert len(parse(target.read_text(encoding="utf-8")).find_all("div", "card")) == 12
    # -o naming a folder writes the sheet's own file name into it
    result = run("print", "seating", "-o", str(tmp_path), "--db", demo_db)
    assert result.exit_code == 0 and (tmp_path / "seating.html").exists()


def test_escaped_names_from_the_database(seated_db: str) -> None:
    for sheet in ("standings", "seating", "seat-cards", "table-sheets", "bracket"):
        result = run("print", sheet, "--db", seated_db)
        assert result.exit_code == 0, result.output
        assert "<script>alert" not in result.stdout
    seating = parse(run("print", "seating", "--db", seated_db).stdout)
    assert EVIL in seating.texts("span", "name")


def test_director_templates(seated_db: str, tmp_path: Path) -> None:
    (tmp_path / "layout.html").write_text(
        '{% extends "base.html" %}{% block logo %}<img class="logo" alt="Our club">{% endblock %}', encoding="utf-8")
    result = run("print", "seating", "--templates", str(tmp_path), "--db", seated_db)
    assert result.exit_code == 0, result.output
    assert [i.attrs["alt"] for i in parse(result.stdout).find_all("img", "logo")] == ["Our club"]
    (tmp_path / "standings.html").write_text("{{ page.nothing_here }}", encoding="utf-8")
    line = one_error_line(run("print", "standings", "--templates", str(tmp_path), "--db", seated_db))
    assert "template standings.html" in line and "nothing_here" in line


def test_errors_are_one_line(seated_db: str, tmp_path: Path) -> None:
    assert "unknown sheet 'menu'" in one_error_line(run("print", "menu", "--db", seated_db), 2)
    assert "--paper must be a4 or letter" in one_error_line(
        run("print", "standings", "--paper", "a3", "--db", seated_db), 2)
    assert "--stage applies to" in one_error_line(run("print", "standings", "--stage", "1", "--db", seated_db), 2)
    assert "stage 2 has not been seated" in one_error_line(run("print", "seating", "--stage", "2", "--db", seated_db))
    assert "is not a folder" in one_error_line(
        run("print", "seating", "--templates", str(tmp_path / "nope"), "--db", seated_db))
    blocked = tmp_path / "file"
    blocked.write_text("x", encoding="utf-8")
    assert "cannot create the folder" in one_error_line(
        run("print", "all", "-o", str(blocked / "sub"), "--db", seated_db))


def test_before_the_draw_all_writes_standings_and_bracket(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'new.db'}"
    with open_database(url) as database:
        create_tournament(database, name="Early", game="polish-poker", seed=1)
        append_events(database, make=lambda _s, _r: iter([("register", {"name": "Ann", "club": None}),
                                                    ("register", {"name": "Bob", "club": None})]))
    result = run("print", "all", "-o", str(tmp_path / "out"), "--db", url)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["bracket.html", "standings.html"]
    assert "no seats have been drawn yet" in one_error_line(run("print", "table-sheets", "--db", url))


def test_the_demo_writes_its_sheets_and_print_works_on_its_database(tmp_path: Path) -> None:
    db_file = tmp_path / "demo.db"
    result = run("demo", "--players", "9", "--db-file", str(db_file), "--record", str(tmp_path / "game.jsonl"))
    assert result.exit_code == 0, result.output
    folder = tmp_path / "demo-sheets"
    assert f"Printable sheets (open in a browser and print) in {folder}/: standings.html" in result.stdout
    standings = parse((folder / "standings.html").read_text(encoding="utf-8"))
    assert len(standings.find_all("tbody")[0].find_all("tr")) == 9
    printed = run("print", "bracket", "--db", f"sqlite:///{db_file}")
    assert printed.exit_code == 0 and printed.stdout == (folder / "bracket.html").read_text(encoding="utf-8")
