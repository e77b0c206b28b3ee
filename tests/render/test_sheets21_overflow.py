"""Issue 21 item 3, measured in a real headless Chromium: nothing on a sheet breaks mid-word or is
cut. Status words ("playing", "dropped") and numbers ("10") stay on one line; 60-character names,
Latin and Cyrillic, are never cut in a double elimination's boxes, on A4 or letter; a long club
wraps between its words (skips without Chromium, like test_sheets_pdf.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from chromium_support import DevTools, require_tools
from format_events import EVENT, play, swiss_event
from render_events import Builder, tournament

from tourney.app.read_models import views
from tourney.app.read_models.format_views import elimination_page
from tourney.engine.bracket import champion, resolve
from tourney.engine.formats.double_elimination import double_elimination
from tourney.render import sheets
from tourney.render.formats import render_elimination, render_swiss

LATIN_60 = "Wolfeschlegelsteinhausenbergerdorff Maximilian-Alexander Jr"[:60].ljust(60, "x")
CYRILLIC_60 = "Константинопольский-Переславский Александр Владимирович Юр"[:60].ljust(60, "ж")
LONG_CLUB = "Towarzystwo Miłośników Gier Karcianych Ziemi Krakowskiej"

# The elements of the page whose text wraps onto a second line (or is cut: taller or wider inside
# than shown), as "selector: text".
CHECK = """(() => {
  const bad = [];
  const lines = (el) => {
    const range = document.createRange(); range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
  };
  for (const el of document.querySelectorAll('.status, td.num, th.num:not(.tb), td.n, .seat-no, .board')) {
    if (el.textContent.trim() && lines(el) > 1) bad.push('wraps: ' + el.textContent.trim());
  }
  for (const el of document.querySelectorAll('.mbox .who.name')) {
    const cut = el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1;
    if (cut) bad.push('cut: ' + el.textContent);
  }
  for (const el of document.querySelectorAll('td.club, .club')) {
    const words = el.textContent.trim().split(/\\s+/);
    const range = document.createRange(); const text = el.firstChild;
    if (!text || text.nodeType !== 3) continue;
    let at = 0;
    for (const word of words) {
      const start = text.data.indexOf(word, at); at = start + word.length;
      range.setStart(text, start); range.setEnd(text, start + word.length);
      const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
      if (tops.size > 1) bad.push('club word split: ' + word);
    }
  }
  return bad;
})()"""


def _double_elimination(paper: str) -> str:
    names = [LATIN_60, CYRILLIC_60] + [f"Player {i:02d}" for i in range(3, 17)]
    bracket = double_elimination(16)
    states = resolve(bracket, names, play(bracket, names))
    return render_elimination(elimination_page(EVENT, bracket, names, states, champ=champion(bracket, states),
                                               paper=paper))


def _stage_event() -> Builder:
    builder = Builder()
    builder.register([LATIN_60, CYRILLIC_60] + [f"Player {i:02d}" for i in range(3, 61)])
    builder.seat(7)
    return builder


def _standings(paper: str) -> str:
    builder = _stage_event()
    row = tournament()
    state = builder.state
    page = views.standings_page(row, state, paper=paper)
    rows = tuple(r if i % 2 else type(r)(**{**r.__dict__, "club": LONG_CLUB}) for i, r in enumerate(page.rows))
    return sheets.render_standings(type(page)(**{**page.__dict__, "rows": rows}))


def _seating(paper: str) -> str:
    return sheets.render_seating(views.seating_page(tournament(), _stage_event().state, paper=paper))


JOBS: dict[str, Callable[[str], str]] = {"double-elimination": _double_elimination, "standings": _standings,
                                         "seating": _seating,
                                         "swiss-25": lambda paper: render_swiss(swiss_event(25, rounds=5, played=4))}


@pytest.fixture(scope="module")
def findings(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    require_tools()
    folder = tmp_path_factory.mktemp("overflow")
    out = {}
    with DevTools(folder / "profile") as browser:
        for key, render in JOBS.items():
            for paper in ("a4", "letter"):
                html = folder / f"{key}-{paper}.html"
                html.write_text(render(paper), encoding="utf-8")
                session = browser.open(html.resolve().as_uri())
                browser.send("Emulation.setEmulatedMedia", session, media="print")
                out[f"{key}-{paper}"] = browser.evaluate(session, CHECK)
    return out


@pytest.mark.parametrize("key", [f"{k}-{p}" for k in JOBS for p in ("a4", "letter")])
def test_nothing_wraps_mid_word_or_is_cut(findings: dict[str, list[str]], key: str) -> None:
    assert findings[key] == []


def test_the_check_sees_a_wrapped_number(tmp_path: Path) -> None:
    require_tools()
    html = tmp_path / "narrow.html"
    html.write_text('<table><tr><td class="num" style="width:1px;overflow-wrap:anywhere">10</td></tr></table>'
                    '<div class="mbox"><span class="who name" style="display:block;width:20px;height:10px;'
                    'overflow:hidden">' + LATIN_60 + "</span></div>", encoding="utf-8")
    with DevTools(tmp_path / "profile") as browser:
        found = browser.evaluate(browser.open(html.resolve().as_uri()), CHECK)
    assert found == ["wraps: 10", f"cut: {LATIN_60}"]
