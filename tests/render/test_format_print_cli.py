"""`tourney print bracket` (and the wall's /bracket) on a live knockout made through the CLI."""

from __future__ import annotations

import asyncio
from pathlib import Path

from html_support import parse
from render_events import EVIL
from typer.testing import CliRunner, Result

from tourney.cli import app
from tourney.engine.formats.live import BracketView
from tourney.engine.tournament import TournamentState
from tourney.storage.db import open_database
from tourney.storage.events import snapshot

runner = CliRunner()
NAMES = [EVIL, "Łukasz Żółć", "Хлюстовщик", "Ann", "Bob", "Cy", "Dee"]


def run(*args: str) -> Result:
    result = runner.invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result


def current(url: str) -> TournamentState:
    with open_database(url, create=False, read_only=True) as database:
        return snapshot(database).state


def serve_bracket(url: str) -> str:
    """The wall display's /bracket page, through its handler (no socket)."""
    from starlette.requests import Request

    from tourney.web.app import build_app

    with open_database(url, create=False, read_only=True) as database:
        route = next(r for r in build_app(database, None).routes if getattr(r, "path", "") == "/bracket")
        scope = {"type": "http", "method": "GET", "path": "/bracket", "headers": [], "query_string": b""}
        response = asyncio.run(route.endpoint(Request(scope)))  # type: ignore[attr-defined]
    assert response.status_code == 200
    return bytes(response.body).decode()


def test_print_bracket_of_a_live_knockout(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'ko.db'}"
    run("new", "Duel <Cup>", "--game", "khlyust", "--format", "knockout", "--third-place", "--db", url)
    before = runner.invoke(app, ["print", "bracket", "--db", url])
    assert before.exit_code == 1 and before.stderr.startswith("error: no seats have been drawn yet")
    run("player", "add", *NAMES, "--db", url)
    run("seat", "--db", url)
    middle = parse(run("print", "bracket", "--db", url).stdout)
    assert len(middle.find_all("div", "m-ready")) == 3  # 7 players: three duels, seed 1's bye
    assert any("table 1" in s for s in middle.texts(cls="strip"))
    for _ in range(10):  # the higher seat wins every duel, round after round
        state = current(url)
        if state.complete:
            break
        for table in state.tables:
            if not table.finished:
                run("finish", str(table.number), table.seats[0], table.seats[1], "--db", url)
        if not current(url).complete:
            run("advance", "--db", url)
            if not current(url).complete and all(t.finished for t in current(url).tables):
                run("seat", "--db", url)
    state = current(url)
    assert state.complete
    view = state.format_view()
    assert isinstance(view, BracketView) and view.champion is not None
    html = run("print", "bracket", "--db", url).stdout
    assert "<script>alert" not in html
    root = parse(html)
    assert root.texts(cls="champion-name") == [view.champion]
    final = next(b for b in root.find_all("div", "mbox") if b.attrs["data-match"] == "W3-1")
    assert "champion-path" in final.classes
    lines = {(p.attrs["data-from"], p.attrs["data-to"]) for p in root.find_all("path")}
    assert {("W1-1", "W2-1"), ("W2-1", "W3-1"), ("W2-2", "W3-1")} <= lines
    assert "3P" in {b.attrs["data-match"] for b in root.find_all("div", "mbox")}
    shown = " ".join(n.text() for n in root.find_all("span", "name"))
    assert all(name in shown for name in NAMES)
    wall = parse(serve_bracket(url))  # the wall display serves the same sheet, live
    assert wall.texts(cls="champion-name") == [view.champion] and wall.find_all("nav", "live-nav")
    out = tmp_path / "sheets"
    run("print", "all", "-o", str(out), "--db", url)
    assert "Bracket" in (out / "bracket.html").read_text(encoding="utf-8")
