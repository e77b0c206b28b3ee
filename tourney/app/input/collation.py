"""Alphabetical order as people expect it: ICU's collation (the `icu` module of pyicu-wheels, a
dependency already), Polish tailoring: Ą after A, Ł between L and M, Ż after Z; numbers by value
("Player 9" before "Player 10"); Cyrillic and other scripts after Latin, each in its own order.

A long list ("find your seat" of more than `LONG_LIST` players) sorts by surname, taken as the
last word of the name, as a director calls names at a big event; a short one by the name as written.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any, TypeVar

T = TypeVar("T")
LONG_LIST = 40


@lru_cache(maxsize=1)
def _collator() -> Any:
    import icu  # type: ignore[import-untyped,import-not-found,unused-ignore]  # PyICU ships no type hints (not-found: a build environment without it)

    collator = icu.Collator.createInstance(icu.Locale("pl"))
    collator.setAttribute(icu.UCollAttribute.NUMERIC_COLLATION, icu.UCollAttributeValue.ON)
    return collator


def sort_key(text: str) -> bytes:
    """The ICU sort key of `text`: compare these bytes to put texts in alphabetical order."""
    key: bytes = _collator().getSortKey(text)
    return key


def surname(name: str) -> str:
    """The word a list by surname sorts `name` by: its last word (the whole name if one word)."""
    words = name.split()
    return words[-1] if words else name


def by_surname(count: int) -> bool:
    """Whether a list of `count` names is long enough to be sorted by surname."""
    return count > LONG_LIST


def alphabetical(items: Iterable[T], name: Callable[[T], str], *, surname_first: bool = False) -> list[T]:
    """`items` in alphabetical order of `name(item)`; with `surname_first`, by surname, then the name."""
    def key(item: T) -> tuple[bytes, bytes, str]:
        full = name(item)
        return (sort_key(surname(full)) if surname_first else b"", sort_key(full), full)
    return sorted(items, key=key)
