"""Silent rounds on the boards players see: the projector, the shared
leaderboard, the captains' phones and the public results keep the last rounds
quiet, while the organiser's pages show everything (drive.silence)."""

from __future__ import annotations

import pytest
from django.test import Client

from drive import services as drive_services
from drive.models import Drive, DriveState, Table
from prizes import giving_services
from scoring import captain as captain_services
from scoring import selectors
from tests.factories import drive_with_players, play_round, varied_tricks

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
SILENT_LINE = "The last round is silent: the final results at the prize-giving."


def totals(scores) -> dict[int, int]:
    return {row.number: row.total for row in scores.standings()}


@pytest.fixture
def drive(club) -> Drive:
    """Three one-hand rounds, the last silent; rounds 1 and 2 played, so round
    3, the silent one, is in play; the leaderboard shared."""
    drive = drive_with_players(players=8, club=club, hands=3, silent_rounds=1)
    drive = drive_services.public_link_set(drive=drive, shared=True)
    play_round(drive, tricks=varied_tricks)
    play_round(drive, tricks=varied_tricks)
    assert drive.current_round == 3
    return drive


def before_the_silence(drive: Drive) -> dict[int, int]:
    return totals(selectors.drive_scores(drive=drive))


def test_the_boards_count_the_hands_before_the_silent_rounds(drive):
    before = before_the_silence(drive)
    assert totals(selectors.board_scores(drive=drive)) == before
    play_round(drive, tricks=lambda deal: 13 if deal.table == 1 else 0)
    assert drive.state == DriveState.FINISHED
    live = totals(selectors.drive_scores(drive=drive))
    assert live != before
    # Finished but not revealed: the boards still stand after round 2.
    frozen = selectors.board_scores(drive=drive)
    assert totals(frozen) == before and frozen.hands_complete == 2
    giving_services.silence_lift(drive=drive)
    drive.refresh_from_db()
    assert totals(selectors.board_scores(drive=drive)) == live


def test_the_projector_and_public_board_show_the_standings_before_the_silence(
    drive, organiser_client
):
    before = before_the_silence(drive)
    play_round(drive, tricks=lambda deal: 13 if deal.table == 1 else 0)
    live = before_the_silence(drive)
    assert live != before

    shown = organiser_client.get(f"/drives/{drive.pk}/projector/")
    assert {r.number: r.total for r in shown.context["rows"]} == before
    assert SILENT_LINE in shown.content.decode()
    assert "Final results" not in shown.content.decode()

    public = Client().get(f"/p/{drive.public_key}/")
    overall = public.context["boards"][0][2]
    assert {r.number: r.total for r in overall} == before
    assert SILENT_LINE in public.content.decode()
    # A finished but silent board keeps asking, to show the reveal.
    assert Client().get(f"/p/{drive.public_key}/", headers=HTMX).status_code == 200

    # The organiser's own leaderboard sees everything, and says the boards are silent.
    own = organiser_client.get(f"/drives/{drive.pk}/leaderboard/")
    overall = own.context["boards"][0][2]
    assert {r.number: r.total for r in overall} == live
    assert "keep the last round silent" in own.content.decode()


def test_the_public_results_wait_for_the_reveal(drive, organiser_client):
    play_round(drive, tricks=varied_tricks)
    path = f"/p/{drive.public_key}/results/"
    hidden = Client().get(path)
    assert hidden.status_code == 200 and hidden.context["results"] is None
    assert SILENT_LINE in hidden.content.decode()
    answer = organiser_client.post(f"/drives/{drive.pk}/reveal/")
    assert answer.status_code == 302
    shown = Client().get(path)
    assert shown.context["results"] is not None
    assert SILENT_LINE not in shown.content.decode()


def test_reveal_is_refused_while_play_goes_on(drive, organiser_client):
    answer = organiser_client.post(f"/drives/{drive.pk}/reveal/")
    assert answer.status_code == 400
    assert "once the drive is finished" in answer.content.decode()
    drive.refresh_from_db()
    assert not drive.silence_lifted


def test_a_result_in_a_silent_round_changes_no_etag_of_a_board_players_see(
    drive, organiser_client
):
    """A 304 or a 200 must not tell the hall that a silent round's result came in."""
    public = Client()
    public_tag = public.get(f"/p/{drive.public_key}/", headers=HTMX)["ETag"]
    projector = f"/drives/{drive.pk}/projector/?board=overall"
    projector_tag = organiser_client.get(projector, headers=HTMX)["ETag"]
    leaderboard = f"/drives/{drive.pk}/leaderboard/"
    own_tag = organiser_client.get(leaderboard, headers=HTMX)["ETag"]

    # One table of two sends its round-3 result: the round goes on.
    captain_services.captain_result_submit(
        table=Table.objects.get(drive=drive, number=1),
        hand=3,
        ns_tricks=13,
        idempotency_key="s" * 22,
    )
    again = public.get(
        f"/p/{drive.public_key}/", headers={**HTMX, "If-None-Match": public_tag}
    )
    assert again.status_code == 304
    again = organiser_client.get(
        projector, headers={**HTMX, "If-None-Match": projector_tag}
    )
    assert again.status_code == 304
    # The organiser's leaderboard is made afresh.
    again = organiser_client.get(
        leaderboard, headers={**HTMX, "If-None-Match": own_tag}
    )
    assert again.status_code == 200


def test_the_captains_phone_shows_no_running_totals_in_a_silent_round(club):
    drive = drive_with_players(players=8, club=club, hands=3, silent_rounds=1)
    key = Table.objects.get(drive=drive, number=1).captain_key
    first = Client().get(f"/t/{key}/")
    assert first.context["quiet"] is False
    assert SILENT_LINE not in first.content.decode()
    play_round(drive)
    play_round(drive)
    silent = Client().get(f"/t/{key}/")
    assert silent.context["quiet"] is True
    assert SILENT_LINE in silent.content.decode()


def test_silent_rounds_are_set_on_the_drive_and_changed_during_play(
    drive, organiser_client
):
    from drive.forms import DriveForm

    form = DriveForm(instance=drive)
    data = {name: field.value() for name, field in ((n, form[n]) for n in form.fields)}
    data = {k: ("" if v is None else v) for k, v in data.items() if v is not False}
    data["silent_rounds"] = 2
    answer = organiser_client.post(f"/drives/{drive.pk}/edit/", data)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    drive.refresh_from_db()
    assert drive.silent_rounds == 2
    data["silent_rounds"] = 3  # every round of three: nothing left to show
    answer = organiser_client.post(f"/drives/{drive.pk}/edit/", data)
    assert answer.status_code == 400
    assert "keep fewer rounds silent" in answer.content.decode()
    drive.refresh_from_db()
    assert drive.silent_rounds == 2
