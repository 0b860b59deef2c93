"""The player's form offers a usual group by the club's names for its groups,
as the roster and the import preview show it (players.group_names): Panie
and Panowie in a Polish club, the club's own names once a drive has them;
never "Group A" and "Group B". The choice is still kept as A or B."""

from __future__ import annotations

import datetime
import re

import pytest

from drive import services as drive_services
from players.models import Player
from tests.factories import CLUB_GROUP_NAMES, PlayerFactory

pytestmark = pytest.mark.django_db

NAMES = CLUB_GROUP_NAMES


def group_options(page: str) -> list[tuple[str, str]]:
    """The group choice's options: (value, words) in the page's order."""
    select = re.search(r'<select name="group".*?</select>', page, re.S)
    assert select, "no group choice on the page"
    return re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', select[0])


@pytest.mark.parametrize("language", list(NAMES))
def test_the_form_offers_the_clubs_names_for_the_groups(
    language, club, organiser_client
):
    club.language = language
    club.save(update_fields=["language"])
    organiser_client.cookies["django_language"] = language
    player = PlayerFactory(club=club, group="B")
    a, b = NAMES[language]
    for url in ("/players/", f"/players/{player.pk}/"):
        page = organiser_client.get(url).content.decode()
        options = group_options(page)
        assert options[1:] == [("A", a), ("B", b)], url
        assert "Group A" not in page and "Group B" not in page
    edit = organiser_client.get(f"/players/{player.pk}/").content.decode()
    assert re.search(r'<option value="B"[^>]*selected[^>]*>', edit)


def test_the_form_follows_the_names_the_clubs_drives_use(club, organiser_client):
    drive_services.drive_create(
        club=club,
        name="Drive",
        date=datetime.date(2026, 12, 4),
        group_a_label="Reds",
        group_b_label="Blues",
    )
    page = organiser_client.get("/players/").content.decode()
    assert group_options(page)[1:] == [("A", "Reds"), ("B", "Blues")]
    # Chosen by its name, kept as the letter, shown on the roster by the name.
    response = organiser_client.post(
        "/players/", {"name": "Ann Archer", "email": "", "phone": "", "group": "B"}
    )
    assert response.status_code == 302
    assert Player.objects.get(club=club, name="Ann Archer").group == "B"
    roster = organiser_client.get("/players/").content.decode()
    assert "Blues" in roster
