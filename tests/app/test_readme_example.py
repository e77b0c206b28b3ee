"""The README's Python example runs as it stands, and `import tourney` stays cheap. (The read-model and
transaction examples and the list of public names are on docs/api.md, run and checked by tests/docs.)"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_example() -> str:
    section = README.read_text(encoding="utf-8").split("## From Python: the application API", 1)[1]
    return section.split("```python\n", 1)[1].split("```", 1)[0]


def test_the_readme_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    exec(compile(readme_example(), "README.md", "exec"), {})
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "refused: a player named 'Anna' is already registered"
    counts = json.loads(out[1].replace("'", '"'))
    assert sorted(counts.values()) == [1, 1, 1, 1, 2]  # one round lost at the table of five
    assert {line.split()[1] for line in out[2:7]} == {"Anna", "Bartosz", "Celina", "Dawid", "Ewa"}
    assert out[-1].startswith("bot") and out[-1].endswith(" wins")
    assert (tmp_path / "friday.db").is_file() and (tmp_path / "bots.db").is_file()


PROBE = """
import json, sys
import tourney
from tourney import seat, standings
from tourney.app import enter_result
print(json.dumps(sorted(sys.modules)))
"""


def test_importing_tourney_and_its_operations_loads_no_database_or_engine() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=60, check=True)
    modules = set(json.loads(done.stdout.splitlines()[-1]))
    assert {"tourney.app.operations.seating", "tourney.app.operations.results"} <= modules
    assert not {m for m in modules if m.startswith(("tourney.storage", "tourney.engine", "tourney.rules"))}
    assert not {"sqlite3", "sqlalchemy", "jinja2", "typer"} & modules


def test_an_unknown_name_is_an_attribute_error() -> None:
    import tourney
    import tourney.app

    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        _ = tourney.nothing_here
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        _ = tourney.app.nothing_here
