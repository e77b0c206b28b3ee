"""The director's console, printing and export over HTTP (a real `tourney serve --lan`): every sheet
as `tourney print` prints it, downloads named after a Polish event, the standings byte for byte as
`tourney standings --csv/--json` print them, the backup as a download that opens or restores, and
the director's token guarding every route."""

from __future__ import annotations

import re
import sqlite3
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from email.message import Message
from pathlib import Path

import pytest
from floor_support import NAMES, serving, sqlite_url
from typer.testing import CliRunner

from tourney import app
from tourney.app.floor.floor_read import read_floor
from tourney.app.floor.sheets import SHEETS
from tourney.app.operations.backup import restore
from tourney.cli import app as cli

EVENT = "Wieczór w Łodzi"  # ó and ł: the second has no decomposition to an ASCII letter
runner = CliRunner()


class Answer:
    def __init__(self, status: int, headers: Message, body: bytes) -> None:
        self.status, self.headers, self.body = status, headers, body

    @property
    def text(self) -> str:
        return self.body.decode()


def get(url: str) -> Answer:
    try:
        with urllib.request.urlopen(url, timeout=20) as response:
            return Answer(response.status, response.headers, response.read())
    except urllib.error.HTTPError as error:
        return Answer(error.code, error.headers, error.read())


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, str]]:
    """(base URL, database URL, the director's path): eight players seated, one round entered."""
    url = sqlite_url(tmp_path_factory.mktemp("console"))
    app.new_tournament(EVENT, game="pp", seed=11, db=url)
    app.add_players(NAMES, db=url)
    app.seat(db=url)
    loser = read_floor(url, None).state.tables[0].seats[0]
    app.enter_result(1, loser, db=url)
    with serving(url) as (base, _process):
        yield base, url, f"/director/{read_floor(url, None).director_link()}"


def printed(*args: str) -> bytes:
    result = runner.invoke(cli, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout_bytes


def title(html: str) -> str:
    found = re.search(r"<title>(.*?)</title>", html, re.S)
    assert found is not None
    return found.group(1)


def test_every_sheet_opens_as_tourney_print_prints_it(served: tuple[str, str, str]) -> None:
    base, url, director = served
    for kind in SHEETS:
        answer = get(f"{base}{director}/print/{kind}")
        assert answer.status == 200, kind
        assert answer.headers["content-type"].startswith("text/html")
        assert "content-disposition" not in answer.headers  # opened, not downloaded
        assert answer.body == printed("print", kind, "--db", url), kind
        assert EVENT in title(answer.text)
    for kind in ("seating", "table-sheets"):
        answer = get(f"{base}{director}/print/{kind}?links=1")
        assert answer.status == 200 and "<svg" in answer.text, kind
        assert answer.body == printed("print", kind, "--links", base, "--db", url), kind
    letter = get(f"{base}{director}/print/standings?paper=letter")
    assert letter.body == printed("print", "standings", "--paper", "letter", "--db", url)
    assert get(f"{base}{director}/print/standings?paper=a3").status == 400


def test_a_sheet_is_not_frameable_and_keeps_its_inline_styles(served: tuple[str, str, str]) -> None:
    base, _url, director = served
    for path in ("/print", "/print/table-sheets?links=1", "/export/standings.csv", "/export/backup"):
        answer = get(f"{base}{director}{path}")
        assert answer.status == 200, path
        policy = answer.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in policy and answer.headers["x-frame-options"] == "DENY", path
        assert "style-src 'self' 'unsafe-inline'" in policy, path
        assert answer.headers["cache-control"] == "no-store", path


def test_a_download_is_named_after_the_event_in_utf8_with_an_ascii_fallback(served: tuple[str, str, str]) -> None:
    base, _url, director = served
    answer = get(f"{base}{director}/print/seat-cards?download=1")
    assert answer.status == 200 and answer.headers["content-type"].startswith("text/html")
    disposition = answer.headers["content-disposition"]
    assert disposition.startswith('attachment; filename="Wieczor w Lodzi-seat-cards.html"; ')
    encoded = disposition.split("filename*=UTF-8''", 1)[1]
    assert urllib.parse.unquote(encoded) == f"{EVENT}-seat-cards.html"
    linked = get(f"{base}{director}/print/table-sheets?links=1&download=1").headers["content-disposition"]
    assert 'filename="Wieczor w Lodzi-table-sheets-links.html"' in linked
    assert disposition.isascii() and linked.isascii()


def test_the_standings_are_the_bytes_the_cli_prints(served: tuple[str, str, str]) -> None:
    base, url, director = served
    csv = get(f"{base}{director}/export/standings.csv")
    assert csv.status == 200 and csv.headers["content-type"].startswith("text/csv")
    assert csv.body == printed("standings", "--csv", "--db", url)
    assert "Grażyna".encode() in csv.body
    assert 'filename="Wieczor w Lodzi-standings.csv"' in csv.headers["content-disposition"]
    as_json = get(f"{base}{director}/export/standings.json")
    assert as_json.status == 200 and as_json.headers["content-type"].startswith("application/json")
    assert as_json.body == printed("standings", "--json", "--db", url)


def test_the_backup_downloads_as_a_database_with_every_event(served: tuple[str, str, str],
                                                              tmp_path: Path) -> None:
    base, url, director = served
    answer = get(f"{base}{director}/export/backup")
    assert answer.status == 200 and answer.headers["content-type"] == "application/vnd.sqlite3"
    assert re.search(r'filename="Wieczor w Lodzi-backup-\d{8}-\d{6}\.db"', answer.headers["content-disposition"])
    assert answer.body.startswith(b"SQLite format 3\x00")
    copy = tmp_path / "downloaded.db"
    copy.write_bytes(answer.body)
    assert events_of(copy) == events_of(Path(url.removeprefix("sqlite:///")))
    assert read_floor(f"sqlite:///{copy}", None).state.events == read_floor(url, None).state.events
    assert not list(Path(url.removeprefix("sqlite:///")).parent.glob("*backup*"))  # nothing left beside the database


def test_the_portable_backup_restores_the_event(served: tuple[str, str, str], tmp_path: Path) -> None:
    base, url, director = served
    answer = get(f"{base}{director}/export/backup?portable=1")
    assert answer.status == 200 and answer.headers["content-type"] == "application/jsonl"
    assert re.search(r'filename="Wieczor w Lodzi-backup-\d{8}-\d{6}\.jsonl"', answer.headers["content-disposition"])
    export = tmp_path / "downloaded.jsonl"
    export.write_bytes(answer.body)
    target = sqlite_url(tmp_path, "restored.db")
    restored = restore(str(export), db=target)
    assert restored.tournaments == (EVENT,)
    assert [(e.kind, e.data) for e in read_floor(target, None).state.events] == \
           [(e.kind, e.data) for e in read_floor(url, None).state.events]


def events_of(path: Path) -> list[tuple[str, str]]:
    connection = sqlite3.connect(path)
    try:
        return connection.execute("SELECT kind, data FROM event ORDER BY id").fetchall()
    finally:
        connection.close()


ROUTES = ("/print", "/print/standings", "/print/seating?links=1", "/export/standings.csv",
          "/export/standings.json", "/export/backup", "/export/backup?portable=1")


def test_a_table_token_or_a_wrong_token_is_refused_naming_no_token(served: tuple[str, str, str]) -> None:
    base, url, _director = served
    floor = read_floor(url, None)
    table_token, director_token = floor.table_link(1), floor.director_link()
    for token in (table_token, "b" * 26, director_token[:-1]):
        for path in ROUTES:
            answer = get(f"{base}/director/{token}{path}")
            assert answer.status == 403, (token, path)
            assert answer.headers["content-type"].startswith("text/html")
            assert "content-disposition" not in answer.headers
            assert table_token not in answer.text and director_token not in answer.text


def test_an_unknown_sheet_is_a_404(served: tuple[str, str, str]) -> None:
    base, _url, director = served
    for kind in ("all", "Standings", "scores", "..", "seat_cards"):
        answer = get(f"{base}{director}/print/{urllib.parse.quote(kind)}")
        assert answer.status == 404, kind
        assert "no such sheet" in answer.text


def test_the_print_page_links_every_sheet_and_export_and_names_no_server_path(served: tuple[str, str, str]) -> None:
    base, url, director = served
    floor_page = get(base + director).text
    assert f'href="{director}/print"' in floor_page
    answer = get(f"{base}{director}/print")
    assert answer.status == 200 and title(answer.text) == f"Print and export · {EVENT}"
    page = answer.text
    for kind in SHEETS:
        assert f'href="{director}/print/{kind}"' in page and f'href="{director}/print/{kind}?download=1"' in page
    for kind in ("seating", "table-sheets"):
        assert f'href="{director}/print/{kind}?links=1"' in page
        assert f'href="{director}/print/{kind}?links=1&amp;download=1"' in page
    for export in ("standings.csv", "standings.json", "backup", "backup?portable=1"):
        assert f'href="{director}/export/{export}"' in page
    folder = str(Path(url.removeprefix("sqlite:///")).parent)
    for path in ("/print", *ROUTES[1:5], "/print/nothing", "/print/standings?paper=a3"):
        assert folder not in get(f"{base}{director}{path}").text, path


def test_before_the_draw_and_the_backups_temporary_files_are_gone_once_sent(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = sqlite_url(tmp_path)
    app.new_tournament(EVENT, game="pp", seed=11, db=url)
    app.add_players(NAMES, db=url)
    temporary = tmp_path / "server-tmp"
    temporary.mkdir()
    monkeypatch.setenv("TMPDIR", str(temporary))  # the server's temporary files, and only its
    with serving(url) as (base, _process):
        director = f"{base}/director/{read_floor(url, None).director_link()}"
        # Not seated yet: the seats' sheets wait for the draw, and say so when asked for.
        assert get(f"{director}/print").text.count("after the first seat draw") == 5
        refused = get(f"{director}/print/seating")
        assert refused.status == 409 and "no seats have been drawn yet" in refused.text
        for query in ("", "?portable=1"):
            assert get(f"{director}/export/backup{query}").status == 200
        head = urllib.request.Request(f"{director}/export/backup", method="HEAD")
        with urllib.request.urlopen(head, timeout=20) as response:
            assert response.status == 200 and response.read() == b""
    # The server stopped only once its answers ended, each deleting its backup.
    assert list(temporary.iterdir()) == []


@pytest.mark.parametrize(("event", "full", "fallback"), [
    ("Turniej Łódź", "Turniej Łódź-standings.csv", "Turniej Lodz-standings.csv"),
    ('../a/b\\c:"d"', "_a_b_c_d_-standings.csv", "_a_b_c_d_-standings.csv"),
    ("Хлюст 2026", "Хлюст 2026-standings.csv", "_____ 2026-standings.csv"),
    ("...", "tourney-standings.csv", "tourney-standings.csv"),
])
def test_a_download_name_holds_no_path_and_falls_back_to_ascii(event: str, full: str, fallback: str) -> None:
    from tourney.app.floor.console_exports import download_name

    assert download_name(event, "standings.csv") == (full, fallback)


def test_a_sheet_is_printed_in_the_language_its_address_asks(served: tuple[str, str, str]) -> None:
    """`?lang=ru` prints what `tourney print --lang ru` prints; without it, the event's language."""
    base, url, director = served
    russian = get(f"{base}{director}/print/table-sheets?lang=ru")
    assert russian.status == 200 and '<html lang="ru">' in russian.text
    assert russian.body == printed("print", "table-sheets", "--lang", "ru", "--db", url)
    assert '<html lang="en">' in get(f"{base}{director}/print/standings?lang=xx").text  # unknown: the event's
