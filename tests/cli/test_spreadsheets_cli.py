"""The spreadsheets directors have, through the CLI: `player import` and `seat --ratings` take
`--encoding` and `--separator`, say how a file was read when it was not UTF-8 with commas, and
refuse an unreadable file in one line naming the line and the fix (an unknown encoding or
separator is a usage error, exit 2)."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest
from tourney_db_support import assert_one_error_line, dump, ok, tourney

POLISH = "name;club\nŁukasz Wójcik;Kraków\nŻaneta Źdźbło;Łódź\nAnna Nowak;\nAnna Kowalska;Asy\n"


@pytest.fixture
def url(tmp_path: Path) -> str:
    made = f"sqlite:///{tmp_path / 'cup.db'}"
    ok(made, "new", "Cup", "--game", "khlyust", "--format", "knockout", "--seeding", "rating", "--seed", "3")
    return made


def written(tmp_path: Path, data: bytes, name: str = "list.csv") -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def test_a_cp1250_export_is_imported_with_encoding_and_the_output_says_how(url: str, tmp_path: Path) -> None:
    path = written(tmp_path, POLISH.encode("cp1250"))
    out = ok(url, "player", "import", path, "--encoding", "cp1250").stdout.splitlines()
    assert out == [f"{path}: read as cp1250 (--encoding), separator ';'",
                   "Registered 4 player(s); 4 in tournament 'Cup'."]
    assert "Żaneta Źdźbło  Łódź" in ok(url, "player", "list").stdout


def test_a_unicode_text_export_is_imported_as_it_is(url: str, tmp_path: Path) -> None:
    path = written(tmp_path, codecs.BOM_UTF16_LE + POLISH.replace(";", "\t").encode("utf-16-le"))
    assert ok(url, "player", "import", path).stdout.startswith(f"{path}: read as UTF-16 (BOM), separator tab\n")


def test_a_cp1250_export_without_encoding_names_the_line_and_the_fix(url: str, tmp_path: Path) -> None:
    path = written(tmp_path, POLISH.encode("cp1250"))
    before = dump(url)
    line = assert_one_error_line(tourney(url, "player", "import", path), f"{path} line 2 is not UTF-8",
                                 "give --encoding cp1250")
    assert line.endswith("(Excel's Polish default)")
    assert dump(url) == before


@pytest.mark.parametrize(("option", "value", "fragment"), [
    ("--encoding", "klingon", "unknown encoding 'klingon'"),
    ("--encoding", "base64", "unknown encoding 'base64'"),
    ("--separator", "|", "unknown separator '|'"),
])
def test_an_unknown_encoding_or_separator_is_a_usage_error(
        url: str, tmp_path: Path, option: str, value: str, fragment: str) -> None:
    path = written(tmp_path, POLISH.encode())
    for command in (("player", "import", path), ("seat", "--ratings", path)):
        result = tourney(url, *command, option, value)
        assert result.exit_code == 2
        assert_one_error_line(result, fragment)


def test_a_separator_is_taken_as_named(url: str, tmp_path: Path) -> None:
    path = written(tmp_path, "name,club\nAnna,Asy;Kraków\n".encode())
    assert_one_error_line(tourney(url, "player", "import", path, "--separator", ";"), "no 'name' column")
    assert ok(url, "player", "import", path, "--separator", ",").stdout.startswith("Registered 1 player(s)")
    assert "Anna  Asy;Kraków" in ok(url, "player", "list").stdout


def test_a_header_without_a_name_column_shows_a_few_cells(url: str, tmp_path: Path) -> None:
    path = written(tmp_path, (";".join(f"c{n}" for n in range(3000)) + "\n").encode())
    line = assert_one_error_line(tourney(url, "player", "import", path),
                                 "no 'name' column among the header's 3,000 columns: 'c0', 'c1', 'c2', …")
    assert len(line.replace(path, "")) < 200


def test_a_binary_file_is_not_a_csv_text_file(url: str, tmp_path: Path) -> None:
    path = written(tmp_path, bytes(range(256)) * 200)
    line = assert_one_error_line(tourney(url, "player", "import", path), "does not look like a CSV text file")
    assert len(line.replace(path, "")) < 200


# ------------------------------------------------------------------ ratings
@pytest.fixture
def registered(url: str, tmp_path: Path) -> str:
    ok(url, "player", "import", written(tmp_path, POLISH.encode(), "players.csv"))
    return url


def test_a_polish_ratings_export_seeds_and_the_output_says_how(registered: str, tmp_path: Path) -> None:
    path = written(tmp_path, "Nazwisko;Name;Rating\n;Łukasz wojcik;1500,5\n;ZANETA;1 600,25\n;anna nowak;1400\n"
                             ";Kowalska;1500,75\n".encode("cp1250"), "ratings.csv")
    out = ok(registered, "seat", "--ratings", path, "--encoding", "cp1250").stdout
    assert out.startswith(f"--ratings {path}: read as cp1250 (--encoding), separator ';'\n")
    assert "1. Żaneta Źdźbło, 2. Anna Kowalska, 3. Łukasz Wójcik, 4. Anna Nowak" in out


@pytest.mark.parametrize(("body", "fragments"), [
    ("name;rating\nAnna;1500\n", ("line 2", "'Anna' could be", "type more of the name")),
    ("name;rating\nŁukasz Wójcik;1500\nJan Kos;1400\n", ("line 3", "no player 'Jan Kos' is registered")),
    ("name,rating\nŁukasz Wójcik,1500,5\n", ("line 2", "quote a rating with a decimal comma")),
])
def test_a_ratings_file_refused_names_the_line(
        registered: str, tmp_path: Path, body: str, fragments: tuple[str, ...]) -> None:
    path = written(tmp_path, body.encode(), "ratings.csv")
    before = dump(registered)
    assert_one_error_line(tourney(registered, "seat", "--ratings", path), f"--ratings {path} ", *fragments)
    assert dump(registered) == before


def test_encoding_without_a_ratings_file_is_refused(registered: str) -> None:
    assert_one_error_line(tourney(registered, "seat", "--encoding", "cp1250"), "--ratings FILE")
