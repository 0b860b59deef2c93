"""Table cards printed from an address the phones cannot reach (127.0.0.1,
localhost, 0.0.0.0, ::1): each card says so beside its QR code, in plain words
with the address, and a card from the hall's address says where phones go."""

from __future__ import annotations

import subprocess

import pytest

from printing import documents
from tests.factories import drive_with_players
from tests.printing.printed import PDFTOTEXT, needs_pdftotext

pytestmark = pytest.mark.django_db


def card_text(drive, base_url: str, tmp_path, **options: object) -> str:
    printed = documents.render(
        drive=drive,
        options=documents.parse_options(kind="tablecards", **options),  # type: ignore[arg-type]
        base_url=base_url,
    )
    path = tmp_path / "cards.pdf"
    path.write_bytes(printed.data)
    done = subprocess.run(
        [PDFTOTEXT, "-raw", "-enc", "UTF-8", str(path), "-"],
        capture_output=True,
        check=True,
        timeout=30,
    )
    # One line: the words beside the code wrap within their column.
    return " ".join(done.stdout.decode("utf-8").split())


@needs_pdftotext
@pytest.mark.parametrize(
    "base_url",
    [
        "http://127.0.0.1:8000/",
        "http://localhost:8000/",
        "http://0.0.0.0:8000/",
        "http://[::1]:8000/",
    ],
)
def test_a_card_from_this_computers_own_address_says_no_phone_opens_it(
    base_url, tmp_path
):
    drive = drive_with_players(players=8, hands=2)
    host = base_url.removeprefix("http://").removesuffix("/")
    text = card_text(drive, base_url, tmp_path)
    warning = (
        f"WRONG ADDRESS: {host} is the organiser's computer's own address; "
        "no phone can open this code. Print the table cards again from the "
        "hall's address."
    )
    # On each card (two tables).
    assert text.count(warning) == 2, text


@needs_pdftotext
@pytest.mark.parametrize("per_page", ["1", "4"])
def test_a_card_from_the_halls_address_says_where_phones_go(per_page, tmp_path):
    drive = drive_with_players(players=8, hands=2)
    text = card_text(drive, "http://192.168.1.20:8000/", tmp_path, per_page=per_page)
    assert text.count("Phones open 192.168.1.20:8000") == 2, text
    assert "WRONG ADDRESS" not in text


@needs_pdftotext
@pytest.mark.parametrize("per_page", ["1", "2", "4"])
def test_the_wrong_address_beside_a_code_is_never_broken(per_page, tmp_path):
    """Beside the captain's code with the Wi-Fi code too, the column is
    narrow: the words wrap, the address stays whole ("12" over "7.0.0.1:8000"
    read as another address)."""
    drive = drive_with_players(players=8, hands=2)
    drive.wifi_name = "Sala-Parafialna"
    drive.wifi_password = "brydz2026"
    drive.save()
    printed = documents.render(
        drive=drive,
        options=documents.parse_options(kind="tablecards", per_page=per_page),
        base_url="http://127.0.0.1:8000/",
    )
    path = tmp_path / "cards.pdf"
    path.write_bytes(printed.data)
    lines = subprocess.run(
        [PDFTOTEXT, "-raw", "-enc", "UTF-8", str(path), "-"],
        capture_output=True,
        check=True,
        timeout=30,
    ).stdout.decode("utf-8")
    beside = [line for line in lines.splitlines() if "http" not in line]
    assert sum("127.0.0.1:8000" in line for line in beside) == 2, lines
