"""A prediction whist drive ranked by share (issue #32): the prizes go by the
average share of the table, and every page and download that ranks shows it
(the boards, the projector, the results page and its cards, the workbook and
the CSV). The points stay on every card."""

from __future__ import annotations

import io

import pytest
from openpyxl import load_workbook

from drive.forms import DriveForm
from drive.models import DriveState, PredictionRanking
from drive.setup import IN_PLAY_FIELDS, SETUP_FIELDS
from printing import exports
from printing.documents import filled_cards
from printing.result_message import Composer
from prizes.result_cards import result_cards
from prizes.selectors import drive_prizes
from scoring.prediction_share import share_percent
from scoring.selectors import leaderboard
from tests.factories import drive_with_players, prediction_drive
from tests.printing.prediction_drive import play_predictions

pytestmark = pytest.mark.django_db


def percent_text(share) -> str:
    return f"{share_percent(share):.1f}%"


@pytest.fixture
def finished(club):
    drive = prediction_drive(
        club, players=9, games=2, prediction_ranking=PredictionRanking.SHARE
    )
    play_predictions(drive, seed=5)
    drive.refresh_from_db()
    assert drive.state == DriveState.FINISHED
    return drive


def test_the_setting_is_a_prediction_whist_one_fixed_once_play_starts(
    club, organiser_client
):
    page = organiser_client.get("/drives/new/").content.decode()
    assert "By share of the table" not in page
    page = organiser_client.get("/drives/new/?format=prediction").content.decode()
    assert "By share of the table" in page
    assert "prediction_ranking" in SETUP_FIELDS
    assert "prediction_ranking" not in IN_PLAY_FIELDS
    wist = prediction_drive(club, players=8, games=2, start=False)
    assert "prediction_ranking" in DriveForm(instance=wist).fields
    other = drive_with_players(players=8, club=club, start=False)
    assert "prediction_ranking" not in DriveForm(instance=other).fields
    assert not other.ranks_by_share


def test_prizes_go_by_the_share(finished):
    rows = leaderboard(drive=finished)
    shares = {row.entry: row.share for row in rows}
    awards = {a.title: a for a in drive_prizes(drive=finished).awards}
    first = awards["1st overall"].winners[0]
    assert first.share == max(shares.values()) == shares[first.key]
    booby = awards["Booby"].winners[0]
    assert booby.share == min(shares.values())
    half = awards["Half-time leader"].winners[0]
    assert half.share is not None and half.total is not None


def test_the_pages_show_the_share(finished, organiser_client):
    rows = leaderboard(drive=finished)
    best = rows[0]
    board = organiser_client.get(f"/drives/{finished.pk}/leaderboard/")
    html = board.content.decode()
    assert ">Share</th>" in html and percent_text(best.share) in html
    projector = organiser_client.get(f"/drives/{finished.pk}/projector/")
    assert percent_text(best.share) in projector.content.decode()
    results = organiser_client.get(f"/drives/{finished.pk}/results/")
    assert f"share {percent_text(best.share)}" in results.content.decode()
    cards = {card.number: card for card in result_cards(drive=finished)}
    assert cards[best.number].share == best.share
    assert cards[best.number].total == best.total  # the points, as the book says
    # The printed filled-in card ends with the points and the share.
    printed = filled_cards(drive=finished)[best.number]
    assert printed.rows[-1].label == (
        f"Final total (share of the table {percent_text(best.share)})"
    )
    assert printed.rows[-1].running_total == best.total
    # The results e-mail says the place, the points and the share.
    entry = finished.entries.get(pk=best.entry)
    assert Composer(finished).places(entry) == [
        f"Overall: place 1 of 9, {best.total} points, "
        f"share of the table {percent_text(best.share)}"
    ]


def test_the_workbook_and_csv_end_with_the_share(finished):
    buffer = io.BytesIO()
    exports.write_workbook(drive=finished, output=buffer)
    buffer.seek(0)
    book = load_workbook(buffer, read_only=True)
    results = [list(r) for r in book["Results"].iter_rows(values_only=True)]
    assert results[0][-1] == "Share (%)"
    by_number = {row.number: row for row in leaderboard(drive=finished)}
    for line in results[1:]:
        standing = by_number[line[1]]
        assert line[0] == standing.rank
        assert line[-1] == float(share_percent(standing.share))
    prizes = [list(r) for r in book["Prizes"].iter_rows(values_only=True)]
    assert prizes[0][-1] == "Share (%)"
    assert prizes[1][-1] == float(share_percent(by_number[prizes[1][1]].share))
    text = io.StringIO()
    exports.write_results_csv(drive=finished, output=text)
    assert text.getvalue().splitlines()[0].endswith("Share (%)")
