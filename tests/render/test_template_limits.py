"""A director's own templates that fail or run away (issue 16 item 7): one `TemplateError` line naming
the template and the line, within the time and memory bounds of `tourney.render.sandbox`."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from log_support import append_events
from typer.testing import CliRunner

from tourney.cli import app
from tourney.engine.tournament import draw_seats
from tourney.errors import TemplateError
from tourney.render import sandbox
from tourney.render.env import render
from tourney.storage.db import open_database
from tourney.storage.events import create_tournament

# Each template's failing line is its last; a preamble of two harmless lines comes first so that the
# line named is the template's own, not the first.
PREAMBLE = "<p>{{ 1 + 1 }}</p>\n{% set ok = 'fine' %}\n"
RUNAWAY = {
    "division by zero": ("{{ 10 // (ok|length - 4) }}", "ZeroDivisionError"),
    "type error": ("{{ ok + 1 }}", "TypeError"),
    "includes itself": ("{% include 'standings.html' %}", "itself without end"),
    "extends itself": ("{% extends 'standings.html' %}", "itself without end"),
    "recursive macro": ("{% macro deeper(n) %}{{ deeper(n + 1) }}{% endmacro %}{{ deeper(1) }}", "itself without end"),
    "loop of 10^10 steps": ("{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
                            "loop steps"),
    "filtered loop": ("{% for i in range(100000) %}{% for j in range(100000) if j < 0 %}{% endfor %}{% endfor %}",
                      "loop steps"),
    "range of 10^10": ("{% for i in range(10**10) %}{% endfor %}", "asks for 10,000,000,000"),
    "10 GB string": ("{{ 'x' * 10**10 }}", "repeats a str"),
    "10 GB list": ("{{ [0] * 10**10 }}", "repeats a list"),
    "doubling with ~": ("{% set ns = namespace(s='x') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}"
                        "{% endfor %}", "makes a text of"),
    "doubling with +": ("{% set ns = namespace(s='x') %}{% for i in range(40) %}{% set ns.s = ns.s + ns.s %}"
                        "{% endfor %}", "longer than"),
    "huge number": ("{{ 10 ** (10 ** 9) }}", "bits"),
    "wide filter": ("{{ ok|center(10000000000) }}", "asks for"),
    "wide method": ("{{ ok.ljust(10000000000) }}", "asks for"),
    "wide % format": ("{{ '%09999999999d' % 1 }}", "width or precision"),
    "wide str.format": ("{{ '{:>9999999999}'.format(1) }}", "width or precision"),
    "wide format filter": ("{{ '%09999999999d'|format(1) }}", "width or precision"),
    "huge join": ("{{ (['x' * 1000000] * 1000)|join }}", "joins more than"),
    "long item-wise filter": ("{{ ('ab ' * 2000000)|wordwrap(5) }}", "|wordwrap over 6,000,000 items"),
    "huge replace": ("{{ ('x' * 8000000).replace('x', 'yy') }}", "replaces into"),
    "huge replace filter": ("{{ ('x' * 8000000)|replace('x', 'yy') }}", "replaces into"),
    "huge indent": ("{{ ('\\n' * 1000000)|indent(100) }}", "indents into"),
    "multiplying method": ("{{ ('\\t' * 1000).expandtabs(8000000) }}", "unsafe|expandtabs"),
    "list past the bound": ("{{ (range(100000)|list) + [1] }}", "longer than 100,000"),
    "huge captured block": ("{% set s %}{% for i in range(100000) %}{{ 'x' * 1000000 }}{% endfor %}{% endset %}",
                            "writes more than"),
    "huge page": ("{% for i in range(100000) %}" + "y" * 1000 + "{% endfor %}", "writes more than"),
    "private attribute": ("{{ ok.__class__.__mro__ }}", "UndefinedError|__class__"),
}


@pytest.mark.parametrize("case", RUNAWAY)
def test_a_failing_template_is_one_line_naming_template_and_line(case: str, tmp_path: Path) -> None:
    body, fragment = RUNAWAY[case]
    (tmp_path / "standings.html").write_text(PREAMBLE + body, encoding="utf-8")
    started = time.monotonic()
    with pytest.raises(TemplateError) as info:
        render("standings.html", tmp_path)
    assert time.monotonic() - started < sandbox.MAX_SECONDS + 1
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith("template standings.html line 3: "), message
    assert any(part in message for part in fragment.split("|")), message


def test_an_exponential_macro_stops_at_the_time_bound(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """2^40 calls without a loop: the step count or the clock stops it (the clock shortened here)."""
    monkeypatch.setattr(sandbox, "MAX_SECONDS", 0.5)
    (tmp_path / "standings.html").write_text(
        PREAMBLE + "{% macro two(n) %}{% if n < 40 %}{{ two(n + 1) }}{{ two(n + 1) }}{% endif %}{% endmacro %}"
                   "{{ two(0) }}", encoding="utf-8")
    started = time.monotonic()
    with pytest.raises(TemplateError, match=r"template standings\.html line 3: (still running|more than)"):
        render("standings.html", tmp_path)
    assert time.monotonic() - started < 3


def test_a_template_that_is_not_utf8_names_its_line(tmp_path: Path) -> None:
    (tmp_path / "standings.html").write_bytes(b"<p>ok</p>\n<p>Krak\xf3w</p>\n")  # Latin-2 "Kraków"
    with pytest.raises(TemplateError, match=r"^template standings\.html line 2: not UTF-8 text \(byte 0xf3\)$"):
        render("standings.html", tmp_path)


def test_a_template_is_read_no_further_than_the_bound(tmp_path: Path) -> None:
    (tmp_path / "standings.html").symlink_to("/dev/zero")
    with pytest.raises(TemplateError, match="larger than 1,048,576 bytes"):
        render("standings.html", tmp_path)


def test_a_failing_partial_is_named_with_its_own_line(tmp_path: Path) -> None:
    (tmp_path / "_partials").mkdir()
    (tmp_path / "_partials" / "note.html").write_text("fine\n{{ 1 / 0 }}\n", encoding="utf-8")
    (tmp_path / "standings.html").write_text("{% include '_partials/note.html' %}", encoding="utf-8")
    with pytest.raises(TemplateError, match=r"^template _partials/note\.html line 2: ZeroDivisionError"):
        render("standings.html", tmp_path)


def test_templates_within_the_bounds_still_render(tmp_path: Path) -> None:
    (tmp_path / "standings.html").write_text(
        "{% macro row(n) %}<li>{{ n }}</li>{% endmacro %}{% for i in range(3) %}{{ row(i) }}{% endfor %}"
        "{{ 'ab' * 3 }}{{ 2 ** 100 }}{{ ', '.join(['a', 'b']) }}{{ '%05d' % 7 }}{{ [1, 2]|join('-') }}",
        encoding="utf-8")
    assert render("standings.html", tmp_path) == (
        "<li>0</li><li>1</li><li>2</li>ababab1267650600228229401496703205376a, b000071-2")


def test_print_with_a_runaway_template_is_one_error_line(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'event.db'}"
    with open_database(url) as database:
        create_tournament(database, name="Seated", game="polish-poker", seed=1)
        append_events(database, make=lambda _s, _r: (("register", {"name": n, "club": None})
                                                     for n in ["Ann", "Bob", "Cy"]))
        append_events(database, make=lambda state, _r: iter([("seat", draw_seats(state, 5))]))
    folder = tmp_path / "club"
    folder.mkdir()
    (folder / "standings.html").write_text(PREAMBLE + "{{ 'x' * 10**10 }}", encoding="utf-8")
    result = CliRunner().invoke(app, ["print", "standings", "--templates", str(folder), "--db", url])
    assert result.exit_code == 1, result.output
    assert result.stderr.strip().splitlines() == [
        "error: template standings.html line 3: repeats a str to 10,000,000,000 items (at most 8,000,000)"]


def test_a_chain_of_slow_filters_stops_at_the_time_bound(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No loop and no call: a list sorted again and again; the clock is read between filters."""
    monkeypatch.setattr(sandbox, "MAX_SECONDS", 0.5)
    chain = "(range(100000)|list)" + "|sort|reverse|list" * 30
    (tmp_path / "standings.html").write_text(PREAMBLE + "{{ " + chain + "|length }}", encoding="utf-8")
    started = time.monotonic()
    with pytest.raises(TemplateError, match=r"template standings\.html line 3: still running after 0.5 s"):
        render("standings.html", tmp_path)
    assert time.monotonic() - started < 10


def test_a_relative_folder_still_names_the_template_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "standings.html").write_text("a\n{{ 1 / 0 }}\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(TemplateError, match=r"^template standings\.html line 2: ZeroDivisionError"):
        render("standings.html", Path("club"))
