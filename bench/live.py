"""A real server on loopback, for the live benchmarks and the reliability tests.

- *Scratch database*: a fresh SQLite file, or a fresh PostgreSQL database beside
  the one DATABASE_URL names; migrated once, then copied for each use.
- *Live server*: gunicorn in its own process group against a scratch database;
  `kill()` ends the whole group with SIGKILL, as a power cut would end a laptop's
  server (without losing the disk).
- *Phone*: one HTTP client with its own cookies, as a captain's phone has;
  one connection per request, as gunicorn's sync workers close each.

Nothing here imports Django: the tests and benchmarks that use it stay free of
the site's settings, and talk to the server only as a browser would.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import secrets
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.parse
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
GUNICORN = str(Path(PYTHON).with_name("gunicorn"))
# One random key per run, handed to every process the run starts.
SECRET_KEY = secrets.token_urlsafe(50)


def python_env(database_url: str, **extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DATABASE_URL=database_url,
        DJANGO_SETTINGS_MODULE="config.settings",
        SECRET_KEY=SECRET_KEY,
        DEBUG="0",
        PYTHONPATH=str(ROOT),
    )
    env.pop("SQLITE_TEST_NAME", None)
    env.update(extra)
    return env


def run_seed(database_url: str, *args: str) -> dict:
    """Run bench.seed against a database; its JSON answer (empty when it seeds nothing)."""
    done = subprocess.run(
        [PYTHON, "-m", "bench.seed", *args],
        cwd=ROOT,
        env=python_env(database_url),
        capture_output=True,
        text=True,
        timeout=600,
    )
    if done.returncode != 0:
        raise RuntimeError(f"bench.seed failed:\n{done.stderr[-4000:]}")
    out = done.stdout.strip()
    return json.loads(out.splitlines()[-1]) if out else {}


# --- scratch databases ---------------------------------------------------------------


def postgres_url() -> str | None:
    url = os.environ.get("DATABASE_URL", "")
    return url if url.startswith(("postgres://", "postgresql://")) else None


class ScratchDatabases:
    """Fresh migrated databases of one kind ("sqlite" or "postgres"), made from a template."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.tag = f"{os.getpid()}_{secrets.token_hex(3)}"
        self.made: list[str] = []
        self._seeds: dict[tuple[str, ...], tuple[str, dict]] = {}
        self.folder = Path(tempfile.mkdtemp(prefix="whist-live-"))
        if kind == "postgres":
            base = postgres_url()
            if base is None:
                raise RuntimeError("DATABASE_URL does not point at PostgreSQL")
            self.base = urllib.parse.urlsplit(base)
        self.template = self._empty("tpl")
        run_seed(self.url(self.template), "--migrate")

    # PostgreSQL: databases beside DATABASE_URL's, named after it.
    def _pg_name(self, suffix: str) -> str:
        base_name = self.base.path.lstrip("/") or "whistdrive"
        return f"{base_name}_live_{self.tag}_{suffix}"

    def _pg_admin(self):
        import psycopg

        admin = self.base._replace(path="/postgres").geturl()
        return psycopg.connect(admin, autocommit=True)

    def _empty(self, suffix: str) -> str:
        if self.kind == "sqlite":
            return str(self.folder / f"{suffix}.sqlite3")
        name = self._pg_name(suffix)
        with self._pg_admin() as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
            conn.execute(f'CREATE DATABASE "{name}"')
        self.made.append(name)
        return name

    def url(self, name: str) -> str:
        if self.kind == "sqlite":
            return f"sqlite:///{name}"
        return self.base._replace(path=f"/{name}").geturl()

    def fresh(self, template: str | None = None) -> str:
        """A new migrated database (a copy of `template` if given); returns its URL."""
        template = template or self.template
        suffix = f"db{len(self.made) + 1}_{secrets.token_hex(2)}"
        if self.kind == "sqlite":
            path = self.folder / f"{suffix}.sqlite3"
            shutil.copyfile(template, path)
            # Nobody has the template open, but its last writes may still be in the WAL.
            if Path(f"{template}-wal").exists():
                shutil.copyfile(f"{template}-wal", f"{path}-wal")
            return self.url(str(path))
        name = self._pg_name(suffix)
        with self._pg_admin() as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
            conn.execute(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
        self.made.append(name)
        return self.url(name)

    def seeded(self, *seed_args: str) -> tuple[str, dict]:
        """A new database holding the drive `bench.seed *seed_args` makes, and its JSON.

        The drive is seeded once per set of arguments and copied after, so
        every test starts from the same drive without paying for it again.
        """
        if seed_args not in self._seeds:
            url = self.fresh()
            answer = run_seed(url, *seed_args)
            if self.kind == "sqlite":
                name = url.removeprefix("sqlite:///")
            else:
                name = url.rsplit("/", 1)[-1]
            self._seeds[seed_args] = (name, answer)
        name, answer = self._seeds[seed_args]
        return self.fresh(template=name), json.loads(json.dumps(answer))

    def close(self) -> None:
        if self.kind == "postgres":
            with self._pg_admin() as conn:
                for name in reversed(self.made):
                    conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        shutil.rmtree(self.folder, ignore_errors=True)


def connect(database_url: str):
    """A plain DB-API connection to a scratch database, for checking what was stored."""
    if database_url.startswith("sqlite:///"):
        return sqlite3.connect(database_url.removeprefix("sqlite:///"), timeout=30)
    import psycopg

    return psycopg.connect(database_url, autocommit=True)


def query(database_url: str, sql: str, params: tuple = ()) -> list[tuple]:
    """Run one query (written with %s placeholders) and return every row."""
    conn = connect(database_url)
    try:
        if isinstance(conn, sqlite3.Connection):
            sql = sql.replace("%s", "?")
        cursor = conn.cursor()
        cursor.execute(sql, params)
        return [tuple(row) for row in cursor.fetchall()]
    finally:
        conn.close()


# --- the server ----------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class LiveServer:
    """gunicorn on 127.0.0.1 against one database; start, kill -9, start again."""

    def __init__(
        self,
        database_url: str,
        *,
        workers: int = 3,
        threads: int = 1,
        settings: str = "config.settings",
        log: Path | None = None,
        env: dict[str, str] | None = None,
        worker_timeout: int = 60,
    ) -> None:
        self.database_url = database_url
        self.worker_timeout = worker_timeout
        self.workers = workers
        self.threads = threads
        self.settings = settings
        self.port = free_port()
        self.log = log or Path(tempfile.mkstemp(prefix="gunicorn-", suffix=".log")[1])
        self.env = env or {}
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30) -> None:
        env = python_env(
            self.database_url, DJANGO_SETTINGS_MODULE=self.settings, **self.env
        )
        command = [
            GUNICORN,
            "config.wsgi",
            "--bind",
            f"127.0.0.1:{self.port}",
            "--workers",
            str(self.workers),
            "--timeout",
            str(self.worker_timeout),
            "--backlog",
            "2048",
            "--error-logfile",
            "-",
            # Import the site once in the master and fork the workers from it:
            # they start in a fraction of the time, on a busy two-core machine too.
            "--preload",
        ]
        if self.threads > 1:
            command += ["--threads", str(self.threads)]
        with open(self.log, "ab") as log:
            self.process = subprocess.Popen(
                command,
                cwd=ROOT,
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group, for kill()
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited:\n{self.log_text()[-4000:]}")
            try:
                status = Phone(self.url).get("/t/not-a-table-link-at-all/").status
            except OSError:
                status = 0
            if status == 404:
                return
            time.sleep(0.1)
        self.kill()
        raise RuntimeError(f"gunicorn did not answer:\n{self.log_text()[-4000:]}")

    def kill(self) -> None:
        """SIGKILL to the master and every worker at once: nothing gets to tidy up."""
        if self.process is None:
            return
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        self.process = None

    def stop(self) -> None:
        if self.process is None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=30)
        except ProcessLookupError:
            pass
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=30)
        self.process = None

    def log_text(self) -> str:
        try:
            return self.log.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def __enter__(self) -> LiveServer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


# --- a load balancer -----------------------------------------------------------------

HAPROXY = shutil.which("haproxy") or (
    "/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None
)
# docs/operations.md's multi-server configuration (Several app servers), on loopback without TLS;
# each answer names the server that gave it (X-App-Server).
HAPROXY_CONFIG = """\
global
    maxconn 4096

defaults
    mode http
    timeout connect 5s
    timeout client 120s
    timeout server 120s
    option forwardfor

frontend hall
    bind 127.0.0.1:{port}
    default_backend app

backend app
    balance roundrobin
    http-response set-header X-App-Server %s
{servers}
"""


class Balancer:
    """Debian's HAProxy on a free loopback port, round robin over `servers`."""

    def __init__(self, servers: list[LiveServer]) -> None:
        if HAPROXY is None:
            raise RuntimeError("HAProxy is not installed (apt-get install haproxy)")
        self.servers = servers
        self.port = free_port()
        self.folder = Path(tempfile.mkdtemp(prefix="haproxy-"))
        self.process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = 20) -> None:
        config = self.folder / "haproxy.cfg"
        config.write_text(
            HAPROXY_CONFIG.format(
                port=self.port,
                servers="\n".join(
                    f"    server app{n} 127.0.0.1:{server.port}"
                    for n, server in enumerate(self.servers, start=1)
                ),
            )
        )
        check = subprocess.run(
            [HAPROXY, "-c", "-f", str(config)], capture_output=True, text=True
        )
        if check.returncode:
            raise RuntimeError(f"HAProxy refused its configuration:\n{check.stderr}")
        self.process = subprocess.Popen(
            [HAPROXY, "-db", "-f", str(config)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if Phone(self.url).get("/t/not-a-table-link-at-all/").status == 404:
                    return
            except OSError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("HAProxy did not answer")

    def stop(self) -> None:
        if self.process is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=30)
            self.process = None
        shutil.rmtree(self.folder, ignore_errors=True)

    def __enter__(self) -> Balancer:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


# --- a phone -------------------------------------------------------------------------


@dataclass
class Reply:
    status: int
    body: str
    headers: dict[str, str]
    seconds: float

    def json(self) -> dict:
        return json.loads(self.body)


@dataclass
class Phone:
    """One browser: its own cookies; plain HTTP/1.1, a new connection per request."""

    base: str
    cookies: dict[str, str] = field(default_factory=dict)
    timeout: float = 60

    def request(
        self,
        method: str,
        path: str,
        *,
        data: dict[str, object] | None = None,
        headers: dict[str, str] | None = None,
    ) -> Reply:
        parts = urllib.parse.urlsplit(self.base)
        sent = {"Host": parts.netloc, "Connection": "close", **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if data is not None:
            body = urllib.parse.urlencode(data, doseq=True).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        start = time.perf_counter()
        conn = http.client.HTTPConnection(
            parts.hostname, parts.port, timeout=self.timeout
        )
        try:
            conn.request(method, path, body=body, headers=sent)
            response = conn.getresponse()
            raw = response.read()
        finally:
            conn.close()
        seconds = time.perf_counter() - start
        for value in response.headers.get_all("Set-Cookie") or []:
            jar = SimpleCookie()
            jar.load(value)
            for name, morsel in jar.items():
                if morsel["max-age"] == "0" or not morsel.value:
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value
        return Reply(
            response.status,
            raw.decode("utf-8", errors="replace"),
            {k.lower(): v for k, v in response.getheaders()},
            seconds,
        )

    def get(self, path: str, **kwargs: object) -> Reply:
        return self.request("GET", path, **kwargs)

    def post(self, path: str, data: dict[str, object], **kwargs: object) -> Reply:
        headers = {
            "X-CSRFToken": self.cookies.get("csrftoken", ""),
            **kwargs.pop("headers", {}),
        }
        return self.request("POST", path, data=data, headers=headers, **kwargs)


class Captain(Phone):
    """A table captain's phone: opens the table's link once, then sends results as captain.js does."""

    def __init__(self, base: str, key: str) -> None:
        super().__init__(base)
        self.key = key

    def open(self) -> Reply:
        reply = self.get(f"/t/{self.key}/")
        if reply.status != 200 or "csrftoken" not in self.cookies:
            raise RuntimeError(f"captain page answered {reply.status}")
        return reply

    def send(self, *, table: int, hand: int, ns_tricks: int, key: str) -> Reply:
        return self.post(
            f"/t/{self.key}/result/",
            {
                "table": table,
                "hand": hand,
                "ns_tricks": ns_tricks,
                "idempotency_key": key,
            },
            headers={"Accept": "application/json"},
        )


def submission_key() -> str:
    """An idempotency key as the captain's script makes one."""
    return secrets.token_urlsafe(16)
