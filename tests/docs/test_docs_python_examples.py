"""Issue 34 item 4: the site's Python examples run as doctests.

A ```pycon block of a page is a doctest: `>>> ` lines and the output Python prints. The blocks of
one page run in order in one namespace, in a fresh folder, so a page is one session.
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
_BLOCK = re.compile(r"^```pycon\n(.*?)^```", re.MULTILINE | re.DOTALL)


def pages() -> list[Path]:
    return sorted(page for page in DOCS.glob("*.md") if _BLOCK.search(page.read_text(encoding="utf-8")))


@pytest.mark.parametrize("page", pages(), ids=lambda page: page.name)
def test_every_python_example_prints_what_its_page_shows(page: Path, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("TOURNEY_DB", raising=False)
    blocks = _BLOCK.findall(page.read_text(encoding="utf-8"))
    assert blocks
    parser = doctest.DocTestParser()
    test = parser.get_doctest("\n".join(blocks), {"__name__": page.stem}, page.name, str(page), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    failures: list[str] = []
    runner.run(test, out=failures.append)
    assert runner.failures == 0 and test.examples, "".join(failures)


def test_the_pages_have_python_examples() -> None:
    assert [page.name for page in pages()] == ["api.md", "bots.md"]
