"""The corrections section of the director's console over HTTP: a real `tourney serve --lan`; the
log newest first, filtered by table, player (as quick entry reads names) and kind; an undo's
preview in the very lines `tourney undo` prints, confirmed once, and refused when the log moved
since the preview (naming what was entered); the gate's refusals; script in a name as text."""

from __future__ import annotations

import html
import os
import pty
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from console_support import (
    Floor,
    a_few_rounds,
    cli_says,
    director_path,
    notice,
    post_form,
    preview_lines,
    result_ids,
    served,
    twin,
)
from floor_support import NAMES, dump, hidden, request, seated_event, serving, sqlite_url

from tourney import app
from tourney.app.floor.floor_read import open_floor, read_floor


@pytest.fixture(scope="module")
def floor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Floor]:
    """(base URL, database URL) of an evening only read or previewed by its tests."""
    yield from served(tmp_path_factory.mktemp("console-log"), a_few_rounds)


@pytest.fixture
def changing(tmp_path: Path) -> Iterator[Floor]:
    """The same evening, for a test that undoes an entry."""
    yield from served(tmp_path, a_few_rounds)


def log_path(url: str) -> str:
    return director_path(url, "log")


def entries(page: str) -> list[tuple[int, str]]:
    """(id, sentence) of each entry the log's table shows, in order."""
    region = page.split('data-live="log"', 1)[1]
    return [(int(number), html.unescape(text).strip()) for number, text in
            re.findall(r'<td class="num">(\d+)</td>\s*<td class="text">([^<]*)', region)]


def ask_undo(base: str, url: str, event: int) -> tuple[int, str]:
    return post_form(base, log_path(url), f"undo/{event}", {})


def confirm_undo(base: str, url: str, event: int, preview: str) -> tuple[int, str]:
    return request(f"{base}{log_path(url)}/undo/{event}",
                   data={"csrf": hidden(preview, "csrf"), "seen": hidden(preview, "seen"), "confirm": "yes"})


def test_the_director_page_links_the_log_and_the_log_is_newest_first(floor: Floor) -> None:
    base, url = floor
    director = request(base + log_path(url).removesuffix("/log"))[1]
    assert f'href="{log_path(url)}"' in director
    status, page = request(base + log_path(url))
    assert status == 200
    shown = [number for number, _text in entries(page)]
    assert shown == sorted((e.id for e in app.tournament_state(db=url).events), reverse=True)
    assert page.count("Undo…") == len(shown)


def test_the_log_is_filtered_by_table_player_and_kind(floor: Floor) -> None:
    base, url = floor
    state = app.tournament_state(db=url)
    path = base + log_path(url)
    at_two = entries(request(path + "?table=2")[1])
    assert [text for _n, text in at_two] == [f"result table 2: {state.tables[1].seats[0]} loses the round"]
    kinds = {text.split(" ")[0] for _n, text in entries(request(path + "?kind=result")[1])}
    assert kinds == {"result"}
    found = [text for _n, text in entries(request(path + "?player=graz")[1])]  # no diacritics, a prefix
    assert "register Grażyna" in found and all("Grażyna" in text or text.startswith("seat") for text in found)
    assert request(path + "?table=two")[0] == 400


def test_an_undo_preview_is_the_cli_s_lines_and_changes_nothing(floor: Floor, tmp_path: Path) -> None:
    base, url = floor
    target = result_ids(url)[1]  # table 2's only round: nothing later hangs on it
    before = dump(url)
    status, page = ask_undo(base, url, target)
    assert status == 200 and dump(url) == before
    lines = preview_lines(page)
    said = cli_says(twin(url, tmp_path), "undo", str(target)).splitlines()
    assert lines[0] == said[0].replace("Undone:", "Will undo:", 1)
    assert lines[1:] == [line for line in said if line.startswith("  ")]
    assert len(lines) > 1


def test_a_seat_draw_s_preview_names_it_as_the_cli_s_confirmation_does(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    seated_event(url)
    open_floor(db=url)
    leader, follower = pty.openpty()
    try:
        os.write(leader, b"n\n")
        asked = subprocess.run([sys.executable, "-m", "tourney", "undo", "--db", url], stdin=follower,
                               capture_output=True, text=True, timeout=60).stdout
    finally:
        os.close(leader)
        os.close(follower)
    seat = app.tournament_state(db=url).events[-1].id
    with serving(url) as (base, _process):
        lines = preview_lines(ask_undo(base, url, seat)[1])
    asked_lines = [line for line in asked.splitlines() if line.startswith("Will undo:")]
    assert asked_lines and [line for line in lines if line.startswith("Will undo:")] == asked_lines


def test_a_confirmed_undo_is_applied_once(changing: Floor) -> None:
    base, url = changing
    target = result_ids(url)[-1]
    _status, preview = ask_undo(base, url, target)
    status, page = confirm_undo(base, url, target, preview)
    assert status == 200 and notice(page) == f"Undone: event {target}."
    assert "[undone]" in cli_says(url, "log").splitlines()[target - 1]
    after = dump(url)
    status, page = confirm_undo(base, url, target, preview)  # the same form sent again
    assert status == 409 and "since this preview: event" in notice(page)
    assert dump(url) == after


def test_a_confirmation_made_stale_is_refused_with_what_changed(changing: Floor) -> None:
    base, url = changing
    target = result_ids(url)[1]
    _status, preview = ask_undo(base, url, target)
    loser = app.tournament_state(db=url).tables[1].seats[1]
    entered = app.enter_result(2, loser, db=url).state.events[-1]  # the desk, meanwhile
    before = dump(url)
    status, page = confirm_undo(base, url, target, preview)
    assert status == 409 and dump(url) == before
    assert notice(page).startswith(f"since this preview: event {entered.id} result table 2: "
                                   f"{loser} loses the round")


def test_an_undo_a_later_entry_depends_on_is_refused_naming_it(floor: Floor) -> None:
    base, url = floor
    first, later = result_ids(url)[0], result_ids(url)[2]  # two rounds of table 1
    before = dump(url)
    status, page = ask_undo(base, url, first)
    assert status == 409 and str(later) in notice(page) and dump(url) == before


def test_a_table_token_and_a_missing_csrf_are_refused(floor: Floor) -> None:
    base, url = floor
    current = read_floor(url, None)
    path = log_path(url)
    csrf = hidden(request(base + path)[1], "csrf")
    table_path = path.replace(current.director_link(), current.table_link(1))
    target = result_ids(url)[0]
    before = dump(url)
    assert request(base + table_path)[0] == 403
    assert request(f"{base}{table_path}/undo/{target}", data={"csrf": csrf, "confirm": "yes", "seen": "999"})[0] == 403
    assert request(f"{base}{path}/undo/{target}", data={"confirm": "yes", "seen": "999"})[0] == 403
    assert dump(url) == before


def test_script_in_a_name_is_text(floor: Floor) -> None:
    base, url = floor
    assert "<script>alert(1)</script>" in NAMES
    page = request(base + log_path(url) + "?player=%3Cscript")[1]
    assert "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page


def test_a_long_log_is_paged_from_the_last_entry_shown(floor: Floor, monkeypatch: pytest.MonkeyPatch) -> None:
    from tourney.app.floor import console_log

    base, url = floor
    state = app.tournament_state(db=url)
    newest = state.events[-1].id
    monkeypatch.setattr(console_log, "PAGE_SIZE", 3)
    shown, more = console_log.log_lines(state, console_log.LogFilter())
    assert [line.event for line in shown] == [newest, newest - 1, newest - 2] and more
    assert console_log.LogFilter(kind="result", before=shown[-1].event).query() == f"kind=result&before={newest - 2}"
    older = entries(request(f"{base}{log_path(url)}?before={newest - 2}")[1])
    assert [number for number, _text in older] == list(range(newest - 3, 0, -1))
