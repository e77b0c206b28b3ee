"""Names read across scripts: `vera` finds Вера, `Ева` finds Ewa, `jurij`, `yuriy` and `iurii` find
Юрий (issue 29 item 4). Quick entry tries this only when the name as typed finds nobody in its own
script (`names.resolve`), so an exact or same-script match always wins.

Both sides are compared on a shared Latin ASCII *reading*, made by one ICU transliterator (PyICU,
created once): Russian, Ukrainian and Belarusian letters get one reading each (в v, ж zh, х h, ц c,
ч ch, ш sh, щ shch, й/и/ы i, ю iu, я ia, ё and э e, ь and ъ nothing), Polish and Czech letters
whose plain ASCII would lose the sound keep it (ż/ž zh, š sh, č ch, ł l), any other script goes
through ICU's Any-Latin; Latin-ASCII. A Latin word is then read the ways people romanise Russian
and Polish: w as v, sz as sh, cz as ch, kh as h, j and y as i, x as ks; and, as alternatives, ch as
ч or as х (English "Chernov", Polish "Chlust"), rz as ж or ш (Grzegorz/Гжегож, Krzysztof/Кшиштоф),
ts as ц, ie as е (Wiera, Siergiej, Yelena), io and yo after a consonant as ё (Piotr/Пётр, Fyodor),
o after sh/ch/zh as ё (Chruszczow/Хрущёв); at most MAX_READINGS a word. Finally runs of i are one
i (Юрий/Yuri/Jurij, Мария/Maria) and l before i and a vowel drops the i (Хлюст/Chlust,
Людмила/Ludmiła/Lyudmila), on both sides alike; a typed word ending in "li" also reads as ending in
"l" (it may stop inside "Liudmila").

Not matched: ISO 9 / scholarly spellings with û/â for ю/я once their marks are dropped (`urij`),
German spellings (`sch` for ш, `tsch` for ч), Ukrainian г as h (Hanna/Ганна), c read as k, and
names whose words mix scripts (`Вера Smith` is found by `вер` or `smi`, not by `vera`).

Only names in a script other than the typed text's are compared this way: `ewa` does not find a
Latin "Eva" (that would be guessing, not transliterating).
"""

from __future__ import annotations

import functools
import itertools
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from tourney.errors import InvalidInputError

# The one transliterator every reading goes through (ICU rule syntax). Cyrillic letters first, to
# the readings above; then every other script to Latin, then to ASCII.
_RULES: Final = r"""
:: NFC ;
:: Lower ;
а > a ; б > b ; в > v ; г > g ; д > d ; е > e ; ё > e ; ж > zh ; з > z ; и > i ; й > i ; к > k ;
л > l ; м > m ; н > n ; о > o ; п > p ; р > r ; с > s ; т > t ; у > u ; ф > f ; х > h ; ц > c ;
ч > ch ; ш > sh ; щ > shch ; ъ > ; ы > i ; ь > ; э > e ; ю > iu ; я > ia ;
і > i ; ї > i ; є > ie ; ґ > g ; ў > u ;
ż > zh ; ž > zh ; š > sh ; č > ch ; ł > l ;
:: Any-Latin ;
:: Latin-ASCII ;
:: Lower ;
"""
# Letters of a romanised word that always mean one sound.
_LATIN_LETTERS: Final = str.maketrans({"x": "ks", "w": "v", "j": "i", "y": "i"})
# Spellings read as one sound or, some, as one of several (longest first, tried in this order):
# "szcz" is щ, never sz-cz; Polish "cz" is ч, while a bare "ch" is ч in English and х in Polish.
_SPELLINGS: Final = (("szcz", ("shch",)), ("shch", ("shch",)), ("sz", ("sh",)), ("sh", ("sh",)), ("cz", ("ch",)),
                     ("zh", ("zh",)), ("kh", ("h",)), ("ch", ("ch", "h")), ("rz", ("rz", "zh", "sh")),
                     ("ts", ("ts", "c")), ("ie", ("ie", "e")))
_YO: Final = ("io", "e")  # io after a consonant: ё (Piotr, Fiodor, Semion)
_HUSHING: Final = frozenset({"sh", "ch", "zh", "shch"})  # ё after these Polish writes o (Chruszczow)
_HUSHED_O: Final = ("o", "e")
_VOWELS: Final = frozenset("aeiou")
_NOT_READ: Final = re.compile(r"[^a-z0-9-]")  # apostrophes (Dar'ya), dots, anything else: no sound
_SEVERAL_I: Final = re.compile(r"i{2,}")
_SOFT_L: Final = re.compile(r"li(?=[aeou])")
MAX_READINGS: Final = 16  # readings kept per word: enough for Chrzczonowicz, bounded for a hostile name


@functools.cache  # creating a transliterator takes milliseconds: once per process
def _transliterator() -> Any:
    import icu  # type: ignore[import-untyped,import-not-found,unused-ignore]  # PyICU ships no type hints (not-found: a build environment without it)

    return icu.Transliterator.createFromRules("tourney-name-reading", _RULES, icu.UTransDirection.FORWARD)


_LATIN: Final = frozenset({"LATIN"})


def _scripts(word: str) -> frozenset[str]:
    """The scripts of the letters of `word` ("LATIN", "CYRILLIC", ...): Unicode's character names."""
    if word.isascii():
        return _LATIN if any(c.isalpha() for c in word) else frozenset()
    return frozenset("LATIN" if c.isascii() else unicodedata.name(c, "?").split(" ")[0]
                     for c in word if c.isalpha())


@functools.lru_cache(maxsize=65536)
def scripts(text: str) -> frozenset[str]:
    """The scripts of the letters of `text`: a name of the typed text's script is never read
    (all-Latin events and entries never load ICU, never make a reading of their names)."""
    return _scripts(text)


def _ascii(word: str) -> str:
    """`word` as lower-case ASCII letters, digits and hyphens: ICU's transliteration (an ASCII
    word needs none: it would only be lower-cased)."""
    latin = word.lower() if word.isascii() else str(_transliterator().transliterate(word))
    return _NOT_READ.sub("", latin)


def _settled(reading: str) -> str:
    """What both sides do last: one i for several, no i between l and a vowel."""
    return _SOFT_L.sub("l", _SEVERAL_I.sub("i", reading))


def _latin_readings(word: str) -> tuple[str, ...]:
    """The readings of a romanised word (lower-case ASCII), at most MAX_READINGS."""
    word = word.translate(_LATIN_LETTERS)
    parts: list[tuple[str, ...]] = []
    i = 0
    while i < len(word):
        for spelling, sounds in _SPELLINGS:
            if word.startswith(spelling, i):
                parts.append(sounds)
                i += len(spelling)
                break
        else:
            if word[i] == "o" and parts and _HUSHING.intersection(parts[-1]):
                parts.append(_HUSHED_O)
                i += 1
            elif word.startswith("io", i) and i > 0 and word[i - 1] not in _VOWELS:
                parts.append(_YO)
                i += 2
            else:
                parts.append((word[i],))
                i += 1
    combos = itertools.islice(itertools.product(*parts), MAX_READINGS)
    return tuple(dict.fromkeys(_settled("".join(combo)) for combo in combos))


_EDGE: Final = "\0"  # between readings in a Reading's search strings: no reading holds it


@dataclass(frozen=True, slots=True)
class Reading:
    """A name as the Latin ASCII readings of each of its words; `first` and `later` hold the
    readings of its first word and of the others, each between two `_EDGE`s, so that one `in`
    (a C-speed substring search) asks whether a reading starts with a typed one."""

    scripts: frozenset[str]
    words: tuple[tuple[str, ...], ...]
    first: str
    later: str


@functools.lru_cache(maxsize=65536)  # every entry compares against every registered name
def reading(text: str) -> Reading:
    """The readings of `text`, word by word (words as `names.clean` separates them)."""
    from tourney.engine import names

    scripts: set[str] = set()
    words: list[tuple[str, ...]] = []
    for word in names.clean(text).split(" "):
        found = _scripts(word)
        scripts |= found
        ascii_word = _ascii(word)
        if not ascii_word:
            continue
        words.append((_settled(ascii_word),) if "CYRILLIC" in found else _latin_readings(ascii_word))

    def edged(readings: Iterable[str]) -> str:
        return _EDGE + _EDGE.join(readings) + _EDGE

    return Reading(frozenset(scripts), tuple(words), edged(words[0] if words else ()),
                   edged(r for word in words[1:] for r in word))


@dataclass(frozen=True, slots=True)
class Typed:
    """What was typed, read once for a whole list of names: its words' readings (the last one's
    as typed so far: it may stop inside a spelling, so "li" also reads as "l", the start of
    "Liudmila", read "ludmila"), and the last word's readings edged for `Reading.first`/`later`."""

    scripts: frozenset[str]
    words: tuple[tuple[str, ...], ...]
    starts: tuple[str, ...]  # _EDGE + reading: a reading of the name starting with this one
    wholes: tuple[str, ...]  # _EDGE + reading + _EDGE: a reading of the name equal to this one
    leads: tuple[str, ...]  # the first word's readings as `wholes` (several words: a name must hold one)

    @property
    def readable(self) -> bool:
        """Whether there is anything to compare: letters, read into at least one word."""
        return bool(self.words and self.scripts)


@functools.lru_cache(maxsize=1024)
def typed(text: str) -> Typed:
    found = reading(text)
    if not found.words:
        return Typed(found.scripts, (), (), (), ())
    last = found.words[-1]
    last = tuple(dict.fromkeys(last + tuple(r[:-1] for r in last if r.endswith("li"))))
    return Typed(found.scripts, (*found.words[:-1], last), tuple(_EDGE + r for r in last),
                 tuple(_EDGE + r + _EDGE for r in last), tuple(_EDGE + r + _EDGE for r in found.words[0]))


# How well a name's reading matches what was typed; lower is better, as quick entry's own steps.
SAME, PREFIX, WORD_PREFIX = 1, 2, 3


def _aligned(name: tuple[tuple[str, ...], ...], said: tuple[tuple[str, ...], ...], start: int,
             *, whole: bool) -> bool:
    """Whether the typed words read as the name's words from word `start` on: each typed word as a
    whole word, the last one as a prefix (or whole, with `whole`)."""
    if start + len(said) > len(name):
        return False
    for offset, alternatives in enumerate(said[:-1]):
        if not set(alternatives).intersection(name[start + offset]):
            return False
    last, against = said[-1], name[start + len(said) - 1]
    if whole:
        return bool(set(last).intersection(against))
    return any(r.startswith(last) for r in against)


def _way(name: str, said: Typed) -> int | None:
    """`match` for the typed text's readings."""
    if not scripts(name).isdisjoint(said.scripts):
        return None
    known = reading(name)
    if not known.words:
        return None
    if len(said.words) == 1:  # the common case, by substring searches
        if len(known.words) == 1 and any(whole in known.first for whole in said.wholes):
            return SAME
        if any(start in known.first for start in said.starts):
            return PREFIX
        return WORD_PREFIX if any(start in known.later for start in said.starts) else None
    if not any(lead in known.first or lead in known.later for lead in said.leads):
        return None  # the first typed word is no word of the name: the cheap way out
    if len(said.words) == len(known.words) and _aligned(known.words, said.words, 0, whole=True):
        return SAME
    if _aligned(known.words, said.words, 0, whole=False):
        return PREFIX
    if any(_aligned(known.words, said.words, start, whole=False) for start in range(1, len(known.words))):
        return WORD_PREFIX
    return None


def match(name: str, text: str) -> int | None:
    """How the typed `text` finds `name` across scripts: SAME (the whole name), PREFIX (a prefix
    of the name), WORD_PREFIX (a prefix of a later word), or None: not at all, or not across
    scripts (a name in the typed text's own script is quick entry's own business)."""
    said = typed(text)
    return _way(name, said) if said.readable else None


def matching(candidates: Iterable[str], text: str) -> list[str]:
    """The candidates the typed `text` finds across scripts (any of the three ways), in order."""
    said = typed(text)
    if not said.readable:
        return []  # nothing to read (digits, punctuation): the cheap way out
    return [name for name in candidates if _way(name, said) is not None]


SHOWN: Final = 8  # candidates listed in an "ambiguous" message, as quick entry lists them


def ambiguous(typed: str, found: Sequence[str]) -> InvalidInputError:
    """The refusal of an entry several names answer, listing them as quick entry does."""
    shown = ", ".join(found[:SHOWN]) + (f" and {len(found) - SHOWN} more" if len(found) > SHOWN else "")
    return InvalidInputError(f"{typed.strip()!r} could be {shown}: type more of the name")


def resolve(text: str, pools: Sequence[Sequence[str]]) -> str | None:
    """The one name the typed `text` finds across scripts, trying each pool in turn (the players at the
    table, then everyone) and within a pool the closest way first (SAME, PREFIX, WORD_PREFIX); None
    when nothing matches; several at the first way that finds any are refused listing them."""
    said = typed(text)
    if not said.readable:
        return None
    for pool in pools:
        ways: dict[int, list[str]] = {}
        for name in pool:
            way = _way(name, said)
            if way is not None:
                ways.setdefault(way, []).append(name)
        if ways:
            found = ways[min(ways)]
            if len(found) == 1:
                return found[0]
            raise ambiguous(text, found)
    return None
