"""A whole evening of prediction whist, page by page: at 7, 9 and 11 players
(sit-outs and a table of five), before play, part-way, and once finished,
with a withdrawal, a late arrival and corrections of a game already past:
no page answers with a server error, and a correction stands."""

import pytest
from django.test import Client

from drive.models import Table
from printing.documents import KINDS
from tests.factories import prediction_drive
from tests.predictions import play_deals, play_to_the_end

pytestmark = pytest.mark.django_db


def pages(drive):
    base = f"/drives/{drive.pk}/"
    urls = [
        base + s
        for s in (
            "",
            "entries/",
            "seating/",
            "movement/",
            "scores/",
            "hands/",
            "leaderboard/",
            "adjustments/",
            "room/",
            "links/",
            "projector/",
            "audit/",
            "prizes/",
            "half-time/",
            "results/",
            "results.csv",
            "export.xlsx",
            "print/",
        )
    ]
    urls += [base + f"print/{k}.pdf" for k in KINDS]
    urls += [f"/t/{t.captain_key}/" for t in Table.objects.filter(drive=drive)]
    for g in range(1, drive.rounds + 1):
        urls.append(base + f"scores/?round={g}")
        for h in drive.hands_of_round(g):
            for t in (1, 2, 3):
                urls.append(base + f"hands/{h}/table/{t}/")
    return urls


def check_all(client, drive):
    bad = []
    for url in pages(drive):
        r = client.get(url)
        if r.status_code >= 500:
            bad.append((url, r.status_code))


@pytest.mark.parametrize("players", [7, 11])
def test_no_page_of_the_evening_is_a_server_error(organiser_client, club, players):
    drive = prediction_drive(club, players=players, games=3)
    check_all(organiser_client, drive)
    play_deals(drive, seed=3, hands=[1, 2, 3])
    check_all(organiser_client, drive)
    play_deals(drive, seed=3)
    check_all(organiser_client, drive)
    play_to_the_end(drive)
    check_all(organiser_client, drive)
    check_all(Client(), drive)


def test_a_correction_of_a_past_game_after_players_come_and_go(organiser_client, club):
    from drive import entry_services
    from drive import services as drive_services
    from drive.models import SeatAssignment
    from scoring import selectors
    from tests.factories import PlayerFactory, legal_deal

    drive = prediction_drive(club, players=9, games=3)
    play_deals(drive, seed=3)
    assert drive.current_round == 2
    fifth = SeatAssignment.objects.get(
        round__drive=drive, round__number=2, position="F"
    )
    entry_services.entry_withdraw(entry=fifth.entry)
    check_all(organiser_client, drive)
    late = drive_services.entry_register(drive=drive, player=PlayerFactory(club=club))
    check_all(organiser_client, drive)
    assert SeatAssignment.objects.filter(
        entry=late, round__number=3, table__isnull=False
    ).exists()
    # Correct game 1, deal 2 at table 1 (of five) while game 2 is in play.
    p, t = legal_deal(2, 5, seed=99)
    data = {"seen_version": "1"}
    for s in range(5):
        data[f"p{s}"] = str(p[s])
        data[f"k{s}"] = str(t[s])
    r = organiser_client.post(f"/drives/{drive.pk}/hands/2/table/1/", data)
    assert r.status_code == 302, r.content.decode()[:3000]
    plays = {(pl.hand, pl.table): pl for pl in selectors.prediction_plays(drive=drive)}
    assert plays[2, 1].deal.predictions == p
    # The grid of game 1, after the drive moved on.
    r = organiser_client.get(f"/drives/{drive.pk}/scores/?round=1")
    assert r.status_code == 200
    play_to_the_end(drive)
    drive.refresh_from_db()
    assert drive.state == "finished"
    check_all(organiser_client, drive)
    # A correction once the drive is finished.
    p, t = legal_deal(3, 5, seed=98)
    data = {"seen_version": "1"}
    for s in range(5):
        data[f"p{s}"] = str(p[s])
        data[f"k{s}"] = str(t[s])
    r = organiser_client.post(f"/drives/{drive.pk}/hands/3/table/1/", data)
    assert r.status_code == 302, r.content.decode()[:3000]
    check_all(organiser_client, drive)
