"""Every prize rule on crafted standings: no database (the typed list:
test_prize_list)."""

from __future__ import annotations

from prizes.engine import AwardStatus, award_prizes, open_draws
from prizes.prize_list import DEFAULT_PRIZES, Contest, PrizeKind, PrizeSpec
from scoring.tiebreaks import Rule
from tests.prizes.competitors import evening, player


def winners(award):
    return [w.number for w in award.winners]


FIELD = [
    player(1, "A", [3, 2, 0, 4]),  # 9
    player(2, "B", [2, 2, 2, 2]),  # 8
    player(3, "A", [1, 1, 3, 2]),  # 7
    player(4, "B", [0, 1, 1, 1]),  # 3
    player(5, "A", [0, 0, 1, 0]),  # 1
    player(6, "B", [4, 1, 0, 1]),  # 6
]


def test_overall_places_group_leaders_and_booby():
    specs = [
        PrizeSpec(PrizeKind.OVERALL, 1),
        PrizeSpec(PrizeKind.OVERALL, 2),
        PrizeSpec(PrizeKind.OVERALL, 3),
        PrizeSpec(PrizeKind.GROUP, 1, "A"),
        PrizeSpec(PrizeKind.GROUP, 1, "B"),
        PrizeSpec(PrizeKind.GROUP, 2, "B"),
        PrizeSpec(PrizeKind.BOOBY),
    ]
    awards = award_prizes(specs, evening(FIELD))
    assert [winners(a) for a in awards] == [[1], [2], [3], [1], [2], [6], [5]]
    assert [a.title for a in awards] == [
        "1st overall",
        "2nd overall",
        "3rd overall",
        "Highest Ladies",
        "Highest Gents",
        "2nd Gents",
        "Booby",
    ]
    assert all(a.status is AwardStatus.WON for a in awards)
    assert awards[0].winners[0].total == 9
    assert awards[0].note == ""  # nobody was level


def test_one_prize_per_person_skips_earlier_winners():
    specs = [
        PrizeSpec(PrizeKind.OVERALL, 1),
        PrizeSpec(PrizeKind.OVERALL, 2),
        PrizeSpec(PrizeKind.GROUP, 1, "A"),
        PrizeSpec(PrizeKind.GROUP, 1, "B"),
        PrizeSpec(PrizeKind.OVERALL, 3),
    ]
    awards = award_prizes(specs, evening(FIELD, one_prize_per_person=True))
    # Highest Ladies skips 1 (1st overall): 3. Highest Gents skips 2: 6.
    # 3rd overall counts from the overall standings without 3 and 6: 4.
    assert [winners(a) for a in awards] == [[1], [2], [3], [6], [4]]
    # Without the option the same player may win several prizes.
    awards = award_prizes(specs, evening(FIELD))
    assert [winners(a) for a in awards] == [[1], [2], [1], [2], [3]]


def test_level_players_decided_by_count_back():
    players = [
        player(1, "A", [2, 2, 2, 0]),  # 6, last hand 0
        player(2, "B", [0, 2, 2, 2]),  # 6, last hand 2
        player(3, "A", [1, 0, 0, 0]),
    ]
    awards = award_prizes(
        [PrizeSpec(PrizeKind.OVERALL, 1), PrizeSpec(PrizeKind.OVERALL, 2)],
        evening(players),
    )
    assert winners(awards[0]) == [2] and awards[0].note == "decided by count-back"
    assert winners(awards[1]) == [1] and awards[1].note == "decided by count-back"


def test_shared_first_pools_the_first_two_prizes():
    players = [player(1, "A", [2, 2]), player(2, "B", [2, 2]), player(3, "A", [1, 0])]
    specs = [
        PrizeSpec(PrizeKind.OVERALL, 1),
        PrizeSpec(PrizeKind.OVERALL, 2),
        PrizeSpec(PrizeKind.OVERALL, 3),
    ]
    awards = award_prizes(specs, evening(players, last_hand=2, order=[Rule.SHARED]))
    assert [a.status for a in awards] == [
        AwardStatus.SHARED,
        AwardStatus.SHARED,
        AwardStatus.WON,
    ]
    assert winners(awards[0]) == winners(awards[1]) == [1, 2]
    assert awards[0].note == "shared"
    assert winners(awards[2]) == [3]


def test_a_tie_waits_for_the_draw_then_the_cut_decides():
    players = [player(1, "A", [2, 2]), player(2, "B", [2, 2]), player(3, "A", [0, 1])]
    specs = [PrizeSpec(PrizeKind.OVERALL, 1), PrizeSpec(PrizeKind.OVERALL, 2)]
    order = [Rule.COUNT_BACK, Rule.DRAW]
    awards = award_prizes(specs, evening(players, last_hand=2, order=order))
    assert awards[0].status is AwardStatus.AWAITING_DRAW
    assert awards[0].draw_keys == (1, 2)
    assert open_draws(awards) == [(Contest.FINAL, (1, 2), "1st overall")]
    drawn = {Contest.FINAL: {frozenset({1, 2}): 2}}
    awards = award_prizes(
        specs, evening(players, last_hand=2, order=order, draws=drawn)
    )
    assert winners(awards[0]) == [2] and awards[0].note == "decided by a draw"
    assert winners(awards[1]) == [1]
    assert open_draws(awards) == []


def test_booby_goes_to_the_loser_of_the_tie_break():
    players = [
        player(1, "A", [5, 5]),
        player(2, "B", [1, 0]),  # 1, last hand 0: worse on count-back
        player(3, "A", [0, 1]),
    ]
    awards = award_prizes([PrizeSpec(PrizeKind.BOOBY)], evening(players, last_hand=2))
    assert winners(awards[0]) == [2]
    assert awards[0].note == "decided by count-back"


def test_half_time_leader_overall_and_per_group():
    players = [
        player(1, "A", [1, 1, 5, 5], half=2),
        player(2, "B", [3, 0, 0, 0], half=3),
        player(3, "A", [0, 3, 0, 0], half=3),  # level with 2; better on hand 2
        player(4, "B", [0, 0, 0, 0], half=0),
    ]
    specs = [
        PrizeSpec(PrizeKind.HALF_TIME),
        PrizeSpec(PrizeKind.HALF_TIME, group="A"),
        PrizeSpec(PrizeKind.HALF_TIME, group="B"),
    ]
    awards = award_prizes(specs, evening(players, half_hand=2, half_time_reached=True))
    # Count-back at half-time starts from the half-way hand (2), not the last.
    assert winners(awards[0]) == [3]
    assert awards[0].note == "decided by count-back; after hand 2"
    assert awards[0].winners[0].total == 3  # the half-time total
    assert winners(awards[1]) == [3]
    assert winners(awards[2]) == [2]
    pending = award_prizes(specs, evening(players, half_hand=2))
    assert all(a.status is AwardStatus.PENDING for a in pending)
    assert pending[0].note == "after hand 2"


def test_most_hands_won():
    players = [
        player(1, "A", [7, 0, 0, 0]),  # 1 hand won
        player(2, "B", [1, 1, 1, 0]),  # 3 hands won
        player(3, "A", [1, 1, 0, 1]),  # 3 hands won, and won the last: count-back
    ]
    awards = award_prizes([PrizeSpec(PrizeKind.MOST_HANDS_WON)], evening(players))
    assert winners(awards[0]) == [3]
    assert awards[0].note == "decided by count-back; 3 hands won"
    assert awards[0].winners[0].total == 3


def test_mystery_score_closest_total_wins():
    players = [player(1, "A", [10]), player(2, "B", [14]), player(3, "A", [20])]
    spec = [PrizeSpec(PrizeKind.MYSTERY)]
    awards = award_prizes(spec, evening(players, last_hand=1, mystery=13))
    assert winners(awards[0]) == [2]
    assert awards[0].note == "1 away from the mystery score 13"
    exact = award_prizes(spec, evening(players, last_hand=1, mystery=20))
    assert exact[0].note == "exactly the mystery score 20"
    assert award_prizes(spec, evening(players))[0].status is AwardStatus.PENDING


def test_mystery_score_equally_close_goes_to_the_tie_break():
    players = [
        player(1, "A", [5, 5]),  # 10: 2 below
        player(2, "B", [6, 8]),  # 14: 2 above, better last hand
        player(3, "A", [0, 1]),
    ]
    order = [Rule.COUNT_BACK, Rule.DRAW]
    awards = award_prizes(
        [PrizeSpec(PrizeKind.MYSTERY)],
        evening(players, last_hand=2, mystery=12, order=order),
    )
    assert winners(awards[0]) == [2]
    assert awards[0].note == "decided by count-back; 2 away from the mystery score 12"
    # Shared when the club shares ties.
    awards = award_prizes(
        [PrizeSpec(PrizeKind.MYSTERY)],
        evening(players, last_hand=2, mystery=12, order=[Rule.SHARED]),
    )
    assert awards[0].status is AwardStatus.SHARED and winners(awards[0]) == [1, 2]


def test_custom_prizes_are_the_organisers_choice():
    specs = [
        PrizeSpec(PrizeKind.CUSTOM, name="Raffle", winner=4),
        PrizeSpec(PrizeKind.CUSTOM, name="Best hat"),
        PrizeSpec(PrizeKind.BOOBY),
    ]
    awards = award_prizes(specs, evening(FIELD, one_prize_per_person=True))
    assert awards[0].title == "Raffle" and winners(awards[0]) == [4]
    assert awards[1].status is AwardStatus.PENDING
    # The booby skips 4 (and 5 is lowest anyway).
    assert winners(awards[2]) == [5]


def test_prizes_nobody_can_win():
    specs = [
        PrizeSpec(PrizeKind.OVERALL, 9),
        PrizeSpec(PrizeKind.GROUP, 1, "A"),
        PrizeSpec(PrizeKind.HALF_TIME),
    ]
    awards = award_prizes(specs, evening(FIELD, has_groups=False))
    assert [a.status for a in awards] == [AwardStatus.NONE] * 3
    assert [a.note for a in awards] == [
        "not enough players",
        "this drive has no groups",
        "this drive has no half-time",
    ]
    assert award_prizes(DEFAULT_PRIZES, evening([]))[0].note == "nobody to award it to"
