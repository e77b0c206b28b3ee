"""Build hook: compile the hot path (`HOT_MODULES`, tourney/_build.py) with mypyc, or install pure
Python, and say which.

Everything else about the package lives in pyproject.toml, including the exact mypy (which ships
mypyc) that compiles. The compiled modules behave exactly as their Python source (same types, same
arithmetic), they only run faster. The build is pure Python when:

- `TOURNEY_PURE=1` is set;
- the install is editable (`pip install -e .`): a compiled module would shadow the edited `.py`;
- the compile fails (mypyc, or no working C compiler): one line on stderr says so and why, and the
  same modules install as pure Python (slower, same behaviour).

Either way the build writes `tourney/_build_info.json` (see `tourney/_build.py`), from which
`tourney --version` says which build runs, and `import tourney` refuses a compiled build one of
whose sources (a compiled `.py`, or a module whose constants mypyc may have inlined) has changed
since the build.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import os
import re
import sys
import sysconfig
from collections.abc import Mapping, Sequence
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from types import ModuleType
from typing import Any, TextIO

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
PURE_VALUES = ("1", "true", "yes")
EDITABLE_COMMANDS = ("editable_wheel", "develop")  # PEP 660 (pip install -e .), and the legacy one
# How a failed compiler or linker run reads (subprocess.CalledProcessError, wrapped by setuptools).
COMMAND_FAILED = re.compile(
    r"""Command '\[['"](?P<program>[^'"]+)['"].*returned non-zero exit status (?P<status>-?\d+)""", re.DOTALL)


def load_build_module() -> ModuleType:
    """`tourney/_build.py`, loaded by path: the package itself is not importable at build time."""
    spec = importlib.util.spec_from_file_location("_tourney_build", ROOT / "tourney" / "_build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def is_editable(argv: Sequence[str]) -> bool:
    """Whether setup.py runs for an editable install (setuptools' PEP 660 backend runs the
    `editable_wheel` command; `setup.py develop` is the legacy spelling)."""
    return any(arg in EDITABLE_COMMANDS for arg in argv[1:])


def builds_code(argv: Sequence[str]) -> bool:
    """Whether the commands build or install the package (metadata-only commands such as
    `egg_info`, `dist_info` and `sdist`, which pip also runs, need no compile)."""
    return any(arg == "build" or arg.startswith(("build_", "bdist", "install")) for arg in argv[1:])


def pure_reason(argv: Sequence[str], environ: Mapping[str, str]) -> str | None:
    """Why this build installs pure Python without trying to compile, or None to compile."""
    if environ.get("TOURNEY_PURE", "").strip().lower() in PURE_VALUES:
        return "TOURNEY_PURE is set"
    if is_editable(argv):
        return "an editable install is always pure Python, so that an edited .py is what runs"
    return None


def one_line(error: BaseException, output: str = "") -> str:
    """A failure as one short line for the install log and `tourney --version`; `output` is what
    mypyc printed (it reports a type error on stdout, then exits)."""
    if isinstance(error, SystemExit) and not isinstance(error.code, str):
        first_error = next((line.strip() for line in output.splitlines() if ": error: " in line), None)
        text = first_error or f"mypyc stopped with exit status {error.code}; its messages are in the build log"
        return text if len(text) <= 200 else text[:197] + "..."
    text = str(error)
    command = COMMAND_FAILED.search(text)  # a compiler or linker run, e.g. CompileError from gcc
    if command is not None:
        text = f"{command['program']} exited with status {command['status']}"
    else:
        text = next((line.strip() for line in text.splitlines() if line.strip()), "")
    if isinstance(error, ImportError):
        text = f"mypyc is not importable: {text}"
    elif not isinstance(error, SystemExit):
        text = f"{type(error).__name__}: {text}" if text else type(error).__name__
    return text if len(text) <= 200 else text[:197] + "..."


def source_hashes(build: ModuleType) -> dict[str, str]:
    """The sha256 of each source the compiled build depends on, taken before mypyc reads them: each
    compiled .py and each module whose constants mypyc may copy into the compiled code."""
    return {path: build.source_sha256(ROOT / path) for path in build.compiled_build_sources(ROOT)}


def announce_failure(reason: str) -> None:
    print(f"tourney: the mypyc compile failed ({reason}); installing pure Python (slower, same behaviour)",
          file=sys.stderr, flush=True)


class Tee(io.StringIO):
    """Keeps a copy of what is written to a stream."""

    def __init__(self, stream: TextIO) -> None:
        super().__init__()
        self.stream = stream

    def write(self, text: str) -> int:
        self.stream.write(text)
        return super().write(text)


class Plan:
    """What this run of setup.py builds; the build commands below read and update it."""

    def __init__(self, build: ModuleType) -> None:
        self.build = build
        self.ext_modules: list[Any] = []
        self.build_info: dict[str, Any] = build.make_build_info("pure")

    def remove_stray_extensions(self, build_lib: str) -> None:
        """An extension module left in the build directory by an earlier build (of a module since
        dropped from the hot path, or under another group name) would be installed beside its .py
        and shadow it: remove each one that this build does not make."""
        root = Path(build_lib)
        keep = {root / (extension.name.replace(".", "/") + sysconfig.get_config_var("EXT_SUFFIX"))
                for extension in self.ext_modules}
        for path in [*root.glob("*"), *root.glob("tourney/**/*")]:
            if path.name.endswith(tuple(EXTENSION_SUFFIXES)) and path not in keep and path.is_file():
                path.unlink()
                print(f"tourney: removed {path.relative_to(root)}, left in {root} by an earlier build",
                      file=sys.stderr, flush=True)

    def write_build_info(self, build_lib: str) -> None:
        target = Path(build_lib) / "tourney" / self.build.BUILD_INFO_NAME
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(self.build_info, indent=2) + "\n", encoding="utf-8")


def make_commands(plan: Plan) -> dict[str, type]:
    class BuildPy(build_py):
        """Also writes the build info into the build and clears stray extension modules out of it
        (not for an editable install, which builds nothing)."""

        def run(self) -> None:
            super().run()
            if not getattr(self, "editable_mode", False):
                plan.remove_stray_extensions(self.build_lib)
                plan.write_build_info(self.build_lib)

    class BuildExt(build_ext):
        """Compiles the mypyc extensions; on any failure says so in one line, removes what was built
        and leaves the pure-Python modules (already in the build) to be installed."""

        def run(self) -> None:
            try:
                super().run()
            except Exception as error:
                reason = one_line(error)
                announce_failure(reason)
                for extension in self.extensions:
                    Path(self.get_ext_fullpath(extension.name)).unlink(missing_ok=True)
                plan.build_info = plan.build.make_build_info("pure", compile_failed=reason)
            self.write_info()

        def write_info(self) -> None:
            if self.inplace:  # `setup.py build_ext --inplace`: the modules sit in the source tree
                plan.write_build_info(str(ROOT))
            else:
                plan.write_build_info(self.build_lib)

    return {"build_py": BuildPy, "build_ext": BuildExt}


def main() -> None:
    build = load_build_module()
    plan = Plan(build)
    reason = pure_reason(sys.argv, os.environ)
    if reason is not None:
        if builds_code(sys.argv) or is_editable(sys.argv):
            print(f"tourney: installing pure Python ({reason})", file=sys.stderr, flush=True)
        plan.build_info = build.make_build_info("pure", pure_reason=reason)
    elif builds_code(sys.argv):
        output = Tee(sys.stdout)
        try:
            sources = source_hashes(build)  # a source that does not parse fails here, as in mypyc
            from mypy.version import __version__ as mypyc_version
            from mypyc.build import mypycify

            with contextlib.redirect_stdout(output):
                # Errors of the modules the hot path imports are not the compile's: every module's
                # package loads `tourney/__init__.pyi`, which names the whole application (the typed
                # public API), whose dependencies the build environment does not have. `mypy` in CI
                # checks those modules in full.
                plan.ext_modules = mypycify(["--follow-imports=silent", *build.HOT_MODULES], opt_level="3",
                                            group_name=build.GROUP_NAME)
        except (Exception, SystemExit) as error:  # mypyc reports its own errors with sys.exit
            failure = one_line(error, output.getvalue())
            announce_failure(failure)
            plan.build_info = build.make_build_info("pure", compile_failed=failure)
        else:
            plan.build_info = build.make_build_info("mypyc", mypyc=mypyc_version, sources=sources)
    setup(ext_modules=plan.ext_modules, cmdclass=make_commands(plan))


if __name__ == "__main__":  # as pip's build backend runs it; tests import the functions above
    main()
