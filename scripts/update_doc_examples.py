"""Rewrite the outputs of the docs site's console examples with what the commands print now.

tests/docs/test_docs_console_examples.py fails when a page's example no longer prints what the page
shows (a message reworded, a draw changed). After such a change, on purpose, run this on the page,
read the diff as you would a golden file's, and commit it:

    python scripts/update_doc_examples.py docs/walkthrough.md [docs/formats.md ...]

A command's output the page abridges with `...` lines is kept while it still matches; otherwise the
command's whole output replaces it (abridge it again by hand). Files the page makes (code blocks with
a title) and the commands themselves are never changed.
"""

from __future__ import annotations

import os
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "docs"))

from docs_console_support import _BLOCK, File, Session, commands_of, matches  # noqa: E402


def updated(text: str, session: Session) -> str:
    """`text` with each console block's outputs as the commands print them now."""

    def block(found: re.Match[str]) -> str:
        if found.group("file") is not None:
            session.make(File(found.group("file"), found.group("text")))
            return found.group(0)
        lines = []
        for command in commands_of(found.group(0)):
            assert not isinstance(command, File)
            actual = [line.rstrip() for line in session.run(command.line)]
            lines.append(f"$ {command.line}")
            lines.extend(command.expected if matches(command.expected, actual) else actual)
        return "```console\n" + "\n".join(lines) + "\n```"

    return _BLOCK.sub(block, text)


def main(paths: list[str]) -> int:
    if not paths:
        print(__doc__)
        return 2
    for path in paths:
        page = Path(path).resolve()
        text = page.read_text(encoding="utf-8")
        here = os.getcwd()
        with tempfile.TemporaryDirectory() as folder:
            os.chdir(folder)
            try:
                new = updated(text, Session())
            finally:
                os.chdir(here)
        if new == text:
            print(f"{path}: up to date")
        else:
            page.write_text(new, encoding="utf-8")
            print(f"{path}: rewrote its outputs; read the diff before committing")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
