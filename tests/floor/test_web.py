"""The floor over HTTP (issue 18): a real `tourney serve --lan`, a table's phone reporting, the
director settling, the player look-up, and a sweep of hostile requests that change nothing."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from floor_support import NAMES, dump, hidden, request, seated_event, serving, sqlite_url

from tourney import app
from tourney.app.floor import reports
from tourney.app.floor.floor_read import read_floor
from tourney.web.gate import RATE, RateBound
from tourney.web.pages import Refused


@pytest.fixture(scope="module")
def floor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """(base URL, database URL): eight players at two Polish Poker tables, reports entered at once."""
    url = sqlite_url(tmp_path_factory.mktemp("floor"))
    seated_event(url)
    reports.set_mode("apply", db=url)
    with serving(url) as (base, _process):
        yield base, url


def links(url: str) -> tuple[str, str, str]:
    """The paths of table 1's page, table 2's page and the director's page."""
    current = read_floor(url, None)
    return (f"/table/1/{current.table_link(1)}", f"/table/2/{current.table_link(2)}",
            f"/director/{current.director_link()}")


def test_a_phone_reports_a_loser_entered_with_its_source(floor: tuple[str, str]) -> None:
    base, url = floor
    table1, _table2, _director = links(url)
    status, page = request(base + table1)
    assert status == 200
    state = read_floor(url, None).state
    loser = state.tables[0].seats[0]
    form = {"csrf": hidden(page, "csrf"), "at": hidden(page, "at"), "key": hidden(page, "key"),
            "device": "phone-test", "kind": "result", "player": loser}
    status, after = request(base + table1, data=form)
    assert status == 200 and "entered (event" in after
    event = read_floor(url, None).state.events[-1]
    assert event.data == {"table": 1, "loser": loser,
                          "source": {"link": "table 1", "device": "phone-test", "report": form["key"]}}
    # The phone lost Wi-Fi and sends the same form again: nothing more is entered.
    before = dump(url)
    status, again = request(base + table1, data=form)
    assert status == 200 and "already received" in again and dump(url) == before
    # A second phone still showing the old round is told what was entered.
    form2 = dict(form, key="another-key", player=state.tables[0].seats[1])
    status, second = request(base + table1, data=form2)
    assert status == 409 and "entered already" in second and dump(url) == before


def test_names_are_escaped_on_every_page(floor: tuple[str, str]) -> None:
    base, url = floor
    table1, table2, director = links(url)
    for path in (table1, table2, director, "/find?q=script", "/standings"):
        status, page = request(base + path)
        assert status == 200, path
        assert "<script>alert(1)</script>" not in page and "<b>" not in page.split("<body", 1)[1]
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in request(base + "/find?q=script")[1]


def test_the_lookup_finds_a_player_without_diacritics_and_shows_no_token(floor: tuple[str, str]) -> None:
    base, url = floor
    status, page = request(base + "/find?q=graz")
    assert status == 200 and "Grażyna" in page
    table = read_floor(url, None).state.table_of_player("Grażyna")
    assert table is not None and f"table {table.number}, seat {table.seats.index('Grażyna') + 1}" in page
    assert "/table/" not in page and "/director/" not in page
    assert "at least 2 letters" in request(base + "/find?q=g")[1]


Hostile = tuple[str, str, dict[str, object] | bytes | None, dict[str, str], int]


def hostile_requests(base: str, url: str) -> list[Hostile]:
    """(name, path, body, headers, expected status) of requests that must change nothing."""
    table1, table2, director = links(url)
    page = request(base + table1)[1]
    good = {"csrf": hidden(page, "csrf"), "at": hidden(page, "at"), "key": "hostile", "device": "x",
            "kind": "result", "player": read_floor(url, None).state.tables[0].seats[1]}
    other_csrf = hidden(request(base + table2)[1], "csrf")
    wrong = table1[: -4] + "aaaa"
    return [
        ("wrong token", wrong, good, {}, 403),
        ("another table's token", f"/table/1/{table2.rsplit('/', 1)[1]}", good, {}, 403),
        ("another table's csrf", table1, dict(good, csrf=other_csrf), {}, 403),
        ("no csrf", table1, {k: v for k, v in good.items() if k != "csrf"}, {}, 403),
        ("another site's page", table1, good, {"Origin": "http://evil.example"}, 403),
        ("json body", table1, b'{"kind": "result"}', {"Content-Type": "application/json"}, 415),
        ("huge body", table1, b"a=" + b"x" * 200_000, {}, 413),
        ("lying length", table1, b"a=1", {"Content-Length": "999999999"}, 413),
        ("a table token on the director's page", director.replace(director.rsplit("/", 1)[1],
                                                                  table1.rsplit("/", 1)[1]) + "/advance",
         {"csrf": good["csrf"], "confirm": "yes"}, {}, 403),
        ("accept with a wrong director token", "/director/" + "b" * 26 + "/reports/1",
         {"csrf": "x", "decision": "accept"}, {}, 403),
        ("path traversal", "/table/1/..%2F..%2Fetc%2Fpasswd", good, {}, 404),
        ("path traversal in the table", "/table/..%2F1/" + table1.rsplit("/", 1)[1], good, {}, 404),
        ("dot segments", "/director/../../setting", None, {}, 404),
        ("a stale page's round", table1, dict(good, at="0.0.0.0"), {}, 409),
        ("script as a player", table1, dict(good, player="<img src=x onerror=alert(1)>"), {}, 409),
        ("a state change by GET", director + "/advance", None, {}, 405),
    ]


def test_hostile_requests_change_nothing(floor: tuple[str, str]) -> None:
    base, url = floor
    before = dump(url)
    for name, path, body, headers, expected in hostile_requests(base, url):
        status, page = request(base + path, data=body, headers=headers)
        assert status == expected, (name, status, page[:300])
        assert read_floor(url, None).director_link() not in page, name  # no page lists tokens
        assert "<img src=x" not in page, name
    assert dump(url) == before


def test_the_rate_bound_refuses_a_flood() -> None:
    bound = RateBound()
    for _ in range(RATE):
        bound.check("10.0.0.7")
    with pytest.raises(Refused) as refused:
        bound.check("10.0.0.7")
    assert refused.value.status == 429
    bound.check("10.0.0.8")  # another phone is not held back


def test_the_director_settles_a_dispute_and_advances_from_the_page(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    seated_event(url, names=NAMES[:4])
    with serving(url) as (base, _process):
        table1, _table2, director = links(url)
        seats = read_floor(url, None).state.tables[0].seats
        page = request(base + table1)[1]
        form = {"csrf": hidden(page, "csrf"), "at": hidden(page, "at"), "device": "p", "kind": "result"}
        assert "waits for the director" in request(base + table1, data=dict(form, key="a", player=seats[0]))[1]
        assert "waits for the director" in request(base + table1, data=dict(form, key="b", player=seats[1]))[1]
        shown = request(base + table1)[1]  # every phone of the table sees what waits
        assert "Waiting for the director" in shown
        for number, loser in ((1, seats[0]), (2, seats[1])):
            assert (f"<strong>Report {number}:</strong> result table 1: {loser} loses the round") in shown
        status, desk = request(base + director)
        assert status == 200 and desk.count("Disputes report") == 2
        csrf = hidden(desk, "csrf")
        status, done = request(f"{base}{director}/reports/2", data={"csrf": csrf, "decision": "accept"})
        assert status == 200 and "Rejected the disputing report 1" in done
        assert read_floor(url, None).state.events[-1].data["loser"] == seats[1]
        before = dump(url)  # the same accept replayed changes nothing
        status, replay = request(f"{base}{director}/reports/2", data={"csrf": csrf, "decision": "accept"})
        assert status == 409 and "report 2 was entered already" in replay and dump(url) == before
        # The rest of the final by finish at the desk, then advance needs a confirmation.
        status, page = request(f"{base}{director}/advance", data={"csrf": csrf})
        assert status == 200 and "Not yet" in page and "Yes, advance" not in page
        assert re.search(r"Waiting for you \(0\)", done)


def test_duel_winner_and_pot_chips_report_from_their_pages(tmp_path: Path) -> None:
    duel = sqlite_url(tmp_path, "duel.db")
    app.new_tournament("Cup", game="khlyust", format="knockout", best_of=3, seed=5, db=duel)
    app.add_players(["Ann", "Bob", "Cy", "Dee"], db=duel)
    app.seat(db=duel)
    reports.set_mode("apply", db=duel)
    pot = sqlite_url(tmp_path, "pot.db")
    seated_event(pot, game="chlust", names=["Ann", "Bob", "Cy", "Dee"])
    reports.set_mode("apply", db=pot)
    with serving(duel) as (base, _process):
        floor = read_floor(duel, None)
        seats = floor.state.tables[0].seats
        path = f"/table/1/{floor.table_link(1)}"
        page = request(base + path)[1]
        assert "Who won this game?" in page and "best of 3" in page
        form = {"csrf": hidden(page, "csrf"), "at": hidden(page, "at"), "key": "w1", "device": "p",
                "kind": "winner", "player": seats[0]}
        status, after = request(base + path, data=form)
        assert status == 200 and "entered (event" in after
        assert read_floor(duel, None).state.events[-1].data["loser"] == seats[1]  # the other player lost a game
    with serving(pot) as (base, _process):
        floor = read_floor(pot, None)
        seats = floor.state.tables[0].seats
        path = f"/table/1/{floor.table_link(1)}"
        page = request(base + path)[1]
        assert "Final chip counts" in page
        form = {"csrf": hidden(page, "csrf"), "at": hidden(page, "at"), "key": "c1", "device": "p", "kind": "chips",
                "player": seats, "count": ["35", "25", "15", "5"]}
        assert request(base + path, data=dict(form, count=["1", "2"]))[0] == 400  # a count missing
        status, after = request(base + path, data=form)
        assert status == 200 and "This table has finished" in after
        assert read_floor(pot, None).state.events[-1].data["counts"] == dict(zip(seats, [35, 25, 15, 5],
                                                                                   strict=True))
        # The finished table's own link still shows it; nothing is left to report.
        status, page = request(base + path)
        assert status == 200 and "has finished" in page and 'name="player"' not in page


def test_the_director_undoes_an_entry_after_the_log_s_preview(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    seated_event(url, names=NAMES[:4])
    loser = read_floor(url, None).state.tables[0].seats[0]
    entered = app.enter_result(1, loser, db=url).state.events[-1].id
    with serving(url) as (base, _process):
        director = links(url)[2]
        page = request(base + director)[1]
        csrf = hidden(page, "csrf")
        assert f'action="{director}/log/undo/{entered}"' in page  # the floor's Undo… is the log's
        before = dump(url)
        # The older route: asked, and a bare "Yes" of an older page without the preview's `seen`,
        # are both shown the preview (the CLI's lines) and store nothing.
        for form in ({"csrf": csrf}, {"csrf": csrf, "confirm": "yes"}):
            status, asked = request(f"{base}{director}/undo/{entered}", data=form)
            assert status == 200 and f"Confirm: undo event {entered}" in asked and dump(url) == before
            assert f"Will undo: event {entered} (result table 1: {html.escape(loser)} loses the round)." in asked
        status, done = request(f"{base}{director}/undo/{entered}",
                               data={"csrf": csrf, "confirm": "yes", "seen": hidden(asked, "seen")})
        assert status == 200 and f"Undone: event {entered}." in done
        assert read_floor(url, None).state.tables[0].counts[loser] == 1
        forged = request(f"{base}{director}/undo/{entered}", data={"csrf": "wrong", "confirm": "yes"})
        assert forged[0] == 403


def test_the_director_advances_a_complete_stage_after_a_confirmation(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    seated_event(url)
    for table in read_floor(url, None).state.tables:
        app.finish(table.number, table.seats, db=url)
    with serving(url) as (base, _process):
        old_link = links(url)[0]
        director = links(url)[2]
        page = request(base + director)[1]
        assert "Advance…" in page
        csrf = hidden(page, "csrf")
        before = dump(url)
        status, asked = request(f"{base}{director}/advance", data={"csrf": csrf})
        assert status == 200 and "Yes, advance and seat" in asked and dump(url) == before
        status, after = request(f"{base}{director}/advance", data={"csrf": csrf, "confirm": "yes",
                                                                   "seen": hidden(asked, "seen")})
        assert status == 200 and read_floor(url, None).state.stage == 2
        assert 'data-table="1"' in after and "Advance…" not in after  # the redirect shows the new stage
        assert links(url)[0] != old_link and request(base + old_link)[0] == 403  # new stage, new links
        assert request(base + links(url)[0])[0] == 200


def test_a_phone_reports_a_stage_table_finish_winner_first(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    seated_event(url)
    reports.set_mode("apply", db=url)
    with serving(url) as (base, _process):
        table1, _table2, _director = links(url)
        seats = read_floor(url, None).state.tables[0].seats
        page = request(base + table1)[1]
        assert "Or the table&#39;s finish, winner first" in page or "Or the table's finish, winner first" in page
        assert page.count('<select id="place') == len(seats)
        finish_form = page[page.index('name="kind" value="finish"') - 600:]
        form = {"csrf": hidden(finish_form, "csrf"), "at": hidden(finish_form, "at"),
                "key": hidden(finish_form, "key"), "device": "p", "kind": "finish"}
        before = dump(url)
        assert page.count('<option value="" selected>') == len(seats)  # nothing pre-chosen
        status, refused = request(base + table1, data=dict(form, player=list(seats[:-1])))  # one player left out
        assert status == 409 and "every player still in" in refused and dump(url) == before
        status, refused = request(base + table1, data=dict(form, player=[seats[0], *seats[:-1]]))
        assert status == 400 and f"a name appears twice: {html.escape(seats[0])};" in refused and dump(url) == before
        order = list(reversed(seats))
        status, shown = request(base + table1, data=dict(form, player=order))  # first: shown back to confirm
        assert status == 200 and "Is this the table" in shown and "Confirm" in shown and dump(url) == before
        assert re.findall(r'name="player" value="([^"]*)"', shown) == [html.escape(name) for name in order]
        status, after = request(base + table1, data=dict(form, player=order, confirm="yes"))
        assert status == 200 and "entered (event" in after and "This table has finished" in after
        event = read_floor(url, None).state.events[-1]
        assert event.kind == "finish"
        assert event.data == {"table": 1, "order": order,
                              "source": {"link": "table 1", "device": "p", "report": form["key"]}}


def test_the_director_pins_the_tv_wall_and_a_tv_without_its_own_pin_follows(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    seated_event(url)

    def screen(query: str) -> tuple[str, str]:
        page = request(f"{base}/tv/standings?{query}")[1]
        found = re.search(r'data-next="([^"]*)" data-kind="([^"]*)"', page)
        assert found is not None
        return found.group(2), found.group(1).replace("&amp;", "&")

    with serving(url) as (base, _process):
        _table1, _table2, director = links(url)
        csrf = hidden(request(base + director)[1], "csrf")
        assert screen("rotate=20") == ("standings", "/tv/seating?page=1&rotate=20")
        before = dump(url)
        assert request(f"{base}{director}/pin", data={"kind": "tables"})[0] == 403  # no CSRF token
        assert request(f"{base}{director}/pin", data={"csrf": csrf, "kind": "nowhere"})[0] == 409
        assert dump(url) == before and screen("rotate=20")[0] == "standings"
        status, page = request(f"{base}{director}/pin", data={"csrf": csrf, "kind": "tables"})
        assert status == 200 and "The wall is pinned to tables." in page and "Pinned to <strong>tables" in page
        assert read_floor(url, None).wall_pin == "tables"
        # The rotation stays on the pinned kind, and its links do not carry the pin: unpinning frees the TV.
        assert screen("rotate=20") == ("tables", "/tv/tables?page=1&rotate=20")
        assert screen("rotate=20&pin=seating")[0] == "seating"  # a TV's own pin comes first
        status, page = request(f"{base}{director}/pin", data={"csrf": csrf, "kind": ""})
        assert status == 200 and "rotates through every screen" in page
        assert screen("rotate=20") == ("standings", "/tv/seating?page=1&rotate=20")
