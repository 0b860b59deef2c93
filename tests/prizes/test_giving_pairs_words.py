"""The MC's page in a pairs drive: marking a pair's winner not here (or
undoing it) takes both partners off (or brings both back), and the page says
so naming both, in the reader's language."""

from __future__ import annotations

import html

import pytest
from django.test import Client
from django.utils import translation

from drive.models import Drive
from prizes import giving
from prizes import services as prize_services
from prizes.models import DrivePrizeRules
from tests.factories import drive_with_players, play_drive, varied_tricks
from tests.prizes.prize_giving import press

pytestmark = pytest.mark.django_db

ABSENT = "/drives/{}/prize-giving/not-here/"


def _pairs_on_show(club, client: Client) -> tuple[Drive, giving.PrizeGiving]:
    drive = drive_with_players(club=club, players=8, hands=4, format="partners")
    play_drive(drive, tricks=varied_tricks)
    prize_services.drive_prizes_update(drive=drive, prizes="1st overall\n2nd overall")
    press(client, drive, "start")
    press(client, drive, "next")
    drive.refresh_from_db()
    return drive, giving.prize_giving(drive=drive)


def _said(client: Client, answer) -> str:
    assert answer.status_code == 302
    return html.unescape(client.get(answer.url).content.decode())


@pytest.mark.parametrize(
    ("language", "away", "back"),
    [
        ("en-gb", "{} & {} are marked as not here.", "{} & {} are back in the prizes."),
        ("pl", "{} i {}: zaznaczono nieobecność.", "{} i {}: nieobecność cofnięta"),
        ("ru", "{} и {}: отмечено отсутствие.", "{} и {}: отметка об отсутствии"),
    ],
)
def test_not_here_and_undo_name_both_partners(
    club, organiser_client, language, away, back
):
    drive, now = _pairs_on_show(club, organiser_client)
    organiser_client.cookies["django_language"] = language
    pair = now.current.winners[0]
    first, second = (drive.entries.get(pk=key).player.name for key in sorted(pair.keys))
    first_pk = min(pair.keys)
    page = _said(
        organiser_client,
        organiser_client.post(
            ABSENT.format(drive.pk),
            {"action": "away", "prize": now.current_key, "entry": first_pk},
        ),
    )
    assert away.format(first, second) in page
    # One Undo for the pair: they went, and come back, together.
    marked = page.split('<ul class="giving-not-here">')[1].split("</ul>")[0]
    assert marked.count("<li>") == 1
    with translation.override(language):
        numbers = pair.numbers_text  # "3 & 4", in Polish "3 i 4"
    assert f"{numbers} {first}" in marked and f"{second}</button>" in marked
    page = _said(
        organiser_client,
        organiser_client.post(
            ABSENT.format(drive.pk), {"action": "back", "entry": max(pair.keys)}
        ),
    )
    assert back.format(first, second) in page


def _page(client: Client, drive: Drive) -> str:
    return html.unescape(
        client.get(f"/drives/{drive.pk}/prize-giving/").content.decode()
    )


@pytest.mark.parametrize(
    ("language", "called", "ends"),
    [
        (
            "en-gb",
            "Winners of the next prize (1st overall):",
            "“Back to the boards” ends",
        ),
        ("pl", "Następną nagrodę (1. miejsce ogółem) otrzymują:", "„Wróć do tabel"),
        ("ru", "Следующий приз (1-е место в общем зачёте) получают:", "«Вернуться"),
    ],
)
def test_the_next_prizes_winners_are_labelled_and_the_end_explained(
    club, organiser_client, language, called, ends
):
    """Below the buttons, the next prize's winners (to mark one not here
    before it is shown) say whose they are; with every prize shown, the
    page says what going back to the boards does."""
    drive, _now = _pairs_on_show(club, organiser_client)
    organiser_client.cookies["django_language"] = language
    page = _page(organiser_client, drive)
    assert called in page
    assert ends not in page
    press(organiser_client, drive, "next")
    page = _page(organiser_client, drive)
    assert "giving-next-winners" not in page
    assert ends in page


@pytest.mark.parametrize(
    ("language", "button", "held"),
    [
        ("it", "Segna assenti: {} e {}", "Assenti: il premio resta loro."),
        # Polish by a noun too: "Nieobecni ... na nich" was a men's plural.
        (
            "pl",
            "Zaznacz nieobecność: {} i {}",
            "Nieobecność: nagroda czeka na tę parę.",
        ),
        ("ru", "Нет в зале: {} и {}", "Нет в зале: приз остаётся за ними."),
        ("ro", "Marcați absența: {} și {}", "Absență: premiul le este păstrat."),
    ],
)
def test_a_pair_not_here_is_spoken_of_as_two_people(
    club, organiser_client, language, button, held
):
    """The button to mark a pair not here, and the note once they are (their
    prize held for them), speak of two people: 'Assenti', not 'Assente'; the
    Romanian by a noun, 'Absență', as the glossary has it: 'Absenți' was a
    men's plural, said of two women too."""
    drive, now = _pairs_on_show(club, organiser_client)
    organiser_client.cookies["django_language"] = language
    pair = now.current.winners[0]
    first, second = (drive.entries.get(pk=key).player.name for key in sorted(pair.keys))
    assert button.format(first, second) in _page(organiser_client, drive)
    DrivePrizeRules.objects.filter(drive=drive).update(left_early_out_of_prizes=False)
    answer = organiser_client.post(
        ABSENT.format(drive.pk),
        {"action": "away", "prize": now.current_key, "entry": min(pair.keys)},
    )
    assert held in _said(organiser_client, answer)
