"""The environments' tests need the [rl] extra: without it they skip, saying so, and under
TOURNEY_REQUIRE_RL=1 (CI, .ci/run) they fail instead."""

from __future__ import annotations

import importlib.util
import os

import pytest

RL_MODULES = ("pettingzoo", "gymnasium", "numpy", "pyspiel")


def require_rl() -> None:
    """Skip the calling module without the [rl] extra; fail under TOURNEY_REQUIRE_RL=1."""
    missing = [name for name in RL_MODULES if importlib.util.find_spec(name) is None]
    if not missing:
        return
    why = f"{', '.join(missing)} not installed (pip install 'tourney[rl]')"
    if os.environ.get("TOURNEY_REQUIRE_RL", "") in ("1", "true", "yes"):
        pytest.fail(f"TOURNEY_REQUIRE_RL=1 but {why}", pytrace=False)
    pytest.skip(why, allow_module_level=True)
