"""The templates ship inside the wheel: a non-editable install renders every sheet without the
source tree (issue 7: top-level templates/, linked as tourney/templates, package data)."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = sorted(p.relative_to(ROOT / "templates").as_posix() for p in (ROOT / "templates").rglob("*")
                   if p.is_file())

RENDER = """
from datetime import datetime
from tourney.engine.events import Event
from tourney.engine.tournament import TournamentState, draw_seats
from tourney.app.read_models import views as _views
from tourney.render import env, sheets
from tourney.storage.repo import Tournament
state = TournamentState("polish-poker")
for i, name in enumerate(["Ann", "Bob", "Cy"], start=1):
    state.apply(Event(i, "register", {"name": name, "club": None}))
state.apply(Event(4, "seat", draw_seats(state, 1)))
row = Tournament(id=1, name="Wheel", game="polish-poker", seed=1, uid="u", created_at=datetime(2026, 1, 1))
html = sheets.render_table_sheets(_views.table_sheets_page(row, state))
assert "Five Aces" in html and "Ann" in html, html
from tourney.i18n import LOCALES, translator
polish = sheets.render_table_sheets(_views.table_sheets_page(row, state, tr=translator("pl")))
assert "Pięć asów" in polish and "Zasady przy tym stole" in polish, polish
russian = sheets.render_table_sheets(_views.table_sheets_page(row, state, tr=translator("ru")))
assert "Пять тузов" in russian and "Правила за этим столом" in russian, russian
print(LOCALES)
from tourney.app.operations.players import SAMPLE_PLAYERS
assert SAMPLE_PLAYERS.read_text(encoding="utf-8").startswith("name,club"), SAMPLE_PLAYERS
print(env.TEMPLATES)
"""


def test_the_wheel_carries_the_templates_and_renders_from_them(tmp_path: Path) -> None:
    environ = {**os.environ, "TOURNEY_PURE": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}
    subprocess.run([sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "-q", "-w", str(tmp_path)],
                   check=True, env=environ, capture_output=True, timeout=300)
    wheel = next(tmp_path.glob("tourney-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        shipped = sorted(n.removeprefix("tourney/templates/") for n in archive.namelist()
                         if n.startswith("tourney/templates/"))
        # Every template ships (a stale build/ folder of an in-tree build may add old files: not checked).
        assert not set(TEMPLATES) - set(shipped)
        assert "tourney/data/sample_players.csv" in archive.namelist()  # `player import --sample`
        for lang in ("pl", "ru"):  # the compiled catalogs (and their sources) ship
            assert {f"tourney/i18n/locales/{lang}/LC_MESSAGES/tourney.{ext}" for ext in ("mo", "po")} \
                <= set(archive.namelist())
        site = tmp_path / "site"
        archive.extractall(site)
    # Run from an empty folder with only the unpacked wheel (and the dependencies) importable.
    run = subprocess.run([sys.executable, "-c", RENDER], cwd=tmp_path, capture_output=True, text=True,
                         env={**environ, "PYTHONPATH": str(site)}, timeout=60, check=False)
    assert run.returncode == 0, run.stderr
    for printed in run.stdout.split():  # the templates and the catalogs: the wheel's, not the source tree's
        assert Path(printed).resolve().is_relative_to(site.resolve())
