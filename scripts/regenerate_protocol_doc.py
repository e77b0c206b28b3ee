"""Rewrite the per-game protocol tables (view keys, action ids, bot kinds) from the registry, on the
docs site's Bot authors page (docs/bots.md).

Run it after changing a game's view schema, actions or bots; tests/protocol/test_protocol_doc.py
and tests/docs/test_docs_generated.py fail until it matches:

    python scripts/regenerate_protocol_doc.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from tourney.app.operations.protocol_doc import protocol_markdown, replace_section

ROOT = Path(__file__).resolve().parent.parent
PAGES = (ROOT / "docs" / "bots.md",)


def main() -> int:
    tables = protocol_markdown()
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        updated = replace_section(text, tables)
        if updated != text:
            page.write_text(updated, encoding="utf-8")
            print(f"rewrote the protocol tables of {page}")
        else:
            print(f"the protocol tables of {page} are up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
