"""Two sites: the hall laptop (SQLite) publishes finished drives to the club's website (PostgreSQL).

The website is gunicorn on loopback against a scratch PostgreSQL database;
the hall is the site's commands in processes of their own against a scratch
SQLite file. The hall plays a drive of each format (`manage.py demo`) and
publishes it (`manage.py publish_drive`, the key from the website's
`manage.py publishing_key`); the website's workbook of each is the hall's,
cell by cell. Publishing again answers the same public address and makes no
second copy. A wrong or revoked key, another club's drive, a tampered file
and an oversized one are refused, with nothing written.

PostgreSQL is the local server CI starts (PUBLISHING_TEST_POSTGRES to name
another); when none answers the test is skipped, saying so. It runs with the
suite on SQLite only: the hall is SQLite and the website PostgreSQL whichever
database the suite uses, so the suite's run on PostgreSQL would repeat it.
"""

from __future__ import annotations

import json
import os
import subprocess
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from openpyxl import load_workbook

from bench.live import (
    PYTHON,
    ROOT,
    Phone,
    ScratchDatabases,
    postgres_url,
    python_env,
    query,
)
from tests.reliability.server import serving

LOCAL_POSTGRES = "postgres://postgres@127.0.0.1:5432/whistdrive"
CLUB = "Demo whist club"  # the club `demo` makes
MAX_BYTES = 1_000_000
FORMATS = {
    "progressive": [
        "--players",
        "12",
        "--hands",
        "4",
        "--honours",
        "--revokes",
        "--fee",
        "2.50",
    ],
    "semi-partner": ["--players", "8", "--hands", "4", "--winners-move"],
    "stationary": ["--players", "16", "--hands", "4"],
    "partners": ["--players", "12", "--hands", "4"],
    "individual": ["--players", "8", "--hands", "7"],
    "rubber": ["--players", "8", "--honours", "--revokes"],
    "prediction": ["--players", "8", "--games", "1"],
}


def _postgres() -> str | None:
    url = postgres_url() or os.environ.get("PUBLISHING_TEST_POSTGRES", LOCAL_POSTGRES)
    try:
        import psycopg

        admin = urllib.parse.urlsplit(url)._replace(path="/postgres").geturl()
        psycopg.connect(admin, connect_timeout=3).close()
    except Exception:  # noqa: BLE001 - any failure means: no PostgreSQL here
        return None
    return url


def manage(url: str, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [PYTHON, "manage.py", *args],
        cwd=ROOT,
        env=python_env(url),
        capture_output=True,
        text=True,
        timeout=600,
    )
    if check:
        assert done.returncode == 0, done.stderr[-3000:]
    return done


def last_line(done: subprocess.CompletedProcess) -> str:
    return done.stdout.strip().splitlines()[-1]


def shell(url: str, code: str) -> str:
    return last_line(manage(url, "shell", "-c", code))


def commands(url: str, calls: list[list[str]]) -> list[str]:
    """Each management command's last line of output, run one after another
    in one process of the site (its start-up paid once, not per command)."""
    code = (
        "import io, json\n"
        "from django.core.management import call_command\n"
        "lines = []\n"
        f"for call in json.loads({json.dumps(calls)!r}):\n"
        "    out = io.StringIO()\n"
        "    call_command(*call, stdout=out)\n"
        "    lines.append(out.getvalue().strip().splitlines()[-1])\n"
        "print(json.dumps(lines))"
    )
    return json.loads(shell(url, code))


def cells(path: Path) -> dict[str, list[tuple]]:
    book = load_workbook(path, read_only=True)
    return {
        sheet.title: [tuple(row) for row in sheet.iter_rows(values_only=True)]
        for sheet in book.worksheets
    }


def counts(url: str) -> tuple:
    return tuple(
        query(url, f"SELECT COUNT(*) FROM {table}")[0][0]
        for table in (
            "drive_drive",
            "drive_entry",
            "scoring_handresult",
            "players_player",
            # Not the record of publishing itself: the hall's record of each
            # send travels with the drive, and a key made leaves its record.
            "players_auditevent WHERE kind NOT IN "
            "('drive.publish', 'key.make', 'key.revoke')",
        )
    )


def post(base: str, key: str, body: bytes) -> tuple[int, dict]:
    request = urllib.request.Request(
        f"{base}/api/publish/",
        data=body,
        method="POST",
        headers={"Authorization": f"Bearer {key}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@pytest.fixture(scope="module")
def sites(tmp_path_factory) -> Iterator[dict]:
    if postgres_url():
        pytest.skip(
            "run with the suite on SQLite: the two sites are the same either way"
        )
    postgres = _postgres()
    if postgres is None:
        pytest.skip("PostgreSQL is not reachable (DATABASE_URL or 127.0.0.1:5432)")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("DATABASE_URL", postgres)
        website_dbs = ScratchDatabases("postgres")
    hall_dbs = ScratchDatabases("sqlite")
    try:
        website_url, hall_url = website_dbs.fresh(), hall_dbs.fresh()
        club = shell(
            website_url,
            "from players.models import Club; "
            f"print(Club.objects.create(name={CLUB!r}).pk)",
        )
        key = last_line(manage(website_url, "publishing_key", club, "--name", "Hall"))
        env = {
            "PUBLISHING_MAX_BYTES": str(MAX_BYTES),
            "PUBLISHING_PER_MINUTE": "1000",
        }
        with serving(website_url, workers=2, env=env) as server:
            yield {
                "website": website_url,
                "hall": hall_url,
                "base": server.url,
                "club": club,
                "key": key,
                "folder": tmp_path_factory.mktemp("books"),
            }
    finally:
        hall_dbs.close()
        website_dbs.close()


def publish(
    sites: dict, drive: str, key: str | None = None, *, check: bool = True
) -> subprocess.CompletedProcess:
    """The hall's `publish_drive` of `drive` to the website (with the site's
    key unless `key` names another)."""
    return manage(
        sites["hall"],
        "publish_drive",
        drive,
        "--to",
        sites["base"],
        "--key",
        key or sites["key"],
        check=check,
    )


@pytest.fixture(scope="module")
def published(sites) -> dict[str, tuple[str, str]]:
    """Each format's drive: (hall's drive id, public address on the website)."""
    demos = commands(
        sites["hall"],
        [
            ["demo", "--format", name, *args, "--seed", "5"]
            for name, args in FORMATS.items()
        ],
    )
    drives = [line.removeprefix("drive: ") for line in demos]
    addresses = commands(
        sites["hall"],
        [
            ["publish_drive", drive, "--to", sites["base"], "--key", sites["key"]]
            for drive in drives
        ],
    )
    return dict(zip(FORMATS, zip(drives, addresses, strict=True), strict=True))


@pytest.fixture(scope="module")
def books(sites, published) -> dict[str, tuple[Path, Path]]:
    """Each format's workbook (hall's, website's), exported by each site."""
    folder = sites["folder"]
    paths = {
        name: (folder / f"hall-{name}.xlsx", folder / f"website-{name}.xlsx")
        for name in FORMATS
    }
    commands(
        sites["hall"],
        [
            ["export_drive", published[name][0], "--output", str(paths[name][0])]
            for name in FORMATS
        ],
    )
    commands(
        sites["website"],
        [
            [
                "export_drive",
                website_drive(sites, published[name][1]),
                "--output",
                str(paths[name][1]),
            ]
            for name in FORMATS
        ],
    )
    return paths


def website_drive(sites: dict, public_url: str) -> str:
    public_key = public_url.rstrip("/").rsplit("/", 1)[-1]
    rows = query(
        sites["website"],
        "SELECT id FROM drive_drive WHERE public_key = %s",
        (public_key,),
    )
    assert len(rows) == 1
    return str(rows[0][0])


@pytest.mark.parametrize("name", list(FORMATS))
def test_the_website_s_workbook_is_the_hall_s(sites, published, books, name):
    _drive, public_url = published[name]
    assert public_url.startswith(f"{sites['base']}/p/")
    page = Phone(sites["base"]).get(public_url.removeprefix(sites["base"]))
    assert page.status == 200
    hall_book, site_book = books[name]
    hall, website = cells(hall_book), cells(site_book)
    assert list(website) == list(hall)
    for title, rows in hall.items():
        assert len(website[title]) == len(rows), title
        for number, (ours, theirs) in enumerate(zip(rows, website[title], strict=True)):
            assert theirs == ours, (title, number + 1)


def test_publishing_again_keeps_the_address_and_makes_no_copy(sites, published):
    drive, public_url = published["progressive"]
    before = counts(sites["website"])
    again = publish(sites, drive)
    assert last_line(again) == public_url
    assert counts(sites["website"]) == before
    assert before[0] == len(FORMATS)
    status = shell(
        sites["hall"],
        "from printing.models import Publication; "
        f"p = Publication.objects.get(drive_id={drive}); print(p.published, p.public_url)",
    )
    assert status == f"True {public_url}"


def test_refusals_write_nothing(sites, published):
    drive, _url = published["semi-partner"]
    dump = manage(sites["hall"], "dumpdrive", drive).stdout
    before = counts(sites["website"])
    # A wrong key, then a revoked one: the hall says why, and the drive waits.
    wrong = publish(sites, drive, "wdp_wrong", check=False)
    assert wrong.returncode != 0 and "401" in wrong.stderr
    revoked = last_line(
        manage(sites["website"], "publishing_key", sites["club"], "--name", "Old")
    )
    shell(
        sites["website"],
        "from django.utils import timezone; from printing.models import PublishingKey; "
        "print(PublishingKey.objects.filter(name='Old').update(revoked_at=timezone.now()))",
    )
    refused = publish(sites, drive, revoked, check=False)
    assert refused.returncode != 0 and "revoked" in refused.stderr
    status = shell(
        sites["hall"],
        "from printing.models import Publication; "
        f"p = Publication.objects.get(drive_id={drive}); print(p.published)",
    )
    assert status == "False"
    # Another club's drive.
    other = json.loads(dump)
    other["club"]["name"] = "Hillside whist club"
    code, answer = post(sites["base"], sites["key"], json.dumps(other).encode())
    assert code == 403, answer
    # A tampered file: a hand with fourteen tricks.
    tampered = json.loads(dump)
    tampered["rows"]["scoring.handresult"][0]["ns_tricks"] = 14
    code, answer = post(sites["base"], sites["key"], json.dumps(tampered).encode())
    assert code == 400 and "14" in answer["message"]
    # Too large: refused before it is read.
    padded = json.loads(dump)
    padded["padding"] = "x" * MAX_BYTES
    code, answer = post(sites["base"], sites["key"], json.dumps(padded).encode())
    assert code == 413, answer
    assert counts(sites["website"]) == before
    # And once the key is right, the drive goes.
    assert last_line(publish(sites, drive)) == published["semi-partner"][1]
