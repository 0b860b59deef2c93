"""Half-time in a drive of fixed pairs reads by pairs, as the boards do
(scoring.pair_lines): its boards have a line for each pair, and the projector's
banner names the leading pair by both numbers and both partners."""

from __future__ import annotations

import pytest

from players.pair_names import joined_pair
from prizes.selectors import half_time, in_interval
from tests.factories import play_round, rubber_drive, varied_tricks

pytestmark = pytest.mark.django_db


def test_half_time_boards_and_leaders_are_pairs(club, organiser):
    drive = rubber_drive(club)
    play_round(drive, tricks=varied_tricks, by=organiser)
    assert in_interval(drive=drive)
    half = half_time(drive=drive)
    ((_title, _slug, lines),) = half.boards
    assert len(lines) == 4
    assert all(len(line.numbers) == 2 and len(line.members) == 2 for line in lines)
    totals = [line.total for line in lines]
    assert totals == sorted(totals, reverse=True)
    leaders = half.leaders()
    assert leaders and all(line.rank == 1 for line in leaders)
    assert all(" & " in line.name for line in leaders)
    assert {line.numbers for line in leaders} <= {line.numbers for line in lines}


def test_the_projector_banner_names_the_leading_pair(club, organiser, organiser_client):
    drive = rubber_drive(club)
    play_round(drive, tricks=varied_tricks, by=organiser)
    leader = half_time(drive=drive).leaders()[0]
    assert len(leader.numbers) == 2
    page = organiser_client.get(f"/drives/{drive.pk}/projector/").content.decode()
    banner = page[page.index("half-time-banner") :]
    banner = banner[: banner.index("</section>")].replace("&amp;", "&")
    assert f"{joined_pair(leader.numbers)} {leader.name}" in banner
