"""The build never surprises (issue 6, item 8): `tourney --version` names the build that runs, a
compiled module whose .py changed since the build is refused, editable installs are pure, and the
mypy that compiles is pinned exactly."""

from __future__ import annotations

import importlib
import importlib.util
import json
import re
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
)


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
    existence = importlib.import_module("tourney.rules.polish_poker.existence")
    compiled = str(existence.__file__).endswith(tuple(EXTENSION_SUFFIXES))
    assert (match["mypyc"] is not None) == compiled, (line, existence.__file__)
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
    assert _build.version_line(package) == f"tourney {tourney.__version__} (compiled with mypyc 9.9.9)"


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
