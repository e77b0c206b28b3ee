"""Every sheet of the toy format (king of the hill, tests/toy_format.py), registered only here, from
`tourney print`: rendered without a change outside the toy's module, in the format's words (its
label, "round", a round's table sheet); it has no bracket sheet (`view_kind` None), so `print
bracket` says so in one line and `print all` and the wall leave it out; the wall display serves
the same pages."""

from __future__ import annotations

from pathlib import Path

from html_support import parse
from toy_format import NAME
from toy_format_cli import PLAYERS, hill_url, lines, run, runner, toy_registered  # noqa: F401 (fixtures)

from tourney.cli import app


def _played(url: str) -> None:
    """A whole event of the toy: seeded by list, Bob beats Ada, Cy beats Bob, Dee beats Cy."""
    created = run(url, "new", "Hill", "--game", "khlyust", "--format", NAME, "--seeding", "list", "--seed", "5")
    assert created.startswith(f"Created tournament 'Hill' (id 1, khlyust, {NAME}, seeded by list, seed 5)")
    run(url, "player", "add", *PLAYERS)
    run(url, "seat")
    run(url, "result", "1", "Ada")
    run(url, "advance")
    run(url, "finish", "1", "Cy", "Bob")
    run(url, "advance")
    run(url, "result", "1", "Cy")


def test_every_sheet_of_the_toy_prints_in_its_words(url: str, tmp_path: Path) -> None:
    _played(url)
    where = "Хлюст · {date} · king of the hill · complete"
    pages = {sheet: parse(run(url, "print", sheet))
             for sheet in ("standings", "seating", "seat-cards", "table-sheets")}
    for sheet, page in pages.items():
        header = page.texts("p")[0]
        assert header == where.format(date=header.split(" · ")[1]), sheet
    standings = pages["standings"]
    assert standings.texts("th") == ["Rank", "Player", "Club", "Round", "Table", "Place"]
    assert standings.texts("p")[2].startswith("Seat draws: round 1 seed ")
    assert [row[:2] for row in (r.texts("td") for r in standings.find_all("tr")) if row] == [
        ["1", "Dee"], ["2", "Cy"], ["3", "Bob"], ["4", "Ada"]]
    # No fallback to the stages' tree: the format has no bracket sheet, and says so in one line.
    refused = runner.invoke(app, ["print", "bracket", "--db", url])
    assert (refused.exit_code, refused.stdout, refused.stderr) == (
        1, "", "error: king of the hill has no bracket sheet\n")
    assert pages["seating"].texts("h1")[0].startswith("HillSeating, round 3 (draw seed ")
    assert parse(run(url, "print", "seating", "--stage", "1")).texts("h1")[0].startswith(
        "HillSeating, round 1 (draw seed ")
    assert "Hill · Хлюст · round 3" in " ".join(pages["seat-cards"].texts())
    sheets = pages["table-sheets"]
    assert sheets.texts("h2") == ["Table 1 · round 3"]
    assert sheets.texts("p")[1] == "Cy meets Dee in one game; enter its result when it ends."
    written = lines(url, "print", "all", "-o", str(tmp_path / "sheets"))
    assert sorted(Path(p).name for p in written) == sorted(f"{sheet}.html" for sheet in pages)


def test_the_bracket_sheet_waits_for_round_1(url: str, tmp_path: Path) -> None:
    run(url, "new", "Hill", "--game", "khlyust", "--format", NAME)
    run(url, "player", "add", *PLAYERS)
    written = lines(url, "print", "all", "-o", str(tmp_path / "early"))
    assert [Path(p).name for p in written] == ["standings.html"]
    refused = runner.invoke(app, ["print", "seating", "--db", url])
    assert refused.exit_code == 1 and refused.stderr.startswith(
        "error: no seats have been drawn yet: `tourney seat` draws round 1")


def test_the_wall_shows_the_toy_as_print_does(url: str) -> None:
    import asyncio

    from starlette.requests import Request

    from tourney.storage.db import open_database
    from tourney.web.app import build_app

    _played(url)
    with open_database(url, create=False, read_only=True) as database:
        routes = {getattr(r, "path", ""): r for r in build_app(database, None).routes}

        def fetched(path: str) -> tuple[int, str]:
            scope = {"type": "http", "method": "GET", "path": path, "headers": [], "query_string": b""}
            response = asyncio.run(routes[path].endpoint(Request(scope)))  # type: ignore[attr-defined]
            return response.status_code, bytes(response.body).decode()

        for path in ("/standings", "/seating"):
            status, body = fetched(path)
            assert status == 200, path
            page = parse(body)
            assert "king of the hill · complete" in page.texts("p")[0], path
            assert page.texts("nav") == ["Standings Seating"], path  # no bracket offered
        status, body = fetched("/bracket")
        assert status == 404 and "king of the hill has no bracket sheet" in parse(body).texts("p")
