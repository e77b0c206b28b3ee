"""Rewrite the README's per-game protocol tables (view keys, action ids, bot kinds) from the registry.

Run it after changing a game's view schema, actions or bots; tests/protocol/test_protocol_doc.py
fails until the README matches:

    python scripts/regenerate_protocol_doc.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from tourney.app.operations.protocol_doc import protocol_markdown, replace_section

README = Path(__file__).resolve().parent.parent / "README.md"


def main() -> int:
    text = README.read_text(encoding="utf-8")
    updated = replace_section(text, protocol_markdown())
    if updated != text:
        README.write_text(updated, encoding="utf-8")
        print(f"rewrote the protocol tables of {README}")
    else:
        print("the protocol tables are up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
