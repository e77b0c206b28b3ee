"""The whole exception tree of tourney: every exception class defined anywhere in tourney/.

    TourneyError                      base of everything tourney raises on purpose
    ├── InvalidInputError (ValueError)   text that cannot be parsed
    │   ├── InvalidCardError               a card token, a duplicate, a card not in the deck
    │   ├── InvalidActionError             an action or declaration that cannot be parsed
    │   └── LogMovedError                  app/operations/corrections.py: an undo confirmed after the log moved
    ├── IllegalActionError (ValueError)  parses, but breaks a rule in this position
    │   ├── EventError                     engine/events.py: a log event that cannot be applied (names its id)
    │   └── StalePreview                   app/floor/console_stage.py: a confirmed preview the log moved past
    ├── RecordError (ValueError)         a game record that does not replay (names line and rule)
    ├── StorageError                     the database refuses: wrong schema, locked, missing data
    │   └── NotFoundError (LookupError)    an unknown tournament, player or table
    │       └── NotInTournamentError (IllegalActionError)  a player or table this tournament does not have
    ├── AccessError                      a floor link's token that is wrong, revoked or outside its scope (HTTP 403)
    ├── Refused                          web/pages.py: a request turned away before the application (its HTTP status)
    ├── UnplayableGameError              rules/games.py: a registered game without a rules engine
    ├── ObservationTooLargeError         envs/encoding.py: a view too long for the observation vector
    ├── UnfactorableActionError          envs/actions.py: a discard set the compact action ids cannot name
    ├── TemplateError                    a printout template that does not load or render (names file and line)
    │   └── TemplateLimitError             render/sandbox.py: a director's template went past a time or size bound
    ├── Forfeit                          arena/faults.py: a bot lost its match by a fault
    ├── BotPipeError                     a bot program's pipe failed (arena/bot_process.py raises it;
    │   │                                subprocess_bot.py turns it into a fault or a Forfeit)
    │   ├── BotTimeout                     arena/bot_process.py: no line before the deadline
    │   ├── BotExited                      arena/bot_process.py: the program closed its pipe or exited
    │   └── BotLineTooLong                 arena/bot_process.py: an answer line over the limit
    ├── WorkerDied                       arena/backends.py raises it: a worker process of a run died
    ├── OutputFailed                     cli/_output.py: standard output could not be written (closed, full disk)
    ├── _Fatal                           app/floor/import_preview.py: an upload unreadable past a refusal
    ├── _Trial                           app/floor/import_preview.py: ends an upload's trial import, rolled back
    ├── _RolledBack                      app/floor/console_stage.py: ends a stage preview's transaction
    └── StaleBuildError (ImportError)    a compiled module older than a source it was built from

A class defined elsewhere is drawn with its module; a class's other bases are in parentheses after
its name; tests/test_errors_tree.py fails when a class exists that this drawing does not name, or is
drawn under another parent than its own.

Messages are one line, name the offending value and, where a rule is broken, the rule.
The CLI turns every ``TourneyError`` into that one line on stderr and a non-zero exit.

A message a person reads in their language (issue 29) is raised as `Worded`: the catalog's English
sentence and its parameters (`InvalidInputError.in_words("no event %(event)s ...", event=3)`), so
that the CLI's error boundary says it with the command's translator (`Translator.words`) instead of
reading the English back. Its English text (`str`) is what the error always said.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Self


@dataclass(frozen=True)
class Worded:
    """A whole sentence of the catalog with its `%(name)s` parameters, said in a language later.

    `plural` and `count` choose the plural form (`%(num)s` is the count, as in `ngettext`);
    `context` tells apart one English word a language says two ways (`pgettext`); a parameter may
    be `Worded` too (a refusal quoting another). `str()` is the English sentence, exactly as the
    message was written before it had a catalog."""

    message: str
    params: Mapping[str, object] = field(default_factory=dict)
    plural: str | None = None
    count: int | None = None
    context: str | None = None

    def __str__(self) -> str:
        values = {name: str(value) if isinstance(value, Worded) else value for name, value in self.params.items()}
        if self.plural is not None:
            return (self.message if self.count == 1 else self.plural) % {"num": self.count, **values}
        return self.message % values if values else self.message


def worded(message: str, /, **params: object) -> Worded:
    """`message` (a catalog msgid) with `params`, to be said in a language later."""
    return Worded(message, params)


def worded_n(singular: str, plural: str, count: int, /, **params: object) -> Worded:
    """As `worded`, in the form for `count`."""
    return Worded(singular, params, plural, count)


def worded_p(context: str, message: str, /, **params: object) -> Worded:
    """As `worded`, in `context` (one English word a language says two ways)."""
    return Worded(message, params, context=context)


class TourneyError(Exception):
    """Base class of every error tourney raises on purpose."""

    words: Worded | None = None  # the message as the catalog says it, when raised `in_words`

    @classmethod
    def in_words(cls, message: str, /, **params: object) -> Self:
        """The error saying `message` (a catalog msgid) with `params`: English as `str()`, and any
        language at the error boundary."""
        return cls.from_words(Worded(message, params))

    @classmethod
    def in_words_n(cls, singular: str, plural: str, count: int, /, **params: object) -> Self:
        """As `in_words`, with the form of the sentence for `count` (`%(num)s`)."""
        return cls.from_words(Worded(singular, params, plural, count))

    @classmethod
    def from_words(cls, words: Worded) -> Self:
        """The error saying `words`: its English as `str()`, the sentence kept as `error.words`."""
        error = cls(str(words))
        error.words = words
        return error


class WorkerDied(TourneyError):
    """A worker process of a run died (killed, out of memory): what was played before it is kept."""


class InvalidInputError(TourneyError, ValueError):
    """Input text that cannot be parsed."""


class InvalidCardError(InvalidInputError):
    """A bad card token, a duplicate card, or a card that is not in this game's deck."""


class InvalidActionError(InvalidInputError):
    """An action or declaration that cannot be parsed."""


class IllegalActionError(TourneyError, ValueError):
    """An action that parses but breaks a rule in the current position."""


class AccessError(TourneyError):
    """A floor link (issue 18) whose token is wrong, revoked, or not for this table or round."""


class RecordError(TourneyError, ValueError):
    """A game record that is malformed or does not replay; the message names line and rule."""

    def __init__(self, line: int, message: str) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line


class TemplateError(TourneyError):
    """A template that does not load or render (a director's own, usually): names the template and line."""


class StorageError(TourneyError):
    """The database cannot do what was asked (schema version, lock, constraint)."""


class NotFoundError(StorageError, LookupError):
    """An unknown tournament, player or table."""


class NotInTournamentError(NotFoundError, IllegalActionError):
    """A player or table that the tournament does not have: a `NotFoundError`, and an
    `IllegalActionError` as every refused entry of a live event is (callers that caught that still do)."""


class StaleBuildError(TourneyError, ImportError):
    """Importing tourney found a compiled (mypyc) module older than a source it was built from
    (tourney/_build.py); the message says how to rebuild."""


class BotPipeError(TourneyError):
    """The pipe to a bot program failed; arena/bot_process.py raises the kinds, subprocess_bot.py catches them."""
