"""Merging two players of the roster (league.merge_services): the kept player
has both players' drives, league rows, history and attendance; two players of
one drive are refused; a refusal writes nothing."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError

from drive.models import Entry
from league import merge_selectors, merge_services
from league import selectors as league_selectors
from league.models import Season
from players.models import AuditEvent, AuditKind, Player
from prizes.models import TieDraw
from tests.factories import ClubFactory, PlayerFactory, play_drive
from tests.prizes.fixtures import two_hand_drive

pytestmark = pytest.mark.django_db


def tricks(deal) -> int:
    return (deal.hand * 5 + deal.table * 3) % 14


@pytest.fixture
def roster(club):
    anna = PlayerFactory(club=club, name="Anna Wiśniewska", email="anna@example.org")
    typo = PlayerFactory(
        club=club, name="Anna Wisniewska", phone="600 100 200", group="A"
    )
    others = [PlayerFactory(club=club, name=f"Member {n}") for n in "BCDEF"]
    return anna, typo, others


def finished(club, players, day: int):
    drive = two_hand_drive(
        club, players=players, date=datetime.date(2026, 3, day), seed=day
    )
    drive.name = f"March {day}"
    drive.save(update_fields=["name"])
    return play_drive(drive, tricks=tricks)


@pytest.fixture
def season(club):
    return Season.objects.create(
        club=club,
        name="2026",
        start=datetime.date(2026, 1, 1),
        end=datetime.date(2026, 12, 31),
    )


def league_row(season, player):
    return next(
        r for r in league_selectors.league(season=season).rows if r.player == player.pk
    )


def attendance_row(season, player):
    return next(
        r
        for r in league_selectors.season_attendance(season=season).rows
        if r.player == player.pk
    )


def state(club) -> tuple:
    """Everything a merge may write, to see that a refusal wrote nothing."""
    return (
        sorted(Player.objects.filter(club=club).values_list()),
        sorted(Entry.objects.filter(drive__club=club).values_list("pk", "player_id")),
        sorted(TieDraw.objects.values_list("pk", "members", "winner_player_id")),
        AuditEvent.objects.filter(kind=AuditKind.PLAYER_MERGE).count(),
    )


def test_the_kept_player_has_both_players_drives(club, organiser, roster, season):
    anna, typo, (b, c, d, e, f) = roster
    finished(club, [anna, b, c, d], 6)
    finished(club, [typo, b, c, e], 13)
    finished(club, [f, typo, d, e], 20)
    draw = TieDraw.objects.create(
        season=season, contest="league", members=f"{typo.pk},{b.pk}", winner_player=typo
    )
    before = [league_row(season, p) for p in (anna, typo)]
    history = [league_selectors.player_history(player=p) for p in (anna, typo)]
    present = [attendance_row(season, p).drives for p in (anna, typo)]
    assert [r.drives for r in before] == [1, 2]

    merged = merge_services.player_merge(kept=anna, removed=typo, by=organiser)

    assert merged.entries == 2 and merged.removed_name == "Anna Wisniewska"
    assert not Player.objects.filter(pk=typo.pk).exists()
    assert Entry.objects.filter(player=anna).count() == 3
    after = league_row(season, anna)
    assert after.drives == sum(r.drives for r in before) == 3
    assert after.total == sum(r.total for r in before)
    assert after.hands == sum(r.hands for r in before)
    assert attendance_row(season, anna).drives == sum(present) == 3
    rows = league_selectors.player_history(player=anna)
    assert sorted((r.drive.pk, r.total) for r in rows) == sorted(
        (r.drive.pk, r.total) for r in history[0] + history[1]
    )
    assert not any(
        r.player == typo.pk for r in league_selectors.league(season=season).rows
    )
    # The kept player keeps their name and e-mail, and takes the phone and
    # group preference they had none of.
    anna.refresh_from_db()
    assert (anna.name, anna.email, anna.phone, anna.group) == (
        "Anna Wiśniewska",
        "anna@example.org",
        "600 100 200",
        "A",
    )
    # The season's cut of the cards is the kept player's now.
    draw.refresh_from_db()
    assert draw.winner_player_id == anna.pk
    assert draw.member_keys == {anna.pk, b.pk}
    # The record: the club's, who merged whom; and one on each drive moved.
    club_record = AuditEvent.objects.get(kind=AuditKind.PLAYER_MERGE, drive_id=None)
    assert club_record.who == "olive"
    assert club_record.old["name"] == "Anna Wisniewska"
    assert club_record.new["name"] == "Anna Wiśniewska"
    assert club_record.refs["merged"] == typo.pk
    assert club_record.refs["player"] == anna.pk
    drive_records = AuditEvent.objects.filter(
        kind=AuditKind.PLAYER_MERGE, drive_id__isnull=False
    )
    assert sorted(r.new["player"] for r in drive_records) == ["Anna Wiśniewska"] * 2
    assert {r.old["player"] for r in drive_records} == {"Anna Wisniewska"}


def test_two_players_of_one_drive_are_refused_and_nothing_written(
    club, organiser, roster, season
):
    anna, typo, (b, c, d, e, f) = roster
    finished(club, [typo, b, c, d], 6)
    finished(club, [anna, typo, c, e], 13)
    finished(club, [f, typo, anna, e], 20)
    before = state(club)
    with pytest.raises(ValidationError) as refused:
        merge_services.player_merge(kept=anna, removed=typo, by=organiser)
    message = refused.value.messages[0]
    assert refused.value.code == "conflict"
    assert "March 13 (13 Mar 2026)" in message and "March 20 (20 Mar 2026)" in message
    assert "March 6" not in message
    assert "cannot be merged" in message
    assert state(club) == before


def test_a_registration_meanwhile_is_refused_whole(club, roster, monkeypatch):
    """The door registered the removed player in the kept one's drive after
    the check: the database refuses the move, and the whole merge with it."""
    anna, typo, (b, c, d, e, f) = roster
    finished(club, [typo, b, c, d], 6)
    finished(club, [anna, typo, c, e], 13)
    real = merge_selectors.merge_plan

    def stale(**players):
        plan = real(**players)
        return merge_selectors.MergePlan(**{**plan.__dict__, "shared": []})

    monkeypatch.setattr(merge_services, "merge_plan", stale)
    before = state(club)
    with pytest.raises(ValidationError) as refused:
        merge_services.player_merge(kept=anna, removed=typo)
    assert refused.value.code == "conflict"
    assert "Nothing was merged" in refused.value.messages[0]
    assert state(club) == before


def test_one_player_twice_or_two_clubs_are_refused(club, roster):
    anna, typo, _ = roster
    with pytest.raises(ValidationError, match="cannot be merged with themselves"):
        merge_services.player_merge(kept=anna, removed=anna)
    stranger = PlayerFactory(club=ClubFactory(), name="Anna Wiśniewska")
    with pytest.raises(ValidationError, match="one club"):
        merge_services.player_merge(kept=anna, removed=stranger)
    typo.delete()
    with pytest.raises(ValidationError, match="no longer on the roster"):
        merge_services.player_merge(kept=anna, removed=typo)
    assert Player.objects.filter(pk__in=[anna.pk, stranger.pk]).count() == 2


def test_season_cuts_that_would_become_one_are_refused(club, roster, season):
    anna, typo, (b, *_) = roster
    TieDraw.objects.create(
        season=season, contest="league", members=f"{anna.pk},{b.pk}", winner_player=b
    )
    TieDraw.objects.create(
        season=season, contest="league", members=f"{typo.pk},{b.pk}", winner_player=b
    )
    before = state(club)
    with pytest.raises(ValidationError, match="Undo one of the two on the league page"):
        merge_services.player_merge(kept=anna, removed=typo)
    assert state(club) == before


def test_a_cut_between_the_two_alone_goes(club, roster, season):
    anna, typo, _ = roster
    TieDraw.objects.create(
        season=season,
        contest="league",
        members=f"{anna.pk},{typo.pk}",
        winner_player=typo,
    )
    merge_services.player_merge(kept=anna, removed=typo)
    assert not TieDraw.objects.exists()


def test_every_row_that_points_at_a_player_is_one_the_merge_moves():
    """A new model pointing at a player must be moved by the merge
    (league.merge_services) before it is added here: deleting the removed
    player would delete its rows (CASCADE) or be refused (PROTECT)."""
    pointing = {
        (rel.related_model._meta.label, rel.field.name)
        # Hidden too: a relation named "+" has no way back, but points all the same.
        for rel in Player._meta.get_fields(include_hidden=True)
        if rel.auto_created and not rel.concrete and rel.is_relation
    }
    assert pointing == {("drive.Entry", "player"), ("prizes.TieDraw", "winner_player")}


def test_the_kept_player_takes_only_what_they_lack(club):
    kept = PlayerFactory(
        club=club, name="Ольга Федорова", email="olga@example.org", active=False
    )
    removed = PlayerFactory(
        club=club,
        name="Федорова Ольга",
        email="fedorova@example.org",
        email_consent=True,
        group="B",
    )
    values = merge_selectors.merged_values(kept, removed)
    assert values == {
        "name": "Ольга Федорова",
        "email": "olga@example.org",
        "phone": "",
        "group": "B",
        # Consent goes with the e-mail it was given for: the kept one's.
        "email_consent": False,
        "active": True,
    }
    plan = merge_selectors.merge_plan(kept=kept, removed=removed)
    email = next(v for v in plan.values if v.label == "Email")
    assert (email.after, email.taken, email.lost) == (
        "olga@example.org",
        False,
        "fedorova@example.org",
    )


def test_candidates_are_found_by_name_and_show_their_drives(club, roster):
    anna, typo, (b, c, d, e, f) = roster
    finished(club, [typo, b, c, d], 6)
    finished(club, [typo, b, c, e], 13)
    olga = PlayerFactory(club=club, name="Ольга Федорова")
    PlayerFactory(club=club, name="Федорова Ольга")
    found = merge_selectors.merge_candidates(player=anna)
    assert [(c.player.name, c.drives, c.last_drive) for c in found] == [
        ("Anna Wisniewska", 2, datetime.date(2026, 3, 13))
    ]
    assert [c.player.name for c in merge_selectors.merge_candidates(player=olga)] == [
        "Федорова Ольга"
    ]
    by_phone = merge_selectors.merge_candidates(player=anna, query="600 100")
    assert [c.player.name for c in by_phone] == ["Anna Wisniewska"]
    by_name = merge_selectors.merge_candidates(player=anna, query="member")
    assert len(by_name) == 5 and all(c.drives >= 0 for c in by_name)
