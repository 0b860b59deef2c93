"""A winner called at the prize-giving who went home: the MC marks them not
here from the prize-giving page. It is the withdrawal the prize rules already
know (from the round after the last, so every score stands): under the club's
rule the prize passes to the next player, and the projector shows the new
winner on the same prize; under a rule that keeps prizes, the MC's page says
the prize is held. Undo puts them back; a stale page changes nothing."""

from __future__ import annotations

import html

import pytest
from django.test import Client

from drive.models import Drive, DriveState, Entry
from players.models import AuditEvent
from prizes import giving
from prizes import services as prize_services
from prizes.models import DrivePrizeRules
from scoring import selectors as scoring_selectors
from scoring import services as scoring_services
from scoring.cards_in import card_total_enter
from scoring.models import CardTotal
from tests.factories import drive_with_players, play_drive, varied_tricks
from tests.prizes.fixtures import finished_tie, set_order
from tests.prizes.prize_giving import on_show, press

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


@pytest.mark.parametrize(
    ("language", "button"),
    [("it", "Segna assente: {}"), ("ro", "Marcați absența: {}")],
)
def test_the_not_here_button_is_an_action(club, organiser_client, language, button):
    """The MC presses it: an action, as the door's "Segna presente"; the
    Italian said "Assente: Luciano Farina", a state, beside the winner's name."""
    drive, now = _on_second(club, organiser_client)
    gone = now.current.winners[0]
    organiser_client.cookies["django_language"] = language
    page = organiser_client.get(f"/drives/{drive.pk}/prize-giving/").content.decode()
    assert f">{button.format(html.escape(gone.name))}</button>" in page


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
    # A noun, not "Nieobecny(-a)": the MC reads it aloud of a man or a woman.
    assert "Nieobecność: nagroda czeka na tę osobę." in page
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


# --- a prize left with nobody eligible ----------------------------------------------


def _projector(client: Client, drive: Drive) -> str:
    return client.get(
        f"/drives/{drive.pk}/projector/", headers={"HX-Request": "true"}
    ).content.decode()


def _four_places(club, organiser_client) -> Drive:
    """Four players, a prize for each place: a winner not here leaves the
    4th place with nobody (three are left for four places)."""
    set_order(club, "count_back")
    drive, _seats = finished_tie(club)
    prize_services.drive_prizes_update(
        drive=drive, prizes="1st overall\n2nd overall\n3rd overall\n4th overall"
    )
    return drive


def test_a_prize_on_show_left_with_nobody_says_so_and_the_step_stays(
    club, organiser_client
):
    drive = _four_places(club, organiser_client)
    press(organiser_client, drive, "start")
    press(organiser_client, drive, "next")
    drive.refresh_from_db()
    now = giving.prize_giving(drive=drive)
    assert now.current.title == "4th overall"
    gone = now.current.winners[0]

    answer = _not_here(organiser_client, drive, now.current_key, gone.key)

    assert answer.status_code == 302
    # The projector stays on the 4th place (it went back to the title), says
    # it is not given, and counts it.
    projector = _projector(organiser_client, drive)
    assert '<h1 class="prize-title">4th overall</h1>' in projector
    assert "Not given: nobody eligible is left." in projector
    assert "Prize 1 of 4" in projector
    assert gone.name not in projector
    title, page = on_show(organiser_client, drive)
    assert title == "4th overall"
    assert "Not given: nobody eligible is left." in page
    assert "1 of 4 prizes shown." in page
    drive.refresh_from_db()
    assert drive.prize_step == 1
    organiser_client.cookies["django_language"] = "pl"
    assert "Nie przyznano: nie ma już nikogo uprawnionego." in _projector(
        organiser_client, drive
    )
    organiser_client.cookies["django_language"] = "ru"
    assert "Приз не вручается: претендентов не осталось." in _projector(
        organiser_client, drive
    )
    organiser_client.cookies["django_language"] = "en-gb"

    # The giving goes on up the list; Undo gives the prize back.
    press(organiser_client, drive, "next")
    assert on_show(organiser_client, drive)[0] == "3rd overall"
    assert "Prize 2 of 4" in _projector(organiser_client, drive)
    organiser_client.post(URL.format(drive.pk), {"action": "back", "entry": gone.key})
    press(organiser_client, drive, "back")
    drive.refresh_from_db()
    back = giving.prize_giving(drive=drive)
    assert back.current.title == "4th overall"
    assert gone.key in back.current.winners[0].keys and not back.not_given


def test_the_next_prize_left_with_nobody_is_named_to_the_mc(club, organiser_client):
    drive = _four_places(club, organiser_client)
    press(organiser_client, drive, "start")
    drive.refresh_from_db()
    now = giving.prize_giving(drive=drive)
    assert now.upcoming.title == "4th overall"
    gone = now.upcoming.winners[0]
    answer = _not_here(organiser_client, drive, now.upcoming_key, gone.key)
    assert answer.status_code == 302
    page = organiser_client.get(answer.url).content.decode()
    assert "4th overall is not given: nobody eligible is left." in page
    assert "Next: 3rd overall." in page
    press(organiser_client, drive, "next")
    assert on_show(organiser_client, drive)[0] == "3rd overall"
    assert "Prize 1 of 3" in _projector(organiser_client, drive)


# --- pairs and cards in ----------------------------------------------------------------


def test_not_here_in_a_pairs_drive_takes_both_partners_off(club, organiser_client):
    drive = drive_with_players(club=club, players=8, hands=4, format="partners")
    assert drive.plays_in_pairs
    play_drive(drive, tricks=varied_tricks)
    prize_services.drive_prizes_update(drive=drive, prizes="1st overall\n2nd overall")
    press(organiser_client, drive, "start")
    press(organiser_client, drive, "next")
    drive.refresh_from_db()
    now = giving.prize_giving(drive=drive)
    pair = now.current.winners[0]
    assert len(pair.keys) == 2
    page = organiser_client.get(f"/drives/{drive.pk}/prize-giving/").content.decode()
    assert f"Not here: {html.escape(pair.name)}" in page

    answer = _not_here(organiser_client, drive, now.current_key, pair.keys[0])

    assert answer.status_code == 302
    partners = Entry.objects.filter(pk__in=pair.keys)
    assert {e.withdrawn_from_round for e in partners} == {drive.rounds + 1}
    # The prize passed to another pair, both of them on the projector.
    title, page = on_show(organiser_client, drive)
    assert title == "2nd overall"
    drive.refresh_from_db()
    moved = giving.prize_giving(drive=drive).current
    heir = moved.winners[0]
    assert len(heir.keys) == 2 and not set(heir.keys) & set(pair.keys)
    projector = _projector(organiser_client, drive)
    assert html.escape(heir.name) in projector
    assert html.escape(pair.name) not in projector
    # One Undo for the pair, named as it was called.
    assert page.count("Undo: ") == 1
    assert f"Undo: {html.escape(pair.numbers_text)} {html.escape(pair.name)}" in page
    # Undo for one partner brings the pair back, and the prize with them.
    organiser_client.post(
        URL.format(drive.pk), {"action": "back", "entry": pair.keys[1]}
    )
    assert not Entry.objects.filter(
        pk__in=pair.keys, withdrawn_from_round__isnull=False
    ).exists()
    assert giving.prize_giving(drive=drive).current.winners[0].keys == pair.keys


def test_not_here_in_a_drive_of_card_totals(club, organiser_client):
    drive = drive_with_players(club=club, players=8, hands=4, score_entry="cards")
    while drive.state != DriveState.FINISHED:
        scoring_services.round_start_next(drive=drive, round_number=drive.current_round)
        drive.refresh_from_db()
    for number in range(1, 9):
        card_total_enter(drive=drive, number=number, total=number + 3, hands_won=3)
    prize_services.drive_prizes_update(drive=drive, prizes="1st overall\n2nd overall")
    press(organiser_client, drive, "start")
    press(organiser_client, drive, "next")
    drive.refresh_from_db()
    now = giving.prize_giving(drive=drive)
    gone = now.current.winners[0]
    assert (gone.number, gone.total) == (7, 10)

    answer = _not_here(organiser_client, drive, now.current_key, gone.key)

    assert answer.status_code == 302
    # The cards' totals stand; the prize passes to the next card's player.
    assert CardTotal.objects.get(entry_id=gone.key).total == 10
    title, page = on_show(organiser_client, drive)
    assert title == "2nd overall"
    drive.refresh_from_db()
    heir = giving.prize_giving(drive=drive).current.winners[0]
    assert (heir.number, heir.total) == (6, 9)
    projector = _projector(organiser_client, drive)
    assert heir.name in projector and gone.name not in projector
    assert f"Undo: 7 {gone.name}" in page
