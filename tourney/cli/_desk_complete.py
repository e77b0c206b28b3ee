"""Tab completion at the desk: command names, then (through the application's
`app/input/entry_complete.py`, which the console's entry line shares) table numbers, then the
names of the players still in at that table (all players for other commands), matched as a
director types them: any case, without diacritics, from the start of the name or of any word of
it. This module is only the prompt_toolkit adapter and the commands' own names."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from tourney.app.input.entry_complete import argument_candidates, matching, quote, split_partial

if TYPE_CHECKING:
    from tourney.cli._desk_runner import Desk

__all__ = ["DeskCompleter", "matching", "quote", "split_partial"]


class DeskCompleter(Completer):
    def __init__(self, desk: Desk) -> None:
        self.desk = desk

    def get_completions(self, document: Document, complete_event: CompleteEvent) -> Iterator[Completion]:
        done, raw, typed = split_partial(document.text_before_cursor)
        for text, meta in self.candidates(done, typed):
            yield Completion(text, start_position=-len(raw), display_meta=meta)

    def candidates(self, done: list[str], typed: str) -> Iterator[tuple[str, str]]:
        """(completion text, note) for the word being typed after the words `done`."""
        if done and done[0] == "tourney":
            done = done[1:]
        if not done or (done == ["help"]):
            yield from ((name, "") for name in matching(self.desk.command_names(), typed))
            return
        command = done[0]
        if command == "player" and len(done) == 1:
            yield from ((name, "") for name in matching(self.desk.subcommand_names("player"), typed))
            return
        yield from argument_candidates(command, done[1:], typed, self.desk.words)
