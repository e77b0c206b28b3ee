"""The public API is one list and is typed: `tourney.app`'s `TYPE_CHECKING` imports name every public
name once, `__all__` and the lazy look-up are read from them, and a user's `mypy --strict` sees the
real signatures through the `py.typed` the package ships."""

from __future__ import annotations

import inspect
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

import tourney
import tourney.app
from tourney.app import homes_in, public_homes

PACKAGE = Path(tourney.__file__).resolve().parent


def test_all_is_the_one_list_and_every_name_is_the_object_its_home_defines() -> None:
    homes = public_homes()
    assert len(homes) > 30
    assert tourney.app.__all__ == sorted(homes)
    assert tourney.__all__ == tourney.app.__all__
    for name, home in homes.items():
        value = getattr(tourney.app, name)
        assert not inspect.ismodule(value), f"tourney.app.{name} is a module, not the public {name}"
        assert value.__module__ == home, f"{name} is defined in {value.__module__}, listed under {home}"
        assert getattr(tourney, name) is value
        assert name in dir(tourney.app)


def test_a_star_import_gives_exactly_the_public_names() -> None:
    for module in ("tourney", "tourney.app"):
        namespace: dict[str, object] = {}
        exec(f"from {module} import *", namespace)
        assert sorted(name for name in namespace if name != "__builtins__") == tourney.app.__all__, module


def test_a_name_not_in_the_list_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no attribute 'homes_of'"):
        tourney.app.homes_of  # noqa: B018
    with pytest.raises(AttributeError, match="no attribute 'event_logs'"):
        tourney.event_logs  # noqa: B018
    with pytest.raises(AttributeError):  # a module's dunder is never looked up in the list
        tourney.app.__wrapped__  # noqa: B018


def test_the_list_accepts_only_one_plain_re_export_per_name() -> None:
    good = ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
            "    from tourney.app.operations.results import tables as tables\n")
    assert homes_in(good) == {"tables": "tourney.app.operations.results"}
    for wrong in ("from tourney.app.operations.results import tables",  # a strict type checker would not re-export it
                  "from tourney.app.operations.results import tables as table_view",
                  "from tourney.app.operations.results import tables as tables\n"
                  "    from tourney.app.x import tables as tables",
                  "from .results import tables as tables",
                  "import tourney.app.operations.results"):
        with pytest.raises(ImportError):
            homes_in(f"if TYPE_CHECKING:\n    {wrong}\n")
    with pytest.raises(ImportError, match="missing"):
        homes_in("x = 1\n")


PROBE = """
import json, sys
import tourney.app
print(json.dumps(sorted(sys.modules)))
"""


def test_importing_tourney_app_imports_no_operation() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, timeout=60, check=True)
    modules = set(json.loads(done.stdout.splitlines()[-1]))
    assert not {m for m in modules if m.startswith("tourney.app.")}
    assert "ast" not in modules  # the list is read on the first look-up of a name, not on import


def test_the_package_ships_py_typed() -> None:
    assert (PACKAGE / "py.typed").is_file()


# Each line: an expression, then what mypy must reveal for it (a regular expression).
REVEALED = {
    "tourney.enter_result": r"def \(table: int, loser: str, \*, db: str \| None =, tournament: str \| None =\) -> ",
    "tourney.app.enter_result": r"def \(table: int, loser: str, \*, db: str \| None =, tournament: str \| None =\) -> ",
    "tourney.app.standings": r"def \(\*, db: str \| None =, tournament: str \| None =\) -> tourney\.app\.",
    "tourney.app.new_tournament": r"def \(name: str, \*, game: str, seed: int \| None =, ",
    "tourney.forfeit": r"def \(table: int, forfeited: typing\.Sequence\[str\], ",
    "tourney.app.add_players": r"def \(names: typing\.Sequence\[str\], \*, club: str \| None =, ",
    "tourney.app.NewPlayer": r"def \(name: str, club: str \| None =, ",
    "seat": r"def \(\*, seed: int \| None =, ",
    "tourney.standings(db='sqlite:///x.db').rows": r"(tuple|builtins\.list)\[tourney\.",
}

USER_SCRIPT = """
import tourney
import tourney.app
from tourney import seat

{reveals}
{every_name}
tourney.enter_result("three", "Ann")  # line {wrong_line}: a table is a number
"""


def test_mypy_strict_sees_the_real_types_of_the_public_api(tmp_path: Path) -> None:
    """A user's script, outside the project, checked by the pinned mypy against the tourney under
    test (a checkout or an installed copy): found as a PEP 561 package, so only through py.typed."""
    reveals = "\n".join(f"reveal_type({expression})" for expression in REVEALED)
    every_name = "\n".join(f"reveal_type(tourney.app.{name})\nreveal_type(tourney.{name})"
                           for name in tourney.app.__all__)
    first_lines = USER_SCRIPT.format(reveals=reveals, every_name=every_name, wrong_line=0).splitlines()
    wrong_line = len(first_lines)
    script = tmp_path / "user.py"
    script.write_text(USER_SCRIPT.format(reveals=reveals, every_name=every_name, wrong_line=wrong_line),
                      encoding="utf-8")
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\n", encoding="utf-8")  # none of the project's settings: the user's own
    environ = {key: value for key, value in os.environ.items() if not key.startswith("MYPY")}
    environ["PYTHONPATH"] = str(PACKAGE.parent)  # the copy under test, a PEP 561 package like any other
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file", str(config), "--cache-dir",
         str(tmp_path / "cache"), "--hide-error-context",
         "--no-pretty", "--show-error-codes", str(script.name)],
        cwd=tmp_path, env=environ, capture_output=True, text=True, timeout=600, check=False)
    lines = done.stdout.splitlines()
    revealed = [line.split('Revealed type is "', 1)[1][:-1] for line in lines if "Revealed type is" in line]
    errors = [line for line in lines if ": error: " in line]
    assert errors == [f'user.py:{wrong_line}: error: Argument 1 to "enter_result" has incompatible type "str"; '
                      'expected "int"  [arg-type]'], done.stdout + done.stderr
    assert len(revealed) == len(REVEALED) + 2 * len(tourney.app.__all__), done.stdout
    for (expression, pattern), shown in zip(REVEALED.items(), revealed, strict=False):
        assert re.match(pattern, shown), f"{expression}: {shown}"
    assert "Any" not in revealed, done.stdout


def test_the_user_script_check_fails_without_py_typed(tmp_path: Path) -> None:
    """What a user saw before py.typed shipped (so the test above is one that can fail): a copy of the
    package without the marker is an untyped import and every name is Any. The copy has a name of
    its own: mypy prefers a marked copy anywhere on the path (an installed tourney, in CI) to an
    unmarked one before it."""
    copy = tmp_path / "site" / "tourney_unmarked"
    copy.mkdir(parents=True)
    for name in ("__init__.py", "_build.py"):
        (copy / name).write_text((PACKAGE / name).read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "user.py").write_text("import tourney_unmarked as tourney\nreveal_type(tourney.enter_result)\n",
                                      encoding="utf-8")
    (tmp_path / "mypy.ini").write_text("[mypy]\n", encoding="utf-8")
    environ = {**os.environ, "PYTHONPATH": str(copy.parent)}
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file", "mypy.ini", "--cache-dir", "cache",
         "--no-pretty", "--show-error-codes", "user.py"],
        cwd=tmp_path, env=environ, capture_output=True, text=True, timeout=300, check=False)
    assert "[import-untyped]" in done.stdout and 'Revealed type is "Any"' in done.stdout, done.stdout
