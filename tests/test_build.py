"""The build never surprises (issue 6, item 8) and cannot lie (issue 15, item 4): `tourney --version`
names the build that runs and the copy it runs from; a compiled build is refused on import when a
compiled .py, or a module whose constants mypyc inlined, changed since the build; a test session
refuses to test an installed copy that differs from the checkout; editable installs are pure, and
the mypy that compiles is pinned exactly."""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest

import tourney
from tourney import _build

ROOT = Path(__file__).resolve().parents[1]
SUFFIX = EXTENSION_SUFFIXES[0]  # e.g. .cpython-311-x86_64-linux-gnu.so
REMEDY = "reinstall (pip install .) or use a pure build (TOURNEY_PURE=1 pip install .)"
VERSION_LINE = re.compile(
    r"tourney (?P<version>\S+) \((?:compiled with mypyc (?P<mypyc>\S+)"
    r"|pure Python(?:: the mypyc compile failed at install: (?P<failure>.+))?)\)"
    r" from (?P<path>/\S+)(?:; pure because (?P<why>.+))?"
)
PACKAGE_DIR = Path(tourney.__file__).resolve().parent  # the copy under test


def module_name(relative: str) -> str:
    return relative.removesuffix(".py").replace("/", ".")


def pinned_mypy(requirements: list[str]) -> str:
    pins = [req.split("==", 1)[1].strip() for req in requirements if re.match(r"mypy\s*==", req)]
    assert len(pins) == 1, f"mypy is not pinned exactly once with == in {requirements}"
    return pins[0]


# The running build ----------------------------------------------------------------------------------


def test_detection_agrees_with_the_import_system() -> None:
    detected = {relative for relative, _ in _build.compiled_modules()}
    for relative in _build.HOT_MODULES:
        module = importlib.import_module(module_name(relative))
        loaded_compiled = str(module.__file__).endswith(tuple(EXTENSION_SUFFIXES))
        assert loaded_compiled == (relative in detected), (relative, module.__file__)


def test_version_line_names_the_build_that_runs() -> None:
    line = _build.version_line()
    match = VERSION_LINE.fullmatch(line)
    assert match is not None, line
    assert match["version"] == tourney.__version__
    assert match["path"] == str(PACKAGE_DIR)
    existence = importlib.import_module("tourney.rules.polish_poker.existence")
    compiled = str(existence.__file__).endswith(tuple(EXTENSION_SUFFIXES))
    assert (match["mypyc"] is not None) == compiled, (line, existence.__file__)
    assert (match["why"] is None) == (compiled or match["failure"] is not None), line
    if compiled:
        pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
        assert match["mypyc"] == pinned_mypy(pyproject["build-system"]["requires"])
    assert _build.stale_error() is None


def test_tourney_version_in_a_subprocess() -> None:
    script = Path(sys.executable).parent / "tourney"
    command = [str(script)] if script.is_file() else [sys.executable, "-m", "tourney"]
    done = subprocess.run([*command, "--version"], capture_output=True, text=True, timeout=60, check=False)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == _build.version_line() + "\n"
    assert VERSION_LINE.fullmatch(done.stdout.strip())


def test_mypy_is_pinned_exactly_and_alike_for_build_and_tests() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    build_pin = pinned_mypy(pyproject["build-system"]["requires"])
    assert re.fullmatch(r"\d+(\.\d+)+", build_pin)
    assert pinned_mypy(pyproject["project"]["optional-dependencies"]["test"]) == build_pin


def test_every_hot_module_exists() -> None:
    # A hot module moved without updating tourney/_build.py would make every compile fail.
    missing = [relative for relative in _build.HOT_MODULES if not (ROOT / relative).is_file()]
    assert missing == []


# The stale guard, on a fake installed package ---------------------------------------------------------


def write_info(package: Path, info: dict[str, Any]) -> None:
    (package / _build.BUILD_INFO_NAME).write_text(json.dumps(info), encoding="utf-8")


def fake_package(tmp_path: Path, *, compiled: tuple[str, ...] = _build.HOT_MODULES,
                 info: dict[str, Any] | None = None) -> Path:
    """A package tree with every hot .py, a fake extension file beside the `compiled` ones and,
    if given, a build info."""
    for relative in _build.HOT_MODULES:
        source = tmp_path / relative
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text(f"# {relative}\nVALUE = 1\n", encoding="utf-8")
    for relative in compiled:
        source = tmp_path / relative
        source.with_name(source.stem + SUFFIX).write_bytes(b"\x7fELF not really")
    package = tmp_path / "tourney"
    if info is not None:
        write_info(package, info)
    return package


def hashes(tmp_path: Path) -> dict[str, str]:
    return {relative: _build.source_sha256(tmp_path / relative) for relative in _build.HOT_MODULES}


def test_a_fresh_compiled_build_runs(tmp_path: Path) -> None:
    package = fake_package(tmp_path)
    write_info(package, _build.make_build_info("mypyc", mypyc="9.9.9", sources=hashes(tmp_path)))
    assert _build.stale_error(package) is None
    assert _build.build_description(package) == "compiled with mypyc 9.9.9"


def test_a_wrong_hash_is_refused_with_one_exact_line(tmp_path: Path) -> None:
    package = fake_package(tmp_path)
    recorded = hashes(tmp_path)
    recorded["tourney/rules/polish_poker/existence.py"] = "0" * 64
    write_info(package, _build.make_build_info("mypyc", mypyc="9.9.9", sources=recorded))
    assert _build.stale_error(package) == (
        f"the compiled module tourney/rules/polish_poker/existence{SUFFIX} is stale "
        f"(its .py changed after the build); {REMEDY}"
    )


def test_editing_a_py_after_the_build_makes_it_stale(tmp_path: Path) -> None:
    package = fake_package(tmp_path)
    write_info(package, _build.make_build_info("mypyc", mypyc="9.9.9", sources=hashes(tmp_path)))
    assert _build.stale_error(package) is None
    (tmp_path / "tourney/engine/match.py").write_text("VALUE = 2  # edited\n", encoding="utf-8")
    assert _build.stale_error(package) == (
        f"the compiled module tourney/engine/match{SUFFIX} is stale (its .py changed after the build); {REMEDY}"
    )


def test_compiled_files_without_build_info_are_refused(tmp_path: Path) -> None:
    package = fake_package(tmp_path, compiled=("tourney/rules/polish_poker/state.py",))
    assert _build.stale_error(package) == (
        f"the compiled module tourney/rules/polish_poker/state{SUFFIX} has no build info "
        f"(no tourney/_build_info.json), so it may not match its .py; delete it, or {REMEDY}"
    )
    # A build info that does not record that module (a pure build's) vouches for nothing either.
    write_info(package, _build.make_build_info("pure"))
    assert _build.stale_error(package) == (
        f"the compiled module tourney/rules/polish_poker/state{SUFFIX} has no build info "
        f"(tourney/_build_info.json does not record its .py), so it may not match its .py; delete it, or {REMEDY}"
    )


def test_pure_builds_run_and_say_why(tmp_path: Path) -> None:
    package = fake_package(tmp_path, compiled=())
    assert _build.stale_error(package) is None
    assert _build.build_description(package) == "pure Python"
    failed = _build.make_build_info("pure", compile_failed="command 'gcc' failed with exit code 1")
    write_info(package, failed)
    assert _build.stale_error(package) is None
    assert _build.build_description(package) == (
        "pure Python: the mypyc compile failed at install: command 'gcc' failed with exit code 1")


def test_the_version_line_says_which_copy_and_why_a_pure_build_is_pure(tmp_path: Path) -> None:
    package = fake_package(tmp_path, compiled=())
    start = f"tourney {tourney.__version__} (pure Python) from {package}; pure because "
    assert _build.version_line(package) == start + "no tourney/_build_info.json records a compiled build"
    write_info(package, _build.make_build_info("pure", pure_reason="TOURNEY_PURE is set"))
    assert _build.version_line(package) == start + "TOURNEY_PURE is set"
    (package / _build.BUILD_INFO_NAME).unlink()
    (tmp_path / "setup.py").write_text("", encoding="utf-8")
    assert _build.version_line(package) == start + (
        "it runs from a source tree (a checkout, or an editable install of one) with no compiled module in it")
    write_info(package, _build.make_build_info("pure", compile_failed="CompileError: gcc exited with status 1"))
    assert _build.version_line(package) == (
        f"tourney {tourney.__version__} (pure Python: the mypyc compile failed at install: "
        f"CompileError: gcc exited with status 1) from {package}")


def test_the_cli_refuses_a_stale_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    from typer.testing import CliRunner

    from tourney import cli

    package = fake_package(tmp_path, compiled=("tourney/engine/match.py",), info=_build.make_build_info(
        "mypyc", mypyc="9.9.9", sources={"tourney/engine/match.py": "f" * 64}))  # a hash no file has
    monkeypatch.setattr(_build, "PACKAGE_DIR", package)
    expected = f"error: {_build.stale_error(package)}\n"
    assert "is stale" in expected

    monkeypatch.setattr(sys, "argv", ["tourney", "--help"])
    with pytest.raises(SystemExit) as exit_info:
        cli.main()
    assert exit_info.value.code == 1
    assert capsys.readouterr() == ("", expected)

    result = CliRunner().invoke(cli.app, ["--version"])
    assert result.exit_code == 1
    assert "is stale" in result.output


# What a compiled build depends on, and the guard on import (issue 15) ---------------------------------


def test_the_build_info_records_every_source_mypyc_read() -> None:
    # What mypyc compiled, and the uncompiled modules whose Final constants it may copy into the
    # compiled code (the issue's examples: Хлюст's options, Polish Poker's record module).
    sources = set(_build.compiled_build_sources(ROOT))
    assert set(_build.HOT_MODULES) <= sources
    assert {"tourney/rules/khlyust/options.py", "tourney/rules/polish_poker/record.py", "tourney/errors.py",
            "tourney/__init__.py", "tourney/rules/__init__.py", "tourney/rules/khlyust/__init__.py"} <= sources
    assert [source for source in sources if source.startswith("tourney/cli/")] == []  # above every layer


def write_tree(root: Path, files: dict[str, str]) -> None:
    for relative, text in files.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text, encoding="utf-8")


def test_the_sources_follow_every_kind_of_import(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_build, "HOT_MODULES", ("tourney/hot.py",))
    write_tree(tmp_path, {
        "tourney/__init__.py": "",
        "tourney/hot.py": (
            "from typing import TYPE_CHECKING\n"
            "from . import sibling\n"
            "from .pkg.consts import LIMIT\n"
            "if TYPE_CHECKING:\n    from tourney.typed_only import Shape\n"
            "def later() -> None:\n    import tourney.pkg.deep\n"
        ),
        "tourney/sibling.py": "import json\n",
        "tourney/pkg/__init__.py": "",
        "tourney/pkg/consts.py": "from typing import Final\nfrom ..chained import BASE\nLIMIT: Final = BASE + 1\n",
        "tourney/pkg/deep.py": "",
        "tourney/chained.py": "BASE = 3\n",
        "tourney/typed_only.py": "",
        "tourney/unrelated.py": "from tourney import hot\n",  # imports a hot module, is not imported by one
    })
    assert _build.compiled_build_sources(tmp_path) == sorted([
        "tourney/__init__.py", "tourney/hot.py", "tourney/sibling.py", "tourney/pkg/__init__.py",
        "tourney/pkg/consts.py", "tourney/pkg/deep.py", "tourney/chained.py", "tourney/typed_only.py",
    ])


def khlyust_inlining_package(root: Path) -> tuple[Path, Path]:
    """A fake compiled package in which the compiled Хлюст state imports MAX_PLAYERS, a Final of the
    uncompiled options module, as the real one does; its build info records what setup.py records.
    Returns the package and the options module."""
    package = fake_package(root)
    options = root / "tourney/rules/khlyust/options.py"
    write_tree(root, {
        "tourney/rules/khlyust/options.py": "from typing import Final\n\nMAX_PLAYERS: Final = 4\n",
        "tourney/rules/khlyust/state.py": "from tourney.rules.khlyust.options import MAX_PLAYERS\n",
        "tourney/cli/__init__.py": "VALUE = 1\n",
    })
    sources = {relative: _build.source_sha256(root / relative) for relative in _build.compiled_build_sources(root)}
    write_info(package, _build.make_build_info("mypyc", mypyc="9.9.9", sources=sources))
    return package, options


INLINED_STALE = (
    "the compiled build is stale: tourney/rules/khlyust/options.py changed after the build, "
    f"and the compiled modules may hold copies of its constants; {REMEDY}"
)


def test_an_edited_constant_that_a_compiled_module_inlines_makes_the_build_stale(tmp_path: Path) -> None:
    package, options = khlyust_inlining_package(tmp_path)
    assert _build.stale_error(package) is None
    (tmp_path / "tourney/cli/__init__.py").write_text("VALUE = 2\n", encoding="utf-8")  # no compiled module imports it
    assert _build.stale_error(package) is None
    options.write_text(options.read_text(encoding="utf-8").replace("= 4", "= 6"), encoding="utf-8")
    assert _build.stale_error(package) == INLINED_STALE


def test_an_in_place_build_is_told_how_to_rebuild_in_place(tmp_path: Path) -> None:
    package, options = khlyust_inlining_package(tmp_path)
    (tmp_path / "setup.py").write_text("", encoding="utf-8")  # the package sits in a source checkout
    options.write_text("MAX_PLAYERS = 6\n", encoding="utf-8")
    assert _build.stale_error(package) == INLINED_STALE.replace(REMEDY, _build.REBUILD_IN_PLACE)
    assert "python setup.py build_ext --inplace" in _build.REBUILD_IN_PLACE


def stale_site(tmp_path: Path) -> Path:
    """A directory to put on PYTHONPATH holding a stale compiled tourney: the real package's
    __init__.py, _build.py and errors.py, fake compiled modules, and an edited inlined constant."""
    site = tmp_path / "site"
    package, options = khlyust_inlining_package(site)
    for name in ("__init__.py", "_build.py", "errors.py"):
        shutil.copyfile(PACKAGE_DIR / name, package / name)
    sources = {relative: _build.source_sha256(site / relative) for relative in _build.compiled_build_sources(site)}
    write_info(package, _build.make_build_info("mypyc", mypyc="9.9.9", sources=sources))
    options.write_text("MAX_PLAYERS = 6\n", encoding="utf-8")
    return site


def run_python(arguments: list[str], *, cwd: Path, pythonpath: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(pythonpath)}
    return subprocess.run([sys.executable, *arguments], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=120, check=False)


def test_a_library_import_of_a_stale_build_raises_the_projects_error(tmp_path: Path) -> None:
    site = stale_site(tmp_path)
    done = run_python(["-c", "import tourney.rules.khlyust.state"], cwd=tmp_path, pythonpath=site)
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1] == f"tourney.errors.StaleBuildError: {INLINED_STALE}"
    catch = ("try:\n    import tourney\nexcept ImportError as error:\n"
             "    print(*[kind.__name__ for kind in type(error).__mro__])\n")
    done = run_python(["-c", catch], cwd=tmp_path, pythonpath=site)
    assert (done.stdout, done.stderr) == (
        "StaleBuildError TourneyError ImportError Exception BaseException object\n", "")


def test_the_command_on_a_stale_build_says_one_line(tmp_path: Path) -> None:
    site = stale_site(tmp_path)
    script = tmp_path / "bin" / "tourney"  # as pip's console script: it imports tourney.cli first
    write_tree(tmp_path, {"bin/tourney": "import sys\nfrom tourney.cli import main\nsys.exit(main())\n"})
    for command in ([str(script), "--version"], ["-m", "tourney", "standings"]):
        done = run_python(command, cwd=tmp_path, pythonpath=site)
        assert (done.returncode, done.stdout, done.stderr) == (1, "", f"error: {INLINED_STALE}\n"), command


def test_only_the_tourney_command_exits_instead_of_raising(monkeypatch: pytest.MonkeyPatch) -> None:
    python = ["/usr/bin/python3", "-X", "dev"]
    for argv, orig_argv, command in (
        (["/venv/bin/tourney", "--version"], [*python, "/venv/bin/tourney", "--version"], True),
        (["-m"], [*python, "-m", "tourney", "--version"], True),
        (["-m"], [*python, "-m", "analysis", "-m", "tourney"], False),  # a module that imports tourney
        (["/venv/bin/pytest"], [*python, "/venv/bin/pytest"], False),
        (["/home/me/tourney/analysis.py"], [*python, "/home/me/tourney/analysis.py"], False),
        (["-c"], [*python, "-c", "import tourney"], False),
        ([], [], False),
    ):
        monkeypatch.setattr(sys, "argv", argv)
        monkeypatch.setattr(sys, "orig_argv", orig_argv)
        assert _build.runs_as_the_command() == command, orig_argv


@pytest.mark.skipif(not _build.compiled_modules(), reason="needs the compiled build (CI's first run compiles)")
def test_the_real_compiled_build_inlines_a_constant_and_refuses_its_edit(tmp_path: Path) -> None:
    # The lie this guard prevents, on a copy of the real compiled build: the compiled Хлюст state
    # keeps MAX_PLAYERS = 4 after options.py says 6, and only the import guard notices.
    site = tmp_path / "site"
    shutil.copytree(PACKAGE_DIR, site / "tourney", ignore=shutil.ignore_patterns("__pycache__"))
    for shared in PACKAGE_DIR.parent.glob(f"{_build.GROUP_NAME}__mypyc.*"):
        shutil.copyfile(shared, site / shared.name)
    options = site / "tourney/rules/khlyust/options.py"
    options.write_text(options.read_text(encoding="utf-8").replace("MAX_PLAYERS: Final = 4", "MAX_PLAYERS: Final = 6"),
                       encoding="utf-8")
    info_path = site / "tourney" / _build.BUILD_INFO_NAME
    info = json.loads(info_path.read_text(encoding="utf-8"))
    probe = ("from tourney.rules.khlyust.options import MAX_PLAYERS\n"
             "from tourney.rules.khlyust.state import KhlyustState\n"
             "try:\n    KhlyustState('abcde', None, None, first_dealer=0)\n"
             "except ValueError as error:\n    print(MAX_PLAYERS, error)\n")
    # With only the compiled .py files recorded (the guard before issue 15), the edit goes unseen.
    write_info(site / "tourney", {**info, "sources": {path: info["sources"][path] for path in _build.HOT_MODULES}})
    done = run_python(["-c", probe], cwd=tmp_path, pythonpath=site)
    assert (done.stdout, done.stderr) == ("6 a Хлюст game seats 2-4 players, not 5 (§3.2)\n", "")
    write_info(site / "tourney", info)
    done = run_python(["-c", probe], cwd=tmp_path, pythonpath=site)
    assert done.returncode == 1
    assert done.stderr.splitlines()[-1] == f"tourney.errors.StaleBuildError: {INLINED_STALE}"


# Which copy a test session imports ------------------------------------------------------------------


def test_a_copy_differs_by_its_sources_not_by_what_a_build_adds(tmp_path: Path) -> None:
    checkout, installed = tmp_path / "checkout" / "tourney", tmp_path / "site" / "tourney"
    files = {"__init__.py": "", "rules/cards.py": "A = 1\n", "templates/print.css": "body {}\n"}
    for package in (checkout, installed):
        write_tree(package, files)
    write_tree(installed, {f"rules/state{SUFFIX}": "", "_build_info.json": "{}", "rules/__pycache__/cards.pyc": ""})
    assert _build.copy_differences(installed, checkout) == []
    assert _build.copy_differences(checkout, checkout) == []
    write_tree(installed, {"rules/cards.py": "A = 2\n", "rules/gone.py": ""})
    write_tree(checkout, {"templates/new.html": ""})
    assert _build.copy_differences(installed, checkout) == ["rules/cards.py", "rules/gone.py", "templates/new.html"]


def run_this_checkouts_tests(tmp_path: Path, pythonpath: Path) -> subprocess.CompletedProcess[str]:
    """A test session of this checkout's tests/ in which `import tourney` finds the copy on `pythonpath`
    (from another directory: `python -m pytest` would import the checkout from the current one)."""
    one_test = f"{ROOT}/tests/test_build.py::test_every_hot_module_exists"
    return run_python(["-m", "pytest", "-q", "-p", "no:cacheprovider", one_test], cwd=tmp_path, pythonpath=pythonpath)


def test_the_test_session_refuses_a_copy_of_tourney_that_differs_from_the_checkout(tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(ROOT / "tourney", site / "tourney", ignore=shutil.ignore_patterns("__pycache__", f"*{SUFFIX}"))
    done = run_this_checkouts_tests(tmp_path, site)  # an identical copy (what CI installs) is tested
    assert (done.returncode, done.stderr) == (0, ""), done.stdout
    options = site / "tourney/rules/khlyust/options.py"
    options.write_text(options.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    done = run_this_checkouts_tests(tmp_path, site)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == (
        f"error: the tests would import tourney from {site / 'tourney'}, which differs from the checkout's "
        f"{ROOT / 'tourney'} in tourney/rules/khlyust/options.py; reinstall it (pip install '.[test]'), or install "
        "the checkout editable (pip install -e '.[test]'), or run python -m pytest, which imports the checkout\n"
    )


def test_the_test_session_header_names_the_copy_and_the_build(pytestconfig: pytest.Config) -> None:
    headers = pytestconfig.hook.pytest_report_header(config=pytestconfig, start_path=ROOT)
    assert f"under test: {_build.version_line()}" in headers
    assert f" from {PACKAGE_DIR}" in _build.version_line()


# setup.py: what it builds, without running a build ---------------------------------------------------


@pytest.fixture(scope="module")
def setup_py() -> ModuleType:
    pytest.importorskip("setuptools")
    spec = importlib.util.spec_from_file_location("tourney_setup_py", ROOT / "setup.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # defines the functions; setup() runs only as __main__
    return module


def test_editable_installs_are_pure(setup_py: ModuleType) -> None:
    # setuptools' PEP 660 backend runs: setup.py editable_wheel --dist-info-dir ... --dist-dir ...
    editable = ["setup.py", "editable_wheel", "--dist-info-dir", "/tmp/x/tourney.dist-info", "--dist-dir", "/tmp/y"]
    assert setup_py.is_editable(editable)
    assert setup_py.is_editable(["setup.py", "develop"])
    assert "editable" in setup_py.pure_reason(editable, {})
    wheel = ["setup.py", "bdist_wheel", "--dist-dir", "/tmp/y"]
    assert not setup_py.is_editable(wheel)
    assert setup_py.pure_reason(wheel, {}) is None
    assert setup_py.pure_reason(wheel, {"TOURNEY_PURE": "1"}) == "TOURNEY_PURE is set"
    assert setup_py.pure_reason(wheel, {"TOURNEY_PURE": "0"}) is None


def test_only_building_commands_compile(setup_py: ModuleType) -> None:
    for command in ("bdist_wheel", "build", "build_ext", "install"):
        assert setup_py.builds_code(["setup.py", command]), command
    for command in ("egg_info", "dist_info", "sdist", "editable_wheel"):
        assert not setup_py.builds_code(["setup.py", command, "--output-dir", "/tmp/build-here"]), command


def test_a_failure_is_one_line(setup_py: ModuleType) -> None:
    class CompileError(Exception):
        pass

    gcc = subprocess.CalledProcessError(1, ["/usr/bin/gcc", "-O3", "-c", "build/__native_tourney.c"])
    assert setup_py.one_line(CompileError(str(gcc))) == "CompileError: /usr/bin/gcc exited with status 1"
    assert setup_py.one_line(RuntimeError("no space left\nmore\n")) == "RuntimeError: no space left"
    assert setup_py.one_line(SystemExit(1)) == "mypyc stopped with exit status 1; its messages are in the build log"
    mypy_output = "tourney/engine/match.py:57: error: Incompatible types in assignment  [assignment]\nFound 1 error\n"
    assert setup_py.one_line(SystemExit(1), mypy_output) == (
        "tourney/engine/match.py:57: error: Incompatible types in assignment  [assignment]")
    assert setup_py.one_line(SystemExit("error: cannot find tourney/x.py")) == "error: cannot find tourney/x.py"
    assert setup_py.one_line(ImportError("No module named 'mypyc'")) == (
        "mypyc is not importable: No module named 'mypyc'")
    assert len(setup_py.one_line(RuntimeError("x" * 1000))) == 200


def test_the_build_info_written_by_setup_py_is_read_back(setup_py: ModuleType, tmp_path: Path) -> None:
    package = fake_package(tmp_path)
    plan = setup_py.Plan(_build)
    plan.build_info = _build.make_build_info("mypyc", mypyc="9.9.9", sources=hashes(tmp_path))
    plan.write_build_info(str(tmp_path))
    assert json.loads((package / "_build_info.json").read_text(encoding="utf-8"))["group_name"] == "tourney"
    assert _build.stale_error(package) is None
    assert _build.version_line(package) == f"tourney {tourney.__version__} (compiled with mypyc 9.9.9) from {package}"


def test_setup_py_records_every_source_the_compiled_build_depends_on(setup_py: ModuleType) -> None:
    recorded = setup_py.source_hashes(_build)
    assert sorted(recorded) == _build.compiled_build_sources(ROOT)
    options = "tourney/rules/khlyust/options.py"
    assert recorded[options] == _build.source_sha256(ROOT / options)


def test_stray_extensions_left_by_an_earlier_build_are_removed(setup_py: ModuleType, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    made = ["tourney__mypyc", "tourney.rules.polish_poker.existence"]
    stray = ["a483f9053df015f2e469__mypyc", "tourney.bots.random_bot"]
    for name in made + stray:
        path = tmp_path / (name.replace(".", "/") + suffix)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"")
    (tmp_path / "tourney/bots/random_bot.py").write_text("", encoding="utf-8")
    plan = setup_py.Plan(_build)
    plan.ext_modules = [SimpleNamespace(name=name) for name in made]
    plan.remove_stray_extensions(str(tmp_path))
    left = sorted(path.relative_to(tmp_path).as_posix() for path in tmp_path.rglob("*") if path.is_file())
    assert left == sorted([*(name.replace(".", "/") + suffix for name in made), "tourney/bots/random_bot.py"])
    assert capsys.readouterr().err.count("by an earlier build") == 2
