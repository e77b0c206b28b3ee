"""One line of results as a director types it at the console's entry line, read as the desk reads
the same commands (shlex words, `tourney` typed out of habit dropped):

    result 5 kam          5 kam   T5 kam        a round's loser at table 5 (a bare table is `result`)
    final s1              result final s1       at the final table, once it is seated
    finish 4 ola anna magda ...                 a table's finishing order, winner first
    chips 2 ann=40 bob=60                       a pot game's final chip counts
    forfeit 3 ann         forfeit 3 ann bob     a duel's forfeit; a double forfeit
    undo                  undo 57               the last entry, or entry 57 (as `tourney undo`)

Only reading: names stay as typed (the operations resolve them as quick entry does: prefixes, no
diacritics, seats `s2`) and the table is the text typed (`final` needs the tournament's state)."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from dataclasses import dataclass

from tourney.app.input.entry_complete import FINAL, quote
from tourney.app.input.numbers import whole_number
from tourney.errors import InvalidInputError, worded
from tourney.i18n import ENGLISH, N_, Translator

MAX_LINE = 4000  # characters: a finish of the largest table with long names is far shorter
# The command words the line takes, in the order its refusals name them.
COMMANDS = ("result", "finish", "chips", "forfeit", "undo")
ACCEPTS = N_("the line takes `result T NAME` (or just `T NAME`), `final NAME`, `finish T P1 P2 ...`, "
             "`chips T NAME=N ...`, `forfeit T NAME [OTHER]` and `undo`")
_USAGE = {
    "result": N_("result TABLE NAME, e.g. `result 5 kam` or `5 kam`"),
    "finish": N_("finish TABLE P1 P2 ..., winner first, e.g. `finish 4 ola anna magda`"),
    "chips": N_("chips TABLE NAME=N ..., e.g. `chips 2 ann=40 bob=60`"),
    "forfeit": N_("forfeit TABLE NAME, or both players for a double forfeit, e.g. `forfeit 3 ann`"),
}


@dataclass(frozen=True, slots=True)
class EntryLine:
    """A line read: its command, its table as typed ("5", "T5", `final`; "" for undo) and its
    words after the table (names, NAME=N counts; for undo, the event id if one was given)."""

    command: str
    table: str = ""
    names: tuple[str, ...] = ()

    def text(self) -> str:
        """The line as the desk would read it back (names quoted where they need it)."""
        return " ".join([self.command, *([self.table] if self.table else []), *(quote(n) for n in self.names)])

    @property
    def event(self) -> int | None:
        """The id an `undo ID` names (None: the last entry)."""
        return int(self.names[0]) if self.command == "undo" and self.names else None


def is_table_word(word: str) -> bool:
    """Whether a first word is a table typed bare: `5`, `T5`, `final` (the line then means `result`)."""
    number = word[1:] if word[:1] in ("t", "T") else word
    return (number.isascii() and number.isdigit()) or word.casefold() == FINAL


def read_entry_line(line: str, tr: Translator = ENGLISH) -> EntryLine:
    """The entry `line` asks for; one clear line (`InvalidInputError`, in `tr`'s language) for anything else."""
    accepts = tr.gettext(ACCEPTS)
    if len(line) > MAX_LINE:
        raise InvalidInputError(tr.gettext("that line is too long (%(length)s characters; at most %(most)s)",
                                           length=len(line), most=MAX_LINE))
    try:
        words = shlex.split(line)
    except ValueError as error:  # an unclosed quote
        raise InvalidInputError(tr.gettext("cannot read that line: %(why)s", why=error)) from None
    if words and words[0] == "tourney":
        words = words[1:]  # typed out of habit
    if not words:
        raise InvalidInputError(tr.gettext("type an entry: %(accepts)s", accepts=accepts))
    first = words[0].casefold()
    if is_table_word(words[0]):
        return entry("result", words, tr)
    if first not in COMMANDS:
        raise InvalidInputError(tr.gettext("%(word)s is not an entry here: %(accepts)s", word=repr(words[0]),
                                           accepts=accepts))
    return entry(first, words[1:], tr)


def entry(command: str, args: Sequence[str], tr: Translator = ENGLISH) -> EntryLine:
    """The entry of `command` with its words after it (a table, then names), checked for their
    number as the CLI's command checks them."""
    if command == "undo":
        if len(args) > 1:
            raise InvalidInputError(tr.gettext("undo takes at most one event id (see the log), not %(words)s",
                                               words=repr(" ".join(args))))
        if args:
            whole_number(args[0], what=worded("the event id to undo (the number the log shows)"), low=1,
                         high=2**63 - 1)
        return EntryLine("undo", "", tuple(args))
    if command not in _USAGE:
        raise InvalidInputError(tr.gettext("%(word)s is not an entry here: %(accepts)s", word=repr(command),
                                           accepts=tr.gettext(ACCEPTS)))
    usage = tr.gettext(_USAGE[command])
    if len(args) < 2:
        if not args:
            raise InvalidInputError(tr.gettext("%(command)s needs a table: %(usage)s", command=command, usage=usage))
        if command == "result":
            raise InvalidInputError(tr.gettext("result needs who lost the round: %(usage)s", usage=usage))
        raise InvalidInputError(tr.gettext("%(command)s needs the players: %(usage)s", command=command, usage=usage))
    table, names = args[0], tuple(args[1:])
    if command == "result" and len(names) > 1:
        raise InvalidInputError(tr.ngettext(
            "a result names one loser, not %(num)s (%(names)s): %(usage)s; a whole order is `finish`",
            "a result names one loser, not %(num)s (%(names)s): %(usage)s; a whole order is `finish`",
            len(names), names=" ".join(names), usage=usage))
    if command == "forfeit" and len(names) > 2:
        raise InvalidInputError(tr.gettext("forfeit: a duel has two players; give the loser, or both for a double "
                                           "forfeit (got %(count)s)", count=len(names)))
    return EntryLine(command, table, names)
