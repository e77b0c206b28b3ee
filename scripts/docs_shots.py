"""Pictures of every printed sheet for the docs site (docs/img/*.png), from the project's own rendering.

Builds two seeded events in a temporary folder with the real CLI (a 40-player Polish Poker evening
with three tables played, and a 13-player Хлюст-duel knockout after its first round), prints every
sheet with `tourney print`, prints each to PDF in headless Chromium exactly as the render tests do
(tests/render/chromium_support.py), and turns each PDF's first page into a PNG with poppler's
pdftoppm. Run it after changing a template, look at the pictures, and commit them:

    python scripts/docs_shots.py [--out docs/img] [--width 900]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHEETS = ("standings", "bracket", "seating", "seat-cards", "table-sheets")
PLAYED_TABLES = 3  # of the evening's 7: a sheet shows tables finished, playing and not started


def tourney(folder: Path, database: str, *args: str) -> str:
    """Run one `tourney` command of this checkout in `folder` on `database`; its standard output."""
    env = {**os.environ, "TOURNEY_DB": database, "TOURNEY_LANG": "en", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "tourney", *args], cwd=folder, env=env,
                          capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"tourney {' '.join(args)}: {done.stderr.strip()}")
    return done.stdout


def evening(folder: Path) -> Path:
    """The 40-player evening, three tables finished; its sheets' folder."""
    database = "sqlite:///friday.db"
    tourney(folder, database, "new", "Friday 14 March", "--game", "polish-poker", "--seed", "1403",
            "--date", "2026-03-14")
    tourney(folder, database, "player", "import", "--sample")
    tourney(folder, database, "seat")
    for table in json.loads(tourney(folder, database, "tables", "--json"))[:PLAYED_TABLES]:
        tourney(folder, database, "finish", str(table["table"]), *[seat["name"] for seat in table["players"]])
    sheets = folder / "friday-sheets"
    tourney(folder, database, "print", "all", "-o", str(sheets))
    return sheets


def knockout(folder: Path) -> Path:
    """The knockout after round 1; its bracket sheet."""
    database = "sqlite:///cup.db"
    tourney(folder, database, "new", "Хлюст duel cup", "--game", "khlyust", "--format", "knockout",
            "--third-place", "--seed", "12", "--date", "2026-03-14")
    tourney(folder, database, "player", "add", "Anna", "Boris", "Clara", "Dima", "Egor", "Fedya", "Galya", "Hanna",
            "Igor", "Julia", "Kolya", "Lena", "Misha")
    tourney(folder, database, "seat")
    for table in json.loads(tourney(folder, database, "tables", "--json")):
        tourney(folder, database, "finish", str(table["table"]), *[seat["name"] for seat in table["players"]])
    tourney(folder, database, "advance")
    sheet = folder / "knockout-bracket.html"
    tourney(folder, database, "print", "bracket", "-o", str(sheet))
    return sheet


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    parser.add_argument("--width", type=int, default=900, help="each picture's width in pixels")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "tests" / "render"))
    from chromium_support import DevTools, missing_tools

    if missing_tools():
        missing = ", ".join(missing_tools())
        raise SystemExit(f"error: the pictures need {missing} (apt-get install chromium poppler-utils)")
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        sheets = evening(folder)
        pages = {name: sheets / f"{name}.html" for name in SHEETS}
        pages["bracket-knockout"] = knockout(folder)
        with DevTools(folder / "profile", timeout=120) as browser:
            for name, html in pages.items():
                if not html.exists():
                    raise SystemExit(f"error: `tourney print all` wrote no {html.name}")
                pdf = folder / f"{name}.pdf"
                browser.print_pdf(html, pdf)
                subprocess.run(["pdftoppm", "-png", "-f", "1", "-l", "1", "-singlefile", "-scale-to-x",
                                str(args.width), "-scale-to-y", "-1", str(pdf), str(args.out / name)], check=True)
                print(f"wrote {args.out / name}.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
