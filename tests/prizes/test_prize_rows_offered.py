"""A drive's prize list offers only what its game can give: a rubber drive
(no groups) shows its club's list without the groups' prizes ("Miglior
punteggio – Gruppo A/B") and offers no place "in a group"; prediction whist
(no N-S tricks) offers no "most hands of N tricks"; a drive with groups keeps
them, under the drive's own group names."""

from __future__ import annotations

import html
import re

import pytest

from prizes.models import DrivePrize
from tests.factories import DriveFactory, rubber_drive
from tests.predictions import prediction_drive
from tests.prizes.prize_rows import chosen, rows_post

pytestmark = pytest.mark.django_db


def _edit(client, drive) -> str:
    client.cookies["django_language"] = "it"
    page = client.get(f"/drives/{drive.pk}/prizes/edit/").content.decode()
    return html.unescape(page)


def _kinds(page: str) -> list[str]:
    first = re.search(r'<select name="prize_0_kind"[^>]*>(.*?)</select>', page, re.S)
    return re.findall(r"<option[^>]*>([^<]*)</option>", first.group(1))


def test_a_rubber_drive_offers_no_groups_prizes(club, organiser_client):
    drive = rubber_drive(club=club)
    page = _edit(organiser_client, drive)
    # The club's list (1st, 2nd, 3rd, Highest of each group, half-time,
    # booby): the groups' two are not offered, so not saved as more "1st".
    assert chosen(page, "kind") == ["place"] * 3 + ["half_time", "booby"] + [""] * 7
    assert "Gruppo A" not in page and "Gruppo B" not in page
    # A place, whose row has no "For" (who can win it): overall only.
    assert "Posto" in _kinds(page)
    assert 'name="prize_0_group"' not in page


def test_prediction_whist_offers_no_prize_for_tricks(club, organiser_client):
    page = _edit(organiser_client, prediction_drive(club))
    assert "Mani con N+ prese" not in _kinds(page)
    # Its most hands won are the predictions made exactly, and it says so.
    assert "Previsioni esatte" in _kinds(page)
    assert "Più mani vinte" not in _kinds(page)


def test_a_drive_with_groups_offers_them_by_their_names(club, organiser_client):
    drive = DriveFactory(club=club, group_a_label="Dame", group_b_label="Cavalieri")
    url = f"/drives/{drive.pk}/prizes/edit/"
    organiser_client.post(url, rows_post(("place", "A", "1", "")))
    assert [(p.kind, p.group) for p in DrivePrize.objects.filter(drive=drive)] == [
        ("group", "A")
    ]
    page = _edit(organiser_client, drive)
    assert chosen(page, "group")[0] == "A"
    assert '<option value="A" selected>Dame</option>' in page
    assert "Cavalieri" in page and "Gruppo A" not in page
    assert "Posto" in _kinds(page) and 'name="prize_0_group"' in page
    assert "Mani con N+ prese" in _kinds(page)
