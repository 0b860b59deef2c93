"""`make run` (or another target) serving the site as an organiser starts it,
and the words a page must never show from a server in debug mode."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bench.live import ROOT, Phone

# Django's debug pages say these; the site's own pages never do.
DEBUG_WORDS = ("Traceback", "DEBUG = True", "URLconf", "technical_404", "settings.py")


def make_run_env(database_url: str, **extra: str) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.update(DATABASE_URL=database_url, SECRET_KEY="t" * 50, **extra)
    return env


@contextmanager
def make_serving(
    tmp_path: Path, *target: str, database_url: str, port: int
) -> Iterator[tuple[Phone, Path]]:
    """`make <target>` running the site on `port` (DEBUG=1 in the shell, which must
    not get through); a phone at it once it serves, and its log."""
    log = tmp_path / f"make-{target[0]}.log"
    with open(log, "wb") as out:
        # -o: the virtualenv is there already (no pip on a test run); the recipe
        # is the one organisers run.
        process = subprocess.Popen(
            ["make", "-o", ".venv/.installed", *target],
            cwd=ROOT,
            env=make_run_env(database_url, DEBUG="1"),
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    phone = Phone(f"http://127.0.0.1:{port}", timeout=10)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert process.poll() is None, log.read_text()
            try:
                phone.get("/static/css/site.css")
                break
            except OSError:
                assert time.monotonic() < deadline, log.read_text()
                time.sleep(0.2)
        yield phone, log
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
    assert "Traceback" not in log.read_text(), log.read_text()
