"""The secret links' one home (drive.secret_links): their kinds and paths, the
keys, and finding a link's table or drive; the URL patterns and the
middleware's checks agree with it."""

from __future__ import annotations

import re

import pytest
from django.test import RequestFactory
from django.urls import reverse

from config.middleware import is_script_request
from drive import secret_links, services
from drive.models import Table
from drive.secret_links import (
    BOARD,
    CAPTAIN,
    PREFIXES,
    drive_by_public_key,
    new_key,
    table_by_captain_key,
)
from tests.factories import drive_with_players


def test_a_key_is_22_url_safe_characters_and_never_repeats():
    keys = {new_key() for _ in range(200)}
    assert len(keys) == 200
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{22}", key) for key in keys)


def test_the_pages_of_each_kind_live_under_its_prefix():
    assert PREFIXES == ("/t/", "/p/")
    for name in ("captain", "captain_result", "captain_news", "captain_check"):
        assert reverse(f"scoring:{name}", args=["k3y"]).startswith(
            CAPTAIN.prefix + "k3y/"
        )
    assert reverse("scoring:public", args=["k3y"]) == BOARD.prefix + "k3y/"
    assert reverse("prizes:public_results", args=["k3y"]) == (
        BOARD.prefix + "k3y/results/"
    )
    # An organiser's page is under neither.
    assert not reverse("scoring:room", args=[1]).startswith(PREFIXES)


def test_the_middleware_knows_a_link_by_the_modules_prefixes(monkeypatch):
    request = RequestFactory().get("/q/k3y/news/", HTTP_HX_REQUEST="true")
    assert not is_script_request(request)
    monkeypatch.setattr(secret_links, "PREFIXES", ("/q/",))
    assert is_script_request(request)


@pytest.mark.django_db
def test_a_captain_key_finds_its_table_with_drive_and_club():
    drive = drive_with_players(players=8)
    table = Table.objects.filter(drive=drive).order_by("number").first()
    found = table_by_captain_key(table.captain_key)
    assert found == table
    assert found.drive == drive and found.drive.club.name == drive.club.name
    assert table_by_captain_key(new_key()) is None
    # Reissued: the old key finds nothing, the new one the same table.
    old = table.captain_key
    reissued = services.table_key_reissue(table=table)
    assert table_by_captain_key(old) is None
    assert table_by_captain_key(reissued.captain_key) == table


@pytest.mark.django_db
def test_a_public_key_finds_its_drive_while_shared():
    drive = drive_with_players(players=8)
    assert drive_by_public_key("") is None  # not shared: its key is empty
    drive = services.public_link_set(drive=drive, shared=True)
    assert len(drive.public_key) == 22
    found = drive_by_public_key(drive.public_key)
    assert found == drive and found.club.name == drive.club.name
    key = drive.public_key
    services.public_link_set(drive=drive, shared=False)
    assert drive_by_public_key(key) is None
    assert drive_by_public_key("") is None
