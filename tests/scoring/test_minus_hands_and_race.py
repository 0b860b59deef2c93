"""The hand history and the race write a negative score with the true minus,
U+2212 ("−3"), as every other page does (players.score_text), not the
hyphen-minus "-3"."""

from __future__ import annotations

import pytest

from scoring import charts
from scoring import services as scoring_services
from tests.factories import drive_with_players, play_drive
from tests.scoring.fixtures import as_read

pytestmark = pytest.mark.django_db

MINUS = "\u2212"


@pytest.fixture
def below_zero(club, organiser):
    """Table 1, hand 1: N-S take 5 and revoke, and a revoke costs 3 points:
    N-S score 0 less 3."""
    drive = drive_with_players(players=8, club=club, hands=2, revoke_penalty="deduct")
    drive = play_drive(drive, by=organiser)
    scoring_services.hand_result_submit(
        drive=drive, table=1, hand=1, ns_tricks=5, revoke="NS", by=organiser
    )
    return drive


def test_all_hands_writes_a_negative_score_with_the_minus(organiser_client, below_zero):
    html = organiser_client.get(f"/drives/{below_zero.pk}/hands/").content.decode()
    assert f'<td class="num">{MINUS}3</td>' in html
    assert ">-3<" not in html


def test_a_hands_history_writes_its_scores_with_the_minus(organiser_client, below_zero):
    html = as_read(
        organiser_client.get(
            f"/drives/{below_zero.pk}/hands/1/table/1/"
        ).content.decode()
    )
    # Now, and the version in the history that has the revoke.
    assert f"Scores: N-S {MINUS}3, " in html
    assert f"<td>N-S {MINUS}3, " in html
    assert "N-S -3" not in html


def test_the_race_numbers_its_axis_and_table_with_the_minus():
    chart = charts.Chart(
        title="The race",
        x_label="Hand",
        y_label="Running total",
        lines=(
            charts.Line("1 Ann", ((1, -13), (2, -4), (3, 6))),
            charts.Line("2 Bob", ((1, 2), (2, 5), (3, 9))),
        ),
    )
    svg = charts.svg(chart, size=charts.PAGE, id="race")
    axis = [n for n in svg.split(">") if n.endswith("</text")]
    numbers = [n.removesuffix("</text") for n in axis]
    assert any(n.startswith(MINUS) for n in numbers), numbers
    assert not any(n.startswith("-") for n in numbers), numbers
    assert [row for row in chart.table() if row[0] == "1"] == [
        ("1", [f"{MINUS}13", "2"])
    ]
