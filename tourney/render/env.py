"""The Jinja2 environment: where templates live, autoescaping, strict undefined, the filters.

Templates are the top-level `templates/` folder of the source tree; `tourney/templates` is a
symbolic link to it, so the same path serves a source checkout, an editable install and a wheel
(setuptools copies the files behind the link as package data, pyproject.toml). A director's own
folder (`--templates DIR`) is searched first, file by file, so a club can replace one partial or
`layout.html` and keep every other default. With a director's folder the environment is
`sandbox.BoundedEnvironment` (Jinja2's sandbox with step, time, size and output limits), and any
failure of a template, ours or theirs, is one `TemplateError` line naming the template and line.

Each language has its environment (`environment(extra, lang)`): Jinja2's i18n extension with that
language's catalog installed as newstyle gettext, so a template writes `{{ _("Table %(number)s",
number=table.number) }}` and a translator sees the whole sentence (tourney/i18n).
"""

from __future__ import annotations

import gettext
import types
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2
import markupsafe
from jinja2 import nodes

from tourney.errors import InvalidInputError, TemplateError, TourneyError
from tourney.i18n import DEFAULT_LANGUAGE, ENGLISH, N_, Translator, catalog, translator
from tourney.render import sandbox

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"
PAPER_SIZES = {"a4": "A4", "letter": "letter"}

__all__ = ["TEMPLATES", "TemplateError", "environment", "page_size", "place_text", "rank_text", "render"]


def rank_text(rank: int, shared: bool, tr: Translator = ENGLISH) -> str:
    """`T-5` for a rank several players share (the usual tournament notation), else `5`."""
    return tr.gettext("T-%(rank)s", rank=rank) if shared else str(rank)


def place_text(place: int | None, tr: Translator = ENGLISH) -> str:
    return tr.gettext("playing") if place is None else str(place)


# A status of a stage or a table (pages.Status), as the bracket sheet prints it.
STATUS_WORDS = {"finished": N_("finished"), "playing": N_("playing"), "not started": N_("not started")}


def status_text(status: str, tr: Translator = ENGLISH) -> str:
    return tr.gettext(STATUS_WORDS[status]) if status in STATUS_WORDS else status


def points_text(score: str, tr: Translator = ENGLISH) -> str:
    """A score group's heading: "1 point", "3 points", "2½ points" (the score as the sheet writes it)."""
    if score.isdigit():
        return tr.ngettext("%(num)s point", "%(num)s points", int(score))
    return tr.gettext("%(score)s points", score=score)


def link_span(link: str) -> markupsafe.Markup:
    """A printed address inside a translated sentence: `<span class="link">...</span>`, escaped."""
    return markupsafe.Markup('<span class="link">%s</span>') % link


def page_size(paper: str) -> str:
    """The CSS `@page` size of a paper name (`a4`, `letter`)."""
    try:
        return PAPER_SIZES[paper]
    except KeyError:
        raise InvalidInputError(f"paper must be a4 or letter, not {paper!r}") from None


def page_counter_css(text: str) -> markupsafe.Markup:
    """A translated "page %(number)s of %(total)s" as the CSS `content` of the page's margin box,
    its parameters the page counters: `"page " counter(page) " of " counter(pages)`."""
    plain = text.unescape() if isinstance(text, markupsafe.Markup) else str(text)  # the sentence, not its HTML
    quoted = plain.replace("\\", "\\\\").replace('"', '\\"').replace("<", "\\3c ")
    css = '"' + quoted.replace("%(number)s", '" counter(page) "').replace("%(total)s", '" counter(pages) "') + '"'
    return markupsafe.Markup(css.replace(' ""', "").replace('"" ', ""))


def _template_gettext(translations: gettext.NullTranslations) -> dict[str, Callable[..., str]]:
    """`_`, `gettext`, `ngettext` and `pgettext` for the templates, as Jinja2's newstyle ones (the message
    marked safe under autoescape, its parameters escaped and filled in, `num` the count) without
    their second call through the template context: a big sheet calls them thousands of times."""

    @jinja2.pass_eval_context
    def gettext_(eval_context: nodes.EvalContext, message: str, /, **variables: Any) -> str:
        text = translations.gettext(message)
        return (markupsafe.Markup(text) if eval_context.autoescape else text) % variables

    @jinja2.pass_eval_context
    def ngettext_(eval_context: nodes.EvalContext, singular: str, plural: str, count: int, /,
                  **variables: Any) -> str:
        text = translations.ngettext(singular, plural, count)
        return (markupsafe.Markup(text) if eval_context.autoescape else text) % {"num": count, **variables}

    @jinja2.pass_eval_context
    def pgettext_(eval_context: nodes.EvalContext, context: str, message: str, /, **variables: Any) -> str:
        """The same English word where a language needs another (a narrow column's "Seat")."""
        text = translations.pgettext(context, message)
        return (markupsafe.Markup(text) if eval_context.autoescape else text) % variables

    return {"_": gettext_, "gettext": gettext_, "ngettext": ngettext_, "pgettext": pgettext_}


def _translated(function: Callable[..., str]) -> Callable[..., str]:
    """A filter that reads its words in the environment's language (`translator` global)."""
    @jinja2.pass_environment
    def filter_(environment: jinja2.Environment, *args: Any) -> str:
        return function(*args, tr=environment.globals["translator"])
    return filter_


def _configure(environment: jinja2.Environment, lang: str) -> jinja2.Environment:
    environment.filters.update(rank_text=_translated(rank_text), place=_translated(place_text),
                               status_text=_translated(status_text), points_text=_translated(points_text),
                               page_size=page_size, page_counter_css=page_counter_css, link_span=link_span,
                               zip=zip)  # a row's cells beside the columns they are in
    environment.globals["translator"] = translator(lang)
    environment.install_gettext_translations(catalog(lang), newstyle=True)  # type: ignore[attr-defined]
    environment.globals.update(_template_gettext(catalog(lang)))
    environment.globals["lang"] = lang  # <html lang>, and a director's template may ask
    return environment


@lru_cache(maxsize=16)
def environment(extra: Path | None = None, lang: str = DEFAULT_LANGUAGE) -> jinja2.Environment:
    """The environment for the defaults in `lang`, with `extra` (a director's folder) searched first: then
    sandboxed and bounded (`sandbox.BoundedEnvironment`), since its templates are code we did not write."""
    if not TEMPLATES.is_dir():
        raise TemplateError(f"the default templates are missing ({TEMPLATES}): reinstall tourney")
    defaults = jinja2.FileSystemLoader(TEMPLATES)
    options: dict[str, Any] = {"autoescape": True, "undefined": jinja2.StrictUndefined, "trim_blocks": True,
                               "lstrip_blocks": True, "keep_trailing_newline": True, "extensions": ["jinja2.ext.i18n"]}
    if extra is None:
        # Tourney's own templates do not change while it runs: no look at their files' times at each
        # `get_template` (an `include` per table of a seating sheet asks 5,000 times at 10,000 players).
        return _configure(jinja2.Environment(loader=defaults, auto_reload=False, **options), lang)
    if not extra.is_dir():
        raise InvalidInputError(f"--templates: {str(extra)!r} is not a folder")
    loader = jinja2.ChoiceLoader([sandbox.BoundedLoader(extra), defaults])
    return _configure(sandbox.BoundedEnvironment(loader=loader, **options), lang)


def render(name: str, templates: Path | None, lang: str = DEFAULT_LANGUAGE, **context: Any) -> str:
    """Render template `name` in `lang`; a broken, incomplete or runaway template becomes one `TemplateError`
    line naming the template (relative to its folder) and the line."""
    try:
        with sandbox.rendering():
            return environment(templates, lang).get_template(name).render(**context)
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
