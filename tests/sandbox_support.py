"""The sandbox's tests (issue 31): they skip where there is no bubblewrap, unless CI demands it
(TOURNEY_REQUIRE_SANDBOX, set by .ci/run, which installs bubblewrap): there a missing sandbox fails them."""

from __future__ import annotations

import os

import pytest

from tourney.arena.sandbox import unavailable


def sandbox_missing() -> bool:
    return unavailable() is not None and not os.environ.get("TOURNEY_REQUIRE_SANDBOX")


needs_sandbox = pytest.mark.skipif(sandbox_missing(), reason="no sandbox here (CI installs bubblewrap)")
