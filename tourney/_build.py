"""Which build runs (mypyc-compiled or pure Python), from which copy, and the guard against a stale
compiled module.

Standard library only, and nothing heavy at import: `tourney/__init__.py` runs `guard_import()`
before any other tourney module can load, `tourney --version` prints `version_line()`, the test
session's conftest loads this file by path for `copy_differences()`, and setup.py loads it by path
at build time for `HOT_MODULES`, `compiled_build_sources()` and the build-info format (so the list
of compiled modules lives here once).

At build time setup.py writes `tourney/_build_info.json` into the build (never into a source
checkout, except for an in-place `build_ext`): the mode (`"mypyc"` or `"pure"`), the mypyc version,
why the build is pure (`TOURNEY_PURE`, an editable install, or the reason the compile failed) and
the sha256 of every source the compiled build depends on: each compiled `.py`, and each tourney
module those import, transitively, because mypyc copies the value of an imported `Final` constant
into the compiled code. Which build *runs* is read from the files themselves: Python imports an
extension module (`state.cpython-311-x86_64-linux-gnu.so`, any suffix of `EXTENSION_SUFFIXES`) in
preference to the `.py` beside it, so a hot module is compiled exactly when such a file sits next to
its `.py`. If one of the recorded sources no longer has its sha256 (it was edited after the build),
or nothing records a compiled module's `.py`, importing tourney refuses (`StaleBuildError`; the
`tourney` command prints one line and exits 1) rather than silently run the old compiled code.
"""

from __future__ import annotations

import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path
from typing import Any, Final

# The hot path compiled by mypyc (docs/internals.md, "Hot path"), relative to the project root.
HOT_MODULES: Final = (
    "tourney/rules/polish_poker/existence.py",
    "tourney/rules/polish_poker/dealer.py",
    "tourney/rules/polish_poker/raises.py",
    "tourney/rules/polish_poker/views.py",
    "tourney/rules/polish_poker/state.py",
    "tourney/bots/polish_poker/random_bot.py",
    "tourney/bots/polish_poker/odds.py",
    "tourney/bots/polish_poker/strategic.py",
    "tourney/bots/polish_poker/monte_carlo.py",  # subclasses the compiled ProbBot, which no interpreted class may
    "tourney/rules/chlust/deck.py",
    "tourney/rules/chlust/combos.py",
    "tourney/rules/chlust/actions.py",
    "tourney/rules/chlust/dealer.py",
    "tourney/rules/chlust/views.py",
    "tourney/rules/chlust/phases.py",
    "tourney/rules/chlust/table.py",
    "tourney/rules/chlust/turns.py",
    "tourney/rules/chlust/settlement.py",
    "tourney/rules/chlust/play.py",
    "tourney/rules/chlust/betting.py",
    "tourney/rules/chlust/deal.py",
    "tourney/rules/chlust/state.py",
    "tourney/bots/chlust/rule_bot.py",
    "tourney/rules/tricks/cards.py",
    "tourney/rules/tricks/chips.py",
    "tourney/rules/tricks/play.py",
    "tourney/rules/tricks/actions.py",
    "tourney/rules/tricks/deal.py",
    "tourney/rules/tricks/views.py",
    "tourney/rules/tricks/match.py",
    "tourney/rules/tricks/record.py",
    "tourney/rules/khlyust/actions.py",
    "tourney/rules/khlyust/combos.py",
    "tourney/rules/khlyust/view.py",
    "tourney/rules/khlyust/phases.py",
    "tourney/rules/khlyust/table.py",
    "tourney/rules/khlyust/settlement.py",
    "tourney/rules/khlyust/play.py",
    "tourney/rules/khlyust/announcements.py",
    "tourney/rules/khlyust/deal.py",
    "tourney/rules/khlyust/state.py",
    "tourney/bots/khlyust/random_bot.py",
    "tourney/bots/khlyust/rule_bot.py",
    "tourney/rules/lou/actions.py",
    "tourney/rules/lou/record.py",
    "tourney/rules/lou/view.py",
    "tourney/rules/lou/phases.py",
    "tourney/rules/lou/table.py",
    "tourney/rules/lou/settlement.py",
    "tourney/rules/lou/play.py",
    "tourney/rules/lou/choices.py",
    "tourney/rules/lou/deal.py",
    "tourney/rules/lou/state.py",
    "tourney/bots/lou/rule_bot.py",
    "tourney/engine/match.py",
    "tourney/arena/act_wire.py",
    "tourney/envs/polish_poker_rows.py",  # VectorEnv's Polish Poker rows (issue 32): no numpy, stdlib and rules only
    "tourney/envs/trick_rows.py",  # and the trick games' rows: what they share, then each game's
    "tourney/envs/chlust_rows.py",
    "tourney/envs/lou_rows.py",
    "tourney/envs/khlyust_rows.py",
)
GROUP_NAME: Final = "tourney"  # mypyc's shared library is `tourney__mypyc.<suffix>`
# The release (pyproject.toml's version), `tourney.__version__`: here, so that what reports the build
# (`version_line`, storage's checkpoint) needs no import of the package's root.
VERSION: Final = "0.1.0"
BUILD_INFO_NAME: Final = "_build_info.json"
PACKAGE_DIR: Final = Path(__file__).resolve().parent
REINSTALL: Final = "reinstall (pip install .) or use a pure build (TOURNEY_PURE=1 pip install .)"
REBUILD_IN_PLACE: Final = (
    "rebuild in place (python setup.py build_ext --inplace), or delete the compiled files "
    "(tourney__mypyc.*.so beside tourney/ and each .so under tourney/) to run the .py files")
# What a build adds to a package beside its sources (not compared with a checkout's sources).
BUILD_ARTEFACTS: Final = (BUILD_INFO_NAME, ".pyc", *EXTENSION_SUFFIXES)


def source_sha256(path: Path) -> str:
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


# What a compiled build depends on (build time) ----------------------------------------------------


def module_source(root: Path, module: str) -> str | None:
    """The source of a dotted module name relative to `root` (`tourney/rules/cards.py`, or a
    package's `__init__.py`), or None when no such file exists (a name imported from a module)."""
    base = module.replace(".", "/")
    for relative in (f"{base}.py", f"{base}/__init__.py"):
        if (root / relative).is_file():
            return relative
    return None


def imported_names(root: Path, relative: str) -> set[str]:
    """Every dotted name a source imports anywhere (in functions and under TYPE_CHECKING too, as mypy
    follows them all): each `import a.b`, each `from a import b` as both `a` and `a.b`, relative
    imports resolved."""
    import ast

    parts = relative.removesuffix(".py").split("/")
    package = parts[:-1]  # a module's package; for `x/__init__.py` that is `x` itself
    names: set[str] = set()
    for node in ast.walk(ast.parse((root / relative).read_bytes(), filename=relative)):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            names.add(module)
            names.update(f"{module}.{alias.name}" for alias in node.names)
    return names


def compiled_build_sources(root: Path) -> list[str]:
    """The sources a compiled build depends on, relative to `root`: `HOT_MODULES`, every tourney
    module they import, transitively, and the `__init__.py` of each package on the way. These are
    the tourney modules mypy reads when mypyc compiles, so every `Final` constant mypyc may have
    copied into the compiled code is among them."""
    found: set[str] = set()
    pending = [relative.removesuffix(".py").replace("/", ".") for relative in HOT_MODULES]
    while pending:
        parts = pending.pop().split(".")
        if parts[0] != "tourney":
            continue
        for length in range(1, len(parts) + 1):  # the packages on the way, then the module
            source = module_source(root, ".".join(parts[:length]))
            if source is not None and source not in found:
                found.add(source)
                pending.extend(imported_names(root, source))
    return sorted(found)


def make_build_info(mode: str, *, mypyc: str | None = None, pure_reason: str | None = None,
                    compile_failed: str | None = None, sources: dict[str, str] | None = None) -> dict[str, Any]:
    """The content of `_build_info.json` (setup.py writes it; `read_build_info` reads it)."""
    return {
        "mode": mode,
        "mypyc": mypyc,
        "group_name": GROUP_NAME if mode == "mypyc" else None,
        "pure_reason": pure_reason,
        "compile_failed": compile_failed,
        "sources": dict(sources or {}),
    }


# Which build runs, and whether it may (every import) -------------------------------------------------


def read_build_info(package_dir: Path | None = None) -> dict[str, Any] | None:
    """The build info written by setup.py, or None (no file, or not a JSON object)."""
    import json

    try:
        info = json.loads(((package_dir or PACKAGE_DIR) / BUILD_INFO_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return info if isinstance(info, dict) else None


def compiled_modules(package_dir: Path | None = None) -> list[tuple[str, Path]]:
    """Each hot module that Python would import compiled: (its .py relative to the project root,
    the extension file beside it). A few stat calls, nothing is imported."""
    package_dir = package_dir or PACKAGE_DIR
    root = package_dir.parent
    found = []
    for relative in HOT_MODULES:
        source = root / relative
        stem = source.name[: -len(".py")]
        for suffix in EXTENSION_SUFFIXES:  # the import system's own order: extensions before .py
            compiled = source.with_name(stem + suffix)
            if compiled.is_file():
                found.append((relative, compiled))
                break
    return found


def is_source_tree(package_dir: Path) -> bool:
    """Whether the package sits in a source checkout (setup.py beside it), where compiled modules
    come from an in-place build and an editable install imports the `.py` files."""
    return (package_dir.parent / "setup.py").is_file()


def stale_error(package_dir: Path | None = None) -> str | None:
    """Why this build must not run, as one line without the `error: ` prefix, or None if it may: a
    compiled module whose .py changed after the build or that no build info vouches for, or another
    source the compiled build depends on (a module whose constants it may have inlined) that changed.
    A pure build costs a few stat calls; a compiled one a sha256 of each recorded source."""
    package_dir = package_dir or PACKAGE_DIR
    compiled = compiled_modules(package_dir)
    if not compiled:
        return None
    root = package_dir.parent
    remedy = REBUILD_IN_PLACE if is_source_tree(package_dir) else REINSTALL
    info = read_build_info(package_dir)
    recorded = info.get("sources") if info is not None else None
    recorded = recorded if isinstance(recorded, dict) else {}
    for relative, extension in compiled:
        if not (root / relative).is_file():
            continue  # nothing to shadow: the compiled module is the only copy
        shown = extension.relative_to(root).as_posix()
        if relative not in recorded:
            info_path = f"{package_dir.name}/{BUILD_INFO_NAME}"
            why = f"no {info_path}" if info is None else f"{info_path} does not record its .py"
            return (f"the compiled module {shown} has no build info ({why}), so it may not match its .py; "
                    f"delete it, or {remedy}")
        if source_sha256(root / relative) != recorded[relative]:
            return f"the compiled module {shown} is stale (its .py changed after the build); {remedy}"
    hot = set(HOT_MODULES)
    for relative, expected in recorded.items():
        source = root / relative
        if relative not in hot and source.is_file() and source_sha256(source) != expected:
            return (f"the compiled build is stale: {relative} changed after the build, and the compiled "
                    f"modules may hold copies of its constants; {remedy}")
    return None


_VERIFIED: Final[set[Path]] = set()  # package directories found fresh in this process


def ensure_fresh(package_dir: Path | None = None) -> None:
    """Raise `StaleBuildError` if this build must not run (see `stale_error`). A package directory
    found fresh is not checked again in this process, so the CLI's own check after the import guard
    costs nothing."""
    package_dir = package_dir or PACKAGE_DIR
    if package_dir in _VERIFIED:
        return
    error = stale_error(package_dir)
    if error is not None:
        from tourney.errors import StaleBuildError

        raise StaleBuildError(error)
    _VERIFIED.add(package_dir)


def exit_if_stale(package_dir: Path | None = None) -> None:
    """For the `tourney` command: refuse to run a stale build with one line on stderr and exit 1."""
    from tourney.errors import StaleBuildError

    try:
        ensure_fresh(package_dir)
    except StaleBuildError as error:
        print(f"error: {error}", file=sys.stderr)
        raise SystemExit(1) from None


def runs_as_the_command() -> bool:
    """Whether this process is the `tourney` command: its console script (which imports tourney
    before `main()` can catch anything), or `python -m tourney` (while -m looks for the module,
    which imports its package, `sys.argv[0]` is "-m" and `sys.orig_argv` names the module)."""
    program = sys.argv[0] if sys.argv else ""
    if program == "-m":
        arguments = sys.orig_argv
        module = next((arguments[at + 1] for at in range(len(arguments) - 1) if arguments[at] == "-m"), "")
        return module.split(".")[0] == "tourney"
    return Path(program).name in ("tourney", "tourney.exe")


def guard_import() -> None:
    """The guard `tourney/__init__.py` runs before any compiled module can load: a library user
    gets `StaleBuildError`, the `tourney` command one line and exit 1, as for every other error."""
    if runs_as_the_command():
        exit_if_stale()
    else:
        ensure_fresh()


# What `tourney --version` and the test session say -------------------------------------------------


def build_description(package_dir: Path | None = None) -> str:
    """`compiled with mypyc 2.4.1`, `pure Python`, or `pure Python: the mypyc compile failed at
    install: <reason>`: which build runs (from the files), with the details from the build info."""
    compiled = compiled_modules(package_dir)
    info = read_build_info(package_dir) or {}
    if compiled:
        mypyc = info.get("mypyc")
        text = f"compiled with mypyc {mypyc}" if isinstance(mypyc, str) else "compiled with mypyc"
        if len(compiled) < len(HOT_MODULES):
            text += f", {len(compiled)} of {len(HOT_MODULES)} hot modules"
        return text
    failed = info.get("compile_failed")
    if isinstance(failed, str) and failed:
        return f"pure Python: the mypyc compile failed at install: {failed}"
    return "pure Python"


def pure_because(package_dir: Path | None = None) -> str | None:
    """Why a pure build is pure, when `build_description` does not already say it; None for a
    compiled build."""
    package_dir = package_dir or PACKAGE_DIR
    if compiled_modules(package_dir):
        return None
    info = read_build_info(package_dir) or {}
    if info.get("compile_failed"):
        return None
    reason = info.get("pure_reason")
    if isinstance(reason, str) and reason:
        return reason
    if is_source_tree(package_dir):
        return "it runs from a source tree (a checkout, or an editable install of one) with no compiled module in it"
    return f"no {package_dir.name}/{BUILD_INFO_NAME} records a compiled build"


def version_line(package_dir: Path | None = None) -> str:
    """What `tourney --version` prints: the version, which build runs, which copy, and why a pure
    build is pure, e.g. `tourney 0.1.0 (compiled with mypyc 2.4.1) from /venv/lib/.../tourney`."""
    package_dir = package_dir or PACKAGE_DIR
    line = f"tourney {VERSION} ({build_description(package_dir)}) from {package_dir}"
    why = pure_because(package_dir)
    return line if why is None else f"{line}; pure because {why}"


# Which copy a test session imports ------------------------------------------------------------------


def package_files(package_dir: Path) -> dict[str, Path]:
    """The files of a package that a checkout and an install of it share (sources and package data,
    the templates link followed), by path relative to the package; not what a build adds."""
    import os

    files = {}
    for directory, subdirectories, names in os.walk(package_dir, followlinks=True):
        subdirectories[:] = [name for name in subdirectories if name != "__pycache__"]
        for name in names:
            if not name.endswith(BUILD_ARTEFACTS):
                path = Path(directory, name)
                files[path.relative_to(package_dir).as_posix()] = path
    return files


def copy_differences(imported: Path, checkout: Path) -> list[str]:
    """The files (relative to the package) in which the `imported` copy of the package differs from
    the `checkout`'s: changed, or in one of them only. Empty when both are the same directory."""
    if imported.resolve() == checkout.resolve():
        return []
    theirs, ours = package_files(imported), package_files(checkout)
    return sorted(
        relative for relative in theirs.keys() | ours.keys()
        if relative not in theirs or relative not in ours
        or theirs[relative].read_bytes() != ours[relative].read_bytes()
    )


def copy_under_test_error(imported: Path, checkout: Path) -> str | None:
    """Why a test session must not test the `imported` copy of tourney instead of the `checkout`'s
    sources, as one line, or None when their sources are the same."""
    differences = copy_differences(imported, checkout)
    if not differences:
        return None
    shown = ", ".join(f"{imported.name}/{relative}" for relative in differences[:3])
    more = f" and {len(differences) - 3} more" if len(differences) > 3 else ""
    return (f"the tests would import tourney from {imported}, which differs from the checkout's "
            f"{checkout} in {shown}{more}; reinstall it (pip install '.[test]'), or install the "
            f"checkout editable (pip install -e '.[test]'), or run python -m pytest, which imports the checkout")
