"""Django started in a process of its own with a production environment
(`PRODUCTION_ENV`), as a server starts it: settings read afresh."""

from __future__ import annotations

import os
import subprocess
import sys

from tests.sources import ROOT

PRODUCTION_ENV = {
    "DEBUG": "0",
    "SECRET_KEY": "x7Gk2pQ9vR4mZ8wL1nB6tY3cH5jD0sF9aE2uK7oP4iM1qW8zX3rV6bN5",
    "ALLOWED_HOSTS": "example.org",
    "HTTPS": "1",
}


def run_django(env: dict[str, str], code: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in PRODUCTION_ENV}
    # The browser tests' conftest sets DJANGO_ALLOW_ASYNC_UNSAFE in this process;
    # a server never has it (check --deploy warns about it).
    for name in ("DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE"):
        clean.pop(name, None)
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "config.settings", **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
