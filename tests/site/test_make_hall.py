"""`make hall` starts the site for a hall (issue #35): it prints the address phones
open, serves the site there with DEBUG off, and makes links from that address.

Run as organisers run it (its recipe, as make runs it), on a random loopback port
and a scratch SQLite file, with ADDRESS=127.0.0.1 so that nothing listens beyond
this computer.
"""

from __future__ import annotations

import subprocess

from bench.live import ROOT, free_port
from tests.site.make_serving import DEBUG_WORDS, make_serving


def test_make_hall_prints_its_address_and_serves_the_site(tmp_path):
    database_url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    port = free_port()
    with make_serving(
        tmp_path,
        "hall",
        "ADDRESS=127.0.0.1",
        f"PORT={port}",
        database_url=database_url,
        port=port,
    ) as (phone, log):
        printed = log.read_text()
        assert f"Phones in the hall open: http://127.0.0.1:{port}/" in printed
        first = phone.get("/")
        assert first.status == 302 and first.headers["location"] == "/setup/"
        assert phone.get("/setup/").status == 200
        # DEBUG is off whatever the shell said: a mistyped link is a plain 404.
        missing = phone.get("/t/not-a-table-link-at-all/")
        assert missing.status == 404
        assert not [w for w in DEBUG_WORDS if w in missing.body]


def test_make_hall_migrates_collects_and_passes_the_address():
    recipe = subprocess.run(
        [
            "make",
            "-n",
            # Run from `make test`, make would add "Entering/Leaving
            # directory" lines around a recursive make's recipe.
            "--no-print-directory",
            "-o",
            ".venv/.installed",
            "hall",
            "ADDRESS=10.0.0.7",
            "PORT=8123",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    assert any("migrate" in line for line in recipe)
    assert any("collectstatic" in line for line in recipe)
    assert recipe[-1].endswith("manage.py hall --port 8123 --address 10.0.0.7")
