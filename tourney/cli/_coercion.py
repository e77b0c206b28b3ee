"""Argument conversion for our plain parameters, without importing pydantic.

Typer 0.29 converts every argument through a pydantic TypeAdapter, built when the parameter is
first used: importing pydantic for that costs about 0.1 s, and a one-shot `tourney result` has 0.25 s
in all (issue 11, item 12). Our commands take only plain values (text, whole numbers, flags, paths,
lists of text, each optionally absent, or a `parser=` of our own), which need no schema: for those
parameters `install` sets a conversion that does what Typer's adapter does, in a few lines. Any
other parameter (a choice, a date, a path with checks) keeps Typer's own conversion.

It replaces `typer.core.build_runtime_param`, the builder Typer calls lazily for each parameter
("to avoid up-front costs"), with one that tries ours first; pyproject.toml pins Typer below 0.30,
and tests/cli/test_lazy_commands.py checks that a command runs without pydantic, so a Typer that
changes the hook fails a test, not a director.
"""

from __future__ import annotations

import types
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Union, get_args, get_origin

import typer.core as typer_core
from typer._click import Context
from typer._click.exceptions import BadParameter
from typer._coercion import RuntimeParam

_LEAVES: tuple[type, ...] = (str, int, float, bool, Path)
_PATH_CHECKS = ("exists", "writable", "readable", "resolve_path", "allow_dash", "path_type")


@dataclass(frozen=True)
class PlainRuntimeParam(RuntimeParam):
    """Converts a plain leaf type (or a list of it); applies `parser=`, `min`, `max` as Typer does."""

    leaf: type
    is_list: bool

    def _coerce_value(self, value: Any, param: Any, ctx: Context) -> Any:
        if self.is_list:
            items = value if isinstance(value, list | tuple) else [value]
            return [self._leaf(item, param, ctx) for item in items]
        return self._leaf(value, param, ctx)

    def _leaf(self, value: Any, param: Any, ctx: Context) -> Any:
        info = self.parameter_info
        if isinstance(value, str) and self.leaf is not Path:
            _check_decoded(value, param, ctx)
        if info.parser is not None:
            try:
                return info.parser(value)
            except (ValueError, TypeError) as error:  # a BadParameter of the parser's own passes through
                raise BadParameter(str(error), ctx=ctx, param=param) from None
        if self.leaf is str:
            return value if isinstance(value, str) else str(value)
        if self.leaf is bool:
            return _boolean(value, param, ctx)
        if self.leaf is Path:
            return value if isinstance(value, Path) else Path(value)
        number = _number(self.leaf, value, param, ctx)
        low, high = info.min, info.max
        if info.clamp:
            return self.leaf(low) if low is not None and number < low else (
                self.leaf(high) if high is not None and number > high else number)
        if (low is not None and number < low) or (high is not None and number > high):
            bounds = f"{low if low is not None else ''}<=x{'<=' + str(high) if high is not None else ''}"
            raise BadParameter(f"{value} is not in the range {bounds}.", ctx=ctx, param=param)
        return number


def _check_decoded(value: str, param: Any, ctx: Context) -> None:
    """Text from a terminal whose encoding is not UTF-8 is refused (a path is left as the operating
    system gave it: a file name in another encoding still opens)."""
    from tourney.app.encoding import check_decoded
    from tourney.errors import InvalidInputError

    try:
        check_decoded(value, what="the text")
    except InvalidInputError as error:
        raise BadParameter(str(error), ctx=ctx, param=param) from None


def _number(kind: type, value: Any, param: Any, ctx: Context) -> Any:
    if isinstance(value, kind) and not isinstance(value, bool):
        return value
    text = str(value).strip()
    digits = text[1:] if text[:1] in "+-" else text
    try:
        if kind is int:
            # ASCII digits only: int() also takes "٣" and "1_000", which nobody types as a number.
            if not (digits.isascii() and digits.isdigit()):
                raise ValueError
            return int(text)
        if not text.isascii():
            raise ValueError
        return float(text)
    except ValueError:
        what = "a whole number" if kind is int else "a number"
        raise BadParameter(f"{value!r} is not {what}.", ctx=ctx, param=param) from None


def _boolean(value: Any, param: Any, ctx: Context) -> bool:
    if isinstance(value, bool):
        return value
    text = str(value).strip().lower()
    if text in ("1", "true", "t", "yes", "y", "on"):
        return True
    if text in ("", "0", "false", "f", "no", "n", "off"):
        return False
    raise BadParameter(f"{value!r} is not true or false.", ctx=ctx, param=param)


def plain_runtime_param(descriptor: Any) -> PlainRuntimeParam | None:
    """Our conversion for a Typer type descriptor, or None to keep Typer's."""
    info = descriptor.parameter_info
    if getattr(descriptor, "file_annotation", None) is not None or getattr(info, "click_type", None) is not None:
        return None
    annotation = _without_none(descriptor.annotation)
    is_list = get_origin(annotation) is list
    if is_list:
        (annotation,) = get_args(annotation)
        annotation = _without_none(annotation)
    if info.parser is None:
        if annotation not in _LEAVES:
            return None
        if annotation is Path and any(getattr(info, check, None) for check in _PATH_CHECKS):
            return None
    return PlainRuntimeParam(parameter_info=info, annotation=descriptor.annotation,
                             leaf=annotation if isinstance(annotation, type) else str, is_list=is_list)


def _without_none(annotation: Any) -> Any:
    if get_origin(annotation) in (Union, types.UnionType):
        rest = [arg for arg in get_args(annotation) if arg is not type(None)]
        if len(rest) == 1:
            return rest[0]
    return annotation


def install() -> None:
    """Route Typer's lazy conversion builder through `plain_runtime_param` (once per process)."""
    typer_builder = typer_core.__dict__["build_runtime_param"]
    if getattr(typer_builder, "tourney_plain", False):
        return

    def build(descriptor: Any) -> RuntimeParam:
        return plain_runtime_param(descriptor) or typer_builder(descriptor)

    build.tourney_plain = True  # type: ignore[attr-defined]
    setattr(typer_core, "build_runtime_param", build)  # noqa: B010 - typer.core does not export the name
