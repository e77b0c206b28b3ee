"""The results section of the director's console over HTTP (`tourney serve --lan`'s app and
server, in this process): each line typed at the entry line, and each tap on a table's card, is
stored exactly as the same entry at the CLI stores it (the event logs of the two databases, kinds
and data, equal) and answered in the very lines the CLI prints (or its `error:` line); Tab's
completion as JSON; the gate's refusals (a table's token, no CSRF); script in a name as text."""

from __future__ import annotations

import html
import json
import re
import shlex
import urllib.parse
from pathlib import Path
from typing import Any

from console_support import console_app, director_path, post_form
from console_support import twin as twin_of
from floor_support import NAMES, dump, hidden, request, seated_event, sqlite_url
from typer.testing import CliRunner

from tourney import app
from tourney.app.floor.floor_read import open_floor, read_floor
from tourney.app.input.entry_complete import quote
from tourney.cli import app as cli

runner = CliRunner()
SCRIPT_NAME = NAMES[-1]  # "<script>alert(1)</script>"


def events(url: str) -> list[tuple[str, dict[str, Any]]]:
    return [(e.kind, dict(e.data)) for e in app.tournament_state(db=url).events]


def results_path(url: str) -> str:
    return director_path(url, "results")


def answer(page: str) -> tuple[str, list[str], bool]:
    """(the line the answer read, its lines, whether it is a success) of a results page."""
    found = re.search(r'<div class="answer (ok|bad)" id="answer" role="status">\s*'
                      r'(?:<p class="said">([^<]*)</p>)?\s*<pre>(.*?)</pre>', page, re.S)
    assert found is not None, "no answer on the page"
    return html.unescape(found.group(2) or ""), html.unescape(found.group(3)).split("\n"), found.group(1) == "ok"


def line_value(page: str) -> str:
    found = re.search(r'<input type="text" name="line" id="entry-line" value="([^"]*)"', page)
    assert found is not None
    return html.unescape(found.group(1))


def post(base: str, url: str, form: dict[str, Any]) -> tuple[int, str]:
    return post_form(base, results_path(url), "entry", form)


def at_cli(url: str, line: str) -> tuple[list[str], bool]:
    """The lines the CLI prints for `line` (its stdout, or its stderr on a refusal) and whether it succeeded."""
    done = runner.invoke(cli, [*shlex.split(line), "--db", url])
    if done.exit_code == 0:
        return done.stdout.rstrip("\n").split("\n"), True
    return done.stderr.rstrip("\n").split("\n"), False


def seated(tmp_path: Path) -> tuple[str, str]:
    """(the console's database, its twin for the CLI) of a seated Polish Poker evening."""
    url = sqlite_url(tmp_path)
    seated_event(url)
    twin = twin_of(url, tmp_path)
    open_floor(db=url)
    return url, twin


def test_typed_lines_store_and_say_exactly_what_the_cli_does(tmp_path: Path) -> None:
    url, twin = seated(tmp_path)
    state = app.tournament_state(db=url)
    one, two = state.tables[0].seats, state.tables[1].seats
    whole_order = " ".join(quote(p) for p in reversed(two))
    prefix = {"Grażyna": "graz", SCRIPT_NAME: "'<scr'"}
    # (typed at the console, the same entry at the CLI)
    steps = [
        ("1 s2", "result 1 s2"),
        (f"T1 {prefix.get(one[0], one[0][:3].lower())}", f"result T1 {prefix.get(one[0], one[0][:3].lower())}"),
        (f"result 2 {prefix.get(two[2], two[2][:2].upper())}", f"result 2 {prefix.get(two[2], two[2][:2].upper())}"),
        ("undo", "undo"),
        ("5 kam", "result 5 kam"),
        ("result 1 nobody", "result 1 nobody"),
        ("chips 1 a=3", "chips 1 a=3"),
        ("forfeit 1 s1", "forfeit 1 s1"),
        ("final s1", "result final s1"),
        (f"finish 2 {whole_order}", f"finish 2 {whole_order}"),
        ("2 s1", "result 2 s1"),
    ]
    with console_app(url) as base:
        for typed, same in steps:
            status, page = post(base, url, {"line": typed})
            said, lines, ok = answer(page)
            cli_lines, cli_ok = at_cli(twin, same)
            assert (lines, ok) == (cli_lines, cli_ok), typed
            assert status == 200 if ok else status in (400, 409)
            assert line_value(page) == ("" if ok else typed)  # kept on a refusal, to be corrected
            assert shlex.split(said) == shlex.split(same)  # the line as the desk reads it
            assert events(url) == events(twin), typed
        assert len(events(url)) > len(app.tournament_state(db=url).tables) + len(NAMES)


def test_the_final_table_is_typed_as_final(tmp_path: Path) -> None:
    url, twin = seated(tmp_path)
    for db in (url, twin):
        for table in app.tournament_state(db=db).tables:
            app.finish(table.number, table.seats, db=db)
        app.advance(db=db)
    with console_app(url) as base:
        state = app.tournament_state(db=url)
        assert state.is_final_stage
        final = state.tables[0].seats
        completed = json.loads(request(f"{base}{results_path(url)}/complete?line=final+")[1])
        assert sorted(c["text"] for c in completed) == sorted(quote(p) for p in final)
        for typed, same in (("final s1", "result final s1"), ("result final s2", "result final s2"), ("undo", "undo")):
            _status, page = post(base, url, {"line": typed})
            assert answer(page)[1:] == tuple(at_cli(twin, same)), typed
        assert events(url) == events(twin)


def test_a_tap_on_a_card_is_the_same_entry(tmp_path: Path) -> None:
    url, twin = seated(tmp_path)
    state = app.tournament_state(db=url)
    seat_of_script = next(t.number for t in state.tables if SCRIPT_NAME in t.seats)
    with console_app(url) as base:
        status, page = request(base + results_path(url))
        assert status == 200
        for table in state.tables:
            card = re.search(rf'<section class="card" id="table-{table.number}".*?</section>', page, re.S)
            assert card is not None
            assert card.group(0).count('class="loss"') == len(table.still_in)
            assert "<pre>" + html.escape("\n".join(app.tables(db=url).table(table.number).lines())) in card.group(0)
        taps = [
            ({"command": "result", "table": str(seat_of_script), "name": SCRIPT_NAME},
             f"result {seat_of_script} {quote(SCRIPT_NAME)}"),
            ({"command": "finish", "table": "1", "name": list(state.tables[0].seats)},
             "finish 1 " + " ".join(quote(p) for p in state.tables[0].seats)),
        ]
        for form, same in taps:
            status, page = post(base, url, form)
            said, lines, ok = answer(page)
            assert (lines, ok) == at_cli(twin, same) and ok and status == 200
            assert said == same
            assert events(url) == events(twin)
        card = re.search(r'<section class="card" id="table-1".*?</section>', page, re.S)
        assert card is not None and "Table 1 has finished." in card.group(0)
        assert "<form" not in card.group(0) and "<button" not in card.group(0)
        assert 'autofocus' not in page.split('id="entry-line"', 1)[1].split(">", 1)[0]  # a tap: no keyboard pops up
        assert 'id="all-finished"' not in page
        page = post(base, url, {"command": "finish", "table": "2", "name": list(state.tables[1].seats)})[1]
        assert 'id="all-finished"' in page and "<form" not in page.split('data-live="tables"', 1)[1]


def test_chips_and_forfeits_from_a_card(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    app.new_tournament("Cup", game="khlyust", format="knockout", seed=11, db=url)
    app.add_players(["Anna", "Boris", "Clara", "Dima"], db=url)
    app.seat(db=url)
    twin = twin_of(url, tmp_path)
    open_floor(db=url)
    one, two = app.tournament_state(db=url).tables[0].seats, app.tournament_state(db=url).tables[1].seats
    with console_app(url) as base:
        page = request(base + results_path(url))[1]
        assert 'class="counts"' in page and "forfeits</button>" in page and 'class="loss"' not in page
        chips = {"command": "chips", "table": "1", "player-1": one[0], "count-1": "150", "player-2": one[1],
                 "count-2": "50"}
        forfeit = {"command": "forfeit", "table": "2", "name": two[1]}
        for form, same in ((chips, f"chips 1 {one[0]}=150 {one[1]}=50"), (forfeit, f"forfeit 2 {two[1]}")):
            status, page = post(base, url, form)
            assert answer(page)[1:] == tuple(at_cli(twin, same)) and status == 200, same
            assert events(url) == events(twin)
        status, page = post(base, url, {"line": "undo"})
        assert answer(page)[1:] == tuple(at_cli(twin, "undo"))
        assert events(url) == events(twin)


def test_completion_answers_json_as_the_desk_completes(tmp_path: Path) -> None:
    url, _twin = seated(tmp_path)
    state = app.tournament_state(db=url)
    with console_app(url) as base:
        path = base + results_path(url) + "/complete?line="
        status, body = request(path + urllib.parse.quote("1 "))
        assert status == 200
        found = json.loads(body)
        assert sorted(c["text"] for c in found) == sorted(quote(p) for p in state.table(1).still_in)
        assert all(set(c) == {"text", "note", "line"} for c in found)
        tables = json.loads(request(path + urllib.parse.quote("result "))[1])
        assert [(c["text"], c["note"]) for c in tables] == [
            (str(t.number), ", ".join(t.still_in)) for t in state.tables]
        graz = json.loads(request(path + urllib.parse.quote("2 graz") + "&x=1")[1]) + \
            json.loads(request(path + urllib.parse.quote("1 graz"))[1])
        assert [c["text"] for c in graz] == [quote("Grażyna")] == ["'Grażyna'"]
        table = read_floor(url, None).table_link(1)
        assert request(f"{base}/director/{table}/results/complete?line=1")[0] == 403
        assert request(f"{base}/director/{table}/results")[0] == 403
        assert request(f"{base}/director/nope/results")[0] == 403


def test_the_gate_refuses_a_table_token_and_a_missing_csrf(tmp_path: Path) -> None:
    url, _twin = seated(tmp_path)
    floor = read_floor(url, None)
    with console_app(url) as base:
        csrf = hidden(request(base + results_path(url))[1], "csrf")
        before = dump(url)
        table = floor.table_link(1)
        assert request(f"{base}/director/{table}/results/entry", data={"csrf": csrf, "line": "1 s1"})[0] == 403
        assert request(f"{base}{results_path(url)}/entry", data={"line": "1 s1"})[0] == 403
        assert request(f"{base}{results_path(url)}/entry", data={"csrf": "0" * len(csrf), "line": "1 s1"})[0] == 403
        assert request(f"{base}{results_path(url)}/entry", data={"line": "1 s1"}, method="GET")[0] in (403, 405)
        assert dump(url) == before


def test_script_in_a_name_is_text(tmp_path: Path) -> None:
    url, _twin = seated(tmp_path)
    table = next(t.number for t in app.tournament_state(db=url).tables if SCRIPT_NAME in t.seats)
    with console_app(url) as base:
        for page in (request(base + results_path(url))[1],
                     post(base, url, {"line": f"{table} '<scr'"})[1],
                     post(base, url, {"line": "1 <img src=x onerror=alert(1)>"})[1]):
            assert "<script>alert" not in page and "<img src=x" not in page
            assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
        assert line_value(page) == "1 <img src=x onerror=alert(1)>"


def test_the_director_s_page_and_the_console_pages_link_it(tmp_path: Path) -> None:
    url, _twin = seated(tmp_path)
    path = results_path(url)
    with console_app(url) as base:
        for page in ("", "/players", "/stage", "/log"):
            assert f'href="{path}"' in request(base + path.removesuffix("/results") + page)[1], page
        status, script = request(base + "/_static/entry.js")
        assert status == 200 and "entry-line" in script
