"""Argument conversion for our plain parameters, without importing pydantic.

Typer 0.29 converts every argument through a pydantic TypeAdapter: importing pydantic costs about
0.1 s, and a one-shot `tourney result` has 0.25 s in all. Our plain parameters (text, whole numbers,
flags, paths, lists of text, each optionally absent, or a `parser=` of our own) need no schema:
`convert_plainly(command)` gives each one of a command we built the class `PlainArgument` or
`PlainOption`, a public `TyperArgument` / `TyperOption` whose `process_value` (click's step that
converts a value, checks it is given and calls the callback) converts it in a few lines, as Typer's
adapter does. Typer builds its parameters itself (`typer.Option` takes no class), so ours get their
class once built. Any other parameter keeps Typer's conversion, and Typer itself is unchanged:
another Typer app in the process converts as stock Typer.
"""

from __future__ import annotations

import os
import stat
import types
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Union, get_args, get_origin

import typer
from typer.core import TyperArgument, TyperOption

from tourney.cli._usage_words import bad_parameter
from tourney.errors import worded, worded_p

_LEAVES: tuple[type, ...] = (str, int, float, bool, Path)
# The path options that keep Typer's conversion; `readable` (Typer's default: True), `file_okay` and
# `dir_okay` are checked here, as Typer does, on a path that exists.
_PATH_CHECKS = ("exists", "writable", "resolve_path", "allow_dash", "path_type")
_TRUE, _FALSE = ("1", "true", "t", "yes", "y", "on"), ("", "0", "false", "f", "no", "n", "off")


@dataclass(frozen=True)
class PlainConversion:
    """Converts a plain leaf type (or a list of it); applies `parser=`, `min`, `max` as Typer does."""

    parameter_info: Any  # the parameter's typer.models.ParameterInfo: parser, min, max, clamp
    leaf: type
    is_list: bool

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        if param.multiple or param.nargs == -1:
            if value is None:
                return ()
            if isinstance(value, str):
                raise typer.BadParameter("Value must be an iterable.", ctx=ctx, param=param)
        if value is None:
            return None
        if self.is_list:
            return [self._leaf(item, param, ctx) for item in (value if isinstance(value, list | tuple) else [value])]
        return self._leaf(value, param, ctx)

    def _leaf(self, value: Any, param: Any, ctx: Any) -> Any:
        info = self.parameter_info
        if isinstance(value, str) and self.leaf is not Path:
            # Text from a terminal whose encoding is not UTF-8 is refused (a path is left as the system
            # gave it: a file name in another encoding still opens). Imported here: not for `--help`.
            from tourney.app.input.encoding import check_decoded
            from tourney.errors import InvalidInputError

            try:
                check_decoded(value, what=worded_p("a text in a refusal", "the text"))
            except InvalidInputError as error:
                raise typer.BadParameter(str(error), ctx=ctx, param=param) from None
        if info.parser is not None:
            try:
                return info.parser(value)
            except (ValueError, TypeError) as error:  # a BadParameter of the parser's own passes through
                raise typer.BadParameter(str(error), ctx=ctx, param=param) from None
        if self.leaf is Path:
            path = value if isinstance(value, Path) else Path(value)
            _check_existing_path(path, info, param, ctx)
            return path
        if self.leaf is str:
            return value if isinstance(value, str) else str(value)
        if self.leaf is bool:
            if isinstance(value, bool) or str(value).strip().lower() in (*_TRUE, *_FALSE):
                return value if isinstance(value, bool) else str(value).strip().lower() in _TRUE
            raise bad_parameter(worded("%(value)s is not true or false.", value=repr(value)), ctx, param)
        number = _number(self.leaf, value, param, ctx)
        low, high = info.min, info.max
        if info.clamp:
            return self.leaf(low) if low is not None and number < low else (
                self.leaf(high) if high is not None and number > high else number)
        if (low is not None and number < low) or (high is not None and number > high):
            bounds = f"{low if low is not None else ''}<=x{'<=' + str(high) if high is not None else ''}"
            raise bad_parameter(worded("%(value)s is not in the range %(bounds)s.", value=value, bounds=bounds),
                                ctx, param)
        return number


def _check_existing_path(path: Path, info: Any, param: Any, ctx: Any) -> None:
    """Typer's checks of a path that exists: a file where only a folder will do, a folder where only
    a file will do, or one that cannot be read (`readable`, Typer's default)."""
    try:
        mode = path.stat().st_mode
    except (OSError, ValueError):  # not there (yet): nothing to check
        return
    shown = repr(os.fsdecode(path))
    if not info.file_okay and stat.S_ISREG(mode):
        raise bad_parameter(worded("%(path)s is a file, not a folder.", path=shown), ctx, param)
    if not info.dir_okay and stat.S_ISDIR(mode):
        raise bad_parameter(worded("%(path)s is a folder, not a file.", path=shown), ctx, param)
    if info.readable and not os.access(path, os.R_OK):
        raise bad_parameter(worded("%(path)s cannot be read.", path=shown), ctx, param)


def _process_value(param: Any, ctx: Any, value: Any, typers_own: Callable[[Any, Any], Any]) -> Any:
    """What Typer's `process_value` does (convert, check that a required value is given, call the
    callback), with the parameter's `PlainConversion`."""
    conversion: PlainConversion = param.plain_conversion
    if not (conversion.leaf is bool and isinstance(value, bool)):  # a flag's value is a bool already
        value = conversion.convert(value, param, ctx)
    if param.required and param.value_is_missing(value):
        return typers_own(ctx, value)  # Typer's own error for a missing value (its conversion only then)
    return param.callback(ctx, param, value) if param.callback is not None else value


class PlainArgument(TyperArgument):
    plain_conversion: PlainConversion

    def process_value(self, ctx: Any, value: Any) -> Any:
        return _process_value(self, ctx, value, super().process_value)


class PlainOption(TyperOption):
    plain_conversion: PlainConversion

    def process_value(self, ctx: Any, value: Any) -> Any:
        return _process_value(self, ctx, value, super().process_value)


_PLAIN_CLASS: dict[type, type] = {TyperArgument: PlainArgument, TyperOption: PlainOption}


def convert_plainly(command: Any) -> None:
    """Give every plain parameter of `command` (and of its subcommands, for a group) our conversion,
    its `--help` included (click builds that option once per command, on first use: built here)."""
    help_option = command.get_help_option(typer.Context(command))
    for param in [*command.params, *([help_option] if help_option is not None else [])]:
        plain_class = _PLAIN_CLASS.get(type(param))
        conversion = plain_conversion(param.type_descriptor) if plain_class is not None else None
        if plain_class is not None and conversion is not None:
            param.plain_conversion = conversion
            param.__class__ = plain_class
    for subcommand in getattr(command, "commands", {}).values():
        convert_plainly(subcommand)


def plain_conversion(descriptor: Any) -> PlainConversion | None:
    """Our conversion for a Typer parameter's `type_descriptor`, or None to keep Typer's."""
    info = descriptor.parameter_info
    if getattr(descriptor, "file_annotation", None) is not None or getattr(info, "click_type", None) is not None:
        return None
    annotation = _without_none(descriptor.annotation)
    is_list = get_origin(annotation) is list
    if is_list:
        (annotation,) = get_args(annotation)
        annotation = _without_none(annotation)
    if info.parser is None and (annotation not in _LEAVES or (
            annotation is Path and any(getattr(info, check, None) for check in _PATH_CHECKS))):
        return None
    return PlainConversion(info, annotation if isinstance(annotation, type) else str, is_list)


def _without_none(annotation: Any) -> Any:
    if get_origin(annotation) in (Union, types.UnionType):
        rest = [arg for arg in get_args(annotation) if arg is not type(None)]
        if len(rest) == 1:
            return rest[0]
    return annotation


def _number(kind: type, value: Any, param: Any, ctx: Any) -> Any:
    if isinstance(value, kind) and not isinstance(value, bool):
        return value
    text = str(value).strip()
    digits = text[1:] if text[:1] in "+-" else text
    # ASCII digits only: int() also takes "٣" and "1_000", which nobody types as a number.
    if text.isascii() and (digits.isdigit() if kind is int else True):
        try:
            return int(text) if kind is int else float(text)
        except ValueError:
            pass
    if kind is int:
        raise bad_parameter(worded("%(value)s is not a whole number.", value=repr(value)), ctx, param)
    raise bad_parameter(worded("%(value)s is not a number.", value=repr(value)), ctx, param)
