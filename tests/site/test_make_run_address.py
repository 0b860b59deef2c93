"""`make run` prints an address to open. Opened to the hall's Wi-Fi
(HOST=0.0.0.0) it had printed http://0.0.0.0:8000/, which no browser opens
with ALLOWED_HOSTS naming the laptop's address, and which would make every
QR code unreachable if it did: it prints the laptop's address instead, and
says so when ALLOWED_HOSTS names none."""

from __future__ import annotations

import subprocess

import pytest

from bench.live import ROOT


def printed(*arguments: str) -> str:
    """What `make run` would print, as make would run it (-n: nothing runs)."""
    result = subprocess.run(
        ["make", "-n", "-o", ".venv/.installed", "run", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return "\n".join(
        line for line in result.stdout.splitlines() if line.startswith("echo")
    )


@pytest.mark.parametrize(
    ("arguments", "address"),
    [
        ((), "http://127.0.0.1:8000/"),
        (("PORT=8080",), "http://127.0.0.1:8080/"),
        (
            ("HOST=0.0.0.0", "ALLOWED_HOSTS=192.168.1.20,localhost"),
            "http://192.168.1.20:8000/",
        ),
        (
            ("HOST=0.0.0.0", "ALLOWED_HOSTS=localhost,10.0.0.7", "PORT=8080"),
            "http://10.0.0.7:8080/",
        ),
    ],
)
def test_make_run_prints_an_address_to_open(arguments, address):
    words = printed(*arguments)
    assert f"running at {address}" in words
    assert "0.0.0.0" not in words


def test_make_run_for_phones_without_their_address_says_what_to_do():
    words = printed("HOST=0.0.0.0")
    assert "running at http://127.0.0.1:8000/" in words
    assert "Phones cannot open it yet" in words and "make hall" in words
