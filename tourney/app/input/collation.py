"""Alphabetical order as people expect it: ICU's collation (the `icu` module of pyicu-wheels, a
dependency already) in the event's language (issue 29 item 5): `language` is a code ICU knows
("pl", "ru", "en"), None for DEFAULT_LANGUAGE, Polish, as before events had a language. Polish
tailoring: Ą after A, Ł between L and M, Ż after Z, Cyrillic and other scripts after Latin, each in
its own order; Russian puts Cyrillic first (Ё with Е), then Latin; numbers by value in every
language ("Player 9" before "Player 10").

A long list ("find your seat" of more than `LONG_LIST` players) sorts by surname, taken as the
last word of the name, as a director calls names at a big event; a short one by the name as written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any, TypeVar

T = TypeVar("T")
LONG_LIST = 40


DEFAULT_LANGUAGE = "pl"


@lru_cache(maxsize=8)
def collator(language: str | None = None) -> Any:
    """ICU's collator for `language` (None: DEFAULT_LANGUAGE), numbers compared by value; made
    once per language. A code ICU has no tailoring for gets its root order (Latin, then others)."""
    import icu  # type: ignore[import-untyped,import-not-found,unused-ignore]  # PyICU ships no type hints (not-found: a build environment without it)

    made = icu.Collator.createInstance(icu.Locale(language or DEFAULT_LANGUAGE))
    made.setAttribute(icu.UCollAttribute.NUMERIC_COLLATION, icu.UCollAttributeValue.ON)
    return made


def sort_key(text: str, language: str | None = None) -> bytes:
    """The ICU sort key of `text` in `language`: compare these bytes to put texts in alphabetical
    order."""
    key: bytes = collator(language).getSortKey(text)
    return key


def surname(name: str) -> str:
    """The word a list by surname sorts `name` by: its last word (the whole name if one word)."""
    words = name.split()
    return words[-1] if words else name


def by_surname(count: int) -> bool:
    """Whether a list of `count` names is long enough to be sorted by surname."""
    return count > LONG_LIST


def alphabetical(items: Iterable[T], name: Callable[[T], str], *, surname_first: bool = False,
                 language: str | None = None) -> list[T]:
    """`items` in alphabetical order of `name(item)` in `language` (None: DEFAULT_LANGUAGE); with
    `surname_first`, by surname, then the name."""
    def key(item: T) -> tuple[bytes, bytes, str]:
        full = name(item)
        return (sort_key(surname(full), language) if surname_first else b"", sort_key(full, language), full)
    return sorted(items, key=key)
