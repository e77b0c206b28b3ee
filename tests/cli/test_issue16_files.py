"""Issue 16 (second trial), the files `tourney` reads and writes: endless or huge player lists and
ratings files are refused after a bounded read (item 9), a column named twice or a player rated
twice is refused naming the line (item 12), and `print -o` replaces only a sheet it wrote, through
a temporary file renamed into place (item 1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tourney_db_support import _built_command, assert_one_error_line, db_url, dump, ok, runner, tourney  # noqa: F401

from tourney.app.operations.ratings import match_ratings

PLAYERS = ("Anna", "Boris", "Clara", "Dima")


@pytest.fixture
def url(tmp_path: Path) -> str:
    made = f"sqlite:///{tmp_path / 'cup.db'}"
    ok(made, "new", "Cup", "--game", "khlyust", "--format", "knockout", "--seeding", "rating", "--seed", "3")
    return made


def huge_file(tmp_path: Path) -> Path:
    """A 1 GB file that takes no disk (sparse): all NUL bytes, like /dev/zero."""
    path = tmp_path / "huge.csv"
    with path.open("wb") as handle:
        handle.truncate(2**30)
    return path


# ------------------------------------------------------------------ item 9
@pytest.mark.parametrize("source", ["/dev/zero", "huge"])
def test_an_endless_or_huge_players_csv_is_one_error_line(url: str, tmp_path: Path, source: str) -> None:
    path = source if source == "/dev/zero" else str(huge_file(tmp_path))
    before = dump(url)
    assert_one_error_line(tourney(url, "player", "import", path), "larger than 32 MB")
    assert dump(url) == before


@pytest.mark.parametrize("source", ["/dev/zero", "huge"])
def test_an_endless_or_huge_ratings_file_is_one_error_line(url: str, tmp_path: Path, source: str) -> None:
    ok(url, "player", "add", *PLAYERS)
    path = source if source == "/dev/zero" else str(huge_file(tmp_path))
    before = dump(url)
    assert_one_error_line(tourney(url, "seat", "--ratings", path), "--ratings", "larger than 32 MB")
    assert dump(url) == before


@pytest.mark.parametrize("source", ["/dev/zero", "huge"])
def test_an_endless_or_huge_record_to_replay_is_one_error_line(tmp_path: Path, source: str) -> None:
    from unittest.mock import patch

    import typer.testing

    from tourney.cli import app

    path = source if source == "/dev/zero" else str(huge_file(tmp_path))
    with patch.object(typer.testing, "_get_command", _built_command):
        result = runner.invoke(app, ["replay", path])
    assert_one_error_line(result, "larger than 32 MB")


def test_a_huge_arena_results_file_is_refused_before_reading(url: str, tmp_path: Path) -> None:
    ok(url, "player", "add", *PLAYERS)
    path = tmp_path / "results.jsonl"
    with path.open("wb") as handle:
        handle.write(b'{"type": "run"')
        handle.truncate(2 * 2**30)  # one endless line
    assert_one_error_line(tourney(url, "seat", "--ratings", str(path)), "larger than 1024 MB")


# ------------------------------------------------------------------ item 12
@pytest.mark.parametrize(("header", "column"), [("name,name", "name"), ("name,club,club", "club"),
                                                ("Name, NAME ", "name"), ("club,name,bot,Club", "club")])
def test_a_players_csv_with_a_column_named_twice_is_refused(
        url: str, tmp_path: Path, header: str, column: str) -> None:
    path = tmp_path / "players.csv"
    path.write_text(f"\n{header}\nAnna,Ann\n", encoding="utf-8")
    before = dump(url)
    assert_one_error_line(tourney(url, "player", "import", str(path)), "line 2", f"column {column!r} is given twice")
    assert dump(url) == before


@pytest.mark.parametrize(("body", "fragments"), [
    ("name,rating,Rating\nAnna,1500,1600\n", ("line 1", "column 'rating' is given twice")),
    ("name,name,rating\nAnna,Anna,1500\n", ("line 1", "column 'name' is given twice")),
    ("name,rating\nAnna,1500\nBoris,1700\nANNA,1600\n", ("line 4", "'ANNA' is already rated on line 2")),
    ("name,rating\nAnna,1500\n anna ,1500\n", ("line 3", "already rated on line 2")),
])
def test_a_ratings_file_with_a_column_or_a_player_twice_is_refused(
        url: str, tmp_path: Path, body: str, fragments: tuple[str, ...]) -> None:
    ok(url, "player", "add", *PLAYERS)
    path = tmp_path / "ratings.csv"
    path.write_text(body, encoding="utf-8")
    before = dump(url)
    assert_one_error_line(tourney(url, "seat", "--ratings", str(path)), "--ratings", *fragments)
    assert dump(url) == before


def test_ratings_given_by_a_program_rate_nobody_twice(url: str) -> None:
    from tourney.app.operations.results import tournament_state
    from tourney.errors import InvalidInputError

    ok(url, "player", "add", *PLAYERS)
    state = tournament_state(db=url)
    assert match_ratings(state, {"anna": 1500.0, "Boris": 1400.0}) == {"Anna": 1500.0, "Boris": 1400.0}
    with pytest.raises(InvalidInputError, match="Anna is rated twice"):
        match_ratings(state, {"Anna": 1500.0, "ANNA": 1600.0})


def test_a_ratings_file_as_before_still_seeds(url: str, tmp_path: Path) -> None:
    ok(url, "player", "add", *PLAYERS)
    path = tmp_path / "ratings.csv"
    path.write_bytes("\ufeffName,Rating\r\nAnna,1500\r\n\r\nBoris,1700\r\nClara,1600\r\nDima,1400\r\n".encode())
    assert "1. Boris, 2. Clara, 3. Anna, 4. Dima" in ok(url, "seat", "--ratings", str(path)).stdout
