"""`tourney new`'s format options: `--format-option NAME=VALUE` for any option of any format, and
each option's own flag (`--best-of 3`, `--third-place`, `--pairing fast`) made from the formats'
option specs when the command parses or shows its help, so that a format registered later (a
test's, a plugin's) has its flags too and no flag is written here.

    FormatFlagsCommand      the command class of `new`: the flags added to its parameters, their
                            values handed to the command as `--format-option NAME=VALUE` entries,
                            and a "Format options" section in its help listing each format's options
    given_options(entries)  `--format-option` entries as {name: text}; one line for a malformed one

The flags are built by a Typer app of their own (its public API) from a signature made of the
specs; their help names the formats taking each one ("Knockout: the semi-final losers play ...").
"""

from __future__ import annotations

import inspect
from typing import Annotated, Any

import typer
import typer.main

from tourney.cli._coercion import convert_plainly
from tourney.cli._lazy import LazyHelpCommand
from tourney.errors import InvalidInputError

# The parameter that carries the options (`new`'s `format_option`); the flags' values join it.
OPTIONS_PARAM = "format_option"
_PREFIX = "format_flag__"  # the flags' parameter names: never one of `new`'s own


def given_options(entries: list[str] | None) -> dict[str, str]:
    """`--format-option NAME=VALUE` entries by name (a flag's value is one such entry too); one
    line for an entry without `=` or an option given twice."""
    found: dict[str, str] = {}
    for entry in entries or []:
        name, equals, value = entry.partition("=")
        name = name.strip().replace("-", "_")
        if not equals or not name:
            raise InvalidInputError.in_words("--format-option %(entry)s: expected NAME=VALUE, e.g. best_of=3",
                                             entry=repr(entry))
        if name in found:
            raise InvalidInputError.in_words("format option %(option)s is given twice", option=name)
        found[name] = value
    return found


def _listed(names: list[str], last: str) -> str:
    """'a, b or c'."""
    return ", ".join(names[:-1]) + f" {last} {names[-1]}" if len(names) > 1 else "".join(names)


def _flag_params() -> list[Any]:
    """A click option per format option of the registered formats, built by Typer."""
    from tourney.app.operations.tournaments import format_options_help

    parameters = []
    for option in format_options_help():
        said = "; ".join(f"{_listed(list(labels), 'and')}: {text.rstrip('.')}" for labels, text in option.helps) + "."
        said = said[:1].upper() + said[1:]
        if option.is_switch:
            info = typer.Option(option.flag, help=said)
            annotation: Any = Annotated[bool, info]
            default: object = False
        else:
            info = typer.Option(option.flag, metavar=option.value_name, show_default=False, help=said)
            annotation, default = Annotated[str | None, info], None
        parameters.append(inspect.Parameter(_PREFIX + option.name, inspect.Parameter.KEYWORD_ONLY,
                                            default=default, annotation=annotation))

    def flags(**values: object) -> None:
        return None

    flags.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    flags.__annotations__ = {p.name: p.annotation for p in parameters}
    maker = typer.Typer(add_completion=False, pretty_exceptions_enable=False, rich_markup_mode=None)
    maker.command()(flags)
    command = typer.main.get_command(maker)
    convert_plainly(command)
    return list(command.params)


class FormatFlagsCommand(LazyHelpCommand):
    """`new`: its own parameters, then one flag per format option, then --help."""

    def get_params(self, ctx: Any) -> list[Any]:
        params: list[Any] = super().get_params(ctx)
        own, help_option = params[:len(self.params)], params[len(self.params):]
        return [*own, *_flag_params(), *help_option]

    def invoke(self, ctx: Any) -> Any:
        entries: list[str] = []
        for name in [key for key in ctx.params if key.startswith(_PREFIX)]:
            value = ctx.params.pop(name)
            if value is True:
                entries.append(f"{name.removeprefix(_PREFIX)}=true")
            elif value not in (None, False):
                entries.append(f"{name.removeprefix(_PREFIX)}={value}")
        ctx.params[OPTIONS_PARAM] = [*entries, *(ctx.params.get(OPTIONS_PARAM) or [])]
        return super().invoke(ctx)

    def format_epilog(self, ctx: Any, formatter: Any) -> None:
        """Each format's options as `--format-option` takes them: name=default, and the choices."""
        super().format_epilog(ctx, formatter)
        from tourney.app.operations.tournaments import format_option_lines

        rows = format_option_lines()
        if rows:
            with formatter.section("Format options (--format-option NAME=VALUE, or the option's flag)"):
                formatter.write_dl(rows)
