"""The named peer of the render benchmarks: the renderer of commit :data:`PEER_COMMIT`, before
the phone pictures, taken from git at run time and run in a process of its own.

``bench_render.py`` and ``bench_load.py`` draw the same views with today's ``bot.pictures`` and
with this peer in one run, so "twice as fast" is a ratio measured side by side on the same
machine at the same moment. Nothing of the old code is committed: ``git archive`` extracts the
peer's ``bot``, ``engine`` and ``assets`` once into a cache folder under the system's temporary
directory, keyed by the full commit hash, and a worker process with that folder first on
``sys.path`` imports the old ``bot.pictures`` under its own name. The views travel to it
pickled: unpickled there they are instances of the old view classes (today's views are a
superset of the old ones; the old code ignores the new fields), and the worker times each
render with its own thread's CPU time, which is what the benchmarks compare.

Standard library only: the worker imports this module too, beside the old code.
"""

from __future__ import annotations

import io
import os
import pickle
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import threading
import traceback
from collections.abc import Callable
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

__all__ = [
    "PEER_COMMIT",
    "PeerExecutor",
    "PeerFunction",
    "RenderWorker",
    "missing_peer",
    "peer_tree",
]

PEER_COMMIT = "2406b56"
"""The renderer before the phone pictures ("Pictures for a phone, drawn twice as fast")."""

PEER_PATHS = ("bot", "engine", "assets")
"""What the old renderer needs: its package, the engine it may import, the card art and fonts
(``bot.pictures.resources`` reads ``assets/`` beside ``bot`` in a checkout)."""

BENCHMARKS = Path(__file__).resolve().parent
ROOT = BENCHMARKS.parent


def _git(*args: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, check=False)


def missing_peer(commit: str = PEER_COMMIT) -> str:
    """The one line said when the peer cannot be taken from git."""
    return (
        f"commit {commit} (the peer renderer) is not in this repository (a shallow clone?): "
        f"measuring the current renderer alone; `git fetch --unshallow` to compare"
    )


def peer_tree(commit: str = PEER_COMMIT) -> Path | None:
    """The folder holding ``commit``'s ``bot``, ``engine`` and ``assets``, extracted on first
    use; None when the commit is not in the repository (a shallow clone, or no git at all)."""
    try:
        found = _git("rev-parse", "--verify", "--quiet", f"{commit}^{{commit}}")
    except OSError:  # no git on this machine
        return None
    if found.returncode != 0:
        return None
    full = found.stdout.decode().strip()
    tree = Path(tempfile.gettempdir()) / f"holdem-dealer-peer-{full}"
    if tree.is_dir():
        return tree
    archive = _git("archive", "--format=tar", full, *PEER_PATHS)
    if archive.returncode != 0:
        return None
    # Extracted beside the final name and renamed, so that a folder under that name is whole
    # even when two benchmarks extract at once.
    partial = Path(tempfile.mkdtemp(prefix=f"{tree.name}-", dir=tree.parent))
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        if hasattr(tarfile, "data_filter"):  # Python 3.11.4 and later
            tar.extractall(partial, filter="data")
        else:
            tar.extractall(partial)
    try:
        partial.rename(tree)
    except OSError:  # another run was first
        shutil.rmtree(partial, ignore_errors=True)
    return tree


@dataclass(frozen=True)
class PeerFunction:
    """A function of the peer's code, named so that it can be sent to the worker: in the worker,
    ``bot`` is the peer's."""

    module: str
    name: str

    def __call__(self, *args: Any) -> Any:
        import importlib

        return getattr(importlib.import_module(self.module), self.name)(*args)


class RenderWorker:
    """One worker process running the code of ``tree`` (the peer's folder, or the checkout for
    today's renderer): ``call(fn, *args)`` runs ``fn(*args)`` there and returns its result.
    ``fn`` and the arguments travel pickled (functions by name, so they must be importable in
    the worker: this module, ``render_timing``, :class:`PeerFunction`, ``bot`` of ``tree``)."""

    def __init__(self, tree: Path) -> None:
        path = [str(tree), str(BENCHMARKS)]
        code = (
            f"import sys; sys.path[:] = {path!r} + [p for p in sys.path if p not in ('', "
            f"{str(ROOT)!r})]; import peer_renderer; peer_renderer.serve({str(tree)!r})"
        )
        self.process = subprocess.Popen(
            [sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE
        )
        self.lock = threading.Lock()
        self.tree = tree

    def call(self, fn: Callable[..., Any], *args: Any) -> Any:
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        with self.lock:
            _send(stdin, pickle.dumps((fn, args), protocol=pickle.HIGHEST_PROTOCOL))
            answer = _receive(stdout)
        if answer is None:
            raise RuntimeError(f"the render worker of {self.tree} ended (its error is above)")
        ok, result = pickle.loads(answer)
        if not ok:
            raise RuntimeError(f"in the render worker of {self.tree}:\n{result}")
        return result

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()  # the worker ends at the end of its input
        self.process.wait(timeout=30)


class PeerExecutor(Executor):
    """An executor whose calls run in peer workers: one worker process per thread, so that
    ``workers`` calls can run at once, as with ``workers`` render threads."""

    def __init__(self, tree: Path, workers: int = 1) -> None:
        self.tree = tree
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="peer-render")
        self.local = threading.local()
        self.workers: list[RenderWorker] = []
        self.lock = threading.Lock()

    def _worker(self) -> RenderWorker:
        worker: RenderWorker | None = getattr(self.local, "worker", None)
        if worker is None:
            worker = self.local.worker = RenderWorker(self.tree)
            with self.lock:
                self.workers.append(worker)
        return worker

    def _call(self, fn: Callable[..., Any], *args: Any) -> Any:
        return self._worker().call(fn, *args)

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if kwargs:
            raise TypeError("peer calls take positional arguments only")
        return self.pool.submit(self._call, fn, *args)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.pool.shutdown(wait, cancel_futures=cancel_futures)
        for worker in self.workers:
            worker.close()


def _send(stream: IO[bytes], data: bytes) -> None:
    stream.write(struct.pack("<Q", len(data)) + data)
    stream.flush()


def _receive(stream: IO[bytes]) -> bytes | None:
    """One message, or None at the end of the stream."""
    head = stream.read(8)
    if len(head) < 8:
        return None
    (size,) = struct.unpack("<Q", head)
    data = stream.read(size)
    return data if len(data) == size else None


class Absent:
    """What a view object of a class the peer does not have (one added since) becomes in the
    worker: the peer's code never reads it, as it never read the field that holds it."""

    def __setstate__(self, state: Any) -> None:
        self.state = state


class _PeerUnpickler(pickle.Unpickler):
    def find_class(self, module: str, name: str) -> Any:
        try:
            return super().find_class(module, name)
        except AttributeError:
            if module.split(".")[0] in {"bot", "engine"}:
                return Absent
            raise


def serve(tree: str) -> None:
    """The worker's loop: read ``(fn, args)`` pickles from stdin until it closes, answer each
    with ``(True, result)`` or ``(False, traceback)`` on stdout."""
    import bot

    where = Path(bot.__file__ or "").resolve()
    if not where.is_relative_to(Path(tree).resolve()):
        raise SystemExit(f"the render worker imported bot from {where}, not from {tree}")
    stdin = sys.stdin.buffer
    # Only answers go to the real stdout: anything the old code prints goes to stderr.
    stdout = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    sys.stdout = sys.stderr
    while (request := _receive(stdin)) is not None:
        try:
            fn, args = _PeerUnpickler(io.BytesIO(request)).load()
            answer: tuple[bool, Any] = (True, fn(*args))
        except Exception:  # reported to the benchmark, which stops
            answer = (False, traceback.format_exc())
        _send(stdout, pickle.dumps(answer, protocol=pickle.HIGHEST_PROTOCOL))
