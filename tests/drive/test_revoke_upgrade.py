"""The upgrade to the revoke penalties in points : a drive stored
with the old "transfer" (three tricks passing) keeps passing tricks, so its
scores stay exactly as they were."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests.factories import ClubFactory

BEFORE = [("drive", "0014_drive_prediction_ranking")]
AFTER = [("drive", "0015_revoke_penalties_and_rubber_settlement")]


@pytest.fixture
def today_after():
    """Whatever the test does, the database ends at today's migrations: a test
    left halfway must not leave the next tests an old schema."""
    yield
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


@pytest.mark.django_db(transaction=True)
def test_the_old_transfer_becomes_tricks_and_the_rest_is_kept(today_after):
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    # The club through today's model: only drive's migrations are undone, so the
    # clubs' table is today's (the old state's Club may lack its later columns).
    club_id = ClubFactory(name="Old club").pk
    Drive = old.get_model("drive", "Drive")
    kept = {}
    for penalty, honours, tricks in (
        ("transfer", "2-4", 3),
        ("transfer", "3-4", 2),
        ("deduct", "2-4", 3),
        ("award", "3-4", 2),
    ):
        drive = Drive.objects.create(
            club_id=club_id,
            name=f"{penalty} {honours}",
            date="2026-01-01",
            revoke_penalty=penalty,
            honours_values=honours,
            revoke_tricks=tricks,
        )
        kept[drive.pk] = (
            "tricks" if penalty == "transfer" else penalty,
            honours,
            tricks,
        )
    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps
    rows = new.get_model("drive", "Drive").objects.values_list(
        "pk", "revoke_penalty", "honours_values", "revoke_tricks"
    )
    assert {pk: tuple(values) for pk, *values in rows} == kept
    # Back down, the old "transfer" returns.
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    assert set(
        old.get_model("drive", "Drive").objects.values_list("revoke_penalty", flat=True)
    ) == {"transfer", "deduct", "award"}
