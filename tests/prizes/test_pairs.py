"""Prizes in a drive of fixed pairs go to pairs: the engine on plain values, the
standings' tie-breaks, then a partners drive played through the services and pages."""

from __future__ import annotations

import io
from fractions import Fraction

import pytest
from openpyxl import load_workbook

from drive.models import DriveState, Entry
from prizes import selectors as prize_selectors
from prizes.competitors import Competitor, pairs_of
from prizes.engine import AwardStatus, Evening, award_prizes, open_draws
from prizes.models import TieDraw
from prizes.prize_list import PrizeKind, PrizeSpec
from scoring import selectors
from scoring.standings import EntryRecord, unranked_standings
from scoring.tiebreaks import DEFAULT_ORDER, DriveTieBreaks, Rule
from tests.factories import (
    drive_with_players,
    play_drive,
    rubber_drive,
    varied_tricks,
)

# --- the engine, on plain values -----------------------------------------------------


def entry(key, scores, *, name=None, adjust=0, half=None):
    """Entry `key` (also its number) whose hand h scored scores[h-1]."""
    hand_scores = dict(enumerate(scores, start=1))
    return Competitor(
        key=key,
        number=key,
        name=name or f"P{key}",
        group="AB"[(key - 1) % 2],
        total=sum(scores) + adjust,
        hand_scores=hand_scores,
        won_hands=frozenset(h for h, s in hand_scores.items() if s > 0),
        half_total=half,
    )


def pair(first, scores, **options):
    """Entries `first` and `first + 1`, partners: both score `scores`."""
    return [entry(first, scores, **options), entry(first + 1, scores, **options)]


def paired(*entries):
    """The pairs of entries 1 & 2, 3 & 4, ... (pair numbers 1, 2, ...)."""
    flat = [c for group in entries for c in group]
    return pairs_of(flat, {c.key: (c.key + 1) // 2 for c in flat})


def evening(field_of, **options):
    options.setdefault("last_hand", 4)
    options.setdefault("order", DEFAULT_ORDER)
    options.setdefault("has_groups", False)
    return Evening(competitors=field_of, **options)


OVERALL = [PrizeSpec(PrizeKind.OVERALL, n) for n in (1, 2, 3)]


def test_one_competitor_per_pair_named_after_both_partners():
    field_of = pairs_of(
        [
            entry(1, [2, 0], name="Ann Smith"),
            entry(2, [2, 0], name="Bob Jones"),
            entry(3, [0, 1], name="Cat Brown"),
        ],
        {1: 1, 2: 1},  # entry 3 belongs to no pair: it stays on its own
    )
    assert [(c.key, c.keys, c.name, c.total) for c in field_of] == [
        (1, (1, 2), "Ann Smith & Bob Jones", 2),
        (3, (3,), "Cat Brown", 1),
    ]
    assert field_of[0].numbers == (1, 2)


def test_the_pairs_before_the_fix_would_tie_partners_on_every_prize():
    """The defect: entries of a pair, ranked apart, are level with each other."""
    flat = [*pair(1, [3, 0, 0, 2]), *pair(3, [0, 1, 1, 1])]
    awards = award_prizes(OVERALL[:2], evening(flat))
    assert awards[0].status is AwardStatus.AWAITING_DRAW
    assert {w.key for w in awards[0].winners} == {1, 2}
    # ... and one prize a pair, once the entries are paired.
    awards = award_prizes(
        OVERALL[:2], evening(paired(pair(1, [3, 0, 0, 2]), pair(3, [0, 1, 1, 1])))
    )
    assert [a.status for a in awards] == [AwardStatus.WON, AwardStatus.WON]
    assert [[w.keys for w in a.winners] for a in awards] == [[(1, 2)], [(3, 4)]]


def test_count_back_decides_between_two_pairs_level_on_total():
    field_of = paired(
        pair(1, [3, 0, 0, 2]),  # 5, 2 on the last hand
        pair(3, [0, 1, 1, 3]),  # 5, 3 on the last hand: ahead on count-back
        pair(5, [0, 0, 1, 0]),  # 1
    )
    first, second, third = award_prizes(OVERALL, evening(field_of))
    assert [w.keys for w in first.winners] == [(3, 4)]
    assert first.status is AwardStatus.WON
    assert first.note == "decided by count-back"
    assert [w.keys for w in second.winners] == [(1, 2)]
    assert second.note == "decided by count-back"
    assert [w.keys for w in third.winners] == [(5, 6)]
    assert [w.total for w in first.winners] == [5]


def test_an_award_names_both_partners_and_their_numbers():
    field_of = paired(
        [entry(1, [3, 1], name="Ann Smith"), entry(2, [3, 1], name="Bob Jones")],
        pair(3, [0, 1]),
    )
    (award,) = award_prizes(OVERALL[:1], evening(field_of, last_hand=2))
    (winner,) = award.winners
    assert winner.name == "Ann Smith & Bob Jones"
    assert winner.numbers_text == "1 & 2"
    assert winner.shown_number == "1 & 2"
    assert winner.keys == (1, 2)


def test_a_pair_cannot_take_two_places():
    field_of = paired(
        pair(1, [3, 3, 3, 3]), pair(3, [1, 1, 1, 1]), pair(5, [0, 0, 0, 1])
    )
    awards = award_prizes(OVERALL, evening(field_of))
    winners = [w.keys for a in awards for w in a.winners]
    assert winners == [(1, 2), (3, 4), (5, 6)]
    assert all(a.status is AwardStatus.WON for a in awards)


def test_too_few_pairs_leave_a_place_unawarded():
    awards = award_prizes(OVERALL, evening(paired(pair(1, [3, 1]), pair(3, [0, 1]))))
    assert awards[2].status is AwardStatus.NONE
    assert awards[2].winners == ()


def test_a_draw_is_between_pairs_and_settles_the_prize():
    level = [pair(1, [1, 1, 1, 1]), pair(3, [1, 1, 1, 1]), pair(5, [0, 0, 0, 0])]
    (award,) = award_prizes(OVERALL[:1], evening(paired(*level), order=(Rule.DRAW,)))
    assert award.status is AwardStatus.AWAITING_DRAW
    assert award.note == "level: waiting for the draw"
    assert award.draw_keys == (1, 3)  # one key a pair: each pair's first entry
    assert [c[1] for c in open_draws([award])] == [(1, 3)]
    drawn = evening(
        paired(*level),
        order=(Rule.DRAW,),
        draws={award.contest: {frozenset({1, 3}): 3}},
    )
    first, second = award_prizes(OVERALL[:2], drawn)
    assert [w.keys for w in first.winners] == [(3, 4)]
    assert first.note == "decided by a draw"
    assert [w.keys for w in second.winners] == [(1, 2)]


def test_booby_most_hands_won_half_time_and_mystery_go_to_pairs():
    field_of = paired(
        pair(1, [3, 3, 0, 0], half=6),  # 6, 2 hands won
        pair(3, [1, 1, 1, 1], half=2),  # 4, 4 hands won
        pair(5, [0, 0, 0, 1], half=0),  # 1
    )
    specs = [
        PrizeSpec(PrizeKind.BOOBY),
        PrizeSpec(PrizeKind.MOST_HANDS_WON),
        PrizeSpec(PrizeKind.HALF_TIME),
        PrizeSpec(PrizeKind.MYSTERY),
    ]
    awards = award_prizes(
        specs,
        evening(field_of, half_hand=2, half_time_reached=True, mystery=5),
    )
    assert [[w.keys for w in a.winners] for a in awards] == [
        [(5, 6)],
        [(3, 4)],
        [(1, 2)],
        [(3, 4)],  # 6 and 4 are both one away from 5: 3 & 4 win the count-back
    ]
    assert awards[1].note == "4 hands won"
    assert [w.total for w in awards[2].winners] == [6]
    assert awards[3].note == "decided by count-back; 1 away from the mystery score 5"


def test_group_prizes_in_a_pairs_drive_name_nobody():
    awards = award_prizes(
        [PrizeSpec(PrizeKind.GROUP, 1, "A"), PrizeSpec(PrizeKind.HALF_TIME, group="B")],
        evening(paired(pair(1, [1, 0]), pair(3, [0, 1])), last_hand=2),
    )
    assert [(a.status, a.note, a.winners) for a in awards] == [
        (AwardStatus.NONE, "this drive has no groups", ()),
    ] * 2


def test_a_custom_prize_chosen_by_either_partners_number_goes_to_the_pair():
    field_of = paired(pair(1, [1, 0]), pair(3, [0, 1]))
    (award,) = award_prizes(
        [PrizeSpec(PrizeKind.CUSTOM, name="Raffle", winner=4)],
        evening(field_of, last_hand=2),
    )
    assert [w.keys for w in award.winners] == [(3, 4)]


def test_one_prize_per_person_skips_the_whole_pair():
    field_of = paired(pair(1, [3, 3]), pair(3, [1, 1]), pair(5, [0, 1]))
    awards = award_prizes(
        [PrizeSpec(PrizeKind.OVERALL, 1), PrizeSpec(PrizeKind.MOST_HANDS_WON)],
        evening(field_of, last_hand=2, one_prize_per_person=True),
    )
    # Pairs 1 & 2 and 3 & 4 won both hands; the winners of 1st are skipped.
    assert [[w.keys for w in a.winners] for a in awards] == [[(1, 2)], [(3, 4)]]


def test_an_adjustment_given_to_one_partner_counts_half_for_the_pair():
    field_of = paired(
        [entry(1, [2, 2]), entry(2, [2, 2], adjust=3)],  # 4 and 7: the pair 5.5 -> 6
        pair(3, [2, 3]),  # 5
    )
    assert [c.total for c in field_of] == [6, 5]
    assert pairs_of([entry(1, [2]), entry(2, [2])], {1: 1, 2: 1})[0].total == 2


# --- the standings' tie-breaks ---------------------------------------------------------


def records_of(scores_by_entry):
    return [
        EntryRecord(
            entry=key,
            number=key,
            name=f"P{key}",
            group="AB"[(key - 1) % 2],
            hand_scores=dict(enumerate(scores, start=1)),
        )
        for key, scores in scores_by_entry.items()
    ]


def test_standings_settle_ties_between_pairs_and_partners_share_a_rank():
    records = records_of(
        {1: [1, 1], 2: [1, 1], 3: [1, 1], 4: [1, 1], 5: [0, 1], 6: [0, 1]}
    )
    rows = unranked_standings(records, rule="none")
    pairs = {key: (key + 1) // 2 for key in range(1, 7)}

    def ranks(**options):
        breaks = DriveTieBreaks(
            order=(Rule.DRAW,), last_hand=2, compensation="none", **options
        )
        return [(r.number, r.rank) for r in breaks.apply(rows, records)]

    # Per player, a draw between pairs is a draw nobody has made: all four level.
    drawn = {frozenset({1, 3}): 3}
    assert ranks(draws=drawn)[:4] == [(1, 1), (2, 1), (3, 1), (4, 1)]
    # By pairs the draw settles it; partners share their pair's rank.
    assert ranks(draws=drawn, pairs=pairs) == [
        (3, 1),
        (4, 1),
        (1, 3),
        (2, 3),
        (5, 5),
        (6, 5),
    ]
    assert ranks(pairs=pairs)[:4] == [(1, 1), (2, 1), (3, 1), (4, 1)]


def test_standings_by_pairs_count_back_like_by_players():
    records = records_of({1: [3, 0], 2: [3, 0], 3: [0, 3], 4: [0, 3]})
    rows = unranked_standings(records, rule="none")
    breaks = DriveTieBreaks(
        order=DEFAULT_ORDER,
        last_hand=2,
        compensation="none",
        pairs={1: 1, 2: 1, 3: 2, 4: 2},
        averages={1: Fraction(1)},
    )
    assert [(r.number, r.rank) for r in breaks.apply(rows, records)] == [
        (3, 1),
        (4, 1),
        (1, 3),
        (2, 3),
    ]


# --- a partners drive played through the services and pages ---------------------------


def partners_drive(club, **options):
    options.setdefault("hands", 4)
    drive = drive_with_players(club=club, players=8, format="partners", **options)
    assert drive.plays_in_pairs and not drive.has_groups
    return drive


def pair_of_entries(drive) -> dict[int, int]:
    return dict(Entry.objects.filter(drive=drive).values_list("pk", "pair"))


def assert_one_pair_per_winner(drive, awards):
    pair_of = pair_of_entries(drive)
    for award in awards:
        for winner in award.winners:
            assert len(winner.keys) == 2
            assert pair_of[winner.keys[0]] == pair_of[winner.keys[1]]


@pytest.mark.django_db
def test_a_partners_drive_gives_each_prize_to_one_pair(club, organiser_client):
    drive = play_drive(partners_drive(club), tricks=varied_tricks)
    assert drive.state == DriveState.FINISHED
    page = organiser_client.get(f"/drives/{drive.pk}/results/")
    assert page.status_code == 200
    awards = page.context["results"].prizes.awards
    assert_one_pair_per_winner(drive, awards)
    assert not any(
        a.status is AwardStatus.AWAITING_DRAW
        and len({pair_of_entries(drive)[k] for k in a.draw_keys}) < len(a.draw_keys)
        for a in awards
    )
    overall = [a for a in awards if a.spec.kind is PrizeKind.OVERALL]
    placed = [w.keys for a in overall for w in a.winners]
    assert len(placed) == len(set(placed)) == 3  # three different pairs
    # The club's group prizes cannot be given: left off the players' list.
    assert not [a for a in awards if a.spec.kind is PrizeKind.GROUP]
    groups = page.context["results"].prizes.left_off
    assert groups and all(
        a.spec.kind is PrizeKind.GROUP
        and a.status is AwardStatus.NONE
        and a.note == "this drive has no groups"
        for a in groups
    )
    # The page names both partners of each winning pair.
    names = dict(Entry.objects.filter(drive=drive).values_list("pk", "player__name"))
    first = overall[0].winners[0]
    html = page.content.decode()
    assert f"{names[first.keys[0]]} &amp; {names[first.keys[1]]}" in html
    assert "waiting for the draw" not in html


@pytest.mark.django_db
def test_pairs_level_on_everything_cut_as_pairs(club, organiser_client):
    """Two hands, N-S take 7 at each table: two pairs sit N-S both times and
    share every figure (2 points, one on each hand); the other two score 0."""
    drive = play_drive(partners_drive(club, hands=2))
    url = f"/drives/{drive.pk}/prizes/"
    page = organiser_client.get(url)
    prizes = page.context["prizes"]
    pair_of = pair_of_entries(drive)
    first = next(a for a in prizes.awards if a.title == "1st overall")
    assert first.status is AwardStatus.AWAITING_DRAW
    assert len(first.winners) == 2  # two pairs, not four players
    assert len({pair_of[k] for k in first.draw_keys}) == 2
    (tie, *_rest) = prizes.open_draws
    assert all(" & " in name for _key, name in tie["who"])
    loser, winner = first.draw_keys
    done = organiser_client.post(
        f"{url}draw/",
        {"contest": tie["contest"], "members": tie["members"], "winner": str(winner)},
    )
    assert done.status_code == 302
    assert TieDraw.objects.get().winner_entry_id == winner
    prizes = prize_selectors.drive_prizes(drive=drive)
    first, second = prizes.awards[0], prizes.awards[1]
    assert [w.key for w in first.winners] == [winner]
    assert first.note == "decided by a draw"
    assert [w.key for w in second.winners] == [loser]
    assert second.note == "decided by a draw"
    assert_one_pair_per_winner(drive, prizes.awards[:3])
    # The standings follow the draw: the winning pair first, its partners level.
    board = [(r.entry, r.rank) for r in selectors.leaderboard(drive=drive)]
    winners = {k for k, p in pair_of.items() if p == pair_of[winner]}
    assert {k for k, _ in board[:2]} == winners
    assert [rank for _, rank in board[:4]] == [1, 1, 3, 3]
    # The workbook's Prizes sheet: one row for the pair, both numbers and names.
    sheet = load_workbook(
        io.BytesIO(organiser_client.get(f"/drives/{drive.pk}/export.xlsx").content)
    )["Prizes"]
    row = next(r for r in sheet.values if r[0] == "1st overall")
    numbers = dict(Entry.objects.filter(drive=drive).values_list("pk", "number"))
    assert row[1] == " & ".join(
        str(numbers[k]) for k in sorted(winners, key=numbers.get)
    )
    assert " & " in row[2]
    # The recorded draw names the pair.
    assert "won the cut" in organiser_client.get(url).content.decode()


@pytest.mark.django_db
def test_a_rubber_drive_gives_its_prizes_to_pairs(club):
    drive = play_drive(rubber_drive(club), tricks=varied_tricks)
    assert drive.state == DriveState.FINISHED and drive.plays_in_pairs
    awards = prize_selectors.drive_prizes(drive=drive).awards
    assert_one_pair_per_winner(drive, awards)
    overall = [w.keys for a in awards[:3] for w in a.winners]
    assert len(overall) == len(set(overall))
