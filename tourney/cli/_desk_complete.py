"""Tab completion at the desk: command names, then table numbers, then the names of the players
still in at that table (all players for other commands), matched as a director types them: any
case, without diacritics, from the start of the name or of any word of it."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from prompt_toolkit.completion import CompleteEvent, Completer, Completion
from prompt_toolkit.document import Document

from tourney.app.input.names import plain
from tourney.cli._desk_runner import TABLE_COMMANDS

if TYPE_CHECKING:
    from tourney.cli._desk_runner import Desk

_SAFE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.,:+@%/")


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
        words = self.desk.words
        if command in TABLE_COMMANDS and len(done) == 1:
            for number, still_in in words.tables.items():
                if str(number).startswith(typed.strip().lstrip("tT")):
                    yield str(number), ", ".join(still_in)
            return
        if command == "tables":
            return
        names: Iterable[str] = words.players
        if command in TABLE_COMMANDS:
            table = done[1].strip().lstrip("tT")
            if table.isascii() and table.isdigit() and int(table) in words.tables:
                names = words.tables[int(table)]
        if command == "chips":
            names = [n for n in names if not any(w.partition("=")[0] == n for w in done[2:])]
            yield from ((quote(name) + "=", "") for name in matching(names, typed.partition("=")[0]))
            return
        if command in ("finish", "forfeit"):
            names = [n for n in names if n not in done[2:]]
        yield from ((quote(name), "") for name in matching(names, typed))


def matching(candidates: Iterable[str], typed: str) -> list[str]:
    """The candidates whose whole text, or one of whose words, starts with `typed`, both read as a
    director's quick entry reads them (`names.plain`: no case, no diacritics)."""
    want = plain(typed)
    found = []
    for candidate in candidates:
        folded = plain(candidate)
        if folded.startswith(want) or any(word.startswith(want) for word in folded.split()):
            found.append(candidate)
    return found


def quote(name: str) -> str:
    """`name` as one word of a desk line (read back by shlex)."""
    if name and set(name) <= _SAFE:
        return name
    if "'" not in name:
        return f"'{name}'"
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'


def split_partial(text: str) -> tuple[list[str], str, str]:
    """A line typed so far as (its finished words, the raw text of the word being typed, that word
    unquoted), reading quotes as shlex does; an unclosed quote belongs to the word being typed."""
    words: list[str] = []
    current: list[str] = []
    start = 0
    in_word = False
    quote_char: str | None = None
    i = 0
    while i < len(text):
        char = text[i]
        if quote_char is not None:
            if char == quote_char:
                quote_char = None
            elif char == "\\" and quote_char == '"' and i + 1 < len(text) and text[i + 1] in '"\\':
                i += 1
                current.append(text[i])
            else:
                current.append(char)
        elif char.isspace():
            if in_word:
                words.append("".join(current))
                current, in_word = [], False
        else:
            if not in_word:
                in_word, start = True, i
            if char in "'\"":
                quote_char = char
            elif char == "\\" and i + 1 < len(text):
                i += 1
                current.append(text[i])
            else:
                current.append(char)
        i += 1
    if not in_word:
        return words, "", ""
    return words, text[start:], "".join(current)
