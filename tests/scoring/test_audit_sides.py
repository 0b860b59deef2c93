"""The record of changes keeps each side's label whole (deals.sides), as every
other page does: on a 360 px phone its narrow "Before → after" column broke
the Italian "onori: – → E-O: 4 onori" at the label's hyphen ("E-" over "O:"),
and "prese N-S" may break so in any language."""

from __future__ import annotations

import re

import pytest

from tests.factories import drive_with_players, play_round
from tests.site.wording import speak

pytestmark = pytest.mark.django_db

# A cell of the record's last column.
CHANGES = re.compile(r"<td>([^<]*(?:<(?!/td>)[^<]*)*)</td></tr>")


@pytest.mark.parametrize("language", ["it", "en-gb", "pl", "ru", "ro"])
def test_the_records_changes_keep_a_sides_label_whole(club, organiser_client, language):
    speak(club, language)
    drive = drive_with_players(club=club, players=8, hands=4)
    play_round(drive)
    page = organiser_client.get(f"/drives/{drive.pk}/audit/").content.decode()
    cells = [cell for cell in CHANGES.findall(page) if "→" in cell]
    results = [cell for cell in cells if re.search(r"\b\S-\S\b", cell)]
    assert results, cells[:3]
    for cell in results:
        bare = re.sub(r'<span class="side(?:-held)?">.*?</span>', "", cell)
        assert not re.search(r"[A-ZА-Я]-[A-ZА-Я]", bare), cell
