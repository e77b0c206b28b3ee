"""The players section of the director's console over HTTP: a real `tourney serve --lan`; add (a
late entry seated as `player add` seats it), rename, drop with its confirmation (each row has its
own), the search as quick entry reads names, a CSV upload read with the encoding and separator
given (as `player import --encoding --separator`) previewed with its refused lines then confirmed,
a drop's or an import's confirmation refused once the log moved (409, naming what changed), and
the refusals of the gate (a table's token, no CSRF, an upload over the CLI's 32 MB)."""

from __future__ import annotations

import html
import re
import socket
from collections.abc import Iterator
from functools import partial
from pathlib import Path

import pytest
from console_support import (
    Floor,
    director_path,
    multipart_form,
    notice,
    post_form,
    registered_and_open,
    seated_and_open,
    served,
)
from floor_support import dump, hidden, request, seated_event, sqlite_url

from tourney.app.floor.floor_read import read_floor
from tourney.app.floor.import_preview import ImportPreview

NAMES = ["Anna", "Bartosz", "Celina", "Dawid", "Ewa", "Filip", "Grażyna", "Źdźbło"]


@pytest.fixture(scope="module")
def floor(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Floor]:
    """(base URL, database URL): eight players seated at two Polish Poker tables."""
    yield from served(tmp_path_factory.mktemp("console"), partial(seated_and_open, names=NAMES))


@pytest.fixture(scope="module")
def unseated(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Floor]:
    """(base URL, database URL): an event taking registrations, not seated yet."""
    yield from served(tmp_path_factory.mktemp("console-unseated"), partial(registered_and_open, names=NAMES))


def players_path(url: str) -> str:
    return director_path(url, "players")


def listed(page: str) -> list[str]:
    """The names of the players' table, in order."""
    region = page.split('data-live="players"', 1)[1]
    return [html.unescape(name) for name in re.findall(r'<td class="name">([^<]*)</td>', region)]


def post(base: str, url: str, action: str, form: dict[str, str]) -> tuple[int, str]:
    return post_form(base, players_path(url), action, form)


def multipart(fields: dict[str, str], filename: str, data: bytes, *,
              field: str = "file") -> tuple[bytes, dict[str, str]]:
    """A multipart/form-data body as a browser sends it (the file as `field`), and its content type."""
    return multipart_form(fields, {field: (filename, data)})


def upload(base: str, url: str, data: bytes, filename: str = "players.csv",
           fields: dict[str, str] | None = None) -> tuple[int, str]:
    path = players_path(url)
    csrf = hidden(request(base + path)[1], "csrf")
    body, headers = multipart({"csrf": csrf, **(fields or {})}, filename, data)
    return request(f"{base}{path}/upload", data=body, headers=headers)


def test_the_director_page_links_the_players_page(floor: Floor) -> None:
    base, url = floor
    director = director_path(url)
    assert f'href="{director}/players"' in request(base + director)[1]
    status, page = request(base + director + "/players")
    assert status == 200 and listed(page) == NAMES
    assert "playing" in page


def test_a_late_entry_is_added_and_seated_where_player_add_seats_it(floor: Floor) -> None:
    base, url = floor
    status, page = post(base, url, "add", {"name": "  Henryk ", "club": "AZS"})
    assert status == 200
    state = read_floor(url, None).state
    table = state.table_of_player("Henryk")
    assert table is not None and state.player("Henryk").club == "AZS"
    assert f"Henryk: late entry, seated at table {table.number}" in notice(page)
    assert "Henryk" in listed(page)
    # The same name again is refused in one line, storing nothing.
    before = dump(url)
    status, page = post(base, url, "add", {"name": "henryk"})
    assert status == 400 and "already registered" in notice(page) and dump(url) == before


def test_a_rename_is_the_operation_and_reads_names_as_quick_entry(floor: Floor) -> None:
    base, url = floor
    status, page = post(base, url, "rename", {"old": "cel", "new": "Celina Nowak"})
    assert status == 200 and notice(page) == "Renamed Celina to Celina Nowak."
    events = read_floor(url, None).state.events
    assert (events[-1].kind, events[-1].data) == ("rename", {"name": "Celina", "new": "Celina Nowak"})
    status, page = post(base, url, "rename", {"old": "nobody", "new": "X"})
    assert status == 400 and "nobody" in notice(page).lower()


def test_a_drop_asks_first_then_drops(floor: Floor) -> None:
    base, url = floor
    before = dump(url)
    status, page = post(base, url, "drop", {"name": "dawi"})
    assert status == 200 and "Yes, drop Dawid" in page and dump(url) == before
    confirmation = page.split('id="confirm-drop"')[1]
    assert hidden(confirmation, "seen") == str(read_floor(url, None).state.last_event_id)
    status, page = post(base, url, "drop", {"name": hidden(confirmation, "name"), "confirm": "yes",
                                             "seen": hidden(confirmation, "seen")})
    assert status == 200 and notice(page) == "Dropped Dawid."
    assert read_floor(url, None).state.player("Dawid").dropped
    assert re.search(r'<tr class="dropped"><td class="name">Dawid</td>', page)


def test_a_drop_confirmed_after_the_log_moved_is_refused_naming_what_changed(floor: Floor) -> None:
    from tourney import app

    base, url = floor
    status, page = post(base, url, "drop", {"name": "ewa"})
    confirmation = page.split('id="confirm-drop"')[1]
    app.rename("Filip", "Filip Zając", db=url)  # another director, or the desk, meanwhile
    moved = read_floor(url, None).state.last_event_id
    before = dump(url)
    form = {"name": hidden(confirmation, "name"), "confirm": "yes", "seen": hidden(confirmation, "seen")}
    status, page = post(base, url, "drop", form)
    assert status == 409 and dump(url) == before
    assert notice(page).startswith(f"the log moved since this preview (it saw event {form['seen']}): "
                                   f"{moved} rename: rename Filip to Filip Zając. Nothing was stored")
    assert not read_floor(url, None).state.player("Ewa").dropped
    # The confirmation is shown again, as of now; without the event it saw, it is no confirmation.
    again = page.split('id="confirm-drop"')[1]
    assert hidden(again, "seen") == str(moved) and hidden(again, "name") == "Ewa"
    for seen in ("", "x", "²", "1" * 40):
        status, page = post(base, url, "drop", {**form, "seen": seen})
        assert status == 400 and "lacks the preview" in notice(page) and dump(url) == before
    status, page = post(base, url, "drop", {**form, "seen": hidden(again, "seen")})
    assert status == 200 and notice(page) == "Dropped Ewa."


def test_each_row_has_its_rename_and_drop(floor: Floor) -> None:
    base, url = floor
    path = players_path(url)
    status, page = request(base + path)
    row = page.split('<td class="name">Bartosz</td>', 1)[1].split("</tr>", 1)[0]
    assert f'href="{path}?rename=Bartosz" aria-label="Rename Bartosz"' in row
    assert f'action="{path}/drop"' in row and hidden(row, "name") == "Bartosz" and 'aria-label="Drop Bartosz"' in row
    dropped = page.split('<td class="name">Dawid</td>', 1)[1].split("</tr>", 1)[0]
    assert "Rename Dawid" in dropped and "Drop Dawid" not in dropped  # dropped already
    # A row's Drop asks first (the same confirmation as the form's).
    status, page = post(base, url, "drop", {"name": hidden(row, "name")})
    assert status == 200 and "Yes, drop Bartosz" in page
    # A row's Rename asks for the new name, the name read as quick entry reads it.
    status, page = request(base + path + "?rename=bart")
    card = page.split('id="rename-row"')[1].split("</form>")[0]
    assert status == 200 and hidden(card, "old") == "Bartosz" and 'value="Bartosz" required' in card
    assert "autofocus" in card and 'id="add-name" name="name" required maxlength="200" autocomplete="off">' in page
    status, page = post(base, url, "rename", {"old": hidden(card, "old"), "new": "Bartosz Kowal"})
    assert status == 200 and notice(page) == "Renamed Bartosz to Bartosz Kowal."
    status, page = request(base + path + "?rename=nobody")
    assert status == 400 and "nobody" in notice(page).lower() and 'id="rename-row"' not in page


def test_the_search_needs_no_diacritics_and_reads_prefixes_of_any_word(floor: Floor) -> None:
    base, url = floor
    path = players_path(url)
    assert listed(request(base + path + "?q=zdz")[1]) == ["Źdźbło"]
    assert listed(request(base + path + "?q=GRAZ")[1]) == ["Grażyna"]
    assert listed(request(base + path + "?q=now")[1]) == ["Celina Nowak"]  # a later word's prefix
    assert listed(request(base + path + "?q=")[1])[:2] == ["Anna", "Bartosz Kowal"]


def test_an_upload_is_previewed_with_every_refused_line_and_stores_nothing(unseated: Floor) -> None:
    base, url = unseated
    before = dump(url)
    sheet = "name;club\r\nIgor;Łódź\r\n;Gdańsk\r\nJan;X\r\nanna;Y\r\nJan;Z\r\nKarol\r\n".encode("cp1250")
    status, page = upload(base, url, sheet, filename="C:\\Users\\dyr\\lista.csv", fields={"encoding": "cp1250"})
    assert status == 400 and dump(url) == before
    preview = html.unescape(page.split('id="preview"')[1].split("</section>")[0])
    assert "lista.csv: read as cp1250 (--encoding), separator ';'" in preview  # the CLI's line
    assert "lista.csv line 3: the name is empty" in preview
    assert "lista.csv line 5: a player named 'Anna' is already registered" in preview
    assert "lista.csv line 6: 'Jan' is already on line 4" in preview
    assert "Users" not in page  # the path of the director's computer is not the file's name
    assert [line for line in re.findall(r'<td class="num">([0-9]+)</td><td class="name">', page)] == ["2", "4", "7"]
    assert "Łódź" in page and "Import these" not in page


def test_a_clean_upload_is_imported_on_confirmation_only(unseated: Floor) -> None:
    base, url = unseated
    before = dump(url)
    sheet = "\ufeffname,club\nIwona,Kraków\nJerzy,\n".encode("utf-8")
    status, page = upload(base, url, sheet)
    assert status == 200 and "Import these 2 players" in page and dump(url) == before
    assert "players.csv: read as UTF-8 (BOM), separator ','" in html.unescape(page)
    key, count, seen = hidden(page, "upload"), hidden(page, "count"), hidden(page, "seen")
    assert seen == str(read_floor(url, None).state.last_event_id)
    status, page = post(base, url, "import", {"upload": key, "count": count})
    assert status == 400 and "lacks the preview" in notice(page) and dump(url) == before
    status, page = post(base, url, "import", {"upload": key, "count": count, "seen": seen})
    assert status == 200 and "Registered 2 player(s)" in notice(page)
    state = read_floor(url, None).state
    assert state.player("Iwona").club == "Kraków" and state.player("Jerzy").club is None
    # The same confirmation again: the upload is gone, nothing more is stored.
    after = dump(url)
    status, page = post(base, url, "import", {"upload": key, "count": count, "seen": seen})
    assert status == 400 and "upload the file again" in notice(page) and dump(url) == after


def test_a_confirmation_made_stale_is_checked_again(unseated: Floor) -> None:
    base, url = unseated
    status, page = upload(base, url, b"name\nKamil\nLena\n")
    assert status == 200
    post(base, url, "add", {"name": "Lena"})  # another director registers one of them meanwhile
    before = dump(url)
    status, page = post(base, url, "import", {"upload": hidden(page, "upload"), "count": "2",
                                              "seen": hidden(page, "seen")})
    assert status == 409 and dump(url) == before
    assert "players.csv line 3: a player named 'Lena' is already registered" in html.unescape(page)


def test_an_import_confirmed_after_the_log_moved_is_refused_then_previewed_again(unseated: Floor) -> None:
    from tourney import app

    base, url = unseated
    status, page = upload(base, url, b"name\nMaria\nNorbert\n")
    assert status == 200
    form = {"upload": hidden(page, "upload"), "count": "2", "seen": hidden(page, "seen")}
    app.rename("Anna", "Anna Maj", db=url)  # no player of the file: only the log moved
    moved = read_floor(url, None).state.last_event_id
    before = dump(url)
    status, page = post(base, url, "import", form)
    assert status == 409 and dump(url) == before
    assert f"{moved} rename: rename Anna to Anna Maj" in notice(page) and "Nothing was stored" in notice(page)
    # The file's preview as of now, with the event it saw: confirming that imports it.
    assert hidden(page, "seen") == str(moved) and "Import these 2 players" in page
    status, page = post(base, url, "import", {**form, "seen": hidden(page, "seen")})
    assert status == 200 and "Registered 2 player(s)" in notice(page)


def test_an_upload_is_read_with_the_separator_chosen(unseated: Floor) -> None:
    base, url = unseated
    before = dump(url)
    status, page = upload(base, url, b"name\tclub\nOla;x\tAZS\n", fields={"separator": "tab"})
    assert status == 200 and "players.csv: read as UTF-8, separator tab" in html.unescape(page)
    assert re.search(r'<td class="name">Ola;x</td><td>AZS</td>', page)
    status, page = upload(base, url, b"name;club\nOla;AZS\n", fields={"separator": ","})
    assert status == 400 and "players.csv: read as UTF-8, separator ','" in html.unescape(page)
    assert "players.csv line 1" in html.unescape(page)  # "name;club" is no column tourney knows
    status, page = upload(base, url, b"name\nOla\n", fields={"separator": "|", "encoding": "klingon"})
    assert status == 400 and "unknown" in html.unescape(page) and dump(url) == before
    # The form offers what the command's --separator takes, told by the header line by default.
    form = request(base + players_path(url))[1].split('id="upload"')[1].split("</form>")[0]
    assert re.findall(r'<option value="([^"]*)"', form.split('id="upload-separator"')[1]) == ["", ",", ";", "tab"]


def test_a_table_token_and_a_missing_csrf_are_refused(floor: Floor) -> None:
    base, url = floor
    current = read_floor(url, None)
    path = players_path(url)
    csrf = hidden(request(base + path)[1], "csrf")
    before = dump(url)
    table_path = path.replace(current.director_link(), current.table_link(1))
    assert request(base + table_path)[0] == 403
    assert request(base + table_path + "/add", data={"csrf": csrf, "name": "Mallory"})[0] == 403
    assert request(base + path + "/add", data={"name": "Mallory"})[0] == 403
    body, headers = multipart({}, "p.csv", b"name\nMallory\n")
    assert request(base + path + "/upload", data=body, headers=headers)[0] == 403
    # Multipart is taken by the upload alone; every other change is a plain form.
    body, headers = multipart({"csrf": csrf, "name": "Mallory"}, "p.csv", b"")
    assert request(base + path + "/add", data=body, headers=headers)[0] == 415
    assert dump(url) == before


def raw_post(base: str, path: str, headers: dict[str, str], body: bytes) -> str:
    """The status line of a POST whose body may be cut short by the server's answer (a refused
    length is answered without reading on)."""
    host, port = base.removeprefix("http://").rsplit(":", 1)
    with socket.create_connection((host, int(port)), timeout=10) as client:
        head = "".join(f"{name}: {value}\r\n" for name, value in headers.items())
        client.sendall(f"POST {path} HTTP/1.1\r\nHost: {host}:{port}\r\n{head}\r\n".encode() + body)
        return client.makefile("rb").readline().decode()


def test_an_upload_over_the_limit_is_refused(floor: Floor) -> None:
    base, url = floor
    before = dump(url)
    path = players_path(url)
    csrf = hidden(request(base + path)[1], "csrf")
    body, headers = multipart({"csrf": csrf}, "huge.csv", b"name\n")
    headers["Content-Length"] = str(33 * 2**20)  # a file of 33 MB, whose first bytes are sent
    assert " 413 " in raw_post(base, path + "/upload", headers, body[:1000])
    assert dump(url) == before


def test_a_body_streamed_past_the_bound_is_cut_there() -> None:
    """A body of no declared length (chunked) is read no further than the bound."""
    import anyio
    from starlette.requests import Request
    from starlette.types import Message

    from tourney.web.gate import MAX_UPLOAD, read_body
    from tourney.web.pages import Refused

    chunk = b"x" * 2**20
    sent = 0

    async def receive() -> Message:
        nonlocal sent
        sent += 1
        return {"type": "http.request", "body": chunk, "more_body": sent < 40}

    scope = {"type": "http", "method": "POST", "path": "/", "headers": [], "query_string": b""}

    async def read() -> None:
        await read_body(Request(scope, receive), MAX_UPLOAD)

    with pytest.raises(Refused) as refused:
        anyio.run(read)
    assert refused.value.status == 413 and sent == MAX_UPLOAD // len(chunk) + 1


def test_script_in_a_name_is_text(unseated: Floor) -> None:
    base, url = unseated
    status, page = post(base, url, "add", {"name": "<script>alert(1)</script>"})
    assert status == 200 and "<script>alert(1)" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    status, page = upload(base, url, b"name\n<img src=x onerror=alert(2)>\n", filename="<b>x</b>.csv")
    assert status == 200 and "<img src=x" not in page and "<b>x</b>" not in page
    assert "&lt;img src=x onerror=alert(2)&gt;" in page


def preview_of(text: str, state_names: tuple[str, ...] = ()) -> ImportPreview:
    from tourney.app.floor.import_preview import preview_import

    class Registered:  # what the preview asks of the tournament
        last_event_id = 0

        def find_player(self, name: str) -> str | None:
            return next((n for n in state_names if n.casefold() == name.casefold()), None)

    return preview_import(text.encode(), source="list.csv", state=Registered())  # type: ignore[arg-type]


def test_a_long_file_is_read_in_blocks_with_the_command_s_refusals() -> None:
    from tourney.app.floor.import_preview import BLOCK

    rows = [f"Player {n}" for n in range(2 * BLOCK + 10)]
    rows[5] = ",Kraków"  # line 7: no name, in the first block
    rows[BLOCK + 20] = "Player 3"  # a name of the first block again, in the second
    rows[BLOCK + 21] = '"Player\nwith a line break"'  # one record over two lines (lines 2023-2024)
    text = "name,club\n" + "\n".join(rows) + "\n\n\n"
    preview = preview_of(text, ("Player 9",))
    refused = {r.line: r.text for r in preview.refusals}
    assert refused[7].startswith("list.csv line 7: the name is empty")
    assert refused[BLOCK + 22] == f"list.csv line {BLOCK + 22}: 'Player 3' is already on line 5 ('Player 3'): " \
                                  "delete one of the two lines"
    assert refused[11] == "list.csv line 11: a player named 'Player 9' is already registered"
    assert "control characters" in refused[BLOCK + 24]  # the command's own refusal, at the record's end
    assert len(preview.refusals) == 4
    assert len(preview.rows) == len(rows) - 4 and preview.rows[-1].line == len(rows) + 2


def test_a_refused_header_or_an_unclosed_quote_stops_the_preview() -> None:
    header = preview_of("name,phone\nAnn,1\n")
    assert not header.rows and [r.line for r in header.refusals] == [1]
    assert "unknown column" in header.refusals[0].text
    quote = preview_of('name\nAnn\n"Bob\nCarl\n')
    assert not quote.rows and "malformed CSV" in quote.refusals[0].text
    assert preview_of("name\n\n\n").refusals[0].text == "list.csv has a header but no players"
    many = preview_of("name\n" + "\n".join(f"P{n},x" for n in range(200)) + "\n")
    assert len(many.refusals) == 50 and many.more_refusals and not many.importable


def test_the_preview_seats_late_entries_or_says_late_entry_is_closed(tmp_path: Path) -> None:
    """The preview is the import tried and rolled back: each late entry's table, or the engine's
    refusal before the confirmation; nothing stored either way."""
    from tourney.app.floor.import_preview import preview_import, tried

    url = sqlite_url(tmp_path)
    seated_event(url, names=NAMES)
    before = dump(url)
    state = read_floor(url, None).state
    one = tried(preview_import(b"name\nHenryk\n", source="a.csv", state=state), db=url)
    seated = read_floor(url, None).state.tables
    assert one.importable and one.rows[0].table in {t.number for t in seated} and dump(url) == before
    many = "name\n" + "".join(f"Late {n}\n" for n in range(40))
    refused = tried(preview_import(many.encode(), source="a.csv", state=state), db=url)
    assert not refused.importable and refused.refusals[0].text.startswith("late entry is closed")
    assert dump(url) == before
