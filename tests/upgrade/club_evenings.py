"""The club's evenings that the upgrade test's fixture holds (run by
tests/upgrade/make_fixture.py, under tests/upgrade/fixed_clock.py's clock).

The club, Riverside Whist Club, has a roster (one player with an e-mail address
and a phone, one inactive, names in several scripts and two that look like
formulas), an organiser and an assistant, a club prize list changed half-way
through the season, the league's best-of and minimum attendance, and two
seasons. Its drives, one for each format and state:

1. progressive, total tricks, 4 hands a round, sit-outs at the room's average (summer);
2. progressive on captains' phones: two disagreements settled (one with the
   other tricks, one keeping what stood), an agreeing second phone, a phone
   agreeing with a disagreement, a late agreeing phone's receipt, a late
   disagreeing phone left for the organiser, an organiser's correction,
   adjustments (one removed again), the mystery score, the raffle's winner, a
   replaced captain link and the shared leaderboard link;
3. semi-partner, 2 hands a round: a late arrival and a withdrawal;
4. progressive, winners move, a fixed score for sit-outs and its own prize list;
5. stationary: a late arrival and a withdrawal, re-planned;
6. partners, an odd number of pairs: a pair withdraws;
7. individual: a late arrival, re-planned;
8. progressive with a three-handed table, an opponent confirming each phone's
   result (one turned down and sent again);
9. progressive in play, rounds started on the organiser's click: an unsettled
   disagreement in the current round, a late arrival and a withdrawal to come
   (and one withdrawn by mistake, reinstated);
10. stationary, open for registration, with its own prize list;
11. partners, a draft.

Ties a prize or the league leaves to a draw are drawn (the lowest id wins the cut).
"""

from __future__ import annotations

import datetime
import random
from typing import Any

from tests.upgrade.fixed_clock import CLOCK

ROSTER = [
    # name, e-mail, phone, preferred group
    ("Olive Ashworth", "olive.ashworth@example.org", "+44 7700 900123", "A"),
    ("Arthur Bell", "", "", ""),
    ("Beatrice Cole", "", "", ""),
    ("Cyril Dawes", "", "", "B"),
    ("Doris Eccles", "", "", ""),
    ("Edwin Foster", "", "", ""),
    ("Florence Gray", "", "", ""),
    ("Gerald Hughes", "", "", ""),
    ("Hilda Irving", "", "", ""),
    ("Ivor Jenkins", "", "", ""),
    ("Joan Kettle", "", "", ""),
    ("Kenneth Lamb", "", "", ""),
    ("Lilian Moss", "", "", ""),
    ("Maurice Nash", "", "", ""),
    ("Nora O'Brien", "", "", ""),
    ("Percy Quill", "", "", ""),
    ("Zoë Brontë", "", "", ""),
    ("Ólafur Jónsson", "", "", ""),
    ("Дмитрий Павлов", "", "", ""),
    ("Σοφία Παππά", "", "", ""),
    ("=Maid Marian", "", "", ""),
    ("@Robin Hood", "", "", ""),
    ("Stanley Rowe", "", "", ""),
    ("Thelma Stott", "", "", ""),
    ("Una Vickers", "", "", ""),
    ("Walter Yates", "", "", ""),
]
INACTIVE = "Walter Yates"

CLUB_PRIZES = """1st overall: Hamper
2nd overall
3rd overall
Highest Ladies
Highest Gents
Half-time leader
Booby
Most hands won
Mystery score
Custom: Raffle"""
# Changed after drive 4: the drives started before keep the list they had.
CLUB_PRIZES_LATER = """1st overall: Voucher
2nd overall
Highest Ladies
2nd Ladies
Highest Gents
2nd Gents
Half-time leader Gents
Booby
Mystery score"""

SUMMER = (datetime.date(2026, 6, 1), datetime.date(2026, 8, 31))
WINTER = (datetime.date(2026, 9, 1), datetime.date(2027, 3, 31))


def fill() -> None:
    """Fill the database Django is set up with (run under fixed_time_and_secrets)."""
    from django.contrib.auth import get_user_model

    from drive import entry_services
    from drive import services as drive_services
    from drive.models import Drive, DriveState, Entry, Table
    from players import services as player_services
    from players.models import Club, Player
    from scoring import selectors_prizes, services_prizes
    from scoring import services as scoring_services
    from scoring.hand_plays import deals
    from scoring.models import DrivePrize, ResultStatus, Season

    CLOCK.at(datetime.date(2026, 6, 1), 10)
    player_services.club_create_with_organiser(
        club_name="Riverside Whist Club",
        username="olive",
        password="fixture olive password",
        email="olive@example.org",
    )
    club = Club.objects.get()
    olive = get_user_model().objects.get(username="olive")
    player_services.member_add(
        club=club,
        username="arthur",
        password="fixture arthur password",
        role="assistant",
    )
    arthur = get_user_model().objects.get(username="arthur")
    roster = {}
    for name, email, phone, group in ROSTER:
        roster[name] = player_services.player_create(
            club=club, name=name, email=email, phone=phone, group=group
        )
    services_prizes.club_prizes_update(
        club=club,
        prizes=CLUB_PRIZES,
        tie_breaks=["count_back", "hands_won", "best_hand", "draw"],
        one_prize_per_person=True,
    )
    services_prizes.league_settings_update(club=club, best_of=5, min_attendance=2)
    for name, (start, end) in (("Summer 2026", SUMMER), ("Winter 2026–27", WINTER)):
        services_prizes.season_create(club=club, name=name, start=start, end=end)

    names = [name for name, *_ in ROSTER if name != INACTIVE]
    keys = iter(range(1, 10_000))

    def new_drive(
        number: int,
        *,
        name: str,
        date: datetime.date,
        players: int,
        first: int = 0,
        **settings: Any,
    ) -> Drive:
        """Set up drive `number`, open it and register `players` from the roster,
        starting at `first` (in pairs for partners, alternately A and B otherwise)."""
        CLOCK.at(date, 18, 45)
        drive = drive_services.drive_create(
            club=club,
            seed=1000 + number,
            name=name,
            date=date,
            venue="St Mary's Hall",
            **settings,
        )
        drive = drive_services.drive_open_registration(drive=drive)
        chosen = [roster[names[(first + i) % len(names)]] for i in range(players)]
        if drive.format == "partners":
            for one, other in zip(chosen[::2], chosen[1::2], strict=True):
                drive_services.pair_register(
                    drive=drive, first=one, second=other, paid=True
                )
        else:
            for index, player in enumerate(chosen):
                drive_services.entry_register(
                    drive=drive, player=player, group="AB"[index % 2], paid=True
                )
        return drive

    def start(drive: Drive) -> Drive:
        CLOCK.at(drive.date, 19, 30)
        drive_services.drive_start(drive=drive)
        return Drive.objects.get(pk=drive.pk)

    def fresh(drive: Drive) -> Drive:
        return Drive.objects.get(pk=drive.pk)

    def tricks_of(rng: random.Random) -> int:
        return rng.choice([2, 3, 4, 5, 6, 6, 7, 7, 7, 8, 8, 9, 10, 11])

    def table(drive: Drive, number: int) -> Table:
        return Table.objects.select_related("drive").get(drive=drive, number=number)

    def waiting(drive: Drive) -> list[tuple[int, int]]:
        """(table, hand) of the current round with no result yet, in playing order."""
        return sorted(
            (deal.table, deal.hand)
            for deal in deals(drive=drive, round_number=drive.current_round)
            if deal.ns_tricks is None
        )

    def phone(drive: Drive, number: int, hand: int, ns_tricks: int):
        return scoring_services.captain_result_submit(
            table=table(drive, number),
            hand=hand,
            ns_tricks=ns_tricks,
            idempotency_key=f"fixture-phone-{next(keys):06d}",
        )

    def by_grid(drive: Drive, rng: random.Random, by=olive) -> None:
        """The organiser types the round's missing results into the grid."""
        CLOCK.later(12)
        scoring_services.hand_results_submit(
            drive=drive,
            entries=[
                scoring_services.ResultEntry(table=t, hand=h, ns_tricks=tricks_of(rng))
                for t, h in waiting(drive)
            ],
            by=by,
        )

    def by_phones(drive: Drive, rng: random.Random, skip: tuple[int, ...] = ()) -> None:
        """Each table's captain sends the round's results (tables in `skip` wait);
        with an opponent confirming, each is confirmed on the same phone."""
        CLOCK.later(12)
        for t, h in waiting(drive):
            if t in skip:
                continue
            outcome = phone(drive, t, h, tricks_of(rng))
            if outcome.result.status == ResultStatus.PENDING:
                scoring_services.captain_result_confirm(
                    table=table(drive, t), hand=h, version=outcome.result.version
                )

    def play_out(drive: Drive, rng: random.Random, enter=by_grid) -> Drive:
        while drive.state == DriveState.IN_PLAY:
            enter(drive, rng)
            drive = fresh(drive)
        return drive

    def entry(drive: Drive, number: int) -> Entry:
        return Entry.objects.get(drive=drive, number=number)

    def draw_ties(drive: Drive) -> None:
        """Settle each tie the prize list leaves to a draw: the lowest id wins the cut."""
        for _ in range(10):
            open_draws = selectors_prizes.drive_prizes(drive=drive).open_draws
            if not open_draws:
                return
            draw = open_draws[0]
            members = [int(k) for k in draw["members"].split(",")]
            services_prizes.tie_draw_record(
                drive=drive,
                contest=draw["contest"],
                members=members,
                winner=min(members),
                by=olive,
            )

    # 1. Summer: progressive, total tricks, rounds of 4 hands, 14 players
    # (two sit out each round at the room's average for the hand).
    drive = new_drive(
        1,
        name="Summer drive",
        date=datetime.date(2026, 7, 10),
        players=14,
        hands=8,
        hands_per_round=4,
        scoring_rule="total",
        sit_out_compensation="room_average",
    )
    rng = random.Random(1)
    drive = play_out(start(drive), rng)
    draw_ties(drive)

    # 2. Captains' phones, disagreements, receipts, corrections, adjustments.
    drive = new_drive(
        2,
        name="September drive",
        date=datetime.date(2026, 9, 4),
        players=16,
        first=2,
        hands=4,
    )
    rng = random.Random(2)
    drive = start(drive)
    by_phones(drive, rng, skip=(4,))
    by_grid(drive, rng, by=arthur)  # the assistant types table 4's slip
    drive = fresh(drive)
    # Table 4's card went missing: its captain link is replaced.
    drive_services.table_key_reissue(table=table(drive, 4))
    # Round 2: two phones at table 1 disagree; the organiser settles it with the
    # second phone's tricks.
    stood = phone(drive, 1, 2, 8)
    phone(drive, 1, 2, 5)
    by_phones(drive, rng)
    assert fresh(drive).current_round == 2, "a disagreement holds the round"
    CLOCK.later(3)
    scoring_services.hand_result_conflict_resolve(
        drive=drive, table=1, hand=2, ns_tricks=5, by=olive
    )
    assert stood.result.ns_tricks == 8
    drive = fresh(drive)
    # Round 3: table 2's second phone agrees, a third disagrees and a fourth agrees
    # with the third; the organiser keeps what stood.
    phone(drive, 2, 3, 9)
    phone(drive, 2, 3, 9)
    phone(drive, 2, 3, 4)
    phone(drive, 2, 3, 4)
    by_phones(drive, rng)
    CLOCK.later(3)
    scoring_services.hand_result_conflict_resolve(
        drive=drive, table=2, hand=3, ns_tricks=9, by=olive
    )
    drive = fresh(drive)
    assert drive.current_round == 4
    # A phone whose answer was lost sends hand 3 again once the room has moved on:
    # it agrees, so it is only given a receipt.
    agreed = next(d for d in deals(drive=drive, round_number=3) if d.table == 1)
    assert phone(drive, 1, 3, agreed.ns_tricks).kind == "already"
    drive = play_out(drive, rng, enter=by_phones)
    # After the drive: a late phone disagrees (left for the organiser), and the
    # organiser corrects a slip.
    last = next(d for d in deals(drive=drive, round_number=4) if d.table == 3)
    phone(drive, 3, 4, 13 - last.ns_tricks)
    corrected = next(d for d in deals(drive=drive, round_number=1) if d.table == 2)
    CLOCK.later(5)
    scoring_services.hand_result_submit(
        drive=drive,
        table=2,
        hand=1,
        ns_tricks=13 - corrected.ns_tricks,
        by=olive,
        seen_version=corrected.version,
    )
    scoring_services.adjustment_add(
        entry=entry(drive, 3), points=2, reason="Score card added up wrongly", by=olive
    )
    scoring_services.adjustment_add(
        entry=entry(drive, 7), points=-1, reason="Revoke at table 2, hand 3", by=olive
    )
    mistake = scoring_services.adjustment_add(
        entry=entry(drive, 8),
        points=5,
        reason="Entered against the wrong player",
        by=arthur,
    )
    scoring_services.adjustment_delete(adjustment=mistake)
    services_prizes.mystery_score_set(drive=drive, value="31", by=olive)
    raffle = DrivePrize.objects.get(drive=drive, kind="custom")
    services_prizes.custom_prize_award(
        drive=drive, position=raffle.position, entry_number=11
    )
    drive_services.public_link_set(drive=drive, shared=True)
    draw_ties(drive)

    # 3. Semi-partner, 2 hands a round, own average for sit-outs: a late arrival
    # (by name, new to the roster) and a withdrawal.
    drive = new_drive(
        3,
        name="Harvest drive",
        date=datetime.date(2026, 9, 18),
        players=12,
        first=4,
        format="semi-partner",
        hands=6,
        hands_per_round=2,
    )
    rng = random.Random(3)
    drive = start(drive)
    by_grid(drive, rng)
    drive = fresh(drive)
    drive_services.entry_register(drive=drive, name="Vera Walker", group="A", paid=True)
    by_grid(drive, rng)
    drive = fresh(drive)
    entry_services.entry_withdraw(entry=entry(drive, 1))
    drive = play_out(drive, rng)
    scoring_services.adjustment_add(
        entry=entry(drive, 13),
        points=1,
        reason="Arrived late: the room's welcome",
        by=olive,
    )
    draw_ties(drive)

    # 4. Progressive, winners move, a fixed 4 points a hand sat out, its own prizes.
    drive = new_drive(
        4,
        name="October drive",
        date=datetime.date(2026, 10, 2),
        players=10,
        first=6,
        winners_move=True,
        hands=4,
        sit_out_compensation="fixed",
        sit_out_fixed_score=4,
    )
    services_prizes.drive_prizes_update(
        drive=drive,
        prizes="1st overall: Bottle of wine\n2nd overall\nHalf-time leader\nBooby",
    )
    rng = random.Random(4)
    drive = play_out(start(drive), rng)
    draw_ties(drive)

    # The club changes its list and rules: drives 1 to 4 keep theirs.
    CLOCK.at(datetime.date(2026, 10, 5), 11)
    services_prizes.club_prizes_update(
        club=club,
        prizes=CLUB_PRIZES_LATER,
        tie_breaks=["count_back", "shared"],
        one_prize_per_person=False,
    )

    # 5. Stationary, the room's average for sit-outs: a late arrival, a withdrawal.
    drive = new_drive(
        5,
        name="Stationary drive",
        date=datetime.date(2026, 10, 16),
        players=13,
        first=10,
        format="stationary",
        hands=6,
        sit_out_compensation="room_average",
    )
    rng = random.Random(5)
    drive = start(drive)
    by_phones(drive, rng)
    drive = fresh(drive)
    drive_services.entry_register(drive=drive, player=roster["Thelma Stott"], group="B")
    by_grid(drive, rng)
    by_grid(drive, rng)
    drive = fresh(drive)
    entry_services.entry_withdraw(entry=entry(drive, 2))
    drive = play_out(drive, rng, enter=by_phones)
    draw_ties(drive)

    # 6. Partners, five pairs (a bye each round): a pair withdraws.
    drive = new_drive(
        6,
        name="Pairs drive",
        date=datetime.date(2026, 10, 30),
        players=10,
        first=8,
        format="partners",
        hands=5,
    )
    rng = random.Random(6)
    drive = start(drive)
    by_grid(drive, rng)
    by_grid(drive, rng)
    drive = fresh(drive)
    entry_services.entry_withdraw(entry=entry(drive, 5))
    drive = play_out(drive, rng)
    scoring_services.adjustment_add(
        entry=entry(drive, 1), points=-2, reason="Slow play, warned twice", by=olive
    )
    draw_ties(drive)

    # 7. Individual, nine players: a tenth arrives late and the rest is re-planned.
    drive = new_drive(
        7,
        name="Individual drive",
        date=datetime.date(2026, 11, 13),
        players=9,
        first=12,
        format="individual",
        hands=4,
    )
    rng = random.Random(7)
    drive = start(drive)
    by_phones(drive, rng)
    drive = fresh(drive)
    drive_services.entry_register(drive=drive, name="Xavier Young")
    drive = play_out(drive, rng)
    draw_ties(drive)

    # 8. A three-handed table, an opponent confirming each phone's result.
    drive = new_drive(
        8,
        name="Three-handed drive",
        date=datetime.date(2026, 11, 27),
        players=11,
        first=14,
        three_handed=True,
        opponent_confirms=True,
        hands=4,
        sit_out_compensation="none",
    )
    rng = random.Random(8)
    drive = start(drive)
    # An opponent turns table 1's first result down; the captain sends it again.
    wrong = phone(drive, 1, 1, 10)
    scoring_services.captain_result_reject(
        table=table(drive, 1), hand=1, version=wrong.result.version
    )
    drive = play_out(drive, rng, enter=by_phones)
    draw_ties(drive)

    # 9. In play, each round started on the organiser's click.
    drive = new_drive(
        9,
        name="December drive",
        date=datetime.date(2026, 12, 11),
        players=9,
        first=18,
        hands=6,
        advance_automatically=False,
        sit_out_compensation="fixed",
        sit_out_fixed_score=3,
    )
    rng = random.Random(9)
    drive = start(drive)
    by_grid(drive, rng)
    scoring_services.round_start_next(drive=drive, round_number=1)
    drive = fresh(drive)
    by_phones(drive, rng)
    scoring_services.round_start_next(drive=drive, round_number=2)
    drive = fresh(drive)
    drive_services.entry_register(drive=drive, name="Yvonne Zeal", group="B")
    entry_services.entry_withdraw(entry=entry(drive, 4))
    # Withdrawn by mistake, and reinstated before it took effect.
    entry_services.entry_withdraw(entry=entry(drive, 5))
    entry_services.entry_reinstate(entry=entry(drive, 5))
    # Round 3: table 1 is in; table 2's two phones disagree, unsettled yet.
    by_phones(drive, rng, skip=(2,))
    phone(drive, 2, 3, 7)
    phone(drive, 2, 3, 6)
    scoring_services.adjustment_add(
        entry=entry(drive, 2),
        points=3,
        reason="Table 2's card lost in round 1",
        by=olive,
    )
    assert fresh(drive).state == DriveState.IN_PLAY

    # 10. Open for registration: at the door, a group changed, a registration
    # taken back, one not checked in yet, and its own prize list.
    drive = new_drive(
        10,
        name="New Year drive",
        date=datetime.date(2027, 1, 8),
        players=6,
        first=0,
        format="stationary",
        hands=6,
    )
    drive_services.entry_register(drive=drive, name="Zachary Abbott", checked_in=False)
    mistaken = drive_services.entry_register(drive=drive, player=roster["Stanley Rowe"])
    entry_services.entry_remove(entry=mistaken)
    entry_services.entry_set_group(entry=entry(drive, 2), group="A")
    drive_services.entry_set_paid(entry=entry(drive, 7), paid=True)
    services_prizes.drive_prizes_update(
        drive=drive, prizes="1st overall: Cake\nBooby: Wooden spoon"
    )
    assert fresh(drive).state == DriveState.OPEN

    # 11. A draft, for after the winter season.
    CLOCK.at(datetime.date(2027, 1, 9), 10)
    drive_services.drive_create(
        club=club,
        seed=1011,
        name="Easter pairs",
        date=datetime.date(2027, 4, 2),
        format="partners",
        hands=8,
    )

    player_services.player_set_active(
        player=Player.objects.get(name=INACTIVE), active=False
    )

    for season in Season.objects.order_by("pk"):
        for _ in range(10):
            open_draws = selectors_prizes.league(season=season).open_draws
            if not open_draws:
                break
            members = [int(k) for k in open_draws[0]["members"].split(",")]
            services_prizes.season_draw_record(
                season=season, members=members, winner=min(members), by=olive
            )
