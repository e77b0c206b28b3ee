"""A correction from the console's log over HTTP (a real `tourney serve --lan`): each entry
`tourney correct` takes links its form; the preview is the very lines `tourney correct ID ...`
prints without --yes (compared on a twin database), nothing stored; the confirmation stores the
event `tourney correct ... --yes` stores; a preview made stale is refused (409) naming the entries
since; a correction a later entry cannot survive is refused in the command's words; the gate's
refusals (a table's token, no CSRF); script in a name stays text."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from console_support import Floor, director_path, notice, preview_lines, run_cli, served, twin
from floor_support import NAMES, dump, hidden, request, seated_event, serving, sqlite_url

from tourney import app
from tourney.app.floor.floor_read import open_floor, read_floor


def _evening(url: str) -> None:
    """Two rounds at table 1, table 2 finished at once (winner first: its seats' order)."""
    seated_event(url)
    state = app.tournament_state(db=url)
    first = state.tables[0].seats
    app.enter_result(1, first[0], db=url)
    app.enter_result(1, first[1], db=url)
    app.finish(2, state.tables[1].seats, db=url)
    open_floor(db=url)


@pytest.fixture(scope="module")
def floor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Floor]:
    """(base URL, database URL) of an evening only read or previewed by its tests."""
    yield from served(tmp_path_factory.mktemp("console-correct"), _evening)


@pytest.fixture
def changing(tmp_path: Path) -> Iterator[Floor]:
    """The same evening, for a test that stores a correction."""
    yield from served(tmp_path, _evening)


def log_path(url: str) -> str:
    return director_path(url, "log")


def last(url: str, kind: str) -> int:
    return next(e.id for e in reversed(app.tournament_state(db=url).events) if e.kind == kind)


def confirmation(page: str) -> dict[str, Any]:
    """The confirmation form's fields (a repeated one as a list), sent back as the browser would."""
    form = re.search(r'<form[^>]*id="confirm-correct".*?</form>', page, re.S)
    assert form is not None, "no confirmation on the page"
    fields: dict[str, Any] = {}
    for name, value in re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', form.group(0)):
        fields.setdefault(name, []).append(html.unescape(value))
    return fields


def ask(base: str, url: str, event: int, form: dict[str, Any]) -> tuple[int, str]:
    """The form's page, then its preview with `form`."""
    path = f"{log_path(url)}/correct/{event}"
    status, page = request(base + path)
    assert status == 200, page
    return request(base + path, data={"csrf": hidden(page, "csrf"), **form})


def said_without_yes(url: str, *args: str) -> list[str]:
    """What `tourney correct ARGS` prints, without its last line (which tells to run it with --yes:
    the page's Confirm does that)."""
    done = run_cli(url, "correct", *args)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[-1] == "Not applied: run again with --yes to apply it."
    return lines[:-1]


def test_each_entry_tourney_correct_takes_links_its_form(floor: Floor) -> None:
    base, url = floor
    page = request(base + log_path(url))[1]
    linked = {int(n) for n in re.findall(r'/log/correct/(\d+)"', page)}
    state = app.tournament_state(db=url)
    assert linked == {e.id for e in state.events if e.kind in ("register", "result", "finish")}
    seat = last(url, "seat")
    status, refused = request(f"{base}{log_path(url)}/correct/{seat}")
    assert status == 404 and "cannot be corrected" in notice(refused)


def test_a_result_s_preview_is_the_cli_s_lines_and_stores_nothing(floor: Floor, tmp_path: Path) -> None:
    base, url = floor
    target = last(url, "result")
    seats = app.tournament_state(db=url).tables[0].seats
    form = request(f"{base}{log_path(url)}/correct/{target}")[1]
    assert f'name="loser" value="{html.escape(seats[1])}"' in form  # filled with the loser now
    typed = "cel"  # a prefix, as quick entry reads names
    before = dump(url)
    status, page = ask(base, url, target, {"loser": typed})
    assert status == 200 and dump(url) == before, "a preview stores nothing"
    lines = preview_lines(page)
    assert lines == said_without_yes(twin(url, tmp_path), str(target), "--loser", typed)
    assert lines[0].endswith("loser is Celina.") and len(lines) > 1
    assert confirmation(page)["loser"] == [typed] and confirmation(page)["confirm"] == ["yes"]


def test_a_finish_s_preview_is_the_cli_s_lines(floor: Floor, tmp_path: Path) -> None:
    base, url = floor
    target = last(url, "finish")
    order = app.tournament_state(db=url).tables[1].seats
    form = request(f"{base}{log_path(url)}/correct/{target}")[1]
    assert re.findall(r'name="value" value="([^"]*)"', form)[:4] == [html.escape(n) for n in order]
    typed = [order[1], order[0], "graz", order[2]]  # no diacritics needed
    status, page = ask(base, url, target, {"value": typed})
    assert status == 200
    assert preview_lines(page) == said_without_yes(twin(url, tmp_path), str(target), "--order", *typed)


def test_a_confirmed_correction_is_the_event_tourney_correct_yes_stores(changing: Floor, tmp_path: Path) -> None:
    base, url = changing
    target = last(url, "result")
    desk = twin(url, tmp_path)
    status, page = ask(base, url, target, {"loser": "cel"})
    status, done = request(f"{base}{log_path(url)}/correct/{target}", data=confirmation(page))
    stored = app.tournament_state(db=url).events[-1]
    assert status == 200 and notice(done) == f"Applied as event {stored.id}."
    applied = run_cli(desk, "correct", str(target), "--loser", "cel", "--yes")
    assert applied.returncode == 0 and f"Applied as event {stored.id}." in applied.stdout.splitlines()
    typed_there = app.tournament_state(db=desk).events[-1]
    assert (stored.id, stored.kind, stored.data) == (typed_there.id, typed_there.kind, typed_there.data)
    assert f"corrected by {stored.id}" in done  # the log shows it
    after = dump(url)
    status, again = request(f"{base}{log_path(url)}/correct/{target}", data=confirmation(page))  # sent twice
    assert status == 409 and "the log moved since this preview" in notice(again) and dump(url) == after


def test_a_registration_is_corrected_by_what_changed_only(changing: Floor, tmp_path: Path) -> None:
    base, url = changing
    desk = twin(url, tmp_path)
    status, page = ask(base, url, 1, {"name": "Anna Nowak", "club": ""})  # Anna had no club: only the name
    assert status == 200
    assert preview_lines(page) == said_without_yes(desk, "1", "--name", "Anna Nowak")
    status, done = request(f"{base}{log_path(url)}/correct/1", data=confirmation(page))
    assert status == 200, notice(done)
    assert run_cli(desk, "correct", "1", "--name", "Anna Nowak", "--yes").returncode == 0
    ours, theirs = app.tournament_state(db=url).events[-1], app.tournament_state(db=desk).events[-1]
    assert ours.data == theirs.data == {"target": 1, "name": "Anna Nowak"}


def test_a_stale_confirmation_is_refused_with_what_changed(changing: Floor) -> None:
    base, url = changing
    target = last(url, "result")
    _status, page = ask(base, url, target, {"loser": "cel"})
    loser = app.tournament_state(db=url).tables[0].seats[2]
    entered = app.enter_result(1, loser, db=url).state.events[-1]  # the desk, meanwhile
    before = dump(url)
    status, refused = request(f"{base}{log_path(url)}/correct/{target}", data=confirmation(page))
    assert status == 409 and dump(url) == before
    said = notice(refused)
    assert said.startswith(f"the log moved since this preview (it saw event {entered.id - 1}): {entered.id} result")
    assert 'name="loser" value="cel"' in refused  # what was typed stays in the form


def test_a_correction_a_later_entry_cannot_survive_is_refused_in_the_cli_s_words(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    seated_event(url)
    for table in app.tournament_state(db=url).tables:
        app.finish(table.number, table.seats, db=url)
    app.advance(db=url)
    open_floor(db=url)
    target = next(e.id for e in app.tournament_state(db=url).events if e.kind == "finish")
    order = app.tournament_state(db=url).history[0][0].seats
    reversed_order = list(reversed(order))  # the two who went on did not
    refused_there = run_cli(twin(url, tmp_path), "correct", str(target), "--order", *reversed_order)
    assert refused_there.returncode == 1
    with serving(url) as (base, _process):
        before = dump(url)
        status, page = ask(base, url, target, {"value": reversed_order})
        assert status == 409 and dump(url) == before
        assert "confirm-correct" not in page
        assert f"error: {notice(page)}" == refused_there.stderr.strip()


def test_script_in_a_name_is_text(floor: Floor) -> None:
    base, url = floor
    assert "<script>alert(1)</script>" in NAMES
    target = last(url, "result")
    form = request(f"{base}{log_path(url)}/correct/{target}")[1]
    assert "<script>alert" not in form and "&lt;script&gt;alert(1)&lt;/script&gt;" in form
    status, page = ask(base, url, target, {"loser": "<script>alert(1)</script>"})
    assert status == 200 and "<script>alert" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    status, page = ask(base, url, 1, {"name": "<img src=x onerror=alert(2)>"})
    assert status == 200 and "<img src=x" not in page and "&lt;img src=x onerror=alert(2)&gt;" in page


def test_a_table_token_and_a_missing_csrf_are_refused(floor: Floor) -> None:
    base, url = floor
    current = read_floor(url, None)
    path = f"{log_path(url)}/correct/{last(url, 'result')}"
    csrf = hidden(request(base + path)[1], "csrf")
    table_path = path.replace(current.director_link(), current.table_link(1))
    before = dump(url)
    assert request(base + table_path)[0] == 403
    assert request(base + table_path, data={"csrf": csrf, "loser": "cel"})[0] == 403
    assert request(base + path, data={"loser": "cel", "confirm": "yes", "seen": "999"})[0] == 403
    assert request(base + path, data={"csrf": "forged", "loser": "cel", "confirm": "yes", "seen": "999"})[0] == 403
    assert request(base + path, data={"csrf": csrf, "loser": "cel", "confirm": "yes"})[0] == 400  # no preview seen
    assert dump(url) == before


def test_a_chip_count_s_correction_is_the_cli_s_and_a_multipart_form_is_refused(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    seated_event(url, game="chlust", names=["Anna", "Bartosz", "Celina", "Dawid"])
    seats = app.tournament_state(db=url).tables[0].seats
    app.enter_chips(1, [f"{name}={count}" for name, count in zip(seats, (35, 25, 15, 5), strict=True)], db=url)
    open_floor(db=url)
    target = last(url, "chips")
    desk = twin(url, tmp_path)
    typed = [f"{seats[1][:3].lower()}=40", f"{seats[0]}=20", f"{seats[2]}=15", f"{seats[3]}=5"]
    with serving(url) as (base, _process):
        form = request(f"{base}{log_path(url)}/correct/{target}")[1]
        filled = re.findall(r'name="value" value="([^"]*)"', form)  # the counts in effect, in the entry's order
        assert sorted(filled) == sorted(f"{name}={count}" for name, count in zip(seats, (35, 25, 15, 5), strict=True))
        status, page = ask(base, url, target, {"value": typed})
        assert status == 200 and preview_lines(page) == said_without_yes(desk, str(target), "--counts", *typed)
        body = (b'--b\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n' + hidden(page, "csrf").encode()
                + b"\r\n--b--\r\n")
        assert request(f"{base}{log_path(url)}/correct/{target}", data=body,
                       headers={"Content-Type": "multipart/form-data; boundary=b"})[0] == 415
        status, done = request(f"{base}{log_path(url)}/correct/{target}", data=confirmation(page))
        assert status == 200, notice(done)
    assert run_cli(desk, "correct", str(target), "--counts", *typed, "--yes").returncode == 0
    assert app.tournament_state(db=url).events[-1].data == app.tournament_state(db=desk).events[-1].data
