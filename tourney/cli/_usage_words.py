"""A usage error (click's: an unknown option, a missing argument, a value refused) in the command's
language (issue 29). Click words them in English and has no catalog, so each kind is said again
from its parts (the option's name, the parameter's hint, the refused value's reason); a message of
another shape stays as click wrote it. English is exactly click's message, byte for byte."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import typer

from tourney.errors import TourneyError, Worded

if TYPE_CHECKING:  # the catalogs (Babel) are loaded only when an error is said
    from tourney.i18n import Translator

# Typer's copy of click names its exception classes only in its private module; they are told
# apart by what they carry (click's messages here are its fixed sentences).
_EXTRA = re.compile(r"Got unexpected extra argument(?P<plural>\(s\))? \((?P<args>.*)\)")
_NO_COMMAND = re.compile(r"No such command (?P<name>'.*')\.")
_NEEDS_VALUE = re.compile(r"Option (?P<option>'.*') requires an argument\.")


def bad_parameter(words: Worded, ctx: Any = None, param: Any = None) -> typer.BadParameter:
    """A `typer.BadParameter` saying `words` (English: as before), which `usage_text` says in the
    command's language."""
    error = typer.BadParameter(str(words), ctx=ctx, param=param)
    error.words = words  # type: ignore[attr-defined]  # read back by usage_text
    return error


def usage_text(error: Any, command: str | None, tr: Translator) -> str:
    """`error`'s line after `error: `, with the command whose help to see (None: none named)."""
    if tr.lang == "en":
        return str(error.format_message()) + (f" (see '{command} --help')" if command is not None else "")
    message = _said(error, tr)
    if command is None:
        return message
    return tr.gettext("%(message)s (see '%(command)s --help')", message=message, command=command)


def _said(error: Any, tr: Translator) -> str:
    english = str(error.format_message())
    kind = type(error).__name__
    if kind == "NoSuchOption" and error.message == f"No such option: {error.option_name}":
        said = tr.gettext("No such option: %(option)s", option=error.option_name)
        if error.possibilities:
            return tr.gettext("%(message)s (possible options: %(options)s)", message=said,
                              options=", ".join(sorted(error.possibilities)))
        return said
    if kind == "MissingParameter":
        return _missing(error, english, tr)
    if isinstance(error, typer.BadParameter) and kind == "BadParameter":
        return _bad_value(error, english, tr)
    for pattern, say in _SHAPES:
        found = pattern.fullmatch(english)
        if found:
            return say(found, tr)
    return english


def _missing(error: Any, english: str, tr: Translator) -> str:
    hint = _hint(error)
    if hint is None or english != f"Missing {error.param_type or error.param.param_type_name} {hint}.":
        return english  # with click's own extra words (a choice's values): as click said it
    if (error.param_type or error.param.param_type_name) == "option":
        return tr.gettext("Missing option %(option)s.", option=hint)
    return tr.gettext("Missing argument %(argument)s.", argument=hint)


def _bad_value(error: Any, english: str, tr: Translator) -> str:
    words = getattr(error, "words", None)
    cause = error.__context__
    if words is None and isinstance(cause, TourneyError):
        words = cause.words
    reason = tr.words(words) if isinstance(words, Worded) else error.message
    hint = _hint(error)
    if hint is None:
        return tr.gettext("Invalid value: %(reason)s", reason=reason)
    if english != f"Invalid value for {hint}: {error.message}":
        return english
    return tr.gettext("Invalid value for %(option)s: %(reason)s", option=hint, reason=reason)


def _hint(error: Any) -> str | None:
    """The parameter as click names it in its message ("'--players' / '-n'", "'NAME'")."""
    hint = error.param_hint if error.param_hint is not None else (
        error.param.get_error_hint() if error.param is not None else None)
    if hint is None or isinstance(hint, str):
        return hint
    return " / ".join(repr(name) for name in hint)  # as click joins them


def _extra(found: re.Match[str], tr: Translator) -> str:
    return tr.gettext("Got unexpected extra arguments (%(arguments)s)", arguments=found["args"])


_SHAPES = (
    (_EXTRA, _extra),
    (_NO_COMMAND, lambda found, tr: tr.gettext("No such command %(name)s.", name=found["name"])),
    (_NEEDS_VALUE, lambda found, tr: tr.gettext("Option %(option)s requires an argument.", option=found["option"])),
    (re.compile(r"Missing command\."), lambda found, tr: tr.gettext("Missing command.")),
)
