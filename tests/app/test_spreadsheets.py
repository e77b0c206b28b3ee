"""The spreadsheets directors have: a player list or a ratings file as Excel and other programs
export it (cp1250, Latin-2, UTF-8 with a byte-order mark, UTF-16 "Unicode text", UTF-32; `;` or
tab between fields; a decimal comma; two files joined into one) is read, and one that cannot be
read is refused in one short line naming the line and the fix."""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from app_support import dump, sqlite_url

from tourney import app
from tourney.app.input.file_encoding import checked_encoding
from tourney.app.input.separators import checked_separator, header_separator
from tourney.app.operations.players import import_players
from tourney.app.operations.ratings import read_ratings, read_ratings_file
from tourney.errors import InvalidInputError

POLISH = "name;club\nŁukasz Wójcik;Kraków\nŻaneta Źdźbło;Łódź\nAnna Nowak;\n"
NAMES = ("Łukasz Wójcik", "Żaneta Źdźbło", "Anna Nowak")
LONGEST_ERROR = 200


@pytest.fixture
def url(tmp_path: Path) -> str:
    made = sqlite_url(tmp_path)
    app.new_tournament("Cup", game="khlyust", format="knockout", seeding="rating", seed=3, db=made)
    return made


def written(tmp_path: Path, data: bytes, name: str = "list.csv") -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def refusal(call: Callable[..., object], *args: object, **kwargs: object) -> str:
    """The message of the `InvalidInputError` the call raises: one line, short."""
    with pytest.raises(InvalidInputError) as raised:
        call(*args, **kwargs)
    message = str(raised.value)
    assert "\n" not in message
    # The file's own path is the director's: only the rest of the line must be short.
    assert len(re.sub(r"/tmp/\S*/", "", message)) < LONGEST_ERROR, (len(message), message)
    return message


# ------------------------------------------------------------------ encodings
@pytest.mark.parametrize(("data", "encoding", "read_as"), [
    (POLISH.encode("cp1250"), "cp1250", "read as cp1250 (--encoding), separator ';'"),
    (POLISH.encode("iso-8859-2"), "iso-8859-2", "read as iso8859-2 (--encoding), separator ';'"),
    (POLISH.encode("cp1250"), "windows-1250", "read as cp1250 (--encoding), separator ';'"),
    (POLISH.encode("utf-8-sig"), None, "read as UTF-8 (BOM), separator ';'"),
    (codecs.BOM_UTF16_LE + POLISH.replace(";", "\t").encode("utf-16-le"), None, "read as UTF-16 (BOM), separator tab"),
    (codecs.BOM_UTF16_BE + POLISH.encode("utf-16-be"), None, "read as UTF-16 (BOM), separator ';'"),
    (codecs.BOM_UTF32_LE + POLISH.encode("utf-32-le"), None, "read as UTF-32 (BOM), separator ';'"),
    (codecs.BOM_UTF32_BE + POLISH.encode("utf-32-be"), None, "read as UTF-32 (BOM), separator ';'"),
    # A byte-order mark decides even against the director's guess.
    (codecs.BOM_UTF16_LE + POLISH.encode("utf-16-le"), "cp1250", "read as UTF-16 (BOM), separator ';'"),
    (POLISH.encode("utf-8"), None, "read as UTF-8, separator ';'"),
    (POLISH.replace(";", ",").encode("utf-8"), "cp1250", "read as UTF-8 (the file is UTF-8, not cp1250), "
                                                         "separator ','"),
    (POLISH.replace(";", ",").replace("\n", "\r\n").encode("cp1250"), "cp1250",
     "read as cp1250 (--encoding), separator ','"),
])
def test_a_polish_export_is_read_and_the_output_says_how(
        url: str, tmp_path: Path, data: bytes, encoding: str | None, read_as: str) -> None:
    done = import_players(written(tmp_path, data), encoding=encoding, db=url)
    assert done.names == NAMES
    assert [p.club for p in done.state.players] == ["Kraków", "Łódź", None]
    assert done.read_as == read_as


def test_a_file_read_as_always_says_nothing_of_how(url: str, tmp_path: Path) -> None:
    done = import_players(written(tmp_path, POLISH.replace(";", ",").encode()), db=url)
    assert done.names == NAMES and done.read_as is None


def test_the_first_line_that_is_not_utf8_is_named_with_the_fix(url: str, tmp_path: Path) -> None:
    rows = "".join(f"Player {n},Club\n" for n in range(5000))
    path = written(tmp_path, ("name,club\n" + rows + "Łukasz Wójcik,Kraków\n" + rows).encode("cp1250"))
    before = dump(url)
    message = refusal(import_players, path, db=url)
    assert message == (f"{path} line 5002 is not UTF-8: save the file as UTF-8 or give --encoding cp1250 "
                       "(Excel's Polish default)")
    assert dump(url) == before


def test_a_file_in_neither_utf8_nor_the_encoding_given_names_the_line(url: str, tmp_path: Path) -> None:
    path = written(tmp_path, "name\nAnna\nŁukasz\n".encode("cp1250"))
    message = refusal(import_players, path, encoding="ascii", db=url)
    assert "line 3 is neither UTF-8 nor ascii" in message and "--encoding" in message


def test_a_broken_file_after_its_byte_order_mark_names_the_line(url: str, tmp_path: Path) -> None:
    path = written(tmp_path, codecs.BOM_UTF8 + b"name\nAnna\n" + "Łukasz\n".encode("cp1250"))
    assert "line 3 is not UTF-8 although the file begins with UTF-8's byte-order mark" in refusal(
        import_players, path, db=url)


@pytest.mark.parametrize("name", ["klingon", "base64", "rot13", "", "x" * 500])
def test_an_unknown_encoding_is_refused(name: str) -> None:
    assert "unknown encoding" in refusal(checked_encoding, name)


def test_an_encoding_is_known_by_any_of_its_names() -> None:
    assert checked_encoding("Windows-1250") == "cp1250"
    assert checked_encoding("latin2") == "iso8859-2"


# ------------------------------------------------------------------ separators
@pytest.mark.parametrize(("header", "separator"), [
    ("name,club", ","), ("name;club", ";"), ("name\tclub", "\t"), ("name", ","), ("", ","),
    ("Name ; Club", ";"),
    ('"club, city";name', ";"),     # the comma inside quotes does not count
    ('"a;b;c",name', ","),
    ("club;rating,name", ","),      # the one that yields a name column wins over the one seen more
    ("a;b;c,d", ";"),               # no name column: the one seen most
])
def test_the_separator_is_told_by_the_header_line(header: str, separator: str) -> None:
    assert header_separator(f"\n{header}\nAnna;x,y\tz\n") == separator


@pytest.mark.parametrize(("given", "separator"), [(",", ","), (";", ";"), ("tab", "\t"), ("TAB", "\t"),
                                                  ("\t", "\t"), ("\\t", "\t"), ("semicolon", ";")])
def test_a_separator_may_be_named(given: str, separator: str) -> None:
    assert checked_separator(given) == separator


def test_an_unknown_separator_is_refused() -> None:
    assert "unknown separator '|'" in refusal(checked_separator, "|")


def test_a_named_separator_overrides_the_header(url: str, tmp_path: Path) -> None:
    path = written(tmp_path, "name\tclub\nAnna\tKraków; Nowa Huta\n".encode())
    assert "no 'name' column" in refusal(import_players, path, separator=";", db=url)
    done = import_players(path, separator="tab", db=url)
    assert done.names == ("Anna",) and done.state.players[0].club == "Kraków; Nowa Huta"
    assert done.read_as == "read as UTF-8, separator tab"


# ------------------------------------------------------------------ joined files
@pytest.mark.parametrize("encoding", ["utf-8-sig", "utf-16"])
def test_two_files_joined_into_one_are_read_as_one_list(url: str, tmp_path: Path, encoding: str) -> None:
    first, second = "name,club\nAnna,Asy\n".encode(encoding), "name,club\nBoris,Kiery\n".encode(encoding)
    done = import_players(written(tmp_path, first + second), db=url)
    assert done.names == ("Anna", "Boris")
    # Only a mark at a line's start goes: inside a name it is still an invisible character.
    inside = written(tmp_path, first + "An\ufeffna,Asy\n".encode(encoding), "inside.csv")
    assert "line 3" in refusal(import_players, inside, db=url)


# ------------------------------------------------------------------ defect 6: what a refusal shows
def test_a_wide_header_without_a_name_column_shows_a_few_columns(url: str, tmp_path: Path) -> None:
    path = written(tmp_path, (",".join(f"column{n}" for n in range(3000)) + "\n1,2\n").encode())
    message = refusal(import_players, path, db=url)
    assert message == (f"{path} line 1: no 'name' column among the header's 3,000 columns: 'column0', 'column1', "
                       "'column2', … — the first line must name the columns, one of them 'name'")


def test_a_long_header_cell_is_cut_short(url: str, tmp_path: Path) -> None:
    path = written(tmp_path, ("x" * 50_120 + "\n").encode())
    message = refusal(import_players, path, db=url)
    assert "header's 1 column: 'xxxxxxxxxxxxxxxxxxx…'" in message


@pytest.mark.parametrize(("data", "fragment"), [
    (bytes(range(128)) * 400, "does not look like a CSV text file (NUL bytes on line 1)"),
    (b"\x01\x02\x03\x04\x05\x06\x07\x08" * 6000, "does not look like a CSV text file"),
    ("name,club\nAnna,X\n".encode("utf-16-le"), "UTF-16 without a byte-order mark? give --encoding utf-16-le"),
    (b"PK\x03\x04" + bytes(5000), "Excel workbook (.xlsx), not CSV text: save the sheet as CSV"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(5000), "Excel 97-2003 workbook (.xls)"),
])
def test_a_file_that_is_not_text_says_so(url: str, tmp_path: Path, data: bytes, fragment: str) -> None:
    assert fragment in refusal(import_players, written(tmp_path, data), db=url)
    assert fragment in refusal(read_ratings, written(tmp_path, data))


def test_utf16_without_a_mark_is_read_when_named(url: str, tmp_path: Path) -> None:
    path = written(tmp_path, "name,club\nAnna,X\n".encode("utf-16-le"))
    assert import_players(path, encoding="utf-16-le", db=url).names == ("Anna",)


@pytest.mark.parametrize("body", [
    "name,club\nAnna," + "y" * 5000 + ",extra\n",
    "name,club\n," + "y" * 5000 + "\n",
    "name," + "z" * 5000 + "\nAnna,X\n",
    "name,name" + "q" * 5000 + "\n",
    "name\nAnna\x01" + "w" * 5000 + "\n",
    "name,club\nAnna,\u200b" + "v" * 5000 + "\n",
])
def test_no_refusal_echoes_a_whole_row(url: str, tmp_path: Path, body: str) -> None:
    refusal(import_players, written(tmp_path, body.encode()), db=url)


# ------------------------------------------------------------------ ratings
PLAYERS = ("Łukasz Wójcik", "Żaneta Źdźbło", "Anna Nowak", "Anna Kowalska")


@pytest.fixture
def registered(url: str) -> str:
    app.add_players(list(PLAYERS), db=url)
    return url


@pytest.mark.parametrize(("body", "encoding", "rated"), [
    ("name;rating\nŁukasz Wójcik;1500,5\nŻaneta Źdźbło;1 600,25\n", "cp1250", [1500.5, 1600.25]),
    ('name,rating\nŁukasz Wójcik,"1500,5"\nŻaneta Źdźbło,1600.25\n', None, [1500.5, 1600.25]),
    ("name\trating\nŁukasz Wójcik\t1500,5\nŻaneta Źdźbło\t1\u00a0600\n", None, [1500.5, 1600.0]),
    ("Name;Club;Rating\nŁukasz Wójcik;Asy;1500\nŻaneta Źdźbło;;-3,5\n", "iso-8859-2", [1500.0, -3.5]),
])
def test_a_ratings_export_is_read_with_its_decimal_comma(
        tmp_path: Path, body: str, encoding: str | None, rated: list[float]) -> None:
    path = written(tmp_path, body.encode(encoding or "utf-8"))
    file = read_ratings_file(path, encoding=encoding)
    assert [(row.name, row.rating) for row in file.rows] == list(zip(PLAYERS[:2], rated, strict=True))


def test_an_unquoted_decimal_comma_between_commas_is_refused(tmp_path: Path) -> None:
    path = written(tmp_path, b"name,rating\nAnna Nowak,1500\nAnna Kowalska,1500,5\n")
    message = refusal(read_ratings, path)
    assert "line 3: 3 fields but the header has 2" in message and "quote a rating" in message


def test_a_rating_that_is_no_number_names_the_line_and_the_fix(tmp_path: Path) -> None:
    path = written(tmp_path, b"name;rating\nAnna Nowak;1500\nAnna Kowalska;1,500,5\n")
    assert "line 3: rating '1,500,5' is not a number (write it as 1500 or 1500,5)" in refusal(read_ratings, path)


def test_ratings_names_are_matched_as_quick_entry_reads_them(registered: str, tmp_path: Path) -> None:
    from tourney.app.operations.ratings import match_ratings
    from tourney.app.operations.results import tournament_state

    path = written(tmp_path, "name;rating\nlukasz wojcik;1500,5\nZANETA;1600\nanna   nowak;1400\n"
                             "Kowalska;1300\n".encode("cp1250"))
    matched = match_ratings(tournament_state(db=registered), read_ratings_file(path, encoding="cp1250"))
    assert matched == {"Łukasz Wójcik": 1500.5, "Żaneta Źdźbło": 1600.0, "Anna Nowak": 1400.0,
                       "Anna Kowalska": 1300.0}
    state = app.seat(ratings=read_ratings_file(path, encoding="cp1250"), db=registered)
    assert state.stage == 1


@pytest.mark.parametrize(("body", "fragments"), [
    ("name;rating\nŁukasz Wójcik;1500\nAnna;1400\n", ("line 3", "'Anna' could be", "type more of the name")),
    ("name;rating\nŁukasz Wójcik;1500\nAnna Nowakowska;1400\n",
     ("line 3", "no player 'Anna Nowakowska' is registered", "did you mean 'Anna Nowak'?",
      "correct the name or delete the line")),
    ("name;rating\nlukasz;1500\nŁukasz Wójcik;1400\n", ("line 3", "is Łukasz Wójcik, already rated on line 2")),
    ("name;rating\n;1500\n", ("line 2", "the name is empty")),
])
def test_an_ambiguous_or_unknown_ratings_name_is_refused_with_its_line(
        registered: str, tmp_path: Path, body: str, fragments: tuple[str, ...]) -> None:
    path = written(tmp_path, body.encode())
    before = dump(registered)
    message = refusal(app.seat, ratings=path, db=registered)
    assert message.startswith(f"--ratings {path} line ")
    for fragment in fragments:
        assert fragment in message, (fragment, message)
    assert dump(registered) == before


def test_a_ratings_file_without_its_columns_names_them(tmp_path: Path) -> None:
    path = written(tmp_path, b"name;ranking\nAnna;1\n")
    assert refusal(read_ratings, path) == (
        f"--ratings {path} line 1: no 'rating' column among the header's 2 columns: 'name', 'ranking' — "
        "the first line must name the columns, among them 'name' and 'rating'")


def test_a_ratings_file_that_is_not_utf8_names_the_line(tmp_path: Path) -> None:
    path = written(tmp_path, "name;rating\nAnna;1\nŁukasz;2\n".encode("cp1250"))
    assert refusal(read_ratings, path).startswith(f"--ratings {path} line 3 is not UTF-8: save the file as UTF-8 "
                                                  "or give --encoding cp1250")
