"""Prizes, tie-breaks, half-time, results and seasons through the services and pages."""

from __future__ import annotations

import datetime
import io

import pytest
from django.test import Client
from openpyxl import load_workbook

from drive import entry_services
from drive import services as drive_services
from drive.models import Drive, DriveState
from league import services as league_services
from league.models import Season
from prizes import selectors as prize_selectors
from prizes import services as prize_services
from prizes.engine import AwardStatus
from prizes.models import (
    ClubScoringSettings,
    DrivePrize,
    MysteryScore,
    PrizeTemplateItem,
    TieDraw,
)
from scoring import selectors
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    UserFactory,
    drive_with_players,
    play_drive,
    play_round,
)
from tests.fixtures import messages_of
from tests.prizes.fixtures import (
    NS_WINS,
    club_form,
    finished_tie,
    season_form,
    seats_of_hand_1,
    set_order,
    two_hand_drive,
)

pytestmark = pytest.mark.django_db


def board(drive: Drive) -> list[tuple[int, int, int]]:
    return [(r.number, r.rank, r.total) for r in selectors.leaderboard(drive=drive)]


def award(drive: Drive, title: str):
    prizes = prize_selectors.drive_prizes(drive=drive)
    return next(a for a in prizes.awards if a.title == title)


# --- count-back on a real drive -----------------------------------------------------


def test_count_back_decides_the_leaderboard_once_the_drive_is_finished(club):
    drive = two_hand_drive(club)
    seats = seats_of_hand_1(drive)
    play_round(drive, tricks=lambda deal: NS_WINS)
    assert drive.state == DriveState.IN_PLAY
    play_round(drive, tricks=lambda deal: NS_WINS)
    drive.refresh_from_db()
    assert drive.state == DriveState.FINISHED
    n, e, s, w = seats["N"], seats["E"], seats["S"], seats["W"]
    # W won the count-back against S: better on the last hand (3 against 0).
    assert board(drive) == [(n, 1, 6), (w, 2, 3), (s, 3, 3), (e, 4, 0)]
    assert award(drive, "2nd overall").winners[0].number == w
    assert award(drive, "2nd overall").note == "decided by count-back"
    assert award(drive, "3rd overall").winners[0].number == s
    assert award(drive, "Booby").winners[0].number == e


def test_ties_share_a_rank_while_the_drive_is_in_play(club):
    drive = drive_with_players(players=4, hands=4, club=club)
    play_round(drive, tricks=lambda deal: NS_WINS)
    play_round(drive, tricks=lambda deal: NS_WINS)
    assert drive.state == DriveState.IN_PLAY
    ranks = [rank for _, rank, _ in board(drive)]
    assert ranks == [1, 2, 2, 4]


def test_shared_rule_shares_the_rank_and_the_prizes(club):
    set_order(club, "shared")
    drive, seats = finished_tie(club)
    assert [rank for _, rank, _ in board(drive)] == [1, 2, 2, 4]
    second, third = award(drive, "2nd overall"), award(drive, "3rd overall")
    assert second.status is AwardStatus.SHARED
    assert {w.number for w in second.winners} == {seats["S"], seats["W"]}
    assert second.note == "shared"
    assert third.winners == second.winners  # the two pool 2nd and 3rd prizes


def test_the_organisers_draw_settles_a_tie(club, organiser_client, assistant_client):
    set_order(club, "draw")
    drive, seats = finished_tie(club)
    url = f"/drives/{drive.pk}/prizes/"
    page = organiser_client.get(url)
    assert page.status_code == 200
    assert "who won the cut?" in page.content.decode()
    tie = page.context["prizes"].open_draws[0]
    assert tie["contest"] == "final"
    entries = {e.number: e.pk for e in drive.entries.all()}
    s, w = entries[seats["S"]], entries[seats["W"]]
    assert tie["members"] == ",".join(str(k) for k in sorted((s, w)))
    form = {"contest": "final", "members": tie["members"], "winner": str(s)}

    # An assistant may look, but not draw.
    assert assistant_client.get(url).status_code == 200
    assert assistant_client.post(f"{url}draw/", form).status_code == 403
    # A winner who did not cut is refused.
    bad = organiser_client.post(f"{url}draw/", {**form, "winner": "999999"})
    assert bad.status_code == 400
    assert not TieDraw.objects.exists()

    done = organiser_client.post(f"{url}draw/", form)
    assert done.status_code == 302
    second = award(drive, "2nd overall")
    assert [x.number for x in second.winners] == [seats["S"]]
    assert second.note == "decided by a draw"
    # The leaderboard follows the draw too.
    assert board(drive)[1:3] == [(seats["S"], 2, 3), (seats["W"], 3, 3)]
    # A second click on the old page: the tie is no longer waiting.
    again = organiser_client.post(f"{url}draw/", form)
    assert again.status_code == 409
    assert TieDraw.objects.count() == 1
    # Undo opens the tie again.
    draw = TieDraw.objects.get()
    assert organiser_client.post(f"{url}draw/{draw.pk}/undo/").status_code == 302
    assert award(drive, "2nd overall").status is AwardStatus.AWAITING_DRAW


# --- the club's prize list and rules ------------------------------------------------


def test_the_club_prize_list_is_saved_and_used(club, organiser_client):
    response = organiser_client.post(
        "/club/prizes/",
        club_form(prizes="1st overall\nHighest Gents: Bottle\nCustom: Raffle"),
    )
    assert response.status_code == 302
    items = list(PrizeTemplateItem.objects.filter(club=club))
    assert [(i.kind, i.place, i.group, i.name) for i in items] == [
        ("overall", 1, "", ""),
        ("group", 1, "B", "Bottle"),
        ("custom", 1, "", "Raffle"),
    ]
    settings = ClubScoringSettings.objects.get(club=club)
    assert settings.tie_breaks == "count_back,hands_won"
    page = organiser_client.get("/club/prizes/")
    # The stored list shows in the rows of selects (issue 20).
    assert [
        (r.kind, r.group, r.number, r.name) for r in page.context["rows"].rows[:3]
    ] == [
        ("place", "", "1", ""),
        ("place", "B", "1", "Bottle"),
        ("custom", "", "", "Raffle"),
    ]
    drive, _ = finished_tie(club)
    titles = [a.title for a in prize_selectors.drive_prizes(drive=drive).awards]
    assert titles == ["1st overall", "Bottle", "Raffle"]


def test_a_prize_list_naming_an_unknown_group_is_refused(club, organiser_client):
    response = organiser_client.post(
        "/club/prizes/", club_form(prizes="1st overall\nHighest Juniors")
    )
    assert response.status_code == 400
    assert (
        "Line 2: “juniors” is not a group. The groups are Ladies and Gents."
        in response.content.decode()
    )
    assert not PrizeTemplateItem.objects.exists()
    assert not ClubScoringSettings.objects.exists()


def test_a_tie_break_list_that_cannot_work_is_refused(club, organiser_client):
    response = organiser_client.post(
        "/club/prizes/", club_form(tie_break_1="shared", tie_break_2="count_back")
    )
    assert response.status_code == 400
    assert "Nothing can come after" in response.content.decode()
    assert not ClubScoringSettings.objects.exists()
    response = organiser_client.post(
        "/club/prizes/", club_form(tie_break_1="coin_toss")
    )
    assert response.status_code == 400


def test_only_organisers_change_the_club_prize_list(club, assistant_client):
    assert assistant_client.get("/club/prizes/").status_code == 200
    assert assistant_client.post("/club/prizes/", club_form()).status_code == 403
    assert not PrizeTemplateItem.objects.exists()


def test_one_prize_per_person_from_the_club_settings(club, organiser_client):
    response = organiser_client.post(
        "/club/prizes/",
        club_form(prizes="1st overall\n2nd overall", one_prize_per_person="on"),
    )
    assert response.status_code == 302
    assert ClubScoringSettings.objects.get(club=club).one_prize_per_person
    drive, seats = finished_tie(club)
    # A prize list where the overall winner would also win the second prize listed.
    prize_services.drive_prizes_update(
        drive=drive, prizes="1st overall\nHighest Ladies"
    )
    group_a = set(drive.entries.filter(group="A").values_list("number", flat=True))
    first = award(drive, "1st overall").winners[0].number
    ladies = award(drive, "Highest Ladies").winners[0].number
    assert first == seats["N"] and first in group_a
    assert ladies != first and ladies in group_a


# --- the drive's own list, the mystery score, custom prizes ---------------------------


def test_mystery_score_must_be_a_number(club, organiser_client):
    drive, _ = finished_tie(club)
    prize_services.drive_prizes_update(drive=drive, prizes="Mystery score")
    url = f"/drives/{drive.pk}/prizes/mystery/"
    for typed in ("fifty", "4.5", "", "-3", "100000"):
        response = organiser_client.post(url, {"value": typed})
        assert response.status_code == 400, typed
        assert "mystery score" in " ".join(messages_of(response)).lower()
    assert not MysteryScore.objects.exists()
    totals = {r.number: r.total for r in selectors.leaderboard(drive=drive)}
    assert organiser_client.post(url, {"value": " 5 "}).status_code == 302
    mystery = award(drive, "Mystery score")
    assert MysteryScore.objects.get(drive=drive).value == 5
    # Totals are 6, 3, 3, 0: 6 is closest to 5.
    assert [totals[w.number] for w in mystery.winners] == [6]
    assert mystery.note == "1 away from the mystery score 5"


def test_the_drive_list_custom_winner_and_going_back(club, organiser_client):
    drive, seats = finished_tie(club)
    url = f"/drives/{drive.pk}/prizes/"
    frozen = list(DrivePrize.objects.values_list("kind", "place", "group", "name"))
    bad = organiser_client.post(f"{url}edit/", {"prizes": "Highest Juniors"})
    assert bad.status_code == 400
    assert (
        list(DrivePrize.objects.values_list("kind", "place", "group", "name")) == frozen
    )
    ok = organiser_client.post(f"{url}edit/", {"prizes": "1st overall\nCustom: Raffle"})
    assert ok.status_code == 302
    assert (
        organiser_client.post(
            f"{url}custom/", {"position": "2", "entry": "99"}
        ).status_code
        == 400
    )
    chosen = organiser_client.post(
        f"{url}custom/", {"position": "2", "entry": str(seats["E"])}
    )
    assert chosen.status_code == 302
    raffle = award(drive, "Raffle")
    assert [w.number for w in raffle.winners] == [seats["E"]]
    # Saving the list again keeps the custom winner.
    organiser_client.post(f"{url}edit/", {"prizes": "Custom: Raffle\n1st overall"})
    assert [w.number for w in award(drive, "Raffle").winners] == [seats["E"]]
    # Back to the club's list: a finished drive takes it as it is now, and keeps it.
    assert organiser_client.post(f"{url}edit/", {"reset": "1"}).status_code == 302
    specs, own = prize_selectors.drive_prize_specs(drive=drive)
    assert own and specs == prize_selectors.club_prize_specs(club=club)
    assert not any(spec.winner for spec in specs)  # the custom winner is forgotten


# --- half-time ----------------------------------------------------------------------


def test_half_time_standings_kept_and_on_the_projector(club, organiser_client):
    drive = drive_with_players(players=8, hands=4, club=club)
    assert prize_selectors.halfway_hand(drive) == 2
    page = organiser_client.get(f"/drives/{drive.pk}/half-time/")
    assert "Half-time comes after hand 2" in page.content.decode()
    play_round(drive, tricks=lambda deal: NS_WINS)
    play_round(drive, tricks=lambda deal: 7 + deal.table)
    scores_at_half = {r.number: r.total for r in selectors.leaderboard(drive=drive)}
    assert prize_selectors.in_interval(drive=drive)
    projector = organiser_client.get(f"/drives/{drive.pk}/projector/")
    assert "Half-time, after hand 2" in projector.content.decode()
    page = organiser_client.get(f"/drives/{drive.pk}/half-time/")
    half = page.context["half"]
    assert half.reached
    assert {r.number: r.total for r in half.standings()} == scores_at_half
    # Play goes on: the half-time standings stay as they were.
    play_drive(drive, tricks=lambda deal: 13 - deal.hand)
    assert not prize_selectors.in_interval(drive=drive)
    assert (
        "Half-time, after"
        not in organiser_client.get(f"/drives/{drive.pk}/projector/").content.decode()
    )
    half = prize_selectors.half_time(drive=drive)
    assert {r.number: r.total for r in half.standings()} == scores_at_half
    leader = award(drive, "Half-time leader")
    best = max(scores_at_half.values())
    assert all(scores_at_half[w.number] == best for w in leader.winners)
    assert leader.winners[0].total == best


# --- results --------------------------------------------------------------------------


def test_results_page_with_cards_and_public_link(club, organiser_client):
    drive = two_hand_drive(club)
    page = organiser_client.get(f"/drives/{drive.pk}/results/")
    assert page.status_code == 200
    assert "ready once the drive is finished" in page.content.decode()
    seats = seats_of_hand_1(drive)
    play_drive(drive, tricks=lambda deal: NS_WINS)
    page = organiser_client.get(f"/drives/{drive.pk}/results/")
    body = page.content.decode()
    results = page.context["results"]
    assert [a.title for a in results.prizes.awards][:3] == [
        "1st overall",
        "2nd overall",
        "3rd overall",
    ]
    names = dict(drive.entries.values_list("number", "player__name"))
    north = next(c for c in results.cards if c.number == seats["N"])
    hand_1 = north.lines[0]
    assert hand_1.partner == f"{seats['S']} {names[seats['S']]}"
    assert (
        names[seats["E"]] in hand_1.opponents and names[seats["W"]] in hand_1.opponents
    )
    assert (hand_1.tricks, hand_1.score) == (9, 3)
    assert north.total == 6
    assert names[seats["N"]] in body
    # The overall board names each player's group; the group boards need not.
    assert drive.has_groups and body.count(">Group</th>") == 1
    overall = body[body.index('id="overall"') : body.index('id="group-a"')]
    assert overall.count('<td class="wide">') == drive.entries.count()
    # Not shared: no public page.
    assert Client().get("/p/nothing-here-at-all/results/").status_code == 404
    drive = drive_services.public_link_set(drive=drive, shared=True)
    public = Client().get(f"/p/{drive.public_key}/results/")
    assert public.status_code == 200
    assert "2nd overall" in public.content.decode()
    assert "Captain links" not in public.content.decode()
    assert (
        drive.public_key
        in organiser_client.get(f"/drives/{drive.pk}/results/").content.decode()
    )


# --- roles --------------------------------------------------------------------------


def test_another_clubs_organiser_gets_404(club, organiser_client):
    drive, _ = finished_tie(club)
    season = league_services.season_create(
        club=club,
        name="2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )
    player = drive.entries.first().player
    stranger = Client()
    stranger.force_login(
        MembershipFactory(club=ClubFactory(), user=UserFactory(username="eve")).user
    )
    for path in (
        f"/drives/{drive.pk}/prizes/",
        f"/drives/{drive.pk}/results/",
        f"/drives/{drive.pk}/half-time/",
        f"/seasons/{season.pk}/",
        f"/seasons/{season.pk}/attendance/",
        f"/seasons/{season.pk}/league.xlsx",
        f"/players/{player.pk}/history/",
    ):
        assert stranger.get(path).status_code == 404, path
    for path, data in (
        (f"/drives/{drive.pk}/prizes/mystery/", {"value": "5"}),
        (f"/drives/{drive.pk}/prizes/edit/", {"prizes": "Booby"}),
        (f"/seasons/{season.pk}/edit/", season_form()),
        (f"/seasons/{season.pk}/delete/", {}),
    ):
        assert stranger.post(path, data).status_code == 404, path
    assert Season.objects.filter(pk=season.pk).exists()
    assert not MysteryScore.objects.exists()


def test_assistants_see_but_do_not_change(club, assistant_client):
    drive, _ = finished_tie(club)
    season = league_services.season_create(
        club=club,
        name="2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )
    for path in (
        f"/drives/{drive.pk}/prizes/",
        f"/drives/{drive.pk}/results/",
        f"/drives/{drive.pk}/half-time/",
        "/seasons/",
        f"/seasons/{season.pk}/",
    ):
        assert assistant_client.get(path).status_code == 200, path
    for path, data in (
        (f"/drives/{drive.pk}/prizes/mystery/", {"value": "5"}),
        (f"/drives/{drive.pk}/prizes/edit/", {"prizes": "Booby"}),
        ("/seasons/", season_form("Other", "2030-01-01", "2030-02-01")),
        ("/seasons/settings/", {"min_attendance": "3"}),
        (f"/seasons/{season.pk}/delete/", {}),
    ):
        assert assistant_client.post(path, data).status_code == 403, path
    assert Season.objects.count() == 1
    assert not MysteryScore.objects.exists()


# --- the workbook -------------------------------------------------------------------


def test_workbook_prizes_sheet_one_row_per_winner(club, assistant_client):
    set_order(club, "shared")
    drive, seats = finished_tie(club)
    names = dict(drive.entries.values_list("number", "player__name"))
    response = assistant_client.get(f"/drives/{drive.pk}/export.xlsx")
    assert response.status_code == 200
    sheet = load_workbook(io.BytesIO(response.content))["Prizes"]
    rows = list(sheet.values)
    assert rows[0] == ("Prize", "No.", "Name", "Total", "Note")
    level = sorted((seats["S"], seats["W"]))
    shared = [(n, names[n], 3, "shared") for n in level]
    ladies = min(
        (r for r in selectors.leaderboard(drive=drive, group="A")),
        key=lambda r: r.rank,
    )
    gents = [
        (r.number, r.name, r.total, "shared")
        for r in selectors.leaderboard(drive=drive, group="B")
        if r.rank == 1
    ]
    assert rows[1:] == [
        ("1st overall", seats["N"], names[seats["N"]], 6, None),
        *[("2nd overall", *row) for row in shared],
        *[("3rd overall", *row) for row in shared],
        ("Highest Ladies", ladies.number, ladies.name, ladies.total, None),
        *[("Highest Gents", *row) for row in gents],
        *[
            ("Half-time leader", n, names[n], 3, "shared; after hand 1")
            for n in sorted((seats["N"], seats["S"]))
        ],
        ("Booby", seats["E"], names[seats["E"]], 0, None),
    ]


def test_a_player_who_left_early_keeps_a_place_but_wins_no_prize(
    organiser_client, club
):
    """Pat leaves after round 2 and scores nothing after: bottom of the board,
    where the booby prize would find her. She keeps her place, marked, and the
    prizes go to those who stayed; the prize pages say why she is not in them."""
    drive = drive_with_players(players=12, hands=4, club=club)
    play_round(drive, tricks=lambda deal: NS_WINS)
    first = {r.entry: r for r in selectors.leaderboard(drive=drive)}
    leaver = min(first.values(), key=lambda r: (r.total, -r.number))
    entry = drive.entries.get(pk=leaver.entry)
    entry_services.entry_withdraw(entry=entry)
    play_drive(drive, tricks=lambda deal: NS_WINS)
    assert drive.state == DriveState.FINISHED

    rows = selectors.leaderboard(drive=drive)
    assert rows[-1].entry == entry.pk and rows[-1].withdrawn_from == 3
    prizes = prize_selectors.drive_prizes(drive=drive)
    winners = {w.key for a in prizes.awards for w in a.winners}
    assert entry.pk not in winners
    booby = award(drive, "Booby").winners[0]
    stayed = [r for r in rows if r.withdrawn_from is None]
    assert booby.total == min(r.total for r in stayed)
    assert [r.entry for r in prizes.left_early] == [entry.pk]

    name = entry.player.name
    note = (
        f"Not in the prizes, having left early: {entry.number} {name} "
        "(withdrew before round 3)."
    )
    page = organiser_client.get(f"/drives/{drive.pk}/prizes/").content.decode()
    assert note in page
    board_page = organiser_client.get(f"/drives/{drive.pk}/leaderboard/")
    row = (
        board_page.content.decode()
        .split(f'<td class="name">{name}', 1)[1]
        .split("</tr>", 1)[0]
    )
    assert row.startswith(' <span class="tag">left early</span>')


def test_a_half_time_prize_won_before_leaving_stands(club):
    """The half-time leader goes home after half-time: the half-time prize
    was theirs and stays so; the prizes decided at the end go to others."""
    drive = drive_with_players(players=12, hands=4, club=club)
    prize_services.drive_prizes_update(
        drive=drive, prizes="Half-time leader\n1st overall\nBooby"
    )
    play_round(drive, tricks=lambda deal: 7 + deal.table)  # N-S win
    play_round(drive, tricks=lambda deal: 7 + deal.table)
    assert drive.current_round == 3  # half-time was after hand 2
    leader = award(drive, "Half-time leader").winners[0]
    entry_services.entry_withdraw(entry=drive.entries.get(pk=leader.key))
    play_drive(drive, tricks=lambda deal: 7 + deal.table)
    assert award(drive, "Half-time leader").winners[0].key == leader.key
    for title in ("1st overall", "Booby"):
        assert leader.key not in {w.key for w in award(drive, title).winners}


def test_a_club_may_keep_players_who_leave_early_in_the_prizes(organiser_client, club):
    form = {
        "prizes": "1st overall\nBooby",
        "tie_break_1": "count_back",
        **{f"tie_break_{n}": "" for n in range(2, 6)},
    }
    page = organiser_client.get("/club/prizes/").content.decode()
    assert (
        'name="left_early_out_of_prizes"' in page
        and "checked"
        in page.split('name="left_early_out_of_prizes"', 1)[1].split(">", 1)[0]
    )
    assert organiser_client.post("/club/prizes/", form).status_code == 302  # unticked
    drive = drive_with_players(players=12, hands=4, club=club)
    play_round(drive, tricks=lambda deal: NS_WINS)
    rows = selectors.leaderboard(drive=drive)
    leaver = drive.entries.get(pk=rows[-1].entry)
    entry_services.entry_withdraw(entry=leaver)
    play_drive(drive, tricks=lambda deal: NS_WINS)
    prizes = prize_selectors.drive_prizes(drive=drive)
    assert prizes.rules.left_early_out_of_prizes is False
    assert prizes.left_early == []
    assert leaver.pk in {c.key for c in prizes.competitors}
    # A drive keeps the rule it started with when the club changes it again.
    assert (
        organiser_client.post(
            "/club/prizes/", {**form, "left_early_out_of_prizes": "on"}
        ).status_code
        == 302
    )
    assert prize_selectors.drive_prizes(drive=drive).left_early == []
