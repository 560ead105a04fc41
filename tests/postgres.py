"""A private, throwaway PostgreSQL server for the tests that run on both backends.

One cluster per test process (so per pytest-xdist worker): ``initdb`` into a fresh folder
under the system's temporary directory, then ``postgres`` listening only on a unix socket in
that folder (no TCP port, so workers never collide), with ``fsync=off``: a test never
survives a power cut, and a killed *bot* process, which is what the crash tests kill, loses
nothing either way. It starts on first use and stops when the process exits.

Every test gets a database of its own, empty: a schema in the cluster's one database, named
by the URL's ``search_path`` (:func:`new_database`), which the store and the bot process
use like any other URL. A schema costs a few milliseconds where ``CREATE DATABASE`` costs a
hundred; the migrations run in full for each, as on a new server. Schemas are left for the
cluster's removal at exit (dropping each would cost more than creating it); a cluster whose
process was killed before its exit is removed by the next one to start.
The binaries are Debian's (``apt-get install postgresql``: ``/usr/lib/postgresql/N/bin``).
PostgreSQL refuses to run as root; as root the cluster runs as the ``postgres`` user the
package creates (``runuser``), owning its folder.
"""

from __future__ import annotations

import atexit
import contextlib
import glob
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

import asyncpg
import pytest

__all__ = ["BACKENDS", "Cluster", "cluster", "new_database"]

BACKENDS = ("sqlite", "postgresql")
"""The parameter ids of a test that runs on both."""

_APT = "apt-get install -y postgresql"
_USER = "postgres"
_DATABASE = "holdem"
_PREFIX = "holdem-pg-"


def _binaries() -> Path:
    """The newest installed server's ``bin`` folder, or fail naming the package."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"),
        key=lambda p: int(Path(p).parent.parent.name),
    )
    if found:
        return Path(found[-1]).parent
    on_path = shutil.which("initdb")
    if on_path and shutil.which("pg_ctl"):
        return Path(on_path).parent
    pytest.fail(
        f"PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): run `{_APT}`; "
        "the store, crash and wire tests run on it as well as on SQLite",
        pytrace=False,
    )


@dataclass(frozen=True)
class Cluster:
    """A running server: its folder (data and socket) and how to run its programs."""

    folder: Path
    bin: Path
    as_user: tuple[str, ...]

    @property
    def socket_dir(self) -> Path:
        return self.folder / "socket"

    def url(self, schema: str | None = None) -> str:
        """A ``postgresql://`` URL over the unix socket, for ``schema`` if given."""
        url = f"postgresql://{_USER}@/{_DATABASE}?host={self.socket_dir}"
        return url if schema is None else f"{url}&search_path={schema}"

    def run(self, program: str, *args: str) -> None:
        command = [*self.as_user, str(self.bin / program), *args]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            log = self.folder / "server.log"
            tail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            raise RuntimeError(f"{' '.join(command)} failed:\n{done.stderr}{done.stdout}\n{tail}")

    def stop(self) -> None:
        """Stop the server (if it runs) and remove its folder."""
        if (self.folder / "data" / "postmaster.pid").exists():
            self.run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)


_cluster: Cluster | None = None
_names = itertools.count(1)


def cluster() -> Cluster:
    """This process's cluster, started on first use."""
    global _cluster
    if _cluster is None:
        _cluster = _start()
        atexit.register(_cluster.stop)
    return _cluster


def _sweep(bin_dir: Path, as_user: tuple[str, ...]) -> None:
    """Stop and remove the clusters of test processes that died without their exit hook (a
    killed pytest): each folder names the process that made it."""
    for owner in Path(tempfile.gettempdir()).glob(f"{_PREFIX}*/owner"):
        try:
            os.kill(int(owner.read_text()), 0)
            continue  # alive: its cluster is in use
        except ProcessLookupError:
            pass
        except (OSError, ValueError):
            continue
        with contextlib.suppress(RuntimeError):  # another process swept it first
            Cluster(folder=owner.parent, bin=bin_dir, as_user=as_user).stop()


def _start() -> Cluster:
    bin_dir = _binaries()
    folder = Path(tempfile.mkdtemp(prefix=_PREFIX))
    (folder / "socket").mkdir()
    (folder / "owner").write_text(str(os.getpid()))
    as_user: tuple[str, ...] = ()
    if os.geteuid() == 0:
        try:
            entry = pwd.getpwnam(_USER)
        except KeyError:
            pytest.fail(f"no {_USER} user to run PostgreSQL as (root cannot): run `{_APT}`")
        for owned in (folder, folder / "socket"):
            os.chown(owned, entry.pw_uid, entry.pw_gid)
        as_user = ("runuser", "-u", _USER, "--")
    _sweep(bin_dir, as_user)
    found = Cluster(folder=folder, bin=bin_dir, as_user=as_user)
    data = folder / "data"
    found.run("initdb", "-D", str(data), "-U", _USER, "-A", "trust", "-E", "UTF8",
              "--locale=C", "--no-sync")  # fmt: skip
    found.run("pg_ctl", "-D", str(data), "-l", str(folder / "server.log"), "-w", "-o",
              f"-c listen_addresses='' -c unix_socket_directories={found.socket_dir} "
              "-c fsync=off -c full_page_writes=off -c max_connections=200",
              "start")  # fmt: skip
    found.run("createdb", "-h", str(found.socket_dir), "-U", _USER, _DATABASE)
    return found


async def new_database() -> str:
    """A fresh, empty database (a schema of its own) on this process's cluster; its URL."""
    server = cluster()
    schema = f"test_{next(_names)}"
    admin = await asyncpg.connect(server.url())
    try:
        await admin.execute(f"CREATE SCHEMA {schema}")
    finally:
        await admin.close()
    return server.url(schema)
