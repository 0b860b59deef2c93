"""Results by e-mail under gunicorn with a slow or stalled mail server (issue #33, item 1).

A real gunicorn (bench.live) with a short worker timeout, and a tiny SMTP
server (tests/printing/smtp_server.py) in this process. The organiser's
browser without JavaScript presses Send, then Continue, until the page says it
has finished. Sending everyone in one request, as the page used to, outlasted
the worker's timeout: the worker was killed mid-send, the page answered with
a dropped connection, and one player stayed "sent" though nothing had gone.
Here every press answers in time, no worker is killed, and the players
written down as sent are exactly those the mail server took, each once.
"""

from __future__ import annotations

import re
import subprocess
import time
from collections import Counter

from bench.live import PYTHON, ROOT, python_env, query
from tests.printing.smtp_server import SMTPServer
from tests.reliability.phones import organiser
from tests.reliability.server import LOG_PROBLEMS, assert_log_clean, serving

WORKER_TIMEOUT = 10  # seconds: gunicorn kills a worker silent for longer
SENDING_SECONDS = 5  # RESULTS_MAIL_SECONDS: one press's time, well under it
PLAYERS = 8
PROBLEMS = (*LOG_PROBLEMS, "WORKER TIMEOUT")


def ready_for_mail(url: str, drive: int) -> None:
    subprocess.run(
        [PYTHON, "-m", "tests.reliability.mail_drive", str(drive)],
        cwd=ROOT,
        env=python_env(url),
        check=True,
        capture_output=True,
        timeout=300,
    )


def mail_env(smtp: SMTPServer) -> dict[str, str]:
    # EMAIL_TIMEOUT alone, longer than the worker's, would not save it.
    return {
        "EMAIL_HOST": "127.0.0.1",
        "EMAIL_PORT": str(smtp.port),
        "EMAIL_TIMEOUT": "30",
        "RESULTS_MAIL_SECONDS": str(SENDING_SECONDS),
    }


def continue_fields(page: str) -> dict[str, str]:
    form = re.search(r'<form[^>]*class="mail-next".*?</form>', page, re.S)
    if form is None:
        return {}
    fields = dict(re.findall(r'name="(\w+)" value="([^"]*)"', form.group(0)))
    fields.pop("csrfmiddlewaretoken", None)
    return fields


def mails(url: str, drive: int) -> list[tuple[int, str]]:
    return query(
        url,
        "SELECT e.number, m.status FROM printing_resultmail m "
        "JOIN drive_entry e ON e.id = m.entry_id WHERE m.drive_id = %s ORDER BY m.id",
        (drive,),
    )


def test_a_slow_mail_server_is_sent_press_by_press_in_time(scratch):
    url, seeded = scratch.seeded("--tables", str(PLAYERS // 4), "--hands", "2")
    drive = seeded["drive"]
    ready_for_mail(url, drive)
    path = f"/drives/{drive}/results/mail/"
    with (
        SMTPServer(delay=1.5) as smtp,
        serving(
            url, workers=2, worker_timeout=WORKER_TIMEOUT, env=mail_env(smtp)
        ) as server,
    ):
        browser = organiser(server.url, seeded, timeout=WORKER_TIMEOUT * 3)
        assert browser.get(path).status == 200
        fields: dict[str, str] = {}
        presses = []
        while True:
            began = time.monotonic()
            reply = browser.post(path, fields)
            presses.append(time.monotonic() - began)
            assert reply.status == 302, reply.body[:2000]
            page = browser.get(reply.headers["location"]).body
            fields = continue_fields(page)
            if not fields:
                break
            assert len(presses) < 20
        assert_log_clean(server, PROBLEMS)
    assert "Finished. 8 of 8 players done: 8 sent, 0 skipped, 0 failed." in page
    assert len(presses) >= 2
    assert max(presses) < WORKER_TIMEOUT, presses
    rows = mails(url, drive)
    assert sorted(n for n, status in rows if status == "sent") == list(range(1, 9))
    assert not [row for row in rows if row[1] != "sent"], rows
    # What the site wrote down as sent is what the server took, each once.
    assert Counter(smtp.accepted) == Counter(f"p{n}@example.org" for n in range(1, 9))


def test_a_stalled_mail_server_answers_in_time_and_sends_no_one(scratch):
    url, seeded = scratch.seeded("--tables", str(PLAYERS // 4), "--hands", "2")
    drive = seeded["drive"]
    ready_for_mail(url, drive)
    path = f"/drives/{drive}/results/mail/"
    with (
        SMTPServer(behaviour=lambda n: "stall") as smtp,
        serving(
            url, workers=2, worker_timeout=WORKER_TIMEOUT, env=mail_env(smtp)
        ) as server,
    ):
        browser = organiser(server.url, seeded, timeout=WORKER_TIMEOUT * 3)
        assert browser.get(path).status == 200
        began = time.monotonic()
        reply = browser.post(path, {})
        took = time.monotonic() - began
        assert reply.status == 302, reply.body[:2000]
        page = browser.get(reply.headers["location"]).body
        assert_log_clean(server, PROBLEMS)
    assert took < WORKER_TIMEOUT, took
    assert (
        "0 sent, 0 skipped, 1 failed" in page
        and "the mail server did not answer in time" in page
    )
    assert continue_fields(page), "the rest are still to do"
    assert mails(url, drive) == [(1, "failed")]
    assert smtp.accepted == []
