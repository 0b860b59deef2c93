"""After a test that commits (the browser tests), the next test starts from an
empty database but for what the migrations' post_migrate writes (tests/flush.py)."""

from __future__ import annotations

import datetime

import pytest
from django.apps import apps
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.contrib.sessions.models import Session
from django.db import connection
from django.test import Client, TransactionTestCase

from drive.models import Drive, Entry
from players.models import Club, Player
from tests import flush
from tests.e2e import built_once
from tests.factories import UserFactory, drive_with_players, play_round, varied_tricks

pytestmark = pytest.mark.django_db(transaction=True)


def every_model_has_its_content_type_and_permissions() -> None:
    models = apps.get_models()
    kinds = {(m._meta.app_label, m._meta.model_name) for m in models}
    assert set(ContentType.objects.values_list("app_label", "model")) == kinds
    expected = {
        (m._meta.app_label, f"{action}_{m._meta.model_name}")
        for m in models
        for action in m._meta.default_permissions
    } | {
        (m._meta.app_label, codename)
        for m in models
        for codename, _ in m._meta.permissions
    }
    seen = set(Permission.objects.values_list("content_type__app_label", "codename"))
    assert seen == expected


def test_every_test_that_commits_is_emptied_by_the_quicker_flush():
    assert TransactionTestCase._fixture_teardown is flush._fixture_teardown


def test_a_played_drive_is_gone_and_djangos_own_rows_stay():
    flush.flush(connection)  # the kept tables as a full flush leaves them
    drive = drive_with_players(players=8)
    Client().force_login(UserFactory())  # a session, a user
    assert Session.objects.exists()
    assert Drive.objects.count() == Entry.objects.count() // 8 == 1
    assert flush.flush(connection)  # kept, not written anew
    for model in apps.get_models():
        if model not in (ContentType, Permission):
            assert not model.objects.exists(), model
    assert not Club.objects.filter(pk=drive.club_id).exists()
    every_model_has_its_content_type_and_permissions()


def test_a_test_that_changed_the_content_types_is_followed_by_djangos_flush():
    flush.flush(connection)
    ContentType.objects.get_for_model(Player).delete()  # its permissions with it
    Permission.objects.create(
        codename="extra",
        name="Extra",
        content_type=ContentType.objects.get_for_model(Club),
    )
    Club.objects.create(name="Gone after the flush")
    assert not flush.flush(connection)  # written anew by post_migrate
    ContentType.objects.clear_cache()
    assert not Club.objects.exists()
    every_model_has_its_content_type_and_permissions()
    assert flush.flush(connection)


# --- a module's drive built once (tests/e2e/built_once.py) ---------------------------


def moved(rows: built_once.Rows, seconds: float) -> dict:
    """Every table's rows, their times `seconds` later."""
    later = datetime.timedelta(seconds=seconds)
    return {
        table.model._meta.db_table: [
            tuple(
                value + later if isinstance(value, datetime.datetime) else value
                for value in row
            )
            for row in table.rows
        ]
        for table in rows.tables
    }


def test_a_drive_built_once_is_put_back_as_built_its_clock_as_long_to_run(
    server_clock,
):
    flush.flush(connection)
    built = built_once.BuiltOnce()
    builds = []

    def build() -> Drive:
        builds.append(1)
        drive = drive_with_players(players=9, hands=12, clock_minutes=10)
        play_round(drive, tricks=varied_tricks)
        drive.refresh_from_db()
        return drive

    first = built.drive("in play", build)
    assert first.clock_ends_at is not None
    left = first.clock_ends_at - server_clock.now
    as_built = built_once.take()
    assert flush.flush(connection)
    assert not Drive.objects.exists()

    server_clock.advance(300)
    again = built.drive("in play", build)
    assert builds == [1]
    assert again.pk == first.pk
    assert again.clock_ends_at - server_clock.now == left
    assert moved(built_once.take(), 0) == moved(as_built, 300)
    assert flush.flush(connection)
    assert built.drive("in play", build).entries.count() == 9
