"""The stage section of the director's console over HTTP: a real `tourney serve --lan`; the plan as
`tourney plan` prints it, the first draw previewed with a seed (nothing stored) then confirmed (that
very draw stored), the advance previewed (who goes on) then confirmed, a preview made stale by
another entry refused with what changed, and the gate's refusals (a table's token, no CSRF)."""

from __future__ import annotations

import html
import re
from pathlib import Path

from floor_support import NAMES, dump, hidden, request, seated_event, serving, sqlite_url
from typer.testing import CliRunner

from tourney import app
from tourney.app.floor.floor_read import open_floor, read_floor
from tourney.app.read_models.table_views import advanced_lines, seated_lines
from tourney.cli import app as cli

runner = CliRunner()


def registered(tmp_path: Path) -> str:
    url = sqlite_url(tmp_path)
    app.new_tournament("Saturday", game="pp", seed=5, db=url)
    app.add_players(NAMES, db=url)
    open_floor(db=url)
    return url


def finished(tmp_path: Path) -> str:
    """An event whose first stage is played out: ready to advance."""
    url = sqlite_url(tmp_path)
    seated_event(url)
    for table in read_floor(url, None).state.tables:
        app.finish(table.number, table.seats, db=url)
    open_floor(db=url)
    return url


def stage_path(url: str) -> str:
    return f"/director/{read_floor(url, None).director_link()}/stage"


def block(page: str, element_id: str) -> list[str]:
    """The lines of the page's <pre id=...>, as text."""
    found = re.search(rf'<pre id="{element_id}">(.*?)</pre>', page, re.S)
    assert found is not None, f"no {element_id} on the page"
    return html.unescape(found.group(1)).split("\n")


def notice(page: str) -> str:
    found = re.search(r'role="status">([^<]*)<', page)
    assert found is not None, "no notice on the page"
    return html.unescape(found.group(1))


def post(base: str, url: str, action: str, form: dict[str, str]) -> tuple[int, str]:
    path = stage_path(url)
    csrf = hidden(request(base + path.removesuffix("/stage"))[1], "csrf")  # the director's page has a form
    return request(f"{base}{path}/{action}", data={"csrf": csrf, **form})


def confirmation(page: str) -> dict[str, str]:
    """The hidden fields of the page's confirmation form, sent back as the browser would."""
    form = re.search(r'<form[^>]*class="card confirm".*?</form>', page, re.S)
    assert form is not None, "no confirmation on the page"
    return {name: html.unescape(value) for name, value in
            re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', form.group(0)) if name != "csrf"}


def test_the_plan_is_what_tourney_plan_prints(tmp_path: Path) -> None:
    url = registered(tmp_path)
    printed = runner.invoke(cli, ["plan", "--db", url])
    assert printed.exit_code == 0, printed.output
    with serving(url) as (base, _process):
        status, shown = request(base + stage_path(url))
    assert status == 200
    assert block(shown, "plan") == printed.output.rstrip("\n").split("\n")
    assert 'id="draw"' in shown and "<script>alert" not in shown


def test_the_draw_is_previewed_with_its_seed_then_that_draw_is_stored(tmp_path: Path) -> None:
    url = registered(tmp_path)
    with serving(url) as (base, _process):
        before = dump(url)
        status, previewed = post(base, url, "draw", {"seed": "4242"})
        assert status == 200 and dump(url) == before, "a preview stores nothing"
        lines = block(previewed, "draw-preview")
        assert lines[0].startswith("Stage 1 seated (seed 4242)")
        fields = confirmation(previewed)
        assert fields["seed"] == "4242" and fields["confirm"] == "yes"
        status, done = post(base, url, "draw", fields)
        assert status == 200, notice(done)
        state = read_floor(url, None).state
        assert state.seeds[1] == 4242 and list(seated_lines(state)) == lines
        assert 'id="redraw"' in done and 'id="draw"' not in done
        status, again = post(base, url, "draw", {"seed": "1"})
        assert status == 400 and "undo of the seat draw" in notice(again)


def test_the_advance_is_previewed_with_who_goes_on_then_stored(tmp_path: Path) -> None:
    url = finished(tmp_path)
    with serving(url) as (base, _process):
        before = dump(url)
        status, previewed = post(base, url, "advance", {})
        assert status == 200 and dump(url) == before, "a preview stores nothing"
        lines = block(previewed, "advance-preview")
        assert lines[0].startswith("Stage 1 closed;") and " advance: " in lines[0]
        status, done = post(base, url, "advance", confirmation(previewed))
        assert status == 200, notice(done)
        state = read_floor(url, None).state
        assert state.stage == 2
        moving = lines[0].split(" advance: ", 1)[1].removesuffix(".").split(", ")
        assert list(advanced_lines(state, tuple(moving))) == lines
        assert set(moving) == {name for table in state.tables for name in table.seats}


def test_a_preview_made_stale_by_another_entry_is_refused_with_what_changed(tmp_path: Path) -> None:
    url = registered(tmp_path)
    with serving(url) as (base, _process):
        status, previewed = post(base, url, "draw", {})
        assert status == 200
        app.add_players(["Zenon"], db=url)  # the desk, meanwhile
        before = dump(url)
        status, refused = post(base, url, "draw", confirmation(previewed))
        assert status == 409 and dump(url) == before
        said = notice(refused)
        assert "the log moved since this preview" in said and "Zenon" in said
        assert read_floor(url, None).state.stage == 0


def test_a_stale_advance_is_refused(tmp_path: Path) -> None:
    url = finished(tmp_path)
    with serving(url) as (base, _process):
        previewed = post(base, url, "advance", {})[1]
        app.rename("Anna", "Anna Nowak", db=url)
        before = dump(url)
        status, refused = post(base, url, "advance", confirmation(previewed))
        assert status == 409 and dump(url) == before and "Anna Nowak" in notice(refused)


def test_a_table_token_and_a_missing_csrf_are_refused(tmp_path: Path) -> None:
    url = registered(tmp_path)
    app.seat(db=url)
    with serving(url) as (base, _process):
        current = read_floor(url, None)
        path = stage_path(url)
        csrf = hidden(request(base + path.removesuffix("/stage"))[1], "csrf")
        table_path = path.replace(current.director_link(), current.table_link(1))
        assert request(base + table_path)[0] == 403
        before = dump(url)
        assert request(base + table_path + "/advance", data={"csrf": csrf})[0] == 403
        assert request(base + path + "/draw", data={"seed": "3"})[0] == 403
        assert request(base + path + "/advance", data={"confirm": "yes", "seen": "99"})[0] == 403
        assert dump(url) == before
