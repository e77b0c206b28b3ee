"""The floor's links on paper (issue 18): `tourney print table-sheets --links BASE_URL` shows each
table's QR code, `print seating --links` the players' look-up's; without `--links` nothing changes."""

from __future__ import annotations

from pathlib import Path

from floor_support import seated_event, sqlite_url
from typer.testing import CliRunner

from tourney.app.floor.floor_read import open_floor, read_floor
from tourney.app.floor.sheet_links import qr_svg
from tourney.cli import app

runner = CliRunner()
BASE = "http://192.168.1.5:8080"


def printed(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["print", *args])
    return result.exit_code, result.output


def test_each_table_sheet_shows_its_tables_link_as_a_qr_code(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    seated_event(url)
    assert read_floor(url, None).secret is None  # no server ran yet: the links are made on first need
    code, html = printed("table-sheets", "--links", BASE + "/", "--db", url)
    open_floor(db=url)  # the server, started after printing, serves the printed links
    floor = read_floor(url, None)
    assert code == 0, html
    assert html.count("<svg") == len(floor.state.tables) == 2
    for table in floor.state.tables:
        link = f"{BASE}/table/{table.number}/{floor.table_link(table.number)}"  # as the director's page links it
        assert link in html and qr_svg(link) in html
    code, plain = printed("table-sheets", "--db", url)
    assert code == 0 and "<svg" not in plain and "/table/" not in plain


def test_the_seating_sheet_shows_the_lookups_qr_code(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    seated_event(url)
    open_floor(db=url)
    code, html = printed("seating", "--links", BASE, "--db", url)
    assert code == 0, html
    assert html.count("<svg") == 1 and f"{BASE}/find" in html and qr_svg(f"{BASE}/find") in html
    code, plain = printed("seating", "--db", url)
    assert code == 0 and "<svg" not in plain and "/find" not in plain
    code, refused = printed("seating", "--links", "ftp://192.168.1.5", "--db", url)
    assert code != 0 and "--links" in refused
    code, refused = printed("seating", "--links", BASE, "--stage", "2", "--db", url)
    assert code != 0 and "current" in refused
