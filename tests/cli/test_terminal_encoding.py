"""A terminal that cannot show a name (Latin-2, cp1250) never crashes on it: the name prints in
Latin letters (Вера -> Vera, 王伟 -> wáng wěi), or as an escape where there is no Latin form, and
an entry is stored exactly once."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from terminal_support import events, seated_event, tourney_process
from tourney_db_support import ok

ENCODINGS = ("iso8859-2", "cp1250")


@pytest.fixture
def url(tmp_path: Path) -> str:
    return seated_event(tmp_path)


def run_in(encoding: str, *args: str, stdin: str | None = None) -> tuple[int, str, str]:
    done = tourney_process(*args, env={"PYTHONIOENCODING": encoding}, stdin=stdin)
    assert b"Traceback" not in done.stderr, done.stderr.decode(encoding, "replace")
    return done.returncode, done.stdout.decode(encoding), done.stderr.decode(encoding)


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_a_result_at_a_table_with_cyrillic_and_chinese_names_is_stored_once_and_printed(
        url: str, encoding: str) -> None:
    before = len(events(url))
    code, out, err = run_in(encoding, "result", "1", "Вера", "--db", url)
    assert (code, err) == (0, "")
    assert "Vera Ivanova" in out and "wáng wěi" in out and "Paweł Ząb" in out
    assert len(events(url)) == before + 1


@pytest.mark.parametrize("encoding", ENCODINGS)
@pytest.mark.parametrize("command", [("tables",), ("tables", "1"), ("standings",), ("player", "list"),
                                     ("player", "show", "王伟"), ("log",)])
def test_every_view_prints_the_names_readably(url: str, encoding: str, command: tuple[str, ...]) -> None:
    ok(url, "result", "1", "Вера")
    code, out, err = run_in(encoding, *command, "--db", url)
    assert (code, err) == (0, "")
    assert "wáng wěi" in out
    assert "Vera" in out or command[-1] == "王伟"


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_an_error_on_stderr_names_the_player_readably(url: str, encoding: str) -> None:
    code, _out, err = run_in(encoding, "result", "1", "Веруня", "--db", url)
    assert code == 1
    assert err.startswith("error: ") and "Verunya" in err and len(err.splitlines()) == 1


@pytest.mark.parametrize("encoding", ENCODINGS)
def test_the_desk_prints_the_names_readably(url: str, encoding: str) -> None:
    before = len(events(url))
    code, out, err = run_in(encoding, "desk", "--db", url, stdin="result 1 王伟\ntables\n")
    assert (code, err) == (0, "")
    assert "Friday> result 1 wáng wěi" in out and "Vera Ivanova" in out
    assert len(events(url)) == before + 1


def test_json_keeps_the_names_exact_with_json_escapes(url: str) -> None:
    code, out, err = run_in("iso8859-2", "player", "list", "--json", "--db", url)
    assert (code, err) == (0, "")
    assert "\\u0412" in out  # В
    assert {row["name"] for row in json.loads(out)} >= {"Вера Иванова", "王伟", "Paweł Ząb"}


@pytest.mark.parametrize(("text", "encoding", "shown"), [
    ("Вера", "iso8859-2", "Vera"),
    ("王伟", "iso8859-2", "wáng wěi"),  # ě is Latin-2's, kept
    ("王伟", "latin-1", "wáng wei"),  # Latin-1 has no ě: its accent goes
    ("Ωμέγα", "cp1250", "Oméga"),  # cp1250 has é, not Ō
    ("😀", "cp1250", "\\U0001f600"),  # no Latin form: an escape
    ("Юрий Щукин", "iso8859-2", "Yuriy Shchukin"),
    ("Kami\udcf1ski", "iso8859-2", "Kamiński"),  # a file name's undecodable byte goes back as given
])
def test_readable_text(text: str, encoding: str, shown: str) -> None:
    from tourney.cli._terminal_text import readable_bytes

    assert readable_bytes(text, encoding).decode(encoding) == shown


def test_columns_stay_in_line_when_a_name_prints_longer(url: str) -> None:
    code, out, _err = run_in("iso8859-2", "tables", "1", "--db", url)
    rows = [line for line in out.splitlines() if line.lstrip().startswith("seat ")]
    assert code == 0 and any("wáng wěi" in row for row in rows)
    assert len({row.index(" card") for row in rows}) == 1, rows


def test_a_piped_desk_echoes_a_line_that_is_not_utf8_as_its_bytes(url: str) -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-m", "tourney", "desk", "--db", url], input=b"player show Kami\xb6ski\n",
                          capture_output=True, timeout=60, check=False, env={"PATH": "", "PYTHONIOENCODING": "utf-8"})
    assert done.stdout == b"Friday> player show Kami\xb6ski\n"
    assert done.stderr.startswith(b"error: the line 'player show Kami\\xb6ski' is not UTF-8")
