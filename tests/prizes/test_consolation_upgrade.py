"""The upgrade that keeps a consolation draw's pool as numbers (migration prizes
0004): a draw stored with its pool as text, in whatever language the organiser
read, has it read back into numbers where that is certain, and keeps its text
where not, so every old draw still shows; going back writes the text again."""

from __future__ import annotations

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from prizes.models import ConsolationDraw
from tests.factories import drive_with_players

BEFORE = [("prizes", "0003_left_early_out_of_prizes")]
AFTER = [("prizes", "0004_consolation_pool_numbers")]


@pytest.fixture
def today_after():
    """Whatever the test does, the database ends at today's migrations."""
    yield
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())


def migrate(target):
    executor = MigrationExecutor(connection)
    executor.migrate(target)
    return executor.loader.project_state(target).apps


@pytest.mark.django_db(transaction=True)
def test_old_draws_are_read_back_into_numbers_where_certain(today_after):
    # Today's drive and entries: only the prizes app goes back.
    drive = drive_with_players(players=8, format="partners", hands=3)
    key = dict(drive.entries.values_list("number", "pk"))
    old = migrate(BEFORE)
    Draw = old.get_model("prizes", "ConsolationDraw")
    when = timezone.make_aware(datetime.datetime(2026, 11, 28, 21, 40))

    def draw(number, members, text):
        return Draw.objects.create(
            drive_id=drive.pk,
            number=number,
            seed=5,
            members=",".join(str(key[n]) for n in members),
            numbers=text,
            winner_entry_id=key[members[0]],
            drawn_at=when,
        ).pk

    made = {
        # Pairs in English, Russian and Polish: each organiser's own word.
        "en": draw(1, [1, 5], "1 & 2, 5 & 6"),
        "ru": draw(2, [3, 7], "3 и 4, 7 и 8"),
        "pl": draw(3, [1, 3, 5], "1 i 2, 3 i 4, 5 i 6"),
        # One entry alone, and one pair: "3, 5 & 6".
        "alone": draw(4, [3, 5], "3, 5 & 6"),
        # Text that does not agree with the draw's own members: kept.
        "other members": draw(5, [3, 5], "1 & 2, 5 & 6"),
        "one too many": draw(6, [1], "1 & 2, 5 & 6"),
        "no such entry": draw(7, [1], "1 & 12"),
        "out of order": draw(8, [5, 1], "5 & 6, 1 & 2"),
    }
    migrate(AFTER)
    now = {d.pk: d for d in ConsolationDraw.objects.all()}
    read = {name: now[pk].pool_numbers for name, pk in made.items()}
    assert read == {
        "en": [[1, 2], [5, 6]],
        "ru": [[3, 4], [7, 8]],
        "pl": [[1, 2], [3, 4], [5, 6]],
        "alone": [[3], [5, 6]],
        "other members": [],
        "one too many": [],
        "no such entry": [],
        "out of order": [],
    }
    # Read back: the text goes; not read: it stays, and shows as written.
    assert now[made["ru"]].numbers == ""
    assert now[made["other members"]].pool_text == "1 & 2, 5 & 6"
    assert now[made["no such entry"]].pool_text == "1 & 12"
    # Back down, each draw has its pool as text again.
    old = migrate(BEFORE)
    texts = dict(
        old.get_model("prizes", "ConsolationDraw").objects.values_list("pk", "numbers")
    )
    assert texts[made["ru"]] == "3 & 4, 7 & 8"
    assert texts[made["alone"]] == "3, 5 & 6"
    assert texts[made["other members"]] == "1 & 2, 5 & 6"
