"""A format's options: each one a `FormatOption`, the game seam's `OptionSpec` with what a format's
option adds (its command-line flag, bounds, a list of choices, and how a description says it).

    FormatOption            one option: name, type, default, help, section, choices (OptionSpec's),
                            and flag, low/high, listed, null_default, validate, words, logged_default,
                            label (its name on a form), choice_labels (a form's words for its choices)
    option.parse(text)      `--format-option NAME=TEXT` (or `--FLAG TEXT`) as the option's value
    option.read(value)      a stored (JSON) or given value, checked and in the option's own form
    option.stored(value)    the value as the `format` payload stores it
    option.said(value)      the description's phrase of a value (None at the default: unsaid)

A format lists its options (`TournamentFormat.option_specs`); the shared ones are in
`formats/shared_options.py`, the others in the format's own module, so an option of one format is a
change to that format's module alone. Values are `OptionValue`s (whole numbers, text, true/false):
a list of choices (`listed`, the tie-breaks) is its text "a,b" and is stored as a JSON list; an
option whose default leaves it to the format (`null_default`: `rounds`, 0) is stored as null.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tourney.errors import InvalidInputError, Worded
from tourney.rules.games import OptionSpec, OptionValue

__all__ = ["FormatOption", "OptionValue"]


def _no_words(value: OptionValue) -> Worded | None:
    return None


@dataclass(frozen=True, slots=True)
class FormatOption(OptionSpec):
    """One option of a format (`section`: where the docs say more, e.g. "docs/formats.md#swiss")."""

    flag: str = ""  # the alias of `tourney new` ("--best-of"); "" is "--" and the name with dashes
    metavar: str = ""  # what its flag's help shows for the value; "" is N, the choices, or TEXT
    low: int | None = None  # a whole number's bounds, checked as it is typed
    high: int | None = None
    listed: bool = False  # a list of `choices`, each at most once: "a,b" typed, a JSON list stored
    null_default: bool = False  # the default (0) leaves it to the format: stored as null, read from null
    validate: Callable[[OptionValue], None] | None = None  # what else a typed value must be (one line)
    words: Callable[[OptionValue], Worded | None] = _no_words  # a description's phrase of a value
    logged_default: Worded | None = None  # the log's phrase at the default ("seeding by lot")
    label: str = ""  # its name on a form ("Tie-breaks"); "" is the name with spaces, capitalised
    choice_labels: tuple[tuple[str, str], ...] = ()  # a form's words for a choice; one without: as typed

    @property
    def field_label(self) -> str:
        """Its name on a form (the web console's new-event form): `label`, else "Best of" of best_of."""
        return self.label or self.name.replace("_", " ").capitalize()

    def choice_label(self, choice: str) -> str:
        """A choice as a form shows it ("by lot" for lot): its `choice_labels` words, else as typed."""
        return dict(self.choice_labels).get(choice, choice)

    @property
    def switch(self) -> str:
        """The command-line flag of `tourney new`."""
        return self.flag or "--" + self.name.replace("_", "-")

    @property
    def value_name(self) -> str:
        """The value in its flag's help: `metavar`, else N, "a|b|c" or TEXT (a switch has none)."""
        if self.metavar:
            return self.metavar
        if self.type is int:
            return "N"
        return "|".join(self.choices) if self.choices else "TEXT"

    def parse(self, text: str) -> OptionValue:
        """The value of `--format-option NAME=TEXT` or `FLAG TEXT`; one line naming the flag otherwise."""
        raw = text.strip()
        value: OptionValue
        if self.type is bool:
            lowered = raw.lower()
            if lowered not in ("true", "yes", "1", "on", "false", "no", "0", "off"):
                raise InvalidInputError.in_words("%(flag)s %(value)s: expected true or false", flag=self.switch,
                                                 value=repr(text))
            value = lowered in ("true", "yes", "1", "on")
        elif self.type is int:
            sign = raw[:1] if raw[:1] in "+-" else ""
            digits = raw[len(sign):]
            if not digits or not digits.isascii() or not digits.isdigit() or len(digits) > 18:
                raise InvalidInputError.in_words("%(what)s must be a whole number, got %(text)s", what=self.switch,
                                                 text=repr(text))
            value = int(raw)
            if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
                raise InvalidInputError.in_words("%(what)s must be from %(low)s to %(high)s, got %(value)s",
                                                 what=self.switch, low=self.low, high=self.high, value=value)
        elif self.listed:
            value = ",".join(part.strip() for part in raw.split(",")) if raw else ""
        else:
            if self.choices and raw not in self.choices:
                raise InvalidInputError.in_words("%(flag)s %(value)s: expected one of %(known)s", flag=self.switch,
                                                 value=repr(text), known=", ".join(self.choices))
            value = raw
        if self.validate is not None:
            self.validate(value)
        return value

    def check(self, value: object) -> OptionValue:
        """`value` if it has this option's type and is one of its choices (a listed option: text
        of its choices separated by commas), else an error."""
        if not self.listed:
            return OptionSpec.check(self, value)
        if not isinstance(value, str) or not all(item in self.choices for item in self.items(value)):
            raise InvalidInputError(f"option {self.name!r} must list some of {', '.join(self.choices)}, "
                                    f"not {value!r} ({self.section})")
        return value

    def read(self, value: object) -> OptionValue:
        """A stored value (a JSON list for a listed option, null for a `null_default` one's default)
        or one given in code (a tuple for a listed option), in the option's own form; one line otherwise."""
        if self.null_default and value is None:
            return self.default
        if self.listed:
            if isinstance(value, str):
                value = [part for part in value.split(",") if part]
            if not isinstance(value, list | tuple) or not all(item in self.choices for item in value):
                raise InvalidInputError(f"format: {self.name} must be a list of {', '.join(self.choices)}, "
                                        f"not {value!r}")
            return ",".join(value)
        if type(value) is not self.type:
            kind = {int: "a whole number", bool: "true or false"}.get(self.type, "text")
            raise InvalidInputError(f"format: {self.name} must be {kind}, not {value!r}")
        assert isinstance(value, int | str | bool)
        if self.choices and value not in self.choices:
            raise InvalidInputError(f"format: {self.name} must be one of {', '.join(self.choices)}, not {value!r}")
        return value

    def stored(self, value: OptionValue) -> Any:
        """`value` as the `format` payload stores it."""
        if self.listed:
            return [part for part in str(value).split(",") if part]
        if self.null_default and value == self.default:
            return None
        return value

    def said(self, value: OptionValue) -> Worded | None:
        """The description's phrase of `value` ("best of 3"); None at the default."""
        return None if value == self.default else self.words(value)

    def items(self, value: OptionValue) -> tuple[str, ...]:
        """A listed option's choices, in the order given."""
        return tuple(part for part in str(value).split(",") if part)
