"""The stage section of the director's console over HTTP: a real `tourney serve --lan`; the plan as
`tourney plan` prints it, the first draw previewed with a seed (nothing stored) then confirmed (that
very draw stored), the advance previewed (who goes on) then confirmed, a preview made stale by
another entry refused with what changed, and the gate's refusals (a table's token, no CSRF)."""

from __future__ import annotations

import html
import re
from pathlib import Path

from console_support import director_path, multipart_form, notice, post_form, registered_and_open, twin
from floor_support import NAMES, dump, hidden, request, seated_event, serving, sqlite_url
from typer.testing import CliRunner

from tourney import app
from tourney.app.floor.floor_read import open_floor, read_floor
from tourney.app.read_models.table_views import advanced_lines, seated_lines
from tourney.cli import app as cli

runner = CliRunner()


def registered(tmp_path: Path) -> str:
    url = sqlite_url(tmp_path)
    registered_and_open(url)
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
    return director_path(url, "stage")


def block(page: str, element_id: str) -> list[str]:
    """The lines of the page's <pre id=...>, as text."""
    found = re.search(rf'<pre id="{element_id}">(.*?)</pre>', page, re.S)
    assert found is not None, f"no {element_id} on the page"
    return html.unescape(found.group(1)).split("\n")


def post(base: str, url: str, action: str, form: dict[str, str]) -> tuple[int, str]:
    # The director's page has a form (a CSRF token) whatever stage the event is at.
    return post_form(base, stage_path(url), action, form, csrf_from=director_path(url))


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


def draw_form(base: str, url: str, fields: dict[str, str], files: dict[str, tuple[str, bytes]]) -> tuple[int, str]:
    """The draw's form posted as the browser posts it (multipart, with a file or an empty one)."""
    path = stage_path(url)
    csrf = hidden(request(base + path)[1], "csrf")
    body, headers = multipart_form({"csrf": csrf, **fields}, files)
    return request(f"{base}{path}/draw", data=body, headers=headers)


def typed(url: str, *args: str) -> list[str]:
    """What the command prints (run as the desk runs it)."""
    done = runner.invoke(cli, [*args, "--db", url])
    assert done.exit_code == 0, done.output
    return done.output.rstrip("\n").split("\n")


def seat_event(url: str) -> tuple[str, dict[str, object]]:
    event = next(e for e in reversed(app.tournament_state(db=url).events) if e.kind == "seat")
    return event.kind, event.data


def test_the_first_draw_takes_the_plan_s_overrides_as_tourney_seat_does(tmp_path: Path) -> None:
    url = registered(tmp_path)
    desk = twin(url, tmp_path)
    options = ["--seed", "4242", "--table-size", "3", "--advance", "1", "--final-size", "3"]
    fields = {"seed": "4242", "table_size": "3", "advance": "1", "final_size": "3"}
    with serving(url) as (base, _process):
        shown = request(base + stage_path(url))[1]
        assert 'name="table_size"' in shown and 'name="ratings"' not in shown  # a format of stages
        before = dump(url)
        status, previewed = draw_form(base, url, fields, {"ratings": ("", b"")})  # no file chosen
        assert status == 200 and dump(url) == before, notice(previewed) if 'role="status"' in previewed else ""
        said = typed(desk, "seat", *options)
        assert block(previewed, "draw-preview") == said
        assert block(previewed, "draw-plan") == typed(desk, "plan")  # the plan it fixes, as plan prints it then
        assert block(previewed, "plan") != block(previewed, "draw-plan")  # not the default plan
        sent = confirmation(previewed)
        assert {k: sent[k] for k in fields} == fields
        status, done = post(base, url, "draw", sent)
        assert status == 200, notice(done)
    assert seat_event(url) == seat_event(desk)
    assert typed(url, "plan") == typed(desk, "plan")


def test_an_override_the_planner_refuses_is_its_own_words(tmp_path: Path) -> None:
    url = registered(tmp_path)
    refused = runner.invoke(cli, ["seat", "--table-size", "9", "--db", twin(url, tmp_path)])
    assert refused.exit_code == 1
    with serving(url) as (base, _process):
        before = dump(url)
        status, page = post(base, url, "draw", {"table_size": "9"})
        assert status == 400 and dump(url) == before
        assert f"error: {notice(page)}" == refused.output.strip()
        assert post(base, url, "draw", {"advance": "two"})[0] == 400


RATINGS = "name;rating\nAnna;1500,5\nbartosz;1720\nCelina;1400\nDawid;1610\nEwa;1390\nFilip;1555\ngrazyna;1800\n" \
          "<script>alert(1)</script>;1200\n"


def test_the_first_draw_takes_a_ratings_file_as_tourney_seat_ratings_does(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    app.new_tournament("Cup", game="khlyust", format="knockout", seeding="rating", seed=3, db=url)
    app.add_players(NAMES, db=url)
    open_floor(db=url)
    desk = twin(url, tmp_path)
    data = RATINGS.encode("cp1250")
    rated = tmp_path / "ratings.csv"
    rated.write_bytes(data)
    said = typed(desk, "seat", "--seed", "77", "--ratings", str(rated), "--encoding", "cp1250")
    with serving(url) as (base, _process):
        shown = request(base + stage_path(url))[1]
        assert 'name="ratings"' in shown and 'name="table_size"' not in shown  # seeded by rating, no stages
        before = dump(url)
        status, previewed = draw_form(base, url, {"seed": "77", "encoding": "cp1250", "separator": ""},
                                      {"ratings": ("C:\\lists\\ratings.csv", data)})
        assert status == 200 and dump(url) == before, notice(previewed) if 'role="status"' in previewed else ""
        lines = block(previewed, "draw-preview")
        assert lines[0] == said[0].replace(f"--ratings {rated}", "ratings.csv")  # how it was read, by the file's name
        assert lines[1:] == said[1:]
        sent = confirmation(previewed)
        assert sent["seed"] == "77" and sent["ratings"]
        status, done = post(base, url, "draw", sent)
        assert status == 200, notice(done)
        assert seat_event(url) == seat_event(desk)
        again = post(base, url, "draw", sent)  # the kept file went with its draw
        assert again[0] == 400


def test_a_ratings_file_naming_no_player_is_refused_naming_its_line(tmp_path: Path) -> None:
    url = sqlite_url(tmp_path)
    app.new_tournament("Cup", game="khlyust", format="knockout", seeding="rating", seed=3, db=url)
    app.add_players(NAMES, db=url)
    open_floor(db=url)
    with serving(url) as (base, _process):
        before = dump(url)
        status, page = draw_form(base, url, {}, {"ratings": ("r.csv", b"name,rating\nAnna,1500\nZygmunt,1400\n")})
        assert status == 400 and dump(url) == before
        assert notice(page).startswith("r.csv line 3: no player 'Zygmunt' is registered")
        status, page = draw_form(base, url, {"encoding": "cp1250"}, {"ratings": ("", b"")})
        assert status == 400 and "choose the file too" in notice(page)
        status, page = draw_form(base, url, {}, {"ratings": ("<b>x</b>.csv", b"name,rating\n<i>Nobody</i>,1\n")})
        assert status == 400 and "<i>" not in page and "<b>x" not in page


def test_the_director_page_s_advance_is_the_stage_page_s_preview_confirmed_with_the_stale_check(
        tmp_path: Path) -> None:
    url = finished(tmp_path)
    with serving(url) as (base, _process):
        director = stage_path(url).removesuffix("/stage")
        csrf = hidden(request(base + director)[1], "csrf")
        before = dump(url)
        status, asked = request(f"{base}{director}/advance", data={"csrf": csrf})
        assert status == 200 and dump(url) == before
        staged = block(post(base, url, "advance", {})[1], "advance-preview")
        assert block(asked, "advance-preview") == staged and staged[0].startswith("Stage 1 closed;")
        assert request(f"{base}{director}/advance", data={"csrf": csrf, "confirm": "yes"})[0] == 409  # no preview
        app.rename("Anna", "Anna Nowak", db=url)  # the desk, meanwhile
        before = dump(url)
        status, refused = request(f"{base}{director}/advance",
                                  data={"csrf": csrf, "confirm": "yes", "seen": hidden(asked, "seen")})
        assert status == 409 and dump(url) == before and "Anna Nowak" in notice(refused)
        status, asked = request(f"{base}{director}/advance", data={"csrf": csrf})
        status, done = request(f"{base}{director}/advance",
                               data={"csrf": csrf, "confirm": "yes", "seen": hidden(asked, "seen")})
        assert status == 200 and read_floor(url, None).state.stage == 2
        assert "The final is drawn" in notice(done)
