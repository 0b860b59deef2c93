"""The race of a drive of fixed pairs (scoring.race): one line for each pair,
named as its boards name it (both numbers, both names, in the reader's words),
its running totals the pair's; a player's own line is their pair's."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from drive import services as drive_services
from drive.models import Entry
from players.pair_names import joined_pair
from scoring import race, selectors
from tests.factories import drive_with_players, play_round, varied_tricks
from tests.scoring.boards import played_rubber_drive
from tests.scoring.chart_tables import heads_of, table_of

pytestmark = pytest.mark.django_db


def pair_labels(drive) -> dict[int, str]:
    """pair number -> its line's label, in the language in force."""
    found: dict[int, list[Entry]] = {}
    for entry in Entry.objects.filter(drive=drive).select_related("player"):
        found.setdefault(entry.pair, []).append(entry)
    return {
        pair: joined_pair(sorted(e.number for e in entries))
        + " "
        + joined_pair(str(e.player) for e in sorted(entries, key=lambda e: e.number))
        for pair, entries in found.items()
    }


def test_a_rubber_drive_races_its_four_pairs(club, organiser):
    drive = played_rubber_drive(club, organiser)
    scores = selectors.board_scores(drive=drive)
    found = race.race(scores)
    # Eight players, four pairs: four lines, not eight lying two by two.
    assert len(found.lines) == 4
    assert sorted(line.label for line in found.lines) == sorted(
        pair_labels(drive).values()
    )
    # Each line ends on its pair's board total, in the board's order.
    board = scores.board()
    assert [line.totals[-1] for line in found.lines] == [r.total for r in board]
    assert [line.numbers for line in found.lines] == [r.numbers for r in board]


@pytest.mark.parametrize(("language", "word"), [("ru", " и "), ("pl", " i ")])
def test_a_pairs_label_is_in_the_readers_words(club, organiser, language, word):
    drive = played_rubber_drive(club, organiser)
    with translation.override(language):
        found = race.race(selectors.board_scores(drive=drive))
        labels = [line.label for line in found.lines]
        assert sorted(labels) == sorted(pair_labels(drive).values())
    assert all(label.count(word) == 2 for label in labels), labels


def test_a_players_own_line_is_their_pairs(club, organiser):
    drive = played_rubber_drive(club, organiser)
    scores = selectors.board_scores(drive=drive)
    last = scores.board()[-1]
    found = race.race(scores, top=1, own_number=last.numbers[1])
    assert [(line.numbers, line.own) for line in found.lines] == [
        (scores.board()[0].numbers, False),
        (last.numbers, True),
    ]


def test_the_public_board_of_a_partners_drive_draws_a_line_for_each_pair(club):
    drive = drive_with_players(players=8, club=club, format="partners", hands=3)
    drive = drive_services.public_link_set(drive=drive, shared=True)
    play_round(drive, tricks=varied_tricks)
    html = Client().get(f"/p/{drive.public_key}/").content.decode()
    board = selectors.board_scores(drive=drive).board()
    assert len(board) == 4
    labels = pair_labels(drive)
    heads = heads_of(html, "race")
    # One legend entry (and column) for each pair, as its board line names it.
    assert sorted(heads) == sorted(labels.values())
    table = table_of(html, "race")
    assert table[max(table, key=int)] == [str(r.total) for r in board]
    # The SVG's legend names each pair once.
    svg = html[html.index("<svg") : html.index("</svg>")]
    for pair_numbers in (joined_pair(r.numbers) for r in board):
        assert svg.count(pair_numbers.replace("&", "&amp;")) == 1, pair_numbers
