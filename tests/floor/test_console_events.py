"""The events page of the director's console over HTTP: every event listed as `tourney list` lists
it, an event created with what `tourney new` takes (its refusals in the CLI's words, a script in a
name shown as text), an event chosen (the wall and the director's page follow it), the gate's
refusals (a wrong, a table's or a director's token, no CSRF), and `tourney serve` on a database
without any event or on a file that does not exist yet (a real server)."""

from __future__ import annotations

import html
import json
import re
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from floor_support import dump, hidden, request, seated_event, serving, sqlite_url
from ladder_format import register as register_ladder
from ladder_format import unregister as unregister_ladder
from serve_support import serving_app, start_serve
from typer.testing import CliRunner

from tourney import app
from tourney.app.floor.console_events import console_of, open_console
from tourney.app.floor.floor_read import open_floor, read_floor
from tourney.app.store.database import open_db
from tourney.app.store.unit_of_work import read
from tourney.cli import app as cli
from tourney.web.app import build_app

runner = CliRunner()


def console_link(url: str) -> str:
    with open_db(url, read_only=True) as database:
        return console_of(database).link()


@contextmanager
def console(url: str, tournament: str | None = None) -> Iterator[str]:
    """The web app of `serve --lan` served in this process; yields the console page's address."""
    open_console(keep=True, db=url)
    with open_db(url, read_only=True) as reader, serving_app(build_app(reader, tournament, floor=True, db=url)) as base:
        yield f"{base}/console/{console_link(url)}"


def two_events(tmp_path: Path) -> str:
    """'Friday <b>' seated (8 players) and a knockout of 3 registering, the first one current."""
    url = sqlite_url(tmp_path)
    seated_event(url)
    app.new_tournament("Saturday KO", game="pp", format="knockout", best_of=3, seed=4, db=url)
    app.add_players(["Ola", "Piotr", "Rafał"], db=url, tournament="Saturday KO")
    open_floor(db=url)
    open_console(db=url)
    return url


def post(page_url: str, action: str, form: dict[str, str], *, csrf: bool = True) -> tuple[int, str]:
    """A form of the events page posted back (its CSRF field read from the page first)."""
    sent = {"csrf": hidden(request(page_url + "/")[1], "csrf"), **form} if csrf else form
    return request(f"{page_url}/{action}", data=sent)


class _Keep(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *_args: object, **_kwargs: object) -> None:
        return None


def no_follow(url: str, data: dict[str, str] | None = None) -> tuple[int, str]:
    """(status, Location) of a request whose redirect is not followed."""
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/x-www-form-urlencoded"})
    try:
        with urllib.request.build_opener(_Keep).open(req, timeout=10) as response:
            return response.status, response.headers.get("Location", "")
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Location", "")


def notice(page: str) -> str:
    found = re.search(r'role="status" id="notice">(.*?)</div>', page, re.S)
    assert found is not None, "no notice on the page"
    return " ".join(html.unescape(line) for line in re.findall(r"<p>(.*?)</p>", found.group(1), re.S))


def cli_error(*args: str) -> str:
    """The one line `tourney ARGS` refuses with (its message, without `error: `)."""
    done = runner.invoke(cli, list(args))
    assert done.exit_code != 0
    return done.output.strip().splitlines()[-1].removeprefix("error: ")


def test_every_event_is_listed_as_tourney_list_lists_it(tmp_path: Path) -> None:
    url = two_events(tmp_path)
    listed = json.loads(runner.invoke(cli, ["list", "--json", "--db", url]).output)
    with console(url) as page_url:
        status, page = request(page_url + "/")
    assert status == 200
    rows = re.findall(r'<li( class="current")? data-event="(\d+)">.*?<span class="name">(.*?)</span>.*?'
                      r'<div class="meta">(.*?)</div>', page, re.S)
    assert [(int(i), html.unescape(name)) for _c, i, name, _m in rows] == [(r["id"], r["name"]) for r in listed]
    assert [bool(current) for current, *_ in rows] == [r["current"] for r in listed] == [True, False]
    friday, saturday = (html.unescape(meta) for *_x, meta in rows)
    assert friday.startswith("polish-poker · stages · ") and " · 8 players · stage 1 · id 1" in friday
    assert saturday.startswith("polish-poker · knockout, best of 3 · ")
    assert " · 3 players · registering · id 2" in saturday
    assert "Friday &lt;b&gt;" in page and "Friday <b>" not in page


def test_an_event_is_created_as_tourney_new_creates_it(tmp_path: Path) -> None:
    url = two_events(tmp_path)
    form = {"name": "Sunday Swiss", "game": "polish-poker", "format": "swiss", "rounds": "4", "table-size": "2",
            "seeding": "list", "grand-final": "reset", "tiebreaks": "buchholz", "best-of": "", "cycles": "",
            "date": "2026-03-15", "seed": "77"}
    with console(url) as page_url:
        status, page = post(page_url, "new", form)
    assert status == 200, page
    elsewhere = sqlite_url(tmp_path, "cli.db")
    app.new_tournament("one", game="pp", db=elsewhere)
    app.new_tournament("two", game="pp", db=elsewhere)
    printed = runner.invoke(cli, ["new", "Sunday Swiss", "-g", "polish-poker", "--format", "swiss", "--rounds", "4",
                                  "--seeding", "list", "--tiebreaks", "buchholz", "--date", "2026-03-15",
                                  "--seed", "77", "--db", elsewhere]).output
    first = printed.splitlines()[0]
    assert notice(page).startswith(re.sub(r" in \S+\.$", ".", first))  # the CLI's words, naming no file
    assert "cli.db" not in page and "floor.db" not in page
    made = next(t for t in app.list_tournaments(db=url) if t.name == "Sunday Swiss")
    assert made.id == 3 and made.current is False  # 'Friday <b>' is running: it stays current
    assert 'data-event="3"' in page
    assert "swiss, 4 rounds, seeded by list, tie-breaks buchholz · 2026-03-15" in html.unescape(page)
    snap = read(url, "Sunday Swiss")
    assert snap.tournament.seed == 77 and snap.tournament.created_at.date().isoformat() == "2026-03-15"
    assert snap.state.format.seeding == "list" and snap.state.format.rounds == 4


def option_field(page: str, name: str) -> str:
    """The markup of the form's field `name` (its <div> in the format options)."""
    found = re.search(rf'<div>(?:(?!<div>).)*?name="{name}".*?</div>', page, re.S)
    assert found is not None, f"no field {name} on the page"
    return found.group(0)


def test_the_form_has_a_field_per_format_option_made_from_the_specs(tmp_path: Path) -> None:
    with console(two_events(tmp_path)) as page_url:
        page = html.unescape(request(page_url + "/")[1])
    pairing = option_field(page, "pairing")  # the Swiss' options, which the template does not name
    assert "<select" in pairing
    assert '<option value="auto" selected>automatic: Dutch up to 1,000 players (the default)</option>' in pairing
    assert [value for value in re.findall(r'<option value="(\w+)"', pairing)] == ["auto", "dutch", "fast"]
    assert "Swiss: the pairing of duels: auto" in pairing
    assert 'type="checkbox"' in option_field(page, "avoid-clubs") and '<select' in option_field(page, "acceleration")
    rounds = option_field(page, "rounds")
    assert 'inputmode="numeric"' in rounds and 'maxlength="4"' in rounds
    assert "Round robin: the rounds of a round robin of tables" in rounds and "; Swiss: the number of rounds" in rounds
    assert "Knockout: the semi-final losers play for third place." in option_field(page, "third-place")
    names = re.findall(r'name="([\w-]+)"', page[page.index('id="options"'):])
    assert names == ["best-of", "third-place", "seeding", "grand-final", "table-size", "rounds", "cycles",
                     "tiebreaks", "pairing", "avoid-clubs", "acceleration"]


def test_a_registered_formats_own_option_is_a_field_of_the_form(tmp_path: Path) -> None:
    register_ladder()
    try:
        url = two_events(tmp_path)
        with console(url) as page_url:
            climbs = option_field(html.unescape(request(page_url + "/")[1]), "climbs")
            status, page = post(page_url, "new", {"name": "Ladder night", "game": "pp", "format": "ladder",
                                                  "climbs": "5", "seeding": "lot", "pairing": "auto"})
        assert 'inputmode="numeric"' in climbs and 'maxlength="1"' in climbs
        assert "Ladder: how many rounds the ladder is climbed." in climbs  # in English: no catalog has it
        assert status == 200 and notice(page).startswith("Created tournament 'Ladder night'"), page
        assert read(url, "Ladder night").state.format.get_int("climbs") == 5
    finally:
        unregister_ladder()
    with console(url) as page_url:  # gone with its format
        assert 'name="climbs"' not in request(page_url + "/")[1]


@pytest.mark.parametrize(("form", "cli_args"), [
    ({"name": "123", "game": "pp"}, ["123", "-g", "pp"]),
    ({"name": " ", "game": "pp"}, [" ", "-g", "pp"]),
    ({"name": "X", "game": "zz"}, ["X", "-g", "zz"]),
    ({"name": "X", "game": "pp", "format": "knockout", "rounds": "3"}, ["X", "-g", "pp", "--format", "knockout",
                                                                       "--rounds", "3"]),
    ({"name": "X", "game": "pp", "format": "knockout", "best-of": "2"}, ["X", "-g", "pp", "--format", "knockout",
                                                                        "--best-of", "2"]),
    ({"name": "X", "game": "pp", "format": "bracket"}, ["X", "-g", "pp", "--format", "bracket"]),
    ({"name": "X", "game": "pp", "date": "14.03.2026"}, ["X", "-g", "pp", "--date", "14.03.2026"]),
    ({"name": "Friday <B>", "game": "pp"}, ["Friday <B>", "-g", "pp"]),
])
def test_a_refused_event_is_refused_in_the_clis_words(tmp_path: Path, form: dict[str, str],
                                                       cli_args: list[str]) -> None:
    url = two_events(tmp_path)
    expected = cli_error("new", *cli_args, "--db", url)
    before = dump(url)
    with console(url) as page_url:
        status, page = post(page_url, "new", form)
    assert status == 400, page
    assert notice(page) == expected
    assert dump(url) == before
    assert f'value="{html.escape(form["name"])}"' in page  # the form comes back as typed


def test_numbers_and_unknown_fields_are_refused_as_the_cli_reads_them(tmp_path: Path) -> None:
    url = two_events(tmp_path)
    before = dump(url)
    with console(url) as page_url:
        typed = post(page_url, "new", {"name": "X", "game": "pp", "best-of": "x"})
        unknown = post(page_url, "new", {"name": "X", "game": "pp", "colour": "red"})
        seed = post(page_url, "new", {"name": "X", "game": "pp", "seed": "-1"})
        switch = post(page_url, "new", {"name": "X", "game": "pp", "third-place": "maybe"})
        gameless = post(page_url, "new", {"name": "X"})
    assert [status for status, _ in (typed, unknown, seed, switch, gameless)] == [400] * 5
    assert notice(typed[1]) in cli_error("new", "X", "-g", "pp", "--best-of", "x", "--db", url)
    assert notice(unknown[1]) == "No such option: --colour"
    assert notice(seed[1]) == "seed must be a whole number, got '-1'"
    assert "--third-place" in notice(switch[1])
    assert notice(gameless[1]) == "Missing option '--game' / '-g'."
    assert dump(url) == before


def test_a_script_in_a_name_is_shown_as_text(tmp_path: Path) -> None:
    url = two_events(tmp_path)
    with console(url) as page_url:
        status, page = post(page_url, "new", {"name": "<script>alert(1)</script>", "game": "pp"})
        again = request(page_url + "/")[1]
    assert status == 200
    for shown in (page, again):
        assert "<script>alert(1)" not in shown and "&lt;script&gt;alert(1)&lt;/script&gt;" in shown
    assert [t.name for t in app.list_tournaments(db=url)][-1] == "<script>alert(1)</script>"


@pytest.mark.parametrize("named", [None, "1"])
def test_choose_serves_the_event_and_goes_to_its_director_page(tmp_path: Path, named: str | None) -> None:
    """A server following the current event, or started for a named one, serves the chosen one."""
    url = two_events(tmp_path)
    friday = read_floor(url, "1")
    assert read_floor(url, "2").secret is None  # Saturday's floor was never opened
    with console(url, named) as page_url:
        base = page_url.split("/console/")[0]
        csrf = hidden(request(page_url + "/")[1], "csrf")
        status, location = no_follow(f"{page_url}/choose/2", {"csrf": csrf})
        saturday = read_floor(url, "2")
        assert (status, location) == (303, f"/director/{saturday.director_link()}")
        assert saturday.secret is not None and saturday.director_generation == 1
        assert [t.current for t in app.list_tournaments(db=url)] == [False, True]
        shown = request(base + location)
        assert shown[0] == 200 and "Saturday KO: the floor" in shown[1]
        assert request(f"{base}/_token")[1].startswith(f"{saturday.tournament.uid}:")
        assert "Saturday KO" in request(f"{base}/standings")[1]
        # Back to Friday: its director link is the one it had (its floor was open already).
        assert no_follow(f"{page_url}/choose/1", {"csrf": csrf}) == (303, f"/director/{friday.director_link()}")
        assert "Friday &lt;b&gt;: the floor" in request(base + f"/director/{friday.director_link()}")[1]
        assert request(f"{base}/_token")[1].startswith(f"{friday.tournament.uid}:")
        unknown = request(f"{page_url}/choose/9", data={"csrf": csrf})
    assert unknown[0] == 404
    assert notice(unknown[1]).startswith("no tournament '9' (tournaments: Friday <b>, Saturday KO)")


def test_the_console_link_is_the_only_key(tmp_path: Path) -> None:
    url = two_events(tmp_path)
    floor = read_floor(url, None)
    before = dump(url)
    with console(url) as page_url:
        base, token = page_url.split("/console/")
        csrf = hidden(request(page_url + "/")[1], "csrf")
        form = {"csrf": csrf, "name": "Hostile", "game": "pp"}
        others = {"wrong": "a" * len(token), "table": floor.table_link(1), "director": floor.director_link()}
        for _who, other in others.items():
            assert request(f"{base}/console/{other}/")[0] == 403
            assert request(f"{base}/console/{other}/new", data=form)[0] == 403
            assert request(f"{base}/console/{other}/choose/2", data={"csrf": csrf})[0] == 403
        assert request(f"{page_url}/new", data={"name": "Hostile", "game": "pp"})[0] == 403  # no CSRF
        assert request(f"{page_url}/new", data={**form, "csrf": "0" * len(csrf)})[0] == 403
        director_csrf = hidden(request(f"{base}/director/{floor.director_link()}")[1], "csrf")
        assert request(f"{page_url}/new", data={**form, "csrf": director_csrf})[0] == 403
        assert request(f"{page_url}/choose/2", data={})[0] == 403
        assert request(f"{page_url}/new", data=form, headers={"Origin": "http://evil.example"})[0] == 403
        # The director's pages reach the console through their own token; a table's is refused.
        assert no_follow(f"{base}/director/{floor.director_link()}/events") == (303, f"/console/{token}/")
        assert request(f"{base}/director/{floor.table_link(1)}/events")[0] == 403
    assert dump(url) == before


def test_the_events_page_carries_the_security_headers(tmp_path: Path) -> None:
    url = two_events(tmp_path)
    with console(url) as page_url, urllib.request.urlopen(page_url + "/", timeout=10) as response:
        headers = {k.lower(): v for k, v in response.getheaders()}
        body = response.read().decode()
    assert "frame-ancestors 'none'" in headers["content-security-policy"] and headers["x-frame-options"] == "DENY"
    assert headers["cache-control"] == "no-store" and headers["referrer-policy"] == "same-origin"
    assert re.findall(r"<script\b[^>]*>", body) == [tag for tag in re.findall(r"<script\b[^>]*>", body)
                                                    if 'src="/_static/live.js"' in tag]


def test_the_directors_pages_link_to_the_events_page(tmp_path: Path) -> None:
    url = two_events(tmp_path)
    director = f"/director/{read_floor(url, None).director_link()}"
    with console(url) as page_url:
        base = page_url.split("/console/")[0]
        for path in ("", "/players", "/stage", "/log", "/print"):
            assert f'href="{director}/events"' in request(f"{base}{director}{path}")[1], path
        status, page = request(f"{base}{director}/events")  # followed: the events page
    assert status == 200 and "<h1>Events</h1>" in page


def test_the_console_link_is_kept_or_renewed_as_the_directors(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    first = open_console(db=url).link()
    assert open_console(keep=True, db=url).link() == first == console_link(url)
    renewed = open_console(db=url).link()
    assert renewed != first and console_link(url) == renewed


def test_serve_lan_on_a_missing_file_creates_it_and_its_console_makes_the_first_event(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path, "new.db")
    printed: list[str] = []
    with serving(url, printed) as (base, _process):
        assert (tmp_path / "new.db").exists()
        for path in ("/", "/standings", "/tv/standings", "/tv"):
            status, page = request(base + path)
            assert status == 200 and "No event yet" in page, path
        assert request(f"{base}/_token") == (200, "")
        for path in ("/find", "/director/abc", "/table/1/abc"):  # no event: no link to check, one line
            status, page = request(base + path)
            assert status == 404 and "there is no event in this database yet" in page, path
        page_url = f"{base}/console/{console_link(url)}"
        status, page = request(page_url + "/")
        assert status == 200 and "No event yet: create the first one below." in page
        status, page = post(page_url, "new", {"name": "Pierwszy", "game": "pp", "seed": "3"})
        assert status == 200 and "Created tournament 'Pierwszy' (id 1, polish-poker, seed 3)." in notice(page)
        assert "Pierwszy" in request(f"{base}/standings")[1]  # the wall follows the current event
        csrf = hidden(page, "csrf")
        status, location = no_follow(f"{page_url}/choose/1", {"csrf": csrf})
        assert (status, location) == (303, f"/director/{read_floor(url, None).director_link()}")
        assert "Pierwszy: the floor" in request(base + location)[1]
    out = printed[0]
    assert out.startswith("Serving no event yet on http://localhost:")
    assert f"Events console (create or choose an event; keep it to yourself too): {page_url}/" in out
    assert "Director's page" not in out


def test_serve_on_a_database_without_an_event(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path, "empty.db")
    open_console(db=url)  # an empty database (only its settings)
    base, process = start_serve("--db", url)
    try:
        for path in ("/standings", "/seating", "/tv/standings"):
            status, page = request(base + path)
            assert status == 200 and "No event yet" in page, path
        assert request(f"{base}/console/{console_link(url)}/")[0] == 404  # no console without --lan
        app.new_tournament("Later", game="pp", db=url)
        assert request(f"{base}/_token")[1].startswith(f"{read_floor(url, None).tournament.uid}:")
    finally:
        process.terminate()
        out, _err = process.communicate(timeout=20)
    assert out.startswith("Serving no event yet on http://127.0.0.1:")
    missing = runner.invoke(cli, ["serve", "--db", sqlite_url(tmp_path, "missing.db")])
    assert missing.exit_code == 1 and not (tmp_path / "missing.db").exists()


def test_serve_lan_with_an_event_prints_both_links(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    seated_event(url)
    printed: list[str] = []
    with serving(url, printed) as (base, _process):
        director, token = read_floor(url, None).director_link(), console_link(url)
        assert request(f"{base}/console/{token}/")[0] == 200
    out = printed[0]
    assert out.startswith("Serving 'Friday <b>' on http://localhost:")
    assert f"Director's page (keep it to yourself; `tourney revoke director` replaces it): {base}/director/{director}" \
        in out
    assert out.index("Director's page") < out.index(f"Events console (create or choose an event; keep it to "
                                                      f"yourself too): {base}/console/{token}/")
