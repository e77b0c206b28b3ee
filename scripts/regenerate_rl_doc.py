"""Rewrite the generated part of docs/rl.md (each game's feature vector and compact action ids).

Run it after changing a game's features (tourney/envs/features.py), actions or view;
tests/envs/test_rl_doc.py fails until docs/rl.md matches:

    python scripts/regenerate_rl_doc.py
"""

from __future__ import annotations

import sys
from pathlib import Path

from tourney.envs.doc import replace_generated

RL_DOC = Path(__file__).resolve().parent.parent / "docs" / "rl.md"


def main() -> int:
    text = RL_DOC.read_text(encoding="utf-8")
    updated = replace_generated(text)
    if updated != text:
        RL_DOC.write_text(updated, encoding="utf-8")
        print(f"rewrote the generated part of {RL_DOC}")
    else:
        print("docs/rl.md is up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
