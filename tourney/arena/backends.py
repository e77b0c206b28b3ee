"""Where shards run: in this process, on a local process pool, or on Ray.

Each backend takes shards (`submit`) and hands back finished ones (`wait`); which worker plays a
shard never changes its games, so every backend gives the same results. `submit` is one use of
`call` (any top-level function and its picklable arguments): `tourney run --workers` plays a
stage's tables through it on the same pools.
"""

from __future__ import annotations

import concurrent.futures
import importlib
import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol

from tourney.arena.bot_process import Limits
from tourney.arena.containment import worker_started
from tourney.arena.faults import ForfeitStreaks
from tourney.arena.schedule import RunSpec
from tourney.arena.shards import run_shard
from tourney.errors import InvalidInputError, WorkerDied

Handle = Any
_WORKER_DIED = ("a worker process of the run died (killed, or out of memory); what was played before it is kept: "
                "run the same command again to go on")


class Backend(Protocol):
    workers: int

    def call(self, function: Callable[..., Any], *args: Any) -> Handle:
        """`function(*args)` on a worker (a top-level function, so that it can be shipped)."""
        ...

    def submit(self, spec: RunSpec, indices: Sequence[int], limits: Limits, records: str | None,
               streaks: ForfeitStreaks | None = None) -> Handle: ...

    def wait(self, handles: Sequence[Handle]) -> list[tuple[Handle, Any]]:
        """At least one finished call among `handles`, with its result (a shard's: `ShardResult`)."""
        ...

    def close(self) -> None: ...


class InlineBackend:
    """One worker: shards run in this process, one at a time, when they are waited for. So a shard
    starts from the forfeit streaks of every game before it (`streaks` is read when it starts)."""

    workers = 1

    def __init__(self) -> None:
        self._pending: dict[int, tuple[Callable[..., Any], tuple[Any, ...]]] = {}
        self._next = 0

    def call(self, function: Callable[..., Any], *args: Any) -> Handle:
        self._next += 1
        self._pending[self._next] = (function, args)
        return self._next

    def submit(self, spec: RunSpec, indices: Sequence[int], limits: Limits, records: str | None,
               streaks: ForfeitStreaks | None = None) -> Handle:
        return self.call(run_shard, spec, list(indices), limits, records, streaks)

    def wait(self, handles: Sequence[Handle]) -> list[tuple[Handle, Any]]:
        first = min(handles)
        function, args = self._pending.pop(first)
        return [(first, function(*args))]

    def close(self) -> None:
        self._pending.clear()


class PoolBackend:
    """A local process pool of `workers` processes."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        # fork: workers inherit the imported game and bot registries (and a test's Python bots).
        context = multiprocessing.get_context("fork")
        # Workers die with this process, even by kill -9, and end their bots as they do (containment.py).
        self._pool = concurrent.futures.ProcessPoolExecutor(max_workers=workers, mp_context=context,
                                                            initializer=worker_started, initargs=(os.getpid(),))

    def call(self, function: Callable[..., Any], *args: Any) -> Handle:
        try:
            return self._pool.submit(function, *args)
        except BrokenProcessPool:
            raise WorkerDied(_WORKER_DIED) from None

    def submit(self, spec: RunSpec, indices: Sequence[int], limits: Limits, records: str | None,
               streaks: ForfeitStreaks | None = None) -> Handle:
        return self.call(run_shard, spec, list(indices), limits, records, _snapshot(streaks))

    def wait(self, handles: Sequence[Handle]) -> list[tuple[Handle, Any]]:
        """As the protocol says; a worker that died (killed, out of memory) is a `WorkerDied`, after
        every call that finished before it is handed back (its results are kept: a run resumes)."""
        done, _ = concurrent.futures.wait(handles, return_when=concurrent.futures.FIRST_COMPLETED)
        finished = [future for future in done if not isinstance(future.exception(), BrokenProcessPool)]
        if not finished:
            raise WorkerDied(_WORKER_DIED)
        return [(future, future.result()) for future in finished]

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)


class RayBackend:
    """Ray tasks, on the local machine or a cluster (`address`); Ray is the optional extra `[ray]`."""

    def __init__(self, workers: int, address: str | None = None) -> None:
        try:
            # Imported by name: Ray is optional, and its stubs must not be needed to type-check.
            ray: Any = importlib.import_module("ray")
        except ImportError:
            raise InvalidInputError("the Ray backend needs Ray: pip install 'tourney[ray]'") from None
        self._ray = ray
        self.workers = workers
        if not ray.is_initialized():
            if address:
                ray.init(address=address, include_dashboard=False, log_to_driver=False)
            else:
                ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
            self._owns_ray = True
        else:
            self._owns_ray = False
        self._tasks: dict[Callable[..., Any], Any] = {}

    def call(self, function: Callable[..., Any], *args: Any) -> Handle:
        if function not in self._tasks:
            self._tasks[function] = self._ray.remote(function)
        return self._tasks[function].remote(*args)

    def submit(self, spec: RunSpec, indices: Sequence[int], limits: Limits, records: str | None,
               streaks: ForfeitStreaks | None = None) -> Handle:
        return self.call(run_shard, spec, list(indices), limits, records, _snapshot(streaks))

    def wait(self, handles: Sequence[Handle]) -> list[tuple[Handle, Any]]:
        ready, _ = self._ray.wait(list(handles), num_returns=1)
        return [(ref, self._ray.get(ref)) for ref in ready]

    def close(self) -> None:
        if self._owns_ray:
            self._ray.shutdown()


def _snapshot(streaks: ForfeitStreaks | None) -> ForfeitStreaks | None:
    """The streaks as they are now: a pool pickles its arguments later, in a thread of its own."""
    return streaks.copy() if streaks is not None else None


def make_backend(name: str, workers: int, address: str | None = None) -> Backend:
    if workers < 1:
        raise InvalidInputError(f"--workers must be at least 1, got {workers}")
    if name == "ray":
        return RayBackend(workers, address)
    if name != "local":
        raise InvalidInputError(f"unknown backend {name!r} (local or ray)")
    if address:
        raise InvalidInputError("--ray-address needs --backend ray")
    return InlineBackend() if workers == 1 else PoolBackend(workers)
