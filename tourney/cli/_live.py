"""What the live-tournament commands share: printing the lines of the application's read models,
in the command's language."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from tourney.i18n import Translator


# The translator the running command chose (`command_translator`), for its error line; None before.
_chosen: list[Translator] = []


def forget_translator() -> None:
    """A new command starts: the previous one's language is not this one's (the desk runs many)."""
    _chosen.clear()


def refusal_translator() -> Translator:
    """The language of the running command's error line: the one it chose, else its --lang-less
    choice without the event (TOURNEY_LANG, the system locale), else English."""
    from tourney.errors import TourneyError
    from tourney.i18n import ENGLISH, command_language, translator

    if _chosen:
        return _chosen[-1]
    try:
        return translator(command_language())
    except TourneyError:  # an unknown TOURNEY_LANG: its own refusal is the line to print
        return ENGLISH


def eventless_translator() -> Translator:
    """The language of a command that reads no event (the arbiter, the arena): TOURNEY_LANG, else
    the system locale, else English."""
    from tourney.i18n import command_language, translator

    return translator(command_language())


def echo_lines(lines: Iterable[str]) -> None:
    for line in lines:
        typer.echo(line)


def command_translator(db: str | None = None, tournament: str | None = None, option: str | None = None) -> Translator:
    """The translator of a command about `tournament`: its --lang (`option`), TOURNEY_LANG, the
    event's language, the system locale, else English (`i18n.command_language`). The event's
    language is read only when neither the option nor TOURNEY_LANG decides; an event that cannot be
    read (no database yet, no such tournament) has none, and the command says its own refusal."""
    from tourney.i18n import command_language, translator
    from tourney.i18n.languages import ENV_VARIABLE

    if option or os.environ.get(ENV_VARIABLE):
        chosen = translator(command_language(option))
    else:
        from tourney.app.operations.languages import show_language
        from tourney.errors import TourneyError

        try:
            _row, stored = show_language(db=db, tournament=tournament)
        except TourneyError:
            stored = None
        chosen = translator(command_language(None, stored))
    _chosen[:] = [chosen]
    return chosen
