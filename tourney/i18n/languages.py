"""Which language a page or a command speaks: the supported ones, and the order of the choices."""

from __future__ import annotations

import os
from collections.abc import Mapping

from tourney.errors import InvalidInputError

DEFAULT_LANGUAGE = "en"
# English is the source language (the msgids); a fourth language is a folder under locales/ plus
# its code here (README "Adding a language").
LANGUAGES = ("en", "pl", "ru")
LANGUAGE_NAMES = {"en": "English", "pl": "polski", "ru": "русский"}
SYSTEM_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")  # POSIX precedence of the system locale
ENV_VARIABLE = "TOURNEY_LANG"


def normalise(text: str | None) -> str | None:
    """The language code of a locale name ("pl_PL.UTF-8", "ru-RU", "PL" -> "pl"); None when empty
    or not one of `LANGUAGES` ("C", "de_DE")."""
    if not text:
        return None
    code = text.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return code if code in LANGUAGES else None


def check_language(text: str, *, what: str = "--lang") -> str:
    """`text` as a supported language code, or one error line naming the supported ones."""
    code = normalise(text)
    if code is None:
        raise InvalidInputError(f"{what}: unknown language {text!r} (languages: {', '.join(LANGUAGES)})")
    return code


def command_language(option: str | None = None, event: str | None = None,
                     environ: Mapping[str, str] | None = None) -> str:
    """A command's language: its `--lang`, then `TOURNEY_LANG`, then the event's own, then the
    system locale (`LC_ALL`, `LC_MESSAGES`, `LANG`), else English. An unknown `--lang` or
    `TOURNEY_LANG` is refused; a system locale tourney does not speak is passed over."""
    env = os.environ if environ is None else environ
    if option:
        return check_language(option)
    if env.get(ENV_VARIABLE):
        return check_language(env[ENV_VARIABLE], what=ENV_VARIABLE)
    if event and normalise(event):
        return normalise(event) or DEFAULT_LANGUAGE
    for variable in SYSTEM_VARIABLES:
        if env.get(variable):  # the first one set decides, as in POSIX, even when tourney lacks it
            return normalise(env[variable]) or DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


def accepted_languages(header: str | None) -> list[str]:
    """The supported languages an `Accept-Language` header names, best first (by q, then order)."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                quality = 0.0
        code = normalise(tag)
        if code is not None and quality > 0:
            ranked.append((-quality, index, code))
    seen: list[str] = []
    for _quality, _index, code in sorted(ranked):
        if code not in seen:
            seen.append(code)
    return seen


def page_language(query: str | None = None, accept_language: str | None = None, event: str | None = None) -> str:
    """A web page's language: its address's `?lang=` when supported, then (pages that pass it: the
    players' look-up) the browser's `Accept-Language`, then the event's, else English."""
    for choice in (normalise(query), *accepted_languages(accept_language)[:1], normalise(event)):
        if choice is not None:
            return choice
    return DEFAULT_LANGUAGE
