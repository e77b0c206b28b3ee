"""The console's players page in the system's Chromium (Playwright) on a laptop (1280x800) and a
phone (390x844), with the keyboard alone: a late entry added (the name field has the focus; Tab,
Enter), the list showing where they were seated; a row's Rename (Enter on the link, the new name
typed, Enter) and a row's Drop asked for then confirmed; a file uploaded with its encoding and
separator chosen, previewed (saying how it was read) then imported; no sideways scroll.
TOURNEY_FLOOR_SCREENSHOTS=DIR keeps the screenshots to look at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from console_support import (
    LONG_NAMES,
    SIZES,
    console_page,
    director_path,
    focus_is,
    no_sideways_scroll,
    seated_and_open,
)
from floor_support import sqlite_url
from test_phone import shot

from tourney.app.floor.floor_read import read_floor


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_players_page_with_the_keyboard_alone(browser: Any, tmp_path: Path, size: str) -> None:
    url = sqlite_url(tmp_path)
    seated_and_open(url, LONG_NAMES)
    viewport = SIZES[size]
    with console_page(browser, url, size) as (console, base):
        console.goto(base + director_path(url, "players"))
        focus_is(console, "document.activeElement.id", "add-name")
        console.keyboard.type("Zdzisław")
        console.keyboard.press("Tab")
        console.keyboard.type("Łódź AZS")
        console.keyboard.press("Enter")
        console.wait_for_selector(".notice.ok")
        table = read_floor(url, None).state.table_of_player("Zdzisław")
        assert table is not None
        assert f"Zdzisław: late entry, seated at table {table.number}" in console.locator(".notice").inner_text()
        row = console.locator("tr", has=console.locator("td.name", has_text="Zdzisław"))
        assert row.locator("td.num").inner_text() == str(table.number)
        no_sideways_scroll(console, viewport["width"])
        shot(console, f"console-players-{size}")
        # A row's Rename: Enter on its link; the new name's field has the focus, holding the name.
        console.get_by_role("link", name="Rename Zdzisław").focus()
        console.keyboard.press("Enter")
        console.wait_for_selector("#rename-row")
        focus_is(console, "document.activeElement.id", "rename-row-new")
        no_sideways_scroll(console, viewport["width"])
        shot(console, f"console-players-rename-{size}")
        console.keyboard.press("End")
        console.keyboard.type(" Nowy")
        console.keyboard.press("Enter")
        console.wait_for_selector(".notice.ok")
        assert console.locator(".notice").inner_text() == "Renamed Zdzisław to Zdzisław Nowy."
        # A row's Drop: Enter on its button, and Enter again on the confirmation, which has the focus.
        console.get_by_role("button", name="Drop Zdzisław Nowy").focus()
        console.keyboard.press("Enter")
        console.wait_for_selector("#confirm-drop")
        no_sideways_scroll(console, viewport["width"])
        shot(console, f"console-players-drop-{size}")
        focus_is(console, "document.activeElement.textContent", "Yes, drop Zdzisław Nowy")
        console.keyboard.press("Enter")
        console.wait_for_selector(".notice.ok")
        assert console.locator(".notice").inner_text() == "Dropped Zdzisław Nowy."
        assert read_floor(url, None).state.player("Zdzisław Nowy").dropped
        # A file from the director's computer, as Chromium uploads it, its encoding and separator chosen.
        sheet = tmp_path / "zapisy.csv"
        sheet.write_bytes("name;club\r\nŁucja;Gdańsk\r\n;bez nazwiska\r\nanna;X\r\nMarek;\r\n".encode("cp1250"))
        console.set_input_files("#upload-file", str(sheet))
        console.focus("#upload-encoding")
        console.keyboard.type("cp1250")
        console.keyboard.press("Tab")
        focus_is(console, "document.activeElement.id", "upload-separator")
        console.select_option("#upload-separator", ";")
        console.get_by_role("button", name="Preview").focus()
        console.keyboard.press("Enter")
        console.wait_for_selector("#preview")
        preview = console.locator("#preview").inner_text()
        assert "zapisy.csv: read as cp1250 (--encoding), separator ';'" in preview
        assert "zapisy.csv line 3: the name is empty" in preview and "line 4: a player named 'Anna'" in preview
        no_sideways_scroll(console, viewport["width"])
        shot(console, f"console-players-preview-{size}")
        sheet.write_bytes("name;club\r\nŁucja;Gdańsk\r\nMarek;\r\n".encode("cp1250"))
        console.set_input_files("#upload-file", str(sheet))
        console.fill("#upload-encoding", "cp1250")
        console.get_by_role("button", name="Preview").click()
        console.get_by_role("button", name="Import these 2 players").focus()
        console.keyboard.press("Enter")
        console.wait_for_selector(".notice.ok")
        assert "Registered 2 player(s)" in console.locator(".notice").inner_text()
        assert read_floor(url, None).state.player("Łucja").club == "Gdańsk"


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_swiss_s_requests_with_the_keyboard(browser: Any, tmp_path: Path, size: str) -> None:
    from playwright.sync_api import expect

    from tourney import app
    from tourney.app.floor.floor_read import open_floor

    url = sqlite_url(tmp_path)
    app.new_tournament("Swiss night", game="chlust", format="swiss", options={"rounds": 4}, seed=3, db=url)
    app.add_players(LONG_NAMES[:7], db=url)
    app.drop(LONG_NAMES[0], db=url)  # before round 1: the field is the other six
    app.seat(db=url)
    open_floor(db=url)
    first, second, third = LONG_NAMES[1:4]
    viewport = SIZES[size]
    with console_page(browser, url, size) as (console, base):
        console.goto(base + director_path(url, "players"))
        # A requested bye: the round field holds the next round; half a point is the default.
        console.focus("#bye-name")
        console.keyboard.type(first)
        console.keyboard.press("Tab")
        focus_is(console, "document.activeElement.value", "2")
        console.keyboard.press("Enter")
        # Each answer replaces the notice the page already shows: wait for its words, not for a notice.
        expect(console.locator(".notice.ok")).to_have_text(f"{first}: half-point bye in round 2.")
        # Two players kept apart.
        console.focus("#avoid-first")
        console.keyboard.type(second)
        console.keyboard.press("Tab")
        console.keyboard.type(third)
        console.keyboard.press("Enter")
        expect(console.locator(".notice.ok")).to_have_text(f"{second} and {third} are kept apart.")
        # The dropped row's Rejoin (in the list, which the live feed may swap: the focus stays on it).
        no_sideways_scroll(console, viewport["width"])
        shot(console, f"console-players-swiss-{size}")
        console.get_by_role("button", name=f"Rejoin {LONG_NAMES[0]}").press("Enter")
        expect(console.locator(".notice.ok")).to_have_text(f"{LONG_NAMES[0]} is back: paired from round 2.")
    kinds = [event.kind for event in read_floor(url, None).state.events[-3:]]
    assert kinds == ["bye", "avoid", "rejoin"]


def test_a_row_s_button_keeps_the_focus_when_the_list_is_updated(browser: Any, tmp_path: Path) -> None:
    """The live feed swaps the list when another device changes the event; a keyboard user who had
    reached a row's Rename link stays on it (live.js focuses the same link in the new list)."""
    from tourney import app

    url = sqlite_url(tmp_path)
    seated_and_open(url, LONG_NAMES)
    with console_page(browser, url, "laptop") as (console, base):
        console.goto(base + director_path(url, "players"))
        console.get_by_role("link", name="Rename Celina").focus()
        updates = console.evaluate("window.tourneyUpdates || 0")
        app.add_players(["Zenon"], db=url)  # another device's change
        console.wait_for_function(f"() => (window.tourneyUpdates || 0) > {updates}", timeout=10000)
        assert console.locator("td.name", has_text="Zenon").count() == 1  # the list was swapped
        focus_is(console, "document.activeElement.getAttribute('aria-label')", "Rename Celina")
