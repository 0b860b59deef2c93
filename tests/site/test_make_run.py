"""`make run` is safe to open to a hall's Wi-Fi (issue #33, item 11).

docs/operations.md tells organisers to run `make run HOST=0.0.0.0` so that phones can
join; whatever a phone asks for, it must never see Django's debug page
(settings, paths, code). These tests run `make run` itself (its recipe, as
make runs it, on a random loopback port and a scratch SQLite file) and ask it
what a phone would: DEBUG is off even when the shell has DEBUG=1, the static
files are served (by whitenoise, not runserver's --insecure), the first
visitor is still sent to create the organiser account, and a mistyped link is
a plain 404.
"""

from __future__ import annotations

import subprocess
from collections.abc import Iterator

import pytest

from bench.live import ROOT, Phone, free_port, run_seed
from tests.site.make_serving import DEBUG_WORDS, make_serving


@pytest.fixture
def make_run(tmp_path) -> Iterator[tuple[Phone, str]]:
    """`make run` on a random port with an empty database; a phone at it."""
    database_url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    port = free_port()
    with make_serving(
        tmp_path,
        "run",
        "HOST=127.0.0.1",
        f"PORT={port}",
        database_url=database_url,
        port=port,
    ) as (phone, _log):
        yield phone, database_url


def test_make_run_turns_debug_off_and_make_dev_on():
    recipe = subprocess.run(
        ["make", "-n", "-o", ".venv/.installed", "run", "dev"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    servers = [line for line in recipe if "runserver" in line]
    assert len(servers) == 2, recipe
    run, dev = servers
    assert run.startswith("DEBUG=0 ") and "--insecure" not in run
    assert dev.startswith("DEBUG=1 ")


def test_make_run_serves_the_hall_without_debug_pages(make_run):
    phone, database_url = make_run
    # Static files come from whitenoise with DEBUG off.
    css = phone.get("/static/css/site.css")
    assert css.status == 200 and "body" in css.body
    assert phone.get("/static/js/captain.js").status == 200
    # The first visitor (at 127.0.0.1 and at localhost) is sent to make the
    # organiser account: ALLOWED_HOSTS lets both in with DEBUG off.
    first = phone.get("/")
    assert first.status == 302 and first.headers["location"] == "/setup/"
    assert phone.get("/setup/").status == 200
    by_name = Phone(phone.base.replace("127.0.0.1", "localhost"), timeout=10)
    assert by_name.get("/setup/").status == 200
    # Once there is a club, a mistyped link is a plain 404, not the debug page.
    run_seed(database_url, "--tables", "1", "--hands", "1")
    missing = phone.get("/no-such-page/")
    assert missing.status == 404
    assert not [w for w in DEBUG_WORDS if w in missing.body], missing.body[:2000]
    # So is a mistyped captain link, which never asks for a login.
    table = phone.get("/t/not-a-table-link-at-all/")
    assert table.status == 404
    assert not [w for w in DEBUG_WORDS if w in table.body], table.body[:2000]
