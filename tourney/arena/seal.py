"""The seal of a results file's lines (issue 31 item 3): a keyed checksum that only an arena holding
the key can write, so that `arena report` can tell the arena's lines from lines written by anyone else.

Each run's header carries a random `seal` (its nonce); the run's key is HMAC-SHA256 of it under
this user's arena secret, 32 random bytes kept in `arena.key` in tourney's data folder
($XDG_DATA_HOME/tourney, else ~/.local/share/tourney), made on first use, readable by its owner
alone. Each game line then carries `sum`: the first 128 bits of HMAC-SHA256 of the line as written
without it, under the run's key. No bot sees the secret: a sandboxed bot has no view of the home
folder, a bot under a user id of its own cannot read the file. A report on another machine (or of
another user) cannot check the sums and says so; the other checks (duplicate games, seats that
differ from the run's schedule) hold everywhere.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
import sys
from pathlib import Path
from typing import Any, Final

SEAL_FIELD: Final = "seal"  # the header's nonce
SUM_FIELD: Final = "sum"  # a game line's checksum
_SECRET_BYTES: Final = 32


def data_dir() -> Path:
    """tourney's data folder: $XDG_DATA_HOME/tourney, ~/.local/share/tourney, or %APPDATA%\\tourney."""
    if sys.platform == "win32" and os.environ.get("APPDATA"):
        return Path(os.environ["APPDATA"]) / "tourney"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "tourney"


def _secret(create: bool) -> bytes | None:
    """This user's arena secret (made when `create` and missing); None where it cannot be had."""
    path = data_dir() / "arena.key"
    with contextlib.suppress(OSError):
        secret = path.read_bytes()
        if len(secret) == _SECRET_BYTES:
            return secret
    if not create:
        return None
    try:
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another run made it meanwhile
        return _secret(create=False)
    except OSError:
        return None
    secret = secrets.token_bytes(_SECRET_BYTES)
    with os.fdopen(descriptor, "wb") as handle:
        handle.write(secret)
    return secret


def new_seal() -> str:
    return secrets.token_hex(16)


class Sealer:
    """Signs and checks the game lines of one run (its header's `seal`)."""

    def __init__(self, seal: str, *, create: bool) -> None:
        secret = _secret(create)
        self.key = hmac.new(secret, seal.encode(), hashlib.sha256).digest() if secret is not None else None

    @property
    def can_check(self) -> bool:
        return self.key is not None

    def sign(self, line: dict[str, Any]) -> dict[str, Any]:
        """`line` with its `sum` (unchanged where there is no key)."""
        if self.key is None:
            return line
        return {**line, SUM_FIELD: self._sum(_text(line))}

    def genuine(self, line: dict[str, Any]) -> bool:
        """Whether `line` carries the sum the arena would have written."""
        given = line.get(SUM_FIELD)
        if self.key is None or not isinstance(given, str):
            return False
        unsigned = {name: value for name, value in line.items() if name != SUM_FIELD}
        return hmac.compare_digest(given, self._sum(_text(unsigned)))

    def _sum(self, text: str) -> str:
        assert self.key is not None
        return hmac.new(self.key, text.encode(), hashlib.sha256).hexdigest()[:32]


def _text(line: dict[str, Any]) -> str:
    return json.dumps(line, separators=(",", ":"))
