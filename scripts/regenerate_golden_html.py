"""Rewrite the golden HTML sheets (tests/golden/html/) from the seeded event of
tests/golden/html_event.py. Run it only when a change to the sheets is intended, then look at the
diff (and at the pages in a browser) before committing.

    python scripts/regenerate_golden_html.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "golden"))

from html_event import golden_sheets  # noqa: E402


def main() -> None:
    folder = ROOT / "tests" / "golden" / "html"
    folder.mkdir(parents=True, exist_ok=True)
    for name, html in golden_sheets().items():
        (folder / name).write_text(html, encoding="utf-8")
        print(f"wrote {folder / name} ({len(html)} characters)")


if __name__ == "__main__":
    main()
