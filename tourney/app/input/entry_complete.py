"""Completing a result line as the director types it, shared by the desk (`cli/_desk_complete.py`,
under prompt_toolkit) and the console's entry line (`app/floor/console_entry.py`, over HTTP):
table numbers, then the names of the players still in at that table, matched as quick entry reads
names (any case, no diacritics, from the start of the name or of any word of it, in either
script: `ve` offers Вера) and quoted so that the line reads back through shlex. Pure: the words
offered come in as `Words`."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from tourney.app.input.names import plain

# Commands whose first argument is a table of the current stage (completion offers the numbers,
# then the names of the players still in at that table).
TABLE_COMMANDS = frozenset({"result", "finish", "forfeit", "chips", "tables"})
FINAL = "final"  # a table as typed: the final table, once it is seated

_SAFE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-.,:+@%/")

# (completion text, note): what a front end offers for the word being typed.
Candidate = tuple[str, str]


@dataclass
class Words:
    """What completion offers, read from the tournament's state after each entry."""

    players: list[str] = field(default_factory=list)
    # Table number -> the players still in at it (the current stage).
    tables: dict[int, list[str]] = field(default_factory=dict)
    final: int | None = None  # the final table's number once it is seated (`final` names it)


def table_candidates(words: Words, typed: str) -> Iterator[Candidate]:
    """The tables whose number starts as `typed` does ("T3" as on a table card reads as 3), each
    noted with its players still in; `final` too once the final table is seated."""
    for number, still_in in words.tables.items():
        if str(number).startswith(typed.strip().lstrip("tT")):
            yield str(number), ", ".join(still_in)
    if words.final is not None and typed and FINAL.startswith(typed.strip().casefold()):
        yield FINAL, ", ".join(words.tables.get(words.final, ()))


def table_of(word: str, words: Words) -> int | None:
    """The table a finished word names ("3", "T3", `final`), if it is one of the current stage."""
    table = word.strip().lstrip("tT")
    if table.isascii() and table.isdigit() and int(table) in words.tables:
        return int(table)
    if word.strip().casefold() == FINAL and words.final in words.tables:
        return words.final
    return None


def argument_candidates(command: str, args: Sequence[str], typed: str, words: Words) -> Iterator[Candidate]:
    """What to offer for the word `typed` after `command` and its finished arguments `args`: for a
    table command its table first, then the players still in at that table (the players left to
    name, for an order or chip counts; `NAME=` for chips); all players for any other command."""
    if command in TABLE_COMMANDS and not args:
        yield from table_candidates(words, typed)
        return
    if command == "tables":
        return
    names: Iterable[str] = words.players
    if command in TABLE_COMMANDS:
        table = table_of(args[0], words)
        if table is not None:
            names = words.tables[table]
    if command == "chips":
        names = [n for n in names if not any(w.partition("=")[0] == n for w in args[1:])]
        yield from ((quote(name) + "=", "") for name in matching(names, typed.partition("=")[0]))
        return
    if command in ("finish", "forfeit"):
        names = [n for n in names if n not in args[1:]]
    yield from ((quote(name), "") for name in matching(names, typed))


def matching(candidates: Iterable[str], typed: str) -> list[str]:
    """The candidates whose whole text, or one of whose words, starts with `typed`, both read as a
    director's quick entry reads them (`names.plain`: no case, no diacritics); then those it finds
    across scripts (`cross_script`: `ve` offers Вера, `ев` Ewa), as quick entry would take them."""
    from tourney.app.input import cross_script

    want = plain(typed)
    found, others = [], []
    for candidate in candidates:
        folded = plain(candidate)
        if folded.startswith(want) or any(word.startswith(want) for word in folded.split()):
            found.append(candidate)
        else:
            others.append(candidate)
    return found + cross_script.matching(others, typed)


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
