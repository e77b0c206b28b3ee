"""Pictures of every printed sheet for the docs site (docs/img/*.png), from the project's own rendering.

Builds three seeded events in a temporary folder with the real CLI (a 40-player Polish Poker evening
with three tables played, a 13-player Хлюст-duel knockout after its first round, and a 9-player
Swiss of duels in round 2 for its pairing list), prints every
sheet with `tourney print`, prints each to PDF in headless Chromium exactly as the render tests do
(tests/render/chromium_support.py), and turns each PDF's first page into a PNG with poppler's
pdftoppm. Run it after changing a template, look at the pictures, and commit them:

    python scripts/docs_shots.py [--out docs/img] [--width 900] [--only pairings]
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


def swiss(folder: Path) -> Path:
    """The issue 33 nine-player Swiss of duels in round 2, two of its tables entered; its pairing list."""
    database = "sqlite:///swiss.db"
    tourney(folder, database, "new", "Хлюст Swiss", "--game", "khlyust", "--format", "swiss", "--seeding", "list",
            "--seed", "1", "--date", "2026-03-14")
    tourney(folder, database, "player", "add", "Anna", "Boris", "Clara", "Dima", "Egor", "Fedya", "Galya", "Hanna",
            "Igor")
    tourney(folder, database, "seat")
    for table in json.loads(tourney(folder, database, "tables", "--json")):
        tourney(folder, database, "finish", str(table["table"]), *[seat["name"] for seat in table["players"]])
    tourney(folder, database, "advance")
    for table in json.loads(tourney(folder, database, "tables", "--json"))[:2]:
        tourney(folder, database, "finish", str(table["table"]), *[seat["name"] for seat in table["players"]][::-1])
    sheet = folder / "pairings.html"
    tourney(folder, database, "print", "pairings", "-o", str(sheet))
    return sheet


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    parser.add_argument("--width", type=int, default=900, help="each picture's width in pixels")
    parser.add_argument("--only", metavar="NAME", help="make only this picture (e.g. pairings)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT / "tests" / "render"))
    from chromium_support import DevTools, missing_tools

    if missing_tools():
        missing = ", ".join(missing_tools())
        raise SystemExit(f"error: the pictures need {missing} (apt-get install chromium poppler-utils)")
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        pages: dict[str, Path] = {}
        if args.only in (None, *SHEETS):
            sheets = evening(folder)
            pages = {name: sheets / f"{name}.html" for name in SHEETS}
        if args.only in (None, "bracket-knockout"):
            pages["bracket-knockout"] = knockout(folder)
        if args.only in (None, "pairings"):
            pages["pairings"] = swiss(folder)
        pages = {name: html for name, html in pages.items() if args.only in (None, name)}
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
