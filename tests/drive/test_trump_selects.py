"""The trump sequence chosen from a row of selects (issue 20): the selects
post codes, the stored text is the same as a typed sequence's, a stored
sequence shows in the selects, and every refusal is a 400 with words."""

from __future__ import annotations

import re

import pytest

from drive.models import Drive
from tests.drive.drive_form import DRIVE_FORM
from tests.fixtures import drive_url

pytestmark = pytest.mark.django_db

SELECTS = {k: v for k, v in DRIVE_FORM.items() if k != "trump_sequence"}


def chosen(page: str) -> list[str]:
    """The code selected in each position shown, in order ("" for none)."""
    selects = re.findall(
        r'<select name="trump_sequence_(\d+)"[^>]*>(.*?)</select>', page, re.S
    )
    found = []
    for _index, options in selects:
        picked = re.search(r'<option value="([^"]*)" selected>', options)
        found.append(picked.group(1) if picked else "")
    return found


def test_the_selects_post_the_stored_sequence_with_empty_positions_ignored(
    organiser_client,
):
    data = SELECTS | {
        "trump_sequence_count": "10",
        "trump_sequence_0": "S",
        "trump_sequence_1": "",
        "trump_sequence_2": "NT",
        "trump_sequence_3": "H",
    }
    response = organiser_client.post("/drives/new/", data)
    assert response.status_code == 302
    assert Drive.objects.get().trump_sequence == "S,NT,H"


def test_a_new_drive_shows_the_default_sequence_in_ten_selects(organiser_client):
    page = organiser_client.get("/drives/new/").content.decode()
    assert chosen(page) == ["H", "D", "S", "C", "NT", "", "", "", "", ""]
    assert 'name="trump_sequence_count" value="10"' in page
    assert '<label for="id_trump_sequence_0">' in page


def test_a_stored_sequence_shows_in_the_selects_with_room_to_grow(
    organiser_client, open_drive
):
    open_drive.trump_sequence = ",".join(["H", "NT"] * 6)
    open_drive.save()
    page = organiser_client.get(drive_url(open_drive, "edit/")).content.decode()
    assert chosen(page) == ["H", "NT"] * 6 + ["", ""]


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({f"trump_sequence_{i}": "" for i in range(10)}, "This field is required."),
        ({"trump_sequence_0": "X"}, "is not a suit"),
        ({"trump_sequence_count": "lots", "trump_sequence_0": "Z"}, "is not a suit"),
    ],
)
def test_refusals_are_400_with_words(organiser_client, changes, message):
    data = SELECTS | {"trump_sequence_count": "10"} | changes
    response = organiser_client.post("/drives/new/", data)
    assert response.status_code == 400
    assert message in response.content.decode()
    assert not Drive.objects.exists()


def test_a_posted_text_sequence_still_reads(organiser_client):
    response = organiser_client.post(
        "/drives/new/", SELECTS | {"trump_sequence": "Clubs, No trumps"}
    )
    assert response.status_code == 302
    assert Drive.objects.get().trump_sequence == "C,NT"
