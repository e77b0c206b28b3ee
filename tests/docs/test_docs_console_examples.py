"""Issue 34 item 4: every shell example of the site runs, and prints what its page shows."""

from __future__ import annotations

from pathlib import Path

import pytest
from docs_console_support import Command, File, Session, commands_of, matches, pages


@pytest.mark.parametrize("page", pages(), ids=lambda page: page.name)
def test_every_console_example_prints_what_its_page_shows(page: Path, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    session = Session()
    commands = list(commands_of(page.read_text(encoding="utf-8")))
    assert commands
    for command in commands:
        if isinstance(command, File):
            session.make(command)
            continue
        actual = session.run(command.line)
        assert matches(command.expected, actual), (
            f"{page.name} line {command.page_line}: $ {command.line}\n--- the page shows:\n"
            + "\n".join(command.expected) + "\n--- the command prints:\n" + "\n".join(actual))


def test_the_runner_reads_blocks_and_matches_an_ellipsis() -> None:
    text = 'x\n```csv title="p.csv"\nname\nAnn\n```\n```console\n$ tourney a  # why\none\ntwo\n$ export A=B\n```\n'
    file, *commands = list(commands_of(text))
    assert file == File("p.csv", "name\nAnn\n")
    assert all(isinstance(c, Command) for c in commands)
    assert [(c.line, c.expected, c.page_line) for c in commands if isinstance(c, Command)] == [
        ("tourney a  # why", ["one", "two"], 7), ("export A=B", [], 10)]
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert matches(["a", "...", "d"], ["a", "d"])
    assert not matches(["a", "...", "d"], ["a", "b"])
    assert not matches(["a"], ["a", "b"])
    with pytest.raises(ValueError, match="not: ls"):
        Session().run("ls")
