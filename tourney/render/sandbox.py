"""A director's own templates (`tourney print --templates DIR`) run sandboxed and bounded (issue 16 item 7).

A template is a small program, and a careless or hostile one can loop 10^10 times, build a 10 GB
string, include itself or call a macro forever. `BoundedEnvironment` is Jinja2's immutable sandbox
(no private attributes, no mutating methods, `range` capped) with limits on everything that costs
time or memory, counted per rendering (`rendering()`):

- steps: every loop item, every call (macros, methods) and every filter is a step; more than
  MAX_STEPS, or more than MAX_SECONDS of wall time, stops the rendering;
- size: no operation (`*`, `+`, `%`, `~`, a filter, a method, `str.format`) may make a text longer
  than MAX_TEXT characters, a list, tuple or dict of more than MAX_ITEMS items, or a number wider
  than MAX_INT_BITS; widths and counts given to filters and methods are checked before they
  allocate, and the filters that work item by item in Python (`sort`, `map`, `wordwrap`, ...) take
  at most MAX_ITEMS items or characters, so that no single step runs for long between two looks
  at the clock;
- output: at most MAX_OUTPUT characters emitted in all, captured blocks (`{% set %}`) and macro
  bodies included, so a page cannot grow without bound out of sight;
- files: a template is at most MAX_TEMPLATE_BYTES of UTF-8 (`BoundedLoader`).

Going past a limit raises `TemplateLimitError`; `env.render` turns it, and any other failure of a
template, into one `TemplateError` line naming the template and its line.
"""

from __future__ import annotations

import inspect
import os
import re
import string
import time
from collections.abc import Callable, Iterable, Iterator, Sized
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import wraps
from pathlib import Path
from typing import Any, Final

import jinja2
from jinja2 import nodes
from jinja2.loaders import split_template_path
from jinja2.sandbox import MAX_RANGE, ImmutableSandboxedEnvironment
from jinja2.visitor import NodeTransformer

from tourney.errors import TemplateError

MAX_STEPS: Final = 1_000_000
MAX_SECONDS: Final = 5.0
MAX_TEXT: Final = 8_000_000
MAX_ITEMS: Final = MAX_RANGE  # the sandbox's own bound on `range`
MAX_OUTPUT: Final = 32_000_000
MAX_INT_BITS: Final = 100_000
MAX_TEMPLATE_BYTES: Final = 1 << 20
# A width or precision in a format string (`%099999999d`, `{:>99999999}`): digits enough for MAX_TEXT.
_WIDE_FIELD: Final = re.compile(rf"[0-9]{{{len(str(MAX_TEXT)) + 1},}}")
_PERCENT_SPEC: Final = re.compile(r"%(?:\([^)]*\))?[#0 +-]*([0-9]*)(?:\.([0-9]*))?")


class TemplateLimitError(TemplateError):
    """A template went past one of the limits; the message says which (`env.render` adds the
    template and line where it happened)."""


@dataclass
class Budget:
    """What one rendering has spent so far."""

    deadline: float
    steps: int = 0
    emitted: int = 0

    def step(self) -> None:
        self.steps += 1
        if self.steps > MAX_STEPS:
            raise TemplateLimitError(f"more than {MAX_STEPS:,} loop steps and calls: a loop without end?")
        if time.monotonic() > self.deadline:
            raise TemplateLimitError(f"still running after {MAX_SECONDS:g} s: a loop without end?")

    def emit(self, characters: int) -> None:
        self.emitted += characters
        if self.emitted > MAX_OUTPUT:
            raise TemplateLimitError(f"writes more than {MAX_OUTPUT:,} characters")


_BUDGET: ContextVar[Budget | None] = ContextVar("tourney_template_budget", default=None)


@contextmanager
def rendering() -> Iterator[Budget]:
    """A fresh budget for the rendering in this block (a template rendered outside one is unbounded)."""
    budget = Budget(deadline=time.monotonic() + MAX_SECONDS)
    token = _BUDGET.set(budget)
    try:
        yield budget
    finally:
        _BUDGET.reset(token)


def _step() -> None:
    budget = _BUDGET.get()
    if budget is not None:
        budget.step()


def _emit(characters: int) -> None:
    budget = _BUDGET.get()
    if budget is not None:
        budget.emit(characters)


# ---------------------------------------------------------------------------- sizes
def _bounded(value: Any) -> Any:
    """`value`, unless it is a text or a collection too long or a number too wide."""
    if isinstance(value, str | bytes) and len(value) > MAX_TEXT:
        raise TemplateLimitError(f"makes a text of {len(value):,} characters (at most {MAX_TEXT:,})")
    if isinstance(value, list | tuple | dict | set | frozenset) and len(value) > MAX_ITEMS:
        raise TemplateLimitError(f"makes a {type(value).__name__} of {len(value):,} items (at most {MAX_ITEMS:,})")
    if isinstance(value, int) and value.bit_length() > MAX_INT_BITS:
        raise TemplateLimitError(f"makes a number of more than {MAX_INT_BITS:,} bits")
    return value


def _check_arguments(args: Iterable[Any]) -> None:
    """A count or a width (`center(10**10)`, `ljust`, `indent`, `expandtabs`) is checked before it allocates."""
    for argument in args:
        if isinstance(argument, int) and not isinstance(argument, bool) and abs(argument) > MAX_TEXT:
            shown = f"{argument:,}" if argument.bit_length() < 64 else f"a number of {len(str(argument))} digits"
            raise TemplateLimitError(f"asks for {shown} (at most {MAX_TEXT:,})")


def _check_format(text: str, percent: bool) -> None:
    """A format string's widths and precisions (`%099999999d`, `{:>99999999}`) are counts too."""
    if percent:
        specs = [width + "." + precision for width, precision in _PERCENT_SPEC.findall(text)]
    else:
        try:
            specs = [spec or "" for _, _, spec, _ in string.Formatter().parse(text)]
        except ValueError:
            return  # str.format will say what is wrong with it
    if any(_WIDE_FIELD.search(spec) for spec in specs):
        raise TemplateLimitError(f"formats with a width or precision of more than {MAX_TEXT:,}")


def _check_join(separator: str, items: Any) -> list[Any]:
    """The items of a join, once its length is known to be within MAX_TEXT."""
    listed = list(items)
    total = len(separator) * max(len(listed) - 1, 0)
    for item in listed:
        total += len(item) if isinstance(item, str) else len(str(item))
        if total > MAX_TEXT:
            raise TemplateLimitError(f"joins more than {MAX_TEXT:,} characters")
    return listed


def _check_replace(text: Any, old: Any, new: Any, count: Any = -1) -> None:
    """`str.replace` and `|replace` grow a text by (len(new) - len(old)) per match: measured first."""
    if not (isinstance(text, str) and isinstance(old, str) and isinstance(new, str)):
        return
    matches = text.count(old) if old else len(text) + 1
    if isinstance(count, int) and count >= 0:
        matches = min(matches, count)
    if len(text) + matches * (len(new) - len(old)) > MAX_TEXT:
        raise TemplateLimitError(f"replaces into a text longer than {MAX_TEXT:,} characters")


def _check_indent(text: Any, width: Any = 4, *_: Any) -> None:
    """`|indent` adds its width to every line: measured first."""
    if isinstance(text, str):
        added = len(width) if isinstance(width, str) else width if isinstance(width, int) else 0
        if len(text) + (text.count("\n") + 1) * added > MAX_TEXT:
            raise TemplateLimitError(f"indents into a text longer than {MAX_TEXT:,} characters")


# The text methods a template may call: each makes at most a text as long as its arguments allow
# (`center`, `ljust`, `rjust`, `zfill` by a width that is checked; `replace`, `join`, `format`
# measured). `expandtabs`, `translate` and the like, which multiply a text, are not among them.
_TEXT_METHODS: Final = frozenset({
    "capitalize", "casefold", "center", "count", "endswith", "find", "format", "format_map", "index", "isalnum",
    "isalpha", "isascii", "isdecimal", "isdigit", "islower", "isnumeric", "isspace", "istitle", "isupper", "join",
    "ljust", "lower", "lstrip", "partition", "removeprefix", "removesuffix", "replace", "rfind", "rindex", "rjust",
    "rpartition", "rsplit", "rstrip", "split", "splitlines", "startswith", "strip", "swapcase", "title", "upper",
    "zfill"})


def _length(value: Any) -> int:
    return len(value) if isinstance(value, Sized) and not isinstance(value, dict | set | frozenset) else 0


def _multiply(left: Any, right: Any) -> Any:
    for sequence, times in ((left, right), (right, left)):
        if isinstance(sequence, str | list | tuple) and isinstance(times, int):
            bound = MAX_TEXT if isinstance(sequence, str) else MAX_ITEMS
            if len(sequence) * max(times, 0) > bound:
                raise TemplateLimitError(f"repeats a {type(sequence).__name__} to {len(sequence) * times:,} items "
                                    f"(at most {bound:,})")
    if isinstance(left, int) and isinstance(right, int) and left.bit_length() + right.bit_length() > MAX_INT_BITS:
        raise TemplateLimitError(f"makes a number of more than {MAX_INT_BITS:,} bits")
    return left * right


def _power(left: Any, right: Any) -> Any:
    if isinstance(left, int) and isinstance(right, int) and abs(left) > 1 and right > 0 \
            and left.bit_length() * right > MAX_INT_BITS:
        raise TemplateLimitError(f"makes a number of more than {MAX_INT_BITS:,} bits")
    return left**right


def _add(left: Any, right: Any) -> Any:
    bound = MAX_TEXT if isinstance(left, str) else MAX_ITEMS
    if _length(left) + _length(right) > bound:
        raise TemplateLimitError(f"makes a {type(left).__name__} longer than {bound:,}")
    return left + right


def _modulo(left: Any, right: Any) -> Any:
    if isinstance(left, str):
        _check_format(left, percent=True)
        _check_arguments(right if isinstance(right, tuple) else (right,))
    return _bounded(left % right)


# ---------------------------------------------------------------------------- the template tree
class _Instrument(NodeTransformer):
    """Counts the steps and the output of a parsed template: every `for` item is a step, every
    output (captured or not) is charged to the budget, every `~` is checked for length."""

    def visit_For(self, node: nodes.For) -> nodes.Node:
        self.generic_visit(node)
        node.iter = _environment_call("bounded_steps", [node.iter], node.lineno)
        node.body.insert(0, nodes.ExprStmt(_environment_call("template_step", [], node.lineno), lineno=node.lineno))
        return node

    def visit_Output(self, node: nodes.Output) -> list[nodes.Node]:
        self.generic_visit(node)
        literal = sum(len(child.data) for child in node.nodes if isinstance(child, nodes.TemplateData))
        node.nodes = [child if isinstance(child, nodes.TemplateData)
                      else _environment_call("emitted", [child], child.lineno or node.lineno) for child in node.nodes]
        charge = nodes.ExprStmt(_environment_call("template_emit", [nodes.Const(literal)], node.lineno),
                                lineno=node.lineno)
        return [charge, node] if literal else [node]

    def visit_Concat(self, node: nodes.Concat) -> nodes.Node:
        self.generic_visit(node)
        return _environment_call("bounded_text", [node], node.lineno)


def _environment_call(name: str, args: list[Any], lineno: int) -> nodes.Call:
    call = nodes.Call(nodes.EnvironmentAttribute(name), args, [], None, None)
    call.set_lineno(lineno, override=True)
    return call


# Filters that run Python code for each item (or word) of their input: given a long text or list,
# one of them alone could run for seconds without a step.
_ITEMWISE: Final = frozenset({"batch", "dictsort", "groupby", "list", "map", "max", "min", "reject", "rejectattr",
                              "select", "selectattr", "slice", "sort", "sum", "title", "unique", "urlize",
                              "wordwrap"})


def _bounded_filter(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    itemwise = name in _ITEMWISE

    @wraps(function)  # keeps jinja's pass_context / pass_eval_context marks
    def bounded(*args: Any, **kwargs: Any) -> Any:
        _step()  # the clock is read between filters too
        if itemwise:
            long = next((a for a in args if isinstance(a, Sized) and len(a) > MAX_ITEMS), None)
            if long is not None:
                raise TemplateLimitError(f"|{name} over {len(long):,} items (at most {MAX_ITEMS:,})")
        _check_arguments(args[1:])
        _check_arguments(kwargs.values())
        if name == "replace":
            _check_replace(*args[1:], **kwargs)  # (eval_ctx, text, old, new[, count])
        elif name == "indent":
            _check_indent(*args, **kwargs)
        return _bounded(function(*args, **kwargs))

    return bounded


def _bounded_join(function: Callable[..., Any]) -> Callable[..., Any]:
    @wraps(function)
    def join(eval_ctx: Any, value: Iterable[Any], d: str = "", attribute: Any = None) -> Any:
        _step()
        items = value if attribute is not None else _check_join(str(d), value)
        return _bounded(function(eval_ctx, items, d, attribute))

    return join


def _bounded_format(function: Callable[..., Any]) -> Callable[..., Any]:
    @wraps(function)
    def format_(value: str, *args: Any, **kwargs: Any) -> Any:
        _step()
        _check_format(str(value), percent=True)
        _check_arguments(args)
        _check_arguments(kwargs.values())
        return _bounded(function(value, *args, **kwargs))

    return format_


class BoundedEnvironment(ImmutableSandboxedEnvironment):
    """The immutable sandbox with the limits above (see the module docstring)."""

    intercepted_binops = frozenset({"*", "**", "+", "%"})

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.binop_table.update({"*": _multiply, "**": _power, "+": _add, "%": _modulo})
        self.globals.pop("lipsum", None)  # generates text by the paragraph count it is given
        for name, function in list(self.filters.items()):
            if name == "join":
                self.filters[name] = _bounded_join(function)
            elif name == "format":
                self.filters[name] = _bounded_format(function)
            else:
                self.filters[name] = _bounded_filter(name, function)

    def _parse(self, source: str, name: str | None, filename: str | None) -> nodes.Template:
        tree = super()._parse(source, name, filename)
        instrumented = _Instrument().visit(tree)
        assert isinstance(instrumented, nodes.Template)
        return instrumented

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        if isinstance(obj, str) and callable(value) and attr not in _TEXT_METHODS:
            return False
        return bool(super().is_safe_attribute(obj, attr, value))

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # jinja's own signature
        if __obj in _HOOKS:
            return __obj(*args)  # the instrumentation's own calls: they count for themselves
        _step()
        _check_arguments(args)
        _check_arguments(value for key, value in kwargs.items() if not key.startswith("_"))
        target = inspect.unwrap(__obj)
        if isinstance(getattr(target, "__self__", None), str):
            text: str = target.__self__
            if target.__name__ in ("format", "format_map"):
                _check_format(text, percent=False)
            elif target.__name__ == "join" and args:
                args = (_check_join(text, args[0]), *args[1:])
            elif target.__name__ == "replace":
                _check_replace(text, *args, **kwargs)
        return _bounded(super().call(__context, __obj, *args, **kwargs))

    # Called from the instrumented templates (`environment.NAME`).
    @staticmethod
    def bounded_steps(iterable: Iterable[Any]) -> Iterator[Any]:
        for item in iterable:
            _step()
            yield item

    @staticmethod
    def template_step() -> None:
        _step()

    @staticmethod
    def template_emit(characters: int) -> None:
        _emit(characters)

    @staticmethod
    def emitted(value: Any) -> Any:
        _emit(len(value) if isinstance(value, str) else 0)  # other values: their text is short (numbers)
        return value

    @staticmethod
    def bounded_text(value: Any) -> Any:
        return _bounded(value)


_HOOKS: Final = frozenset({BoundedEnvironment.bounded_steps, BoundedEnvironment.template_step,
                           BoundedEnvironment.template_emit, BoundedEnvironment.emitted,
                           BoundedEnvironment.bounded_text})


class BoundedLoader(jinja2.BaseLoader):
    """A director's folder: each template at most MAX_TEMPLATE_BYTES of UTF-8, read no further (a
    link to /dev/zero ends there), and a file that is not UTF-8 is named with the line of its first
    bad byte."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder.resolve()  # error lines name a template relative to it

    def get_source(self, environment: jinja2.Environment, template: str) -> tuple[str, str, Callable[[], bool]]:
        path = self.folder.joinpath(*split_template_path(template))
        try:
            with path.open("rb") as file:
                data = file.read(MAX_TEMPLATE_BYTES + 1)
                modified = os.fstat(file.fileno()).st_mtime
        except (FileNotFoundError, NotADirectoryError, IsADirectoryError):
            raise jinja2.TemplateNotFound(template) from None
        except OSError as error:
            raise TemplateError(f"template {template}: cannot read it ({error.strerror})") from None
        if len(data) > MAX_TEMPLATE_BYTES:
            raise TemplateError(f"template {template}: larger than {MAX_TEMPLATE_BYTES:,} bytes")
        try:
            source = data.decode("utf-8")
        except UnicodeDecodeError as error:
            line = data.count(b"\n", 0, error.start) + 1
            raise TemplateError(f"template {template} line {line}: not UTF-8 text "
                                f"(byte 0x{data[error.start]:02x})") from None

        def uptodate() -> bool:
            try:
                return path.stat().st_mtime == modified
            except OSError:
                return False

        return source, str(path), uptodate

    def list_templates(self) -> list[str]:
        return sorted(str(p.relative_to(self.folder)) for p in self.folder.rglob("*") if p.is_file())
