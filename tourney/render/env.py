"""The Jinja2 environment: where templates live, autoescaping, strict undefined, the filters.

Templates are the top-level `templates/` folder of the source tree; `tourney/templates` is a
symbolic link to it, so the same path serves a source checkout, an editable install and a wheel
(setuptools copies the files behind the link as package data, pyproject.toml). A director's own
folder (`--templates DIR`) is searched first, file by file, so a club can replace one partial or
`layout.html` and keep every other default.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2

from tourney.errors import InvalidInputError, TourneyError

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
PAPER_SIZES = {"a4": "A4", "letter": "letter"}


class TemplateError(TourneyError):
    """A template that does not load or render (a director's own, usually): one line, no traceback."""


def rank_text(rank: int, shared: bool) -> str:
    """`T-5` for a rank several players share (the usual tournament notation), else `5`."""
    return f"T-{rank}" if shared else str(rank)


def place_text(place: int | None) -> str:
    return "playing" if place is None else str(place)


def page_size(paper: str) -> str:
    """The CSS `@page` size of a paper name (`a4`, `letter`)."""
    try:
        return PAPER_SIZES[paper]
    except KeyError:
        raise InvalidInputError(f"paper must be a4 or letter, not {paper!r}") from None


def _configure(environment: jinja2.Environment) -> jinja2.Environment:
    environment.filters.update(rank_text=rank_text, place=place_text, page_size=page_size)
    return environment


@lru_cache(maxsize=8)
def environment(extra: Path | None = None) -> jinja2.Environment:
    """The environment for the defaults, with `extra` (a director's folder) searched first."""
    if not TEMPLATES.is_dir():
        raise TemplateError(f"the default templates are missing ({TEMPLATES}): reinstall tourney")
    loaders: list[jinja2.BaseLoader] = [jinja2.FileSystemLoader(TEMPLATES)]
    if extra is not None:
        if not extra.is_dir():
            raise InvalidInputError(f"--templates: {str(extra)!r} is not a folder")
        loaders.insert(0, jinja2.FileSystemLoader(extra))
    return _configure(jinja2.Environment(
        loader=jinja2.ChoiceLoader(loaders), autoescape=True, undefined=jinja2.StrictUndefined,
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True))


def render(name: str, templates: Path | None, **context: Any) -> str:
    """Render template `name`; a broken or incomplete template becomes one `TemplateError` line."""
    try:
        return environment(templates).get_template(name).render(**context)
    except jinja2.TemplateSyntaxError as error:
        raise TemplateError(f"template {error.name or name} line {error.lineno}: {error.message}") from None
    except jinja2.TemplateNotFound as error:
        raise TemplateError(f"template {error.name!r} not found") from None
    except jinja2.UndefinedError as error:
        raise TemplateError(f"template {name}: {error.message}") from None
