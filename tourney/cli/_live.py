"""What the live-tournament commands share: printing the lines of the application's read models,
in the command's language."""

from __future__ import annotations

import os
from collections.abc import Iterable
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from tourney.i18n import Translator


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
        return translator(command_language(option))
    from tourney.app.operations.languages import show_language
    from tourney.errors import TourneyError

    try:
        _row, stored = show_language(db=db, tournament=tournament)
    except TourneyError:
        stored = None
    return translator(command_language(None, stored))
