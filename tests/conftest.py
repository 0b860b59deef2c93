from __future__ import annotations

import os

import pytest
from django.core.cache import cache
from django.test import Client
from django.utils import translation
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

from drive.models import Drive
from players.language import forget_translated_words
from tests import flush
from tests.factories import (
    ClubFactory,
    MembershipFactory,
    UserFactory,
    drive_with_players,
)
from tests.looks import LOOKS

# Property tests assert rules, not speed: a busy machine (CI runs two
# workers on two cores) must not fail an example for taking over 200 ms.
hypothesis_settings.register_profile(
    "house", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.load_profile("house")

# The old database's upgrade (tests/upgrade) is the suite's longest few tests
# and comes last by name: run first, so that with two workers its minute is
# not a tail one worker spends alone while the other waits.
RUN_FIRST = ("tests/upgrade/",)


def pytest_configure(config):
    """Tests that commit are followed by the quicker emptying (tests/flush.py)."""
    flush.install()


# Where a test without the database may still reach one: the site's own
# commands and servers, run as processes with DATABASE_URL.
OWN_PROCESSES = ("tests/site/", "tests/reliability/", "tests/upgrade/")
DATABASE_FIXTURES = frozenset(
    {"db", "transactional_db", "django_db_reset_sequences", "live_server"}
)


def uses_the_database(item) -> bool:
    return item.get_closest_marker("django_db") is not None or bool(
        DATABASE_FIXTURES.intersection(getattr(item, "fixturenames", ()))
    )


def database_free(items) -> list:
    """The tests of each module none of whose tests opens the database (the
    game's rules on plain values, the printing's measures): the same on any
    database. A module of tests/site, tests/reliability or tests/upgrade is
    never one: its tests start the site's own processes."""
    reaching = {item.path for item in items if uses_the_database(item)}
    return [
        item
        for item in items
        if item.path not in reaching and not item.nodeid.startswith(OWN_PROCESSES)
    ]


# The languages whose tests CI's PostgreSQL pass runs, of a test run once a
# language: English, Polish (Latin letters with their own: "Ł" stands beside
# "L" in a database's collation, after "Z" in SQLite's) and Russian (another
# alphabet). Romanian's and Italian's tests differ from these by the
# catalogue's words alone, which no database changes: they run on SQLite.
DATABASE_LANGUAGES = frozenset({"en", "pl", "ru"})


def in_another_language(items) -> list:
    """The tests, run once a language (a `language` parameter), in a language
    other than DATABASE_LANGUAGES: the same on any database as those."""
    return [
        item
        for item in items
        if getattr(item, "callspec", None) is not None
        and str(item.callspec.params.get("language", "en")).split("-")[0]
        not in DATABASE_LANGUAGES
    ]


# The browser tests CI's PostgreSQL pass still runs: whole evenings through the
# live server, from the door to the prizes (phones and paper slips mixed) and
# several clubs' drives at once, the last check on PostgreSQL that the pieces
# fit together. Every other browser test runs on SQLite alone (browser_alone).
DATABASE_BROWSER_TESTS = frozenset({"e2e/test_mixed_evening", "e2e/test_several_clubs"})


def browser_alone(items) -> list:
    """The browser tests (tests/e2e) but DATABASE_BROWSER_TESTS. What such a
    test adds to the tests through Django's test client is the browser's
    part (scripts, htmx, the network's delays and failures, the layout):
    what the server does with each of its requests (each view, each refusal,
    each write and its transaction) is tested on both databases by those
    tests, and by tests/reliability against live servers and processes."""
    return [
        item
        for item in items
        if item.path.parent.name == "e2e"
        and f"e2e/{item.path.stem}" not in DATABASE_BROWSER_TESTS
    ]


def words_alone(items) -> list:
    """The tests of the words a page or a sheet says, in modules named so
    (test_*_words.py, test_*wording.py): what they read is the catalogue's
    words and grammar put round the same rows, which no database changes
    (the rows' order by a language's letters is tested in English, Polish
    and Russian by the other tests run once a language)."""
    return [item for item in items if item.path.stem.endswith(("_words", "wording"))]


def pytest_collection_modifyitems(config, items):
    """The longest tests first (RUN_FIRST), the rest in their usual order;
    the tests of how a page or a sheet looks marked `looks` (tests/looks.py).
    With DATABASE_TESTS_ONLY set (CI's second pass, on PostgreSQL), the tests
    that no database can change are left out: they ran in the first pass
    (database_free, in_another_language, browser_alone and words_alone)."""
    for item in items:
        if f"{item.path.parent.name}/{item.path.stem}" in LOOKS:
            item.add_marker(pytest.mark.looks)
    if os.environ.get("DATABASE_TESTS_ONLY"):
        left_out = (
            set(database_free(items))
            | set(in_another_language(items))
            | set(browser_alone(items))
            | set(words_alone(items))
        )
        if left_out:
            config.hook.pytest_deselected(items=list(left_out))
            items[:] = [item for item in items if item not in left_out]
    items.sort(key=lambda item: not item.nodeid.startswith(RUN_FIRST))


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    """Logins in tests need not be slow: the real hasher is tested by Django."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def fresh_cache():
    """Cached state never leaks from one test to the next."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(autouse=True)
def fresh_words():
    """Words translated in one test never reach the next: the suits' and
    seats' names are kept per language (players.language.Words), and a test
    may change what gettext gives (tests/drive/test_translated_words.py marks
    every word) or activate a language and not put it back."""
    forget_translated_words()
    translation.deactivate()
    yield
    translation.deactivate()
    forget_translated_words()


@pytest.fixture
def club(db):
    return ClubFactory(name="Riverside Whist Club")


@pytest.fixture
def organiser(club):
    return MembershipFactory(
        club=club, user=UserFactory(username="olive"), role="organiser"
    ).user


@pytest.fixture
def assistant(club):
    return MembershipFactory(
        club=club, user=UserFactory(username="arthur"), role="assistant"
    ).user


@pytest.fixture
def organiser_client(organiser) -> Client:
    client = Client()
    client.force_login(organiser)
    return client


@pytest.fixture
def assistant_client(assistant) -> Client:
    client = Client()
    client.force_login(assistant)
    return client


@pytest.fixture
def open_drive(club) -> Drive:
    """Registration open, eight players checked in (four of each group)."""
    return drive_with_players(players=8, start=False, club=club)


@pytest.fixture
def live_drive(club) -> Drive:
    """In play, round 1 seated: eight players at two tables."""
    return drive_with_players(players=8, club=club)


class ServerClock:
    """The server's time, frozen: `now` is what django.utils.timezone.now()
    answers everywhere (the live server's thread too) until moved on."""

    def __init__(self, now):
        self.now = now

    def __call__(self):
        return self.now

    def advance(self, seconds: float) -> None:
        import datetime

        self.now += datetime.timedelta(seconds=seconds)


@pytest.fixture
def server_clock(monkeypatch) -> ServerClock:
    import datetime

    from django.utils import timezone

    frozen = ServerClock(
        datetime.datetime(2026, 11, 27, 19, 30, tzinfo=datetime.timezone.utc)
    )
    monkeypatch.setattr(timezone, "now", frozen)
    return frozen
