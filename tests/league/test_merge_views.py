"""The merge page (league.merge_views): choose, see, confirm; the organiser's
only, in their own club; bad input answered with a 4xx and a message."""

from __future__ import annotations

import datetime
import re

import pytest
from django.test import Client

from drive.models import Entry
from players.models import AuditEvent, Player
from scoring.audit import audit_check
from tests.factories import ClubFactory, MembershipFactory, PlayerFactory, UserFactory
from tests.prizes.fixtures import two_hand_drive

pytestmark = pytest.mark.django_db


@pytest.fixture
def pair(club):
    anna = PlayerFactory(club=club, name="Anna Wiśniewska")
    typo = PlayerFactory(club=club, name="Anna Wisniewska", phone="600 100 200")
    others = [PlayerFactory(club=club, name=f"Member {n}") for n in "BCD"]
    drive = two_hand_drive(
        club, players=[typo, *others], date=datetime.date(2026, 3, 6)
    )
    drive.name = "Spring drive"
    drive.save(update_fields=["name"])
    return anna, typo, others


def url(player) -> str:
    return f"/players/{player.pk}/merge/"


def written() -> tuple:
    return (
        sorted(Player.objects.values_list("pk", "name", "phone")),
        sorted(Entry.objects.values_list("pk", "player_id")),
        AuditEvent.objects.filter(kind="player.merge").count(),
    )


def test_choose_see_and_merge(organiser_client, pair):
    anna, typo, _ = pair
    page = organiser_client.get(f"/players/{anna.pk}/")
    assert f'href="{url(anna)}"' in page.content.decode()
    choose = organiser_client.get(url(anna))
    assert choose.status_code == 200
    text = choose.content.decode()
    # The namesake is offered at once, with their drives to tell them apart.
    assert f'name="other" value="{typo.pk}"' in text
    assert "1 drive, the last on 6 Mar 2026" in text
    assert "Member B" not in text
    search = organiser_client.get(url(anna), {"q": "member"})
    assert "Member B" in search.content.decode()
    see = organiser_client.get(url(anna), {"other": typo.pk})
    assert see.status_code == 200
    text = see.content.decode()
    assert "Anna Wisniewska’s 1 drive moves to Anna Wiśniewska" in text
    assert "Spring drive, 6 Mar 2026" in text
    assert "600 100 200" in text and "from Anna Wisniewska" in text
    assert f'href="{url(typo)}?other={anna.pk}"' in text  # keep the other instead
    assert Player.objects.filter(pk=typo.pk).exists()  # seeing writes nothing
    done = organiser_client.post(url(anna), {"other": typo.pk}, follow=True)
    assert done.redirect_chain == [(f"/players/{anna.pk}/", 302)]
    text = done.content.decode()
    assert "Anna Wisniewska is merged into Anna Wiśniewska: 1 drive moved over." in text
    assert "Anna Wisniewska was merged into this player on" in text and "olive" in text
    assert not Player.objects.filter(pk=typo.pk).exists()
    moved = Entry.objects.get(player=anna)
    # The drive's record of changes says why its entry bears another name,
    # and its totals still agree with the record.
    record = organiser_client.get(f"/drives/{moved.drive_id}/audit/")
    text = record.content.decode()
    assert "Two players merged into one" in text
    assert "Anna Wisniewska → Anna Wiśniewska" in text
    assert audit_check(drive=moved.drive) == []


def test_only_an_organiser_merges(client, assistant_client, pair):
    anna, typo, _ = pair
    before = written()
    assert assistant_client.get(url(anna)).status_code == 403
    assert assistant_client.post(url(anna), {"other": typo.pk}).status_code == 403
    anonymous = client.post(url(anna), {"other": typo.pk})
    assert anonymous.status_code == 302 and "/login/" in anonymous["Location"]
    assert written() == before


def test_another_clubs_player_is_a_404_and_not_a_choice(organiser_client, pair):
    anna, typo, _ = pair
    other_club = ClubFactory(name="Hilltop")
    MembershipFactory(club=other_club, user=UserFactory(username="zed"))
    stranger = PlayerFactory(club=other_club, name="Anna Wiśniewska")
    before = written()
    assert organiser_client.get(url(stranger)).status_code == 404
    assert organiser_client.post(url(stranger), {"other": anna.pk}).status_code == 404
    # Named as the other: not on this roster (nothing says whose it is).
    refused = organiser_client.post(url(anna), {"other": stranger.pk})
    assert refused.status_code == 400
    assert "That player is not on the roster" in refused.content.decode()
    offered = organiser_client.get(url(anna), {"q": "Anna"}).content.decode()
    assert f'value="{stranger.pk}"' not in offered
    assert written() == before


@pytest.mark.parametrize(
    ("other", "said"),
    [
        ("", "Choose the player to merge with Anna Wiśniewska."),
        ("abc", "That player is not on the roster"),
        ("9" * 40, "That player is not on the roster"),
        ("999999", "That player is not on the roster"),
        ("self", "cannot be merged with themselves"),
    ],
)
def test_bad_input_is_a_400_with_a_message(organiser_client, pair, other, said):
    anna, _, _ = pair
    before = written()
    other = str(anna.pk) if other == "self" else other
    for response in (
        organiser_client.post(url(anna), {"other": other}),
        organiser_client.get(url(anna), {"other": other}) if other else None,
    ):
        if response is None:
            continue
        assert response.status_code == 400
        assert said in response.content.decode()
    assert written() == before


def test_two_players_of_one_drive_are_refused_with_its_name(organiser_client, pair):
    anna, typo, others = pair
    shared = two_hand_drive(
        anna.club, players=[anna, typo, *others[:2]], date=datetime.date(2026, 3, 13)
    )
    shared.name = "Easter drive"
    shared.save(update_fields=["name"])
    see = organiser_client.get(url(anna), {"other": typo.pk})
    text = see.content.decode()
    assert "both have an entry in Easter drive (13 Mar 2026)" in text
    assert "Merge, keeping" not in text  # no button to press
    before = written()
    refused = organiser_client.post(url(anna), {"other": typo.pk})
    assert refused.status_code == 409
    assert "Easter drive (13 Mar 2026)" in refused.content.decode()
    assert written() == before


def test_the_page_speaks_polish(club, organiser_client, pair):
    club.language = "pl"
    club.save(update_fields=["language"])
    anna, typo, _ = pair
    text = organiser_client.get(url(anna), {"other": typo.pk}).content.decode()
    assert "Połączyć dwa wpisy z listy graczy?" in text
    assert Client().get(url(anna)).status_code == 302


@pytest.mark.parametrize(
    ("language", "hint"),
    [
        ("en-gb", "Name, email or phone"),
        ("pl", "Imię i nazwisko, e-mail, telefon"),
        ("ro", "Nume, e-mail sau telefon"),
    ],
)
def test_the_search_hint_is_a_line_under_the_box_not_a_placeholder(
    organiser_client, pair, language, hint
):
    """As the roster's box (tests/e2e/test_roster_search_fits.py): at large
    text a placeholder lost its end ('Nume, e-mail sau te'); a line wraps."""
    anna, _, _ = pair
    organiser_client.cookies["django_language"] = language
    text = organiser_client.get(url(anna)).content.decode()
    (box,) = re.findall(r'<input type="search" id="merge-q"[^>]*>', text)
    assert "placeholder" not in box
    assert 'aria-describedby="merge-q-help"' in box
    assert f'<p class="help" id="merge-q-help">{hint}</p>' in text
