"""The console's print page in the system's Chromium (Playwright): on a laptop and on a phone without
sideways scrolling, reached from the director's page with the keyboard, and a sheet it opens printed
to PDF with a page per table, the names and the tables' QR links in it (poppler reads it back)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from floor_support import NAMES, serving, sqlite_url
from test_phone import CHROMIUM, PHONE, require_chromium, shot

from tourney import app
from tourney.app.floor.floor_read import read_floor

LAPTOP = {"width": 1280, "height": 800}
EVENT = "Wieczór w Łodzi"


def pdf_pages(pdf: Path) -> int:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    return int(next(line.split()[1] for line in info.splitlines() if line.startswith("Pages:")))


def pdf_text(pdf: Path) -> str:
    return subprocess.run(["pdftotext", "-enc", "UTF-8", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout


def test_the_print_page_fits_a_laptop_and_a_phone_and_a_sheet_prints_to_pdf(tmp_path: Path) -> None:
    require_chromium()
    if shutil.which("pdfinfo") is None or shutil.which("pdftotext") is None:
        pytest.skip("no poppler (pdfinfo, pdftotext)")
    sync_api = pytest.importorskip("playwright.sync_api")
    url = sqlite_url(tmp_path)
    app.new_tournament(EVENT, game="pp", seed=11, db=url)
    app.add_players(NAMES, db=url)
    app.seat(db=url)
    with serving(url) as (base, _process), sync_api.sync_playwright() as playwright:
        floor = read_floor(url, None)
        director = f"{base}/director/{floor.director_link()}"
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        try:
            for name, size, mobile in (("laptop", LAPTOP, False), ("phone", PHONE, True)):
                context = browser.new_context(viewport=size, is_mobile=mobile, has_touch=mobile)
                page = context.new_page()
                page.goto(director)
                page.locator("#print-link").focus()  # the keyboard reaches it from the director's page
                page.keyboard.press("Enter")
                page.wait_for_url(f"{director}/print")
                assert page.title() == f"Print and export · {EVENT}"
                assert page.evaluate("document.documentElement.scrollWidth") <= size["width"], name
                assert page.locator("a.button", has_text="Open").count() == 7
                assert page.locator("a.button", has_text="Download").count() == 11
                shot(page, f"console-print-{name}")
                context.close()
            context = browser.new_context(viewport=LAPTOP)
            page = context.new_page()
            page.goto(f"{director}/print")
            with context.expect_page() as opened:
                page.locator('[data-sheet="table-sheets-links"] a', has_text="Open").click()
            sheet = opened.value
            sheet.wait_for_load_state()
            shot(sheet, "console-table-sheets-links")
            pdf = tmp_path / "table-sheets.pdf"
            sheet.pdf(path=str(pdf), prefer_css_page_size=True)
            context.close()
        finally:
            browser.close()
    tables = floor.state.tables
    assert pdf_pages(pdf) == len(tables) == 2  # one table's sheet per page, as the print CSS breaks them
    text = pdf_text(pdf)
    assert EVENT in text
    for table in tables:
        for player in table.seats:
            assert player in text, player
    joined = "".join(text.split())  # a long link may be wrapped across lines
    for table in tables:
        assert f"Table {table.number}" in text
        assert f"{base}/table/{table.number}/{floor.table_link(table.number)}" in joined  # the QR code's link
