"""What the option classes of Хлюст and Lou share: reading a match's options from a mapping (a
record's `options`, or the resolved `--option`s) checked by name and type, writing them back for
the record, and refusing a value that is not one of its choices."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import Field, fields
from functools import cache
from typing import Any, ClassVar, Protocol, TypeVar

from tourney.errors import InvalidInputError


class MatchOptions(Protocol):
    """A frozen dataclass of options whose defaults are the rules, with its own checks."""

    __dataclass_fields__: ClassVar[dict[str, Field[Any]]]

    def validate(self) -> None: ...


Options = TypeVar("Options", bound=MatchOptions)


def options_from_mapping(cls: type[Options], data: Mapping[str, object], game: str) -> Options:
    """`cls` with the values of `data`, each named as a field and of the default's type (a missing
    one keeps its default), then validated; `InvalidInputError` names the first wrong one."""
    defaults = cls()
    names = [field.name for field in fields(defaults)]
    values: dict[str, Any] = {}
    for name, value in data.items():
        if name not in names:
            raise InvalidInputError(f"{game} has no option {name!r} (options: {', '.join(names)})")
        expected = type(getattr(defaults, name))
        if type(value) is not expected:
            raise InvalidInputError(f"option {name!r} must be {expected.__name__}, not {value!r}")
        values[name] = value
    options = cls(**values)
    options.validate()
    return options


def options_dict(options: MatchOptions) -> dict[str, Any]:
    """Every option by name, in field order: the `options` of the record's `game` line (written at
    the start of every match, so the names are looked up once per class)."""
    return {name: getattr(options, name) for name in _field_names(type(options))}


@cache
def _field_names(cls: type[MatchOptions]) -> tuple[str, ...]:
    return tuple(field.name for field in fields(cls))


def check_choices(*checks: tuple[str, object, tuple[str, ...]]) -> None:
    """`InvalidInputError` for the first (name, value, allowed) whose value is not allowed."""
    for name, value, allowed in checks:
        if value not in allowed:
            raise InvalidInputError(f"option {name!r} must be one of {', '.join(allowed)}, not {value!r}")
