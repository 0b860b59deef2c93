"""Two app servers behind HAProxy: nothing depends on which one answered.

The multi-server deployment of docs/operations.md (Several app servers), on loopback:
two gunicorn servers, each with a temporary folder of its own, one database,
and Debian's HAProxy in front of them in round robin. HAProxy names the server
that answered in a header (X-App-Server), so the test can show that the two
requests of one task (a roster's preview and its import) reached different
servers. Through the balancer, as a browser would: the first visit and the
club's set-up, a roster import, a new drive, registration, the start, the
captains' results to the end, the room, the printed cards, the workbook (the
same from either server) and the results by e-mail to a local mail server.

HAProxy is Debian's package (CI installs it); without it the test is skipped,
unless E2E_REQUIRED says a skip would hide a failure.
"""

from __future__ import annotations

import http.client
import io
import os
import re
import shutil
import tempfile
import urllib.parse
import uuid
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.cookies import SimpleCookie
from pathlib import Path

import pytest
from openpyxl import load_workbook

from bench.live import HAPROXY, Balancer, Captain, LiveServer, query, submission_key
from tests.printing.smtp_server import SMTPServer
from tests.reliability.server import assert_log_clean

SECRET_KEY = "balancer-test-" + "k" * 50
PASSWORD = "Trumps-and-Tricks-2024"
PLAYERS = [f"Player {letter}" for letter in "ABCDEFGH"]

pytestmark = pytest.mark.skipif(
    HAPROXY is None and not os.environ.get("E2E_REQUIRED"),
    reason="HAProxy is not installed (apt-get install haproxy)",
)


# --- pages as a browser reads them ---------------------------------------------------


class Forms(HTMLParser):
    """Every form of a page: its action and the values a browser would send."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict] = []
        self._select: str | None = None
        self._first_option: str | None = None
        self._selected = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append(
                {"action": a.get("action", ""), "fields": {}, "buttons": []}
            )
            return
        if not self.forms:
            return
        fields = self.forms[-1]["fields"]
        name = a.get("name")
        if tag == "input" and name:
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    fields[name] = a.get("value", "on")
            elif kind == "submit":
                self.forms[-1]["buttons"].append((name, a.get("value", "")))
            elif kind != "file":
                fields[name] = a.get("value", "")
        elif tag == "button" and name:
            self.forms[-1]["buttons"].append((name, a.get("value", "")))
        elif tag == "textarea" and name:
            fields[name] = ""
        elif tag == "select" and name:
            self._select, self._first_option, self._selected = name, None, False
        elif tag == "option" and self._select:
            value = a.get("value", "")
            if self._first_option is None:
                self._first_option = value
            if "selected" in a:
                fields[self._select] = value
                self._selected = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "select" and self._select:
            if not self._selected and self._first_option is not None:
                self.forms[-1]["fields"][self._select] = self._first_option
            self._select = None


def form(html: str, action: str) -> dict:
    """The form of `html` whose action contains `action` ("": the page's own)."""
    parser = Forms()
    parser.feed(html)
    for found in parser.forms:
        if (action in found["action"]) if action else not found["action"]:
            return dict(found["fields"])
    raise AssertionError(f"no form for {action!r} in the page")


def multipart(fields: dict[str, str], files: dict[str, tuple[str, bytes]]):
    boundary = uuid.uuid4().hex
    body = io.BytesIO()
    for name, value in fields.items():
        body.write(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'
            f"{value}\r\n".encode()
        )
    for name, (filename, data) in files.items():
        body.write(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
            f'filename="{filename}"\r\nContent-Type: text/csv\r\n\r\n'.encode()
        )
        body.write(data + b"\r\n")
    body.write(f"--{boundary}--\r\n".encode())
    return body.getvalue(), f"multipart/form-data; boundary={boundary}"


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    raw: bytes

    @property
    def body(self) -> str:
        return self.raw.decode("utf-8", errors="replace")


@dataclass
class Browser:
    """One browser through the balancer: cookies, redirects followed, and the
    name of the server that gave each answer."""

    base: str
    cookies: dict[str, str] = field(default_factory=dict)
    servers: list[str] = field(default_factory=list)

    def request(
        self,
        method: str,
        path: str,
        *,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        parts = urllib.parse.urlsplit(self.base)
        sent = {"Host": parts.netloc, "Connection": "close", **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)
        try:
            conn.request(method, path, body=body, headers=sent)
            response = conn.getresponse()
            raw = response.read()
        finally:
            conn.close()
        for value in response.headers.get_all("Set-Cookie") or []:
            jar = SimpleCookie()
            jar.load(value)
            for name, morsel in jar.items():
                if morsel["max-age"] == "0" or not morsel.value:
                    self.cookies.pop(name, None)
                else:
                    self.cookies[name] = morsel.value
        answer = Answer(
            response.status, {k.lower(): v for k, v in response.getheaders()}, raw
        )
        self.servers.append(answer.headers.get("x-app-server", "?"))
        return answer

    def visit(self, method: str, path: str, **kwargs: object) -> Answer:
        answer = self.request(method, path, **kwargs)
        for _ in range(5):
            if answer.status not in (301, 302, 303):
                break
            location = urllib.parse.urlsplit(answer.headers["location"])
            target = location.path + (f"?{location.query}" if location.query else "")
            answer = self.request("GET", target)
        return answer

    def get(self, path: str) -> Answer:
        return self.visit("GET", path)

    def submit(self, path: str, data: dict[str, object]) -> Answer:
        return self.visit(
            "POST",
            path,
            body=urllib.parse.urlencode(data, doseq=True).encode(),
            headers={
                "Content-Type": "application/x-www-form-urlencoded",
                "X-CSRFToken": self.cookies.get("csrftoken", ""),
            },
        )

    def upload(
        self, path: str, fields: dict[str, str], files: dict[str, tuple[str, bytes]]
    ) -> Answer:
        body, content_type = multipart(fields, files)
        return self.visit(
            "POST",
            path,
            body=body,
            headers={
                "Content-Type": content_type,
                "X-CSRFToken": self.cookies.get("csrftoken", ""),
            },
        )


def workbook_values(data: bytes) -> dict[str, list[tuple]]:
    book = load_workbook(io.BytesIO(data), read_only=True)
    return {
        sheet.title: [tuple(row) for row in sheet.iter_rows(values_only=True)]
        for sheet in book.worksheets
    }


# --- the evening ---------------------------------------------------------------------


def test_an_evening_through_two_servers_behind_a_balancer(scratch):
    database = scratch.fresh()
    with SMTPServer() as mail:
        env = {
            "DEBUG": "0",
            "SECRET_KEY": SECRET_KEY,
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "TRUSTED_PROXIES": "127.0.0.1",
            "EMAIL_URL": f"smtp://127.0.0.1:{mail.port}",
            "DEFAULT_FROM_EMAIL": "club@example.org",
        }
        folders = [Path(tempfile.mkdtemp(prefix=f"app{n}-")) for n in (1, 2)]
        servers = [
            LiveServer(database, workers=1, env={**env, "TMPDIR": str(folder)})
            for folder in folders
        ]
        for server in servers:
            server.start()
        try:
            with Balancer(servers) as balancer:
                run_the_evening(balancer.url, database, mail)
        finally:
            for server in servers:
                server.stop()
            for folder in folders:
                shutil.rmtree(folder, ignore_errors=True)
    for server in servers:
        assert_log_clean(server)


def run_the_evening(base: str, database: str, mail: SMTPServer) -> None:
    browser = Browser(base)

    # The first visit: the set-up page, whichever server answers.
    page = browser.get("/")
    assert page.status == 200 and "/setup/" in page.body
    fields = form(page.body, "")
    fields.update(
        club_name="Riverside Whist Club",
        username="olive",
        password=PASSWORD,
        password_again=PASSWORD,
    )
    done = browser.submit("/setup/", fields)
    assert done.status == 200, done.body[-2000:]
    assert "Riverside Whist Club" in done.body
    assert {"app1", "app2"} <= set(browser.servers), browser.servers

    # The roster: the preview on one server, the import on the other.
    roster = "Name,Email,Consent\n" + "".join(
        f"{name},{name.split()[1].lower()}@example.org,yes\n" for name in PLAYERS
    )
    page = browser.get("/players/import/")
    fields = form(page.body, "/players/import/")
    fields["action"] = "preview"
    preview = browser.upload(
        "/players/import/", fields, {"file": ("roster.csv", roster.encode())}
    )
    assert preview.status == 200, preview.body[-2000:]
    previewed_on = browser.servers[-1]
    token = re.search(r'name="token" value="([^"]+)"', preview.body).group(1)
    imported = browser.submit(
        "/players/import/",
        {**form(preview.body, "/players/import/"), "action": "import", "token": token},
    )
    assert imported.status == 200, imported.body[-2000:]
    import_servers = browser.servers[-2:]  # the POST, then its redirect
    assert previewed_on != import_servers[0], browser.servers
    for name in PLAYERS:
        assert name in imported.body

    # A drive of two hands, one a round, two tables.
    page = browser.get("/drives/new/")
    fields = form(page.body, "")
    fields.update(name="Balanced drive", hands="2", hands_per_round="1")
    created = browser.submit("/drives/new/", fields)
    assert created.status == 200, created.body[-2000:]
    drive = query(
        database, "SELECT id FROM drive_drive WHERE name = %s", ("Balanced drive",)
    )[0][0]
    browser.submit(f"/drives/{drive}/open/", form(created.body, "/open/"))
    for name in PLAYERS:
        door = browser.get(f"/drives/{drive}/entries/")
        fields = form(door.body, f"/drives/{drive}/entries/")
        fields["name"] = name
        registered = browser.submit(f"/drives/{drive}/entries/", fields)
        assert registered.status == 200, registered.body[-2000:]
    # The start button asks first; the question's own button starts.
    asked = browser.get(f"/drives/{drive}/start/")
    assert asked.status == 200 and "Start the drive?" in asked.body
    started = browser.submit(f"/drives/{drive}/start/", form(asked.body, "/start/"))
    assert started.status == 200 and "Round 1" in started.body, started.body[-2000:]

    # The captains' results, hand by hand, each phone through the balancer.
    keys = dict(
        query(
            database,
            "SELECT number, captain_key FROM drive_table WHERE drive_id = %s",
            (drive,),
        )
    )
    assert sorted(keys) == [1, 2]
    captains = {table: Captain(base, key) for table, key in keys.items()}
    for captain in captains.values():
        captain.open()
    for hand in (1, 2):
        for table, captain in captains.items():
            sent = captain.send(
                table=table, hand=hand, ns_tricks=5 + table + hand, key=submission_key()
            )
            assert sent.status == 200, sent.body
    state = query(database, "SELECT state FROM drive_drive WHERE id = %s", (drive,))
    assert state == [("finished",)]

    # The room, the cards and the workbook, from either server alike.
    assert browser.get(f"/drives/{drive}/room/").status == 200
    for kind in ("scorecards", "slips", "tablecards", "results"):
        printed = browser.get(f"/drives/{drive}/print/{kind}.pdf")
        assert printed.status == 200 and printed.raw.startswith(b"%PDF"), kind
    books, answered = [], []
    for _ in range(2):
        reply = browser.request("GET", f"/drives/{drive}/export.xlsx")
        assert reply.status == 200
        answered.append(reply.headers.get("x-app-server"))
        books.append(workbook_values(reply.raw))
    assert set(answered) == {"app1", "app2"}
    assert books[0] == books[1]

    # Results by e-mail, to the local mail server.
    page = browser.get(f"/drives/{drive}/results/mail/")
    assert page.status == 200
    fields = form(page.body, "/results/mail/")
    sent = browser.submit(f"/drives/{drive}/results/mail/", fields)
    assert sent.status == 200, sent.body[-2000:]
    assert sorted(mail.accepted) == sorted(
        f"{name.split()[1].lower()}@example.org" for name in PLAYERS
    )
