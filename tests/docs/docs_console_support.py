"""The site's shell examples, run: every ```console block of a page under docs/.

A block is a session as a terminal shows it: a line starting `$ ` is a command, the lines after it
(up to the next command) are what it prints, stdout and stderr as they interleave (compared line for
line, trailing spaces aside: a reader cannot see them, an editor drops them). A line `...`
alone stands for any number of lines (a long seating, say), as doctest's ELLIPSIS does. A command
is `tourney ARGS` (run in this process through the real CLI, quoted as a shell quotes) or
`export NAME=VALUE` (kept for the page's later commands), and `printf 'LINES' | tourney ARGS` gives the
command those lines as its standard input (`\n` ends a line); a `# comment` ends a command line. A code
block with a title, ```csv title="players.csv"```, is a file the reader makes: it is written into
the folder, as it stands, before the commands after it run.

The blocks of one page run in order in one fresh folder, with TOURNEY_DB=sqlite:///tourney.db there
unless the page exports another, so a page is one seeded evening and its outputs are exact.

    python tests/docs/docs_console_support.py docs/walkthrough.md   # print each block as it runs now
"""

from __future__ import annotations

import os
import re
import shlex
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from unittest.mock import patch

import typer.main
import typer.testing
from typer.testing import CliRunner

from tourney.cli import app

DOCS = Path(__file__).resolve().parents[2] / "docs"
_BLOCK = re.compile(r'^```(?:console\n(?P<session>.*?)|\w+ title="(?P<file>[^"/]+)"\n(?P<text>.*?))^```',
                    re.MULTILINE | re.DOTALL)
ELLIPSIS = "..."


@dataclass
class Command:
    """One `$ ` line of a page and the output the page shows for it."""

    line: str
    expected: list[str] = field(default_factory=list)
    page_line: int = 0


@dataclass
class File:
    """A file the page asks the reader to make (a code block with a title)."""

    name: str
    text: str


def commands_of(text: str) -> Iterator[Command | File]:
    """Every command of every console block of a page's text, and every file to make, in order."""
    for block in _BLOCK.finditer(text):
        if block.group("file") is not None:
            yield File(block.group("file"), block.group("text"))
            continue
        first_line = text.count("\n", 0, block.start("session")) + 1
        current: Command | None = None
        for offset, line in enumerate(block.group("session").splitlines()):
            if line.startswith("$ "):
                if current is not None:
                    yield current
                current = Command(line[2:], page_line=first_line + offset)
            elif current is None:
                raise ValueError(f"line {first_line + offset}: a console block starts with a `$ ` command")
            else:
                current.expected.append(line)
        if current is not None:
            yield current


def matches(expected: list[str], actual: list[str]) -> bool:
    """`actual` is `expected` line for line, a `...` line standing for any number of lines."""
    if not expected:
        return not actual
    if expected[0] == ELLIPSIS:
        return any(matches(expected[1:], actual[skip:]) for skip in range(len(actual) + 1))
    return bool(actual) and actual[0].rstrip() == expected[0].rstrip() and matches(expected[1:], actual[1:])


_built: list[object] = []


def _built_command(_app: object) -> object:
    if not _built:  # build the click tree once: Typer rebuilds it on every invoke otherwise
        _built.append(typer.main.get_command(app))
    return _built[0]


class Session:
    """A page's commands, run in order in the current folder (the caller makes it fresh)."""

    def __init__(self) -> None:
        # English unless the event says otherwise: no tester's locale, no TOURNEY_LANG (tests set it).
        self.env: dict[str, str | None] = {
            "TOURNEY_DB": "sqlite:///tourney.db", "TOURNEY_LANG": None, "LANG": "C.UTF-8",
            "LC_ALL": None, "LC_MESSAGES": None, "LANGUAGE": None, "COLUMNS": "100"}

    def make(self, file: File) -> None:
        """Write a file of the page into the current folder."""
        Path(file.name).write_text(file.text, encoding="utf-8")

    def run(self, line: str) -> list[str]:
        """The lines `line` prints; an `export` prints nothing."""
        words = shlex.split(line, comments=True)
        if words and words[0] == "export" and len(words) == 2 and "=" in words[1]:
            name, value = words[1].split("=", 1)
            self.env[name] = value
            return []
        given = None
        if len(words) > 3 and words[0] == "printf" and words[2] == "|":
            given, words = words[1].replace("\\n", "\n"), words[3:]
        if not words or words[0] != "tourney":
            raise ValueError(f"a console example runs `tourney ...` or `export NAME=VALUE`, not: {line}")
        with patch.object(typer.testing, "_get_command", _built_command):
            result = CliRunner().invoke(app, words[1:], input=given, env=self.env, prog_name="tourney")
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise result.exception
        return result.output.splitlines()


def pages() -> list[Path]:
    """The pages that hold console examples."""
    return sorted(page for page in DOCS.glob("*.md")
                  if re.search(r"^```console$", page.read_text(encoding="utf-8"), re.MULTILINE))


def main(paths: list[str]) -> int:
    """Run each page's commands here (in a fresh temporary folder) and print what they print now."""
    import tempfile

    for path in paths:
        here = os.getcwd()
        with tempfile.TemporaryDirectory() as folder:
            os.chdir(folder)
            try:
                session = Session()
                for command in commands_of(Path(here, path).read_text(encoding="utf-8")):
                    if isinstance(command, File):
                        session.make(command)
                        continue
                    print(f"$ {command.line}")
                    print("\n".join(session.run(command.line)))
            finally:
                os.chdir(here)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
