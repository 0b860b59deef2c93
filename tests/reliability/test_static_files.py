"""Static files as a deployment serves them: hashed names, compressed, cached for a year.

After `collectstatic` (a deployment, `make run`) a phone on the hall's Wi-Fi
loads each script and style sheet once: the page names each file by a hash of
its content, and whitenoise serves the brotli or gzip copy with a year's
`Cache-Control: immutable`, so the next visit asks for the page alone. Before
it, in development and the tests, the files are served as they are.
"""

from __future__ import annotations

import re
import subprocess

from bench.live import PYTHON, ROOT, LiveServer, Phone, python_env


def test_after_collectstatic_pages_name_hashed_files_cached_for_a_year(
    scratch, tmp_path
):
    database = scratch.fresh()
    collected = subprocess.run(
        [PYTHON, "manage.py", "collectstatic", "--no-input", "--verbosity", "0"],
        cwd=ROOT,
        env=python_env(database, STATIC_ROOT=str(tmp_path), STATIC_MANIFEST="1"),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert collected.returncode == 0, collected.stderr
    assert (tmp_path / "staticfiles.json").exists()

    # As deployed: the manifest is there, so the site uses it (make test's
    # STATIC_MANIFEST=0 is for the suite's own pages, not for this server).
    env = {"STATIC_ROOT": str(tmp_path), "STATIC_MANIFEST": "1"}
    with LiveServer(database, workers=1, env=env) as server:
        phone = Phone(server.url)
        page = phone.get("/setup/")
        assert page.status == 200
        names = re.findall(r'(?:href|src)="(/static/[^"]+\.(?:css|js))"', page.body)
        assert names, page.body[:2000]
        for name in names:
            # A hash of the content in every name: a new release is a new address.
            assert re.search(r"\.[0-9a-f]{12}\.(css|js)$", name), name
            served = phone.get(name, headers={"Accept-Encoding": "br, gzip"})
            assert served.status == 200, name
            assert served.headers.get("content-encoding") in ("br", "gzip"), name
            cache = served.headers["cache-control"]
            assert "immutable" in cache and "max-age=315360000" in cache, cache


def test_before_collectstatic_the_files_are_served_as_they_are(scratch, tmp_path):
    database = scratch.fresh()
    env = {"STATIC_ROOT": str(tmp_path / "never-collected"), "STATIC_MANIFEST": "0"}
    with LiveServer(database, workers=1, env=env) as server:
        phone = Phone(server.url)
        page = phone.get("/setup/")
        assert page.status == 200
        assert 'href="/static/css/site.css"' in page.body
        assert phone.get("/static/css/site.css").status == 200
