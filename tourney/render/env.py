"""The Jinja2 environment: where templates live, autoescaping, strict undefined, the filters.

Templates are the top-level `templates/` folder of the source tree; `tourney/templates` is a
symbolic link to it, so the same path serves a source checkout, an editable install and a wheel
(setuptools copies the files behind the link as package data, pyproject.toml). A director's own
folder (`--templates DIR`) is searched first, file by file, so a club can replace one partial or
`layout.html` and keep every other default. With a director's folder the environment is
`sandbox.BoundedEnvironment` (Jinja2's sandbox with step, time, size and output limits), and any
failure of a template, ours or theirs, is one `TemplateError` line naming the template and line.
"""

from __future__ import annotations

import types
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2

from tourney.errors import InvalidInputError, TemplateError, TourneyError
from tourney.render import sandbox

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
PAPER_SIZES = {"a4": "A4", "letter": "letter"}

__all__ = ["TEMPLATES", "TemplateError", "environment", "page_size", "place_text", "rank_text", "render"]


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
    """The environment for the defaults, with `extra` (a director's folder) searched first: then
    sandboxed and bounded (`sandbox.BoundedEnvironment`), since its templates are code we did not write."""
    if not TEMPLATES.is_dir():
        raise TemplateError(f"the default templates are missing ({TEMPLATES}): reinstall tourney")
    defaults = jinja2.FileSystemLoader(TEMPLATES)
    options: dict[str, Any] = {"autoescape": True, "undefined": jinja2.StrictUndefined, "trim_blocks": True,
                               "lstrip_blocks": True, "keep_trailing_newline": True}
    if extra is None:
        return _configure(jinja2.Environment(loader=defaults, **options))
    if not extra.is_dir():
        raise InvalidInputError(f"--templates: {str(extra)!r} is not a folder")
    loader = jinja2.ChoiceLoader([sandbox.BoundedLoader(extra), defaults])
    return _configure(sandbox.BoundedEnvironment(loader=loader, **options))


def render(name: str, templates: Path | None, **context: Any) -> str:
    """Render template `name`; a broken, incomplete or runaway template becomes one `TemplateError`
    line naming the template (relative to its folder) and the line."""
    try:
        with sandbox.rendering():
            return environment(templates).get_template(name).render(**context)
    except sandbox.TemplateLimitError as error:
        raise TemplateError(f"{_where(error, name, templates)}: {error}") from None
    except TourneyError:
        raise
    except jinja2.TemplateSyntaxError as error:
        raise TemplateError(f"template {error.name or name} line {error.lineno}: {error.message}") from None
    except jinja2.TemplateNotFound as error:
        raise TemplateError(f"template {error.name!r} not found") from None
    except jinja2.UndefinedError as error:
        raise TemplateError(f"{_where(error, name, templates)}: {error.message}") from None
    except RecursionError as error:
        raise TemplateError(f"{_where(error, name, templates)}: includes, extends or calls itself without end") \
            from None
    except MemoryError as error:
        raise TemplateError(f"{_where(error, name, templates)}: needs more memory than there is") from None
    except Exception as error:
        if templates is None:
            raise  # our own templates failing is a bug in tourney: its traceback is wanted
        raise TemplateError(f"{_where(error, name, templates)}: {type(error).__name__}: {error}") from None


def _where(error: BaseException, name: str, templates: Path | None) -> str:
    """`template NAME line N` of the innermost template frame of `error` (Jinja2 rewrites a
    template's traceback into frames of the template file, at the template's own lines)."""
    found: types.TracebackType | None = None
    trace = error.__traceback__
    while trace is not None:
        if "__jinja_exception__" in trace.tb_frame.f_globals:
            found = trace
        trace = trace.tb_next
    if found is None:
        return f"template {name}"
    return f"template {_relative(Path(found.tb_frame.f_code.co_filename), templates)} line {found.tb_lineno}"


def _relative(path: Path, templates: Path | None) -> str:
    for folder, suffix in ((templates, ""), (TEMPLATES, " (default)")):
        if folder is not None and path.is_relative_to(folder.resolve()):
            return str(path.relative_to(folder.resolve())) + suffix
    return str(path)
