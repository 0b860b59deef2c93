"""The projector's half-time banner when a tie-break placed the leader first:
the live board during play shows everyone on the leader's total sharing first
place, so the banner says who else is on it and what put them behind, in the
words the MC reads at the prize-giving ("Level with 5 Anna Nowak: decided by
count-back."). Nothing more when the leader is alone on their total, or the
rules leave the leaders level (the lead shared). Overall, on each group's
board, and by pairs in a drive of fixed pairs."""

from __future__ import annotations

import html

import pytest

from drive.models import Entry
from prizes import selectors as prize_selectors
from scoring.tiebreaks import Rule
from tests.factories import drive_with_players, play_round

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
HANDS = [(1, 1), (1, 2), (2, 1), (2, 2)]


def interval(club, tricks, **settings):
    """Eight players (or four pairs), half-time after hand 2 of 4: `tricks`,
    N-S's tricks at hand 1 table 1, table 2, then hand 2 table 1, table 2."""
    drive = drive_with_players(players=8, hands=4, club=club, **settings)
    by_deal = dict(zip(HANDS, tricks, strict=True))
    while not prize_selectors.in_interval(drive=drive):
        play_round(drive, tricks=lambda deal: by_deal[(deal.hand, deal.table)])
    return drive


# 7 and 5 level on 7 after hand 2, 7 ahead on count-back (7 scored 6 of them
# on hand 2); in group B (the even numbers) 6 ahead of 8 on 6 the same way.
PLACED = (12, 7, 7, 12)
# 7 alone in the lead on 10.
ALONE = (13, 9, 7, 13)
# N-S win every hand: those who sat N-S twice are level, and stay so.
SHARED = (9, 9, 9, 9)


def carried(drive, group=None):
    notice = prize_selectors.half_time_notice(drive, group)
    placed = notice.context["placed"]
    leaders = [row.number for row in notice.context["leaders"]]
    if placed is None:
        return leaders, None
    return leaders, (placed.rule, [row.shown_numbers for row in placed.level])


@pytest.mark.parametrize(
    ("group", "leader", "level"), [(None, 7, 5), ("A", 7, 5), ("B", 6, 8)]
)
def test_the_notice_says_who_a_tie_break_placed_the_leader_ahead_of(
    club, group, leader, level
):
    drive = interval(club, PLACED)
    assert carried(drive, group) == ([leader], (Rule.COUNT_BACK, [(level,)]))


def test_nobody_is_named_beside_a_leader_alone_on_their_total(club):
    drive = interval(club, ALONE)
    assert carried(drive) == ([7], None)


def test_nobody_is_named_beside_leaders_the_rules_leave_level(club):
    drive = interval(club, SHARED)
    leaders, placed = carried(drive)
    assert len(leaders) > 1 and placed is None


def test_a_pair_placed_first_is_said_beside_the_pair_level_with_it(club):
    # Partners: pairs 5 & 6 and 1 & 2 level on 3, 5 & 6 ahead on count-back.
    drive = interval(club, (5, 5, 9, 7), format="partners")
    notice = prize_selectors.half_time_notice(drive, None)
    (leader,) = notice.context["leaders"]
    assert leader.numbers == (5, 6)
    placed = notice.context["placed"]
    assert [row.numbers for row in placed.level] == [(1, 2)]
    (pair,) = placed.level
    assert placed.words == f"Level with 1 & 2 {pair.name}: decided by count-back."


def banner(client, drive, language: str, board: str = "overall") -> str:
    """The banner's line of the leaders, as the hall reads it."""
    client.cookies["django_language"] = language
    url = f"/drives/{drive.pk}/projector/?board={board}"
    text = client.get(url, headers=HTMX).content.decode()
    said = text.split('<section class="half-time-banner"')[1].split("</section>")[0]
    line = said.split('class="projector-note">')[1].split("</p>")[0]
    return html.unescape(line.replace('<span class="half-time-tie">', "")).replace(
        "</span>", ""
    )


def named(drive, names: dict[int, str]) -> None:
    for number, name in names.items():
        player = Entry.objects.get(drive=drive, number=number).player
        player.name = name
        player.save()


SAID = {
    "ru": (
        "Лидирует: 7 Mieczysław Stępień (7 очков). Тот же результат у "
        "участника: 5 Anna Nowak; решено сравнением с конца."
    ),
    "pl": (
        "Prowadzi: 7 Mieczysław Stępień (7 punktów). Ten sam wynik ma też "
        "5 Anna Nowak; rozstrzygnięte od końca."
    ),
    "en-gb": (
        "Leading: 7 Mieczysław Stępień (7 points). Level with 5 Anna Nowak: "
        "decided by count-back."
    ),
}


@pytest.mark.parametrize("language", ["ru", "pl", "en-gb"])
def test_the_projector_in_the_interval_says_who_the_leader_is_level_with(
    club, organiser_client, language
):
    drive = interval(club, PLACED)
    named(drive, {7: "Mieczysław Stępień", 5: "Anna Nowak"})
    assert banner(organiser_client, drive, language) == SAID[language]
    # Group A's board has the same two; group B's its own.
    assert banner(organiser_client, drive, language, "group-a") == SAID[language]
    assert "5 Anna Nowak" not in banner(organiser_client, drive, language, "group-b")


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("ru", "Лидирует: 7 Mieczysław Stępień (10 очков)"),
        ("pl", "Prowadzi: 7 Mieczysław Stępień (10 punktów)"),
    ],
)
def test_a_leader_alone_is_said_as_before(club, organiser_client, language, said):
    drive = interval(club, ALONE)
    named(drive, {7: "Mieczysław Stępień"})
    assert banner(organiser_client, drive, language) == said
