"""A winner called at the prize-giving who went home: the MC marks them not
here from the prize-giving page. It is the withdrawal the prize rules already
know (from the round after the last, so every score stands): under the club's
rule the prize passes to the next player, and the projector shows the new
winner on the same prize; under a rule that keeps prizes, the MC's page says
the prize is held. Undo puts them back; a stale page changes nothing."""

from __future__ import annotations

import pytest
from django.test import Client

from drive.models import Drive, Entry
from players.models import AuditEvent
from prizes import giving
from prizes import services as prize_services
from prizes.models import DrivePrizeRules
from scoring import selectors as scoring_selectors
from tests.factories import drive_with_players, play_drive, varied_tricks
from tests.prizes.test_giving_decided import on_show, press

pytestmark = pytest.mark.django_db

URL = "/drives/{}/prize-giving/not-here/"


def _on_second(club, organiser_client) -> tuple[Drive, giving.PrizeGiving]:
    drive = drive_with_players(players=8, club=club, hands=3)
    play_drive(drive, tricks=varied_tricks)
    prize_services.drive_prizes_update(drive=drive, prizes="1st overall\n2nd overall")
    press(organiser_client, drive, "start")
    press(organiser_client, drive, "next")
    drive.refresh_from_db()
    now = giving.prize_giving(drive=drive)
    assert now.current.title == "2nd overall"
    return drive, now


def _not_here(client: Client, drive: Drive, key: str | None, entry: int):
    return client.post(
        URL.format(drive.pk), {"action": "away", "prize": key or "", "entry": entry}
    )


def test_not_here_passes_the_prize_on_and_the_projector_stays(club, organiser_client):
    drive, now = _on_second(club, organiser_client)
    gone = now.current.winners[0]
    page = organiser_client.get(f"/drives/{drive.pk}/prize-giving/").content.decode()
    assert f"Not here: {gone.name}" in page
    totals = {r.entry: r.total for r in scoring_selectors.leaderboard(drive=drive)}

    answer = _not_here(organiser_client, drive, now.current_key, gone.key)

    assert answer.status_code == 302
    entry = Entry.objects.get(pk=gone.key)
    assert entry.withdrawn_from_round == drive.rounds + 1
    assert AuditEvent.objects.filter(kind="entry.withdraw").count() == 1
    # Every score stands; the prize passed on, and the projector is still on it.
    after = {r.entry: r.total for r in scoring_selectors.leaderboard(drive=drive)}
    assert after == totals
    title, page = on_show(organiser_client, drive)
    assert title == "2nd overall"
    drive.refresh_from_db()
    moved = giving.prize_giving(drive=drive)
    assert moved.current_key == now.current_key
    assert gone.key not in {k for w in moved.current.winners for k in w.keys}
    projector = organiser_client.get(
        f"/drives/{drive.pk}/projector/", headers={"HX-Request": "true"}
    ).content.decode()
    assert moved.current.winners[0].name in projector
    assert gone.name not in projector
    assert f"Undo: {entry.number} {gone.name}" in page

    # Undo: they are back in the prizes, and the prize is theirs again.
    back = organiser_client.post(
        URL.format(drive.pk), {"action": "back", "entry": gone.key}
    )
    assert back.status_code == 302
    assert Entry.objects.get(pk=gone.key).withdrawn_from_round is None
    again = giving.prize_giving(drive=drive)
    assert gone.key in {k for w in again.current.winners for k in w.keys}
    assert AuditEvent.objects.filter(kind="entry.reinstate").count() == 1


def test_the_next_prizes_winner_can_be_marked_before_it_is_shown(
    club, organiser_client
):
    drive, now = _on_second(club, organiser_client)
    first = now.upcoming.winners[0]
    assert (
        _not_here(organiser_client, drive, now.upcoming_key, first.key).status_code
        == 302
    )
    press(organiser_client, drive, "next")
    assert on_show(organiser_client, drive)[0] == "1st overall"
    drive.refresh_from_db()
    assert first.key not in giving.prize_giving(drive=drive).current.winners[0].keys


def test_a_rule_that_keeps_prizes_holds_it_and_says_so(club, organiser_client):
    drive, now = _on_second(club, organiser_client)
    DrivePrizeRules.objects.filter(drive=drive).update(left_early_out_of_prizes=False)
    gone = now.current.winners[0]
    assert (
        _not_here(organiser_client, drive, now.current_key, gone.key).status_code == 302
    )
    organiser_client.cookies["django_language"] = "pl"
    page = organiser_client.get(f"/drives/{drive.pk}/prize-giving/").content.decode()
    assert "Nieobecny(-a): nagroda czeka na tę osobę." in page
    organiser_client.cookies["django_language"] = "en-gb"
    page = organiser_client.get(f"/drives/{drive.pk}/prize-giving/").content.decode()
    assert "Not here: the prize is held for them." in page
    drive.refresh_from_db()
    assert gone.key in giving.prize_giving(drive=drive).current.winners[0].keys


def test_a_stale_page_changes_nothing(club, organiser_client):
    drive, now = _on_second(club, organiser_client)
    third = giving.prize_giving(drive=drive)
    loser = next(
        e
        for e in Entry.objects.filter(drive=drive)
        if all(e.pk not in w.keys for a in third.steps for w in a.winners)
    )
    answer = _not_here(organiser_client, drive, now.current_key, loser.pk)
    assert answer.status_code == 409
    assert "nothing was changed" in answer.content.decode()
    gone = now.current.winners[0]
    assert (
        _not_here(organiser_client, drive, now.current_key, gone.key).status_code == 302
    )
    # The same tap twice (a phone's second press): refused, in words.
    twice = _not_here(organiser_client, drive, now.current_key, gone.key)
    assert twice.status_code == 409
    assert (
        Entry.objects.filter(drive=drive, withdrawn_from_round__isnull=False).count()
        == 1
    )
    bad = organiser_client.post(URL.format(drive.pk), {"action": "back", "entry": "x"})
    assert bad.status_code == 400
    get = organiser_client.get(URL.format(drive.pk))
    assert get.status_code == 405
