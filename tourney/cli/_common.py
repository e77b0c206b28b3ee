"""What every command group shares: the error boundary, JSON output, reading files."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

import typer
from typer.core import TyperGroup

from tourney.app.input.files import read_text, write_text
from tourney.cli._output import OutputFailed, flush_stdout, silence_stdout
from tourney.errors import TourneyError

__all__ = ["TourneyGroup", "fail", "print_json", "read_text", "stdout_is_terminal", "write_text"]


class TourneyGroup(TyperGroup):
    """The one error boundary: a `TourneyError` becomes one line on stderr and exit 1; a usage error
    (unknown option, a value of the wrong type) one line and exit 2. Never a traceback.

    Typer 0.29 runs on its own copy of click, whose classes it does not export: click's errors are
    caught as the public `typer.TyperException` they all derive from (a usage error is the one that
    names its context), and click's objects (context, command, formatter) are typed `Any` here."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if not args and self.no_args_is_help and not ctx.resilient_parsing:
            # As click's own no-args help, but on stdout and with exit status 0.
            typer.echo(ctx.get_help())
            ctx.exit(0)
        rest: list[str] = super().parse_args(ctx, args)
        return rest

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True, windows_expand_args: bool = True,
             **extra: Any) -> Any:
        try:
            result = super().main(args=args, prog_name=prog_name, complete_var=complete_var,
                                  standalone_mode=False, windows_expand_args=windows_expand_args, **extra)
        except typer.TyperException as error:
            usage = getattr(error, "ctx", None)  # a usage error names where it happened
            where = usage.command_path if usage is not None else None
            typer.echo(f"error: {one_line(_usage_in_language(error, where))}", err=True)
            sys.exit(error.exit_code)
        except typer.Abort:
            typer.echo("error: aborted", err=True)
            sys.exit(1)
        except OutputFailed as error:  # the answer (or the help) could not be written
            _output_failed(error)
        if not standalone_mode:
            return result
        # With standalone_mode off, click returns a command's exit code instead of exiting.
        sys.exit(result if isinstance(result, int) else 0)

    def invoke(self, ctx: Any) -> Any:
        from tourney.cli._live import forget_translator

        forget_translator()
        try:
            result = super().invoke(ctx)
            flush_stdout()  # a write that fails does so now, as this command's, not at exit
            return result
        except OutputFailed:
            raise  # see main: one line, whichever group's command it was
        except TourneyError as error:
            fail(_in_language(error))
        except BrokenPipeError:
            # The reader (e.g. `| head`) has gone; say nothing more on a closed pipe.
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            raise typer.Exit(141) from None
        except OSError as error:
            where = f" {error.filename!r}" if error.filename else ""
            fail(f"cannot access{where}: {error.strerror or error}")


def _in_language(error: TourneyError) -> str:
    """An error line in the command's language: an error raised `in_words` is said by the catalog;
    the evening's common refusals are read back (`app.read_models.refusals`); the rest, and every
    English one, stay as raised."""
    from tourney.app.read_models.refusals import error_text
    from tourney.cli._live import refusal_translator

    return error_text(error, refusal_translator())


def _usage_in_language(error: Any, command: str | None) -> str:
    """A usage error (click's: an unknown option, a missing argument, a value refused) in the
    language of the command (TOURNEY_LANG, the system locale: its event is not read yet), with the
    command whose help to see. English: exactly click's message."""
    from tourney.cli._live import refusal_translator
    from tourney.cli._usage_words import usage_text

    return usage_text(error, command, refusal_translator())


def _output_failed(error: OutputFailed) -> NoReturn:
    """A command that could not write its answer failed: one line, non-zero."""
    silence_stdout()
    if error.broken_pipe:  # the reader (e.g. `| head`) has gone; say nothing more on a closed pipe
        sys.exit(141)
    typer.echo(f"error: {error}", err=True)
    sys.exit(1)


# What `str.splitlines` (and a terminal) breaks a line on besides "\n" and "\r": an error quoting a
# name or a value that holds one would end as two lines, so they are shown as escapes.
_LINE_BREAKS = {ord(c): f"\\u{ord(c):04x}" for c in "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"}


def one_line(message: str) -> str:
    """`message` with the line breaks other than newline escaped."""
    return message.translate(_LINE_BREAKS)


def fail(message: str, code: int = 1) -> NoReturn:
    typer.echo(f"error: {one_line(message)}", err=True)
    raise typer.Exit(code)


def print_json(data: Any) -> None:
    text = json.dumps(data, ensure_ascii=False, indent=None)
    try:
        text.encode(sys.stdout.encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        # A terminal that cannot show a name gets JSON's own escapes (\u0412): still the same JSON,
        # where a transliteration would change the data.
        text = json.dumps(data, ensure_ascii=True, indent=None)
    typer.echo(text)


def stdout_is_terminal() -> bool:
    return sys.stdout is not None and sys.stdout.isatty()
