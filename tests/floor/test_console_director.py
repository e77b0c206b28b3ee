"""The finishing touches of the director's page over HTTP (a real `tourney serve --lan`): its Undo…
is the log's, previewed in the very lines `tourney undo` prints and confirmed with the `seen` of
that preview (stale: 409, nothing stored), the older `/undo/ID` route included; how reports are
taken set from the page as `tourney pending --mode` sets it; the print page's console nav line;
the gate's refusals (a table's token, no CSRF)."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from console_support import (
    Floor,
    a_few_rounds,
    cli_says,
    director_path,
    notice,
    preview_lines,
    result_ids,
    served,
    twin,
)
from floor_support import dump, hidden, request

from tourney import app
from tourney.app.floor.floor_read import read_floor


@pytest.fixture
def changing(tmp_path: Path) -> Iterator[Floor]:
    """(base URL, database URL) of a seated evening with a few rounds entered."""
    yield from served(tmp_path, a_few_rounds)


def undo_action(page: str, event: int) -> str:
    """Where the director's page's Undo… of `event` posts."""
    found = re.search(rf'<li data-event="{event}">.*?<form method="post" action="([^"]+)"', page, re.S)
    assert found is not None, f"no Undo… of event {event} on the page"
    return html.unescape(found.group(1))


def test_the_floor_s_undo_shows_the_cli_s_preview_then_undoes_once(changing: Floor, tmp_path: Path) -> None:
    base, url = changing
    director = director_path(url)
    target = result_ids(url)[1]  # table 2's only round: nothing later hangs on it
    page = request(base + director)[1]
    action = undo_action(page, target)
    assert action == f"{director}/log/undo/{target}"
    before = dump(url)
    status, asked = request(base + action, data={"csrf": hidden(page, "csrf")})
    assert status == 200 and dump(url) == before
    said = cli_says(twin(url, tmp_path), "undo", str(target)).splitlines()
    lines = preview_lines(asked)
    assert lines[0] == said[0].replace("Undone:", "Will undo:", 1)
    assert lines[1:] == [line for line in said if line.startswith("  ")] and len(lines) > 1
    form = {"csrf": hidden(asked, "csrf"), "confirm": "yes", "seen": hidden(asked, "seen")}
    status, done = request(base + action, data=form)
    assert status == 200 and notice(done) == f"Undone: event {target}."
    assert next(e for e in app.tournament_state(db=url).events if e.kind == "undo").data["target"] == target


@pytest.mark.parametrize("route", ["log/undo", "undo"])
def test_a_preview_made_stale_is_refused_naming_the_entry(changing: Floor, route: str) -> None:
    base, url = changing
    director = director_path(url)
    target = result_ids(url)[1]
    csrf = hidden(request(base + director)[1], "csrf")
    asked = request(f"{base}{director}/{route}/{target}", data={"csrf": csrf})[1]
    loser = app.tournament_state(db=url).tables[1].seats[1]
    entered = app.enter_result(2, loser, db=url).state.events[-1]  # the desk, meanwhile
    before = dump(url)
    status, page = request(f"{base}{director}/{route}/{target}",
                           data={"csrf": csrf, "confirm": "yes", "seen": hidden(asked, "seen")})
    assert status == 409 and dump(url) == before
    assert notice(page).startswith(f"since this preview: event {entered.id} result table 2: {loser} loses the round")


def test_the_older_route_s_bare_confirmation_is_shown_the_preview(changing: Floor) -> None:
    base, url = changing
    director = director_path(url)
    target = result_ids(url)[1]
    csrf = hidden(request(base + director)[1], "csrf")
    before = dump(url)
    status, page = request(f"{base}{director}/undo/{target}", data={"csrf": csrf, "confirm": "yes"})
    assert status == 200 and dump(url) == before
    assert preview_lines(page)[0].startswith(f"Will undo: event {target} (")
    assert f"Confirm: undo event {target}" in page


def test_the_mode_is_stored_as_tourney_pending_stores_it(changing: Floor, tmp_path: Path) -> None:
    base, url = changing
    director = director_path(url)
    page = request(base + director)[1]
    assert "<code>tourney pending --mode approve</code>" in page and 'name="mode" value="apply"' in page
    typed = twin(url, tmp_path)
    for mode in ("apply", "approve"):
        status, after = request(f"{base}{director}/mode", data={"csrf": hidden(page, "csrf"), "mode": mode})
        said = cli_says(typed, "pending", "--mode", mode).splitlines()
        assert status == 200 and notice(after) == said[0]
        assert read_floor(url, None).mode == mode
        assert dump(url)["setting"] == dump(typed)["setting"]
        assert f"<code>tourney pending --mode {mode}</code>" in after
    before = dump(url)
    status, refused = request(f"{base}{director}/mode", data={"csrf": hidden(page, "csrf"), "mode": "<b>always"})
    assert status == 400 and dump(url) == before and "<b>always" not in refused


def test_a_table_token_and_a_missing_csrf_are_refused(changing: Floor) -> None:
    base, url = changing
    current = read_floor(url, None)
    director = director_path(url)
    csrf = hidden(request(base + director)[1], "csrf")
    table = director.replace(current.director_link(), current.table_link(1))
    target = result_ids(url)[1]
    before = dump(url)
    for path, form in ((f"{table}/mode", {"csrf": csrf, "mode": "apply"}),
                       (f"{director}/mode", {"mode": "apply"}),
                       (f"{table}/undo/{target}", {"csrf": csrf, "confirm": "yes", "seen": "999"}),
                       (f"{director}/undo/{target}", {"confirm": "yes", "seen": "999"})):
        assert request(base + path, data=form)[0] == 403, path
    assert dump(url) == before


def test_the_print_page_has_the_console_s_nav_line_not_printed(changing: Floor) -> None:
    base, url = changing
    director = director_path(url)
    page = request(f"{base}{director}/print")[1]
    nav = page.split('<nav class="console"', 1)[1].split("</nav>", 1)[0]
    assert '<span aria-current="page">Print</span>' in nav
    for path in ("", "/results", "/players", "/stage", "/log", "/events"):
        assert f'href="{director}{path}"' in nav, path
    assert "@media print { nav.console { display: none; } }" in page
