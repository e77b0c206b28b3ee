"""The console's players page in the system's Chromium (Playwright) on a laptop (1280x800) and a
phone (390x844): a late entry added with the keyboard alone (the name field has the focus; Tab,
Enter), the list showing where they were seated, no sideways scroll, and a drop asked for then
confirmed from the keyboard. TOURNEY_FLOOR_SCREENSHOTS=DIR keeps the screenshots to look at."""

from __future__ import annotations

from pathlib import Path

import pytest
from floor_support import seated_event, serving, sqlite_url
from test_phone import CHROMIUM, require_chromium, shot

from tourney.app.floor.floor_read import open_floor, read_floor

SIZES = {"laptop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
NAMES = ["Anna", "Bartosz", "Celina", "Dawid", "Ewa", "Filip", "Grażyna", "Konstantynopolitańczykowianeczka Wielka"]


@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_late_entry_is_added_with_the_keyboard_alone(tmp_path: Path, size: str) -> None:
    require_chromium()
    sync_api = pytest.importorskip("playwright.sync_api")
    url = sqlite_url(tmp_path)
    seated_event(url, names=NAMES)
    open_floor(db=url)
    viewport = SIZES[size]
    with serving(url) as (base, _process), sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        try:
            console = browser.new_page(viewport=viewport, is_mobile=size == "phone")
            console.goto(f"{base}/director/{read_floor(url, None).director_link()}/players")
            assert console.evaluate("document.activeElement.id") == "add-name"
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
            assert console.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
            shot(console, f"console-players-{size}")
            # A drop: the name, Enter, and Enter again on the confirmation, which has the focus.
            console.focus("#drop-name")
            console.keyboard.type("zdzis")
            console.keyboard.press("Enter")
            console.wait_for_selector("#confirm-drop")
            assert console.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
            shot(console, f"console-players-drop-{size}")
            assert console.evaluate("document.activeElement.textContent") == "Yes, drop Zdzisław"
            console.keyboard.press("Enter")
            console.wait_for_selector(".notice.ok")
            assert console.locator(".notice").inner_text() == "Dropped Zdzisław."
            assert read_floor(url, None).state.player("Zdzisław").dropped
            # A file from the director's computer, as Chromium uploads it: previewed, then imported.
            sheet = tmp_path / "zapisy.csv"
            sheet.write_bytes("name;club\r\nŁucja;Gdańsk\r\n;bez nazwiska\r\nanna;X\r\nMarek;\r\n".encode("cp1250"))
            console.set_input_files("#upload-file", str(sheet))
            console.fill("#upload-encoding", "cp1250")
            console.get_by_role("button", name="Preview").click()
            console.wait_for_selector("#preview")
            preview = console.locator("#preview").inner_text()
            assert "zapisy.csv line 3: the name is empty" in preview and "line 4: a player named 'Anna'" in preview
            assert console.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
            shot(console, f"console-players-preview-{size}")
            sheet.write_bytes("name;club\r\nŁucja;Gdańsk\r\nMarek;\r\n".encode("cp1250"))
            console.set_input_files("#upload-file", str(sheet))
            console.fill("#upload-encoding", "cp1250")
            console.get_by_role("button", name="Preview").click()
            console.get_by_role("button", name="Import these 2 players").click()
            console.wait_for_selector(".notice.ok")
            assert "Registered 2 player(s)" in console.locator(".notice").inner_text()
            assert read_floor(url, None).state.player("Łucja").club == "Gdańsk"
        finally:
            browser.close()
