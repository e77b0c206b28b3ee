"""The Polish and Russian sheets as Chromium prints them (issue 29): the diacritics and the
Cyrillic in the font the sheets name (DejaVu Sans, embedded), the words on the page, and as many
pages as the English sheet, so a translation that runs longer never pushes a sheet onto a second page."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from chromium_support import DevTools, page_count, pdf_text, require_tools
from render_events import tournament
from test_i18n_sheets import chlust, knockout, polish_poker

from tourney.app.floor.sheets import render_sheet
from tourney.engine.tournament import TournamentState

# (sheet, event, words each language must show on paper)
CASES = [
    ("table-sheets", "polish-poker", {"pl": ["Zasady przy tym stole", "Przegrany rundy dobiera jedną kartę",
                                             "Łukasz Żółć", "Хлюстовщик"],
                                      "ru": ["Правила за этим столом", "Проигравший круг берёт ещё одну карту",
                                             "Łukasz Żółć", "Хлюстовщик"]}),
    ("standings", "polish-poker", {"pl": ["Klasyfikacja końcowa", "Miejsce", "Grażyna"],
                                   "ru": ["Итоговое положение", "Место", "Дмитрий"]}),
    ("bracket", "polish-poker", {"pl": ["Drabinka", "stół finałowy"], "ru": ["Сетка", "финальный стол"]}),
    ("table-sheets", "khlyust", {"pl": ["Chlust rosyjski", "Listy (Листы"], "ru": ["Хлюст", "хлюстовщик"]}),
    ("table-sheets", "chlust", {"pl": ["Rozdający", "Pula", "sprawdzam albo podbijam"],
                                "ru": ["Сдающий", "Банк", "уравнять или повысить"]}),
]


def state_of(game: str, sheet: str) -> TournamentState:
    if game == "khlyust":
        return knockout(1)
    if game == "chlust":
        return chlust()
    return polish_poker(0 if sheet == "table-sheets" else None)


def printed(browser: DevTools, folder: Path, name: str, html: str) -> Path:
    source = folder / f"{name}.html"
    source.write_text(html, encoding="utf-8")
    pdf = folder / f"{name}.pdf"
    browser.print_pdf(source, pdf)
    return pdf


@pytest.mark.parametrize(("sheet", "game", "words"), CASES, ids=[f"{g}-{s}" for s, g, _ in CASES])
def test_the_translated_sheet_prints_like_the_english_one(tmp_path: Path, sheet: str, game: str,
                                                         words: dict[str, list[str]]) -> None:
    require_tools()
    state = state_of(game, sheet)
    event = tournament("Turniej Piątkowy", game)
    with DevTools(tmp_path / "profile") as browser:
        pdfs = {lang: printed(browser, tmp_path, f"{sheet}-{lang}", render_sheet(sheet, event, state, lang=lang))
                for lang in ("en", "pl", "ru")}
    english_pages = page_count(pdfs["en"])
    for lang in ("pl", "ru"):
        assert page_count(pdfs[lang]) == english_pages, f"{lang} {sheet}: {page_count(pdfs[lang])} pages"
        text = " ".join(pdf_text(pdfs[lang]).split())
        for word in words[lang]:
            assert word in text, (lang, word)
        fonts = subprocess.run(["pdffonts", str(pdfs[lang])], capture_output=True, text=True, check=True).stdout
        assert "DejaVuSans" in fonts, fonts  # the sheets' font, which has Polish and Cyrillic letters
        assert all(line.split()[-5] == "yes" for line in fonts.splitlines()[2:]), fonts  # embedded


# Headings, labels and numbers whose text runs out of their box (wider than the cell a column
# gives them, or past the page), as "tag: text": a translation longer than the English.
CUT = """(() => {
  const bad = [];
  const boxes = 'th, td.num, .where span, .strip b, .strip span, h2, h3, .badge, .legend span, .caps span';
  for (const el of document.querySelectorAll(boxes)) {
    const range = document.createRange(); range.selectNodeContents(el);
    const text = range.getBoundingClientRect(), box = el.getBoundingClientRect();
    const out = text.left < box.left - 1 || text.right > box.right + 1;
    if (text.width && out) bad.push(el.tagName + ': ' + el.textContent.trim());
  }
  return bad;
})()"""


def test_no_translated_heading_or_label_runs_out_of_its_box(tmp_path: Path) -> None:
    from test_i18n_sheets import event_sheets

    require_tools()
    found: dict[str, list[str]] = {}
    with DevTools(tmp_path / "profile") as browser:
        for lang in ("en", "pl", "ru"):
            for number, (what, page) in enumerate(event_sheets(lang)):
                html = tmp_path / f"{lang}-{number}.html"
                html.write_text(page, encoding="utf-8")
                session = browser.open(html.resolve().as_uri())
                browser.send("Emulation.setEmulatedMedia", session, media="print")
                if bad := browser.evaluate(session, CUT):
                    found[f"{lang} {what}"] = sorted(set(bad))
    assert not found, "\n".join(f"{what}: {bad}" for what, bad in found.items())
