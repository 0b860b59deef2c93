"""The record of changes names an entry's group as the drive names it
("Czerwoni → Niebiescy"), not by the letter it is kept as ("A → B"): on a
registration and on a move to the other group, in the club's language."""

from __future__ import annotations

import re

import pytest

from drive import entry_services
from drive.models import Drive, Entry
from tests.factories import drive_with_players

pytestmark = pytest.mark.django_db


def changes_on(page: str) -> list[str]:
    """The "before → after" cells of the record's rows."""
    return re.findall(r"<td>([^<]*→[^<]*(?:<br>[^<]*→[^<]*)*)</td>", page)


@pytest.mark.parametrize("language", ["en-gb", "pl", "ru", "ro", "it"])
def test_a_group_change_is_shown_by_the_groups_names(language, club, organiser_client):
    club.language = language
    club.save(update_fields=["language"])
    drive = drive_with_players(players=8, start=False, club=club)
    Drive.objects.filter(pk=drive.pk).update(
        group_a_label="Czerwoni", group_b_label="Niebiescy"
    )
    entry = Entry.objects.get(drive=drive, number=1)
    assert entry.group == "A"
    entry_services.entry_set_group(entry=entry, group="B")
    page = organiser_client.get(f"/drives/{drive.pk}/audit/").content.decode()
    shown = "<br>".join(changes_on(page))
    assert "Czerwoni → Niebiescy" in shown  # the move
    assert "– → Czerwoni" in shown and "– → Niebiescy" in shown  # registrations
    assert not re.search(r"(: |→ )[AB](<br>|$| →)", shown), shown
