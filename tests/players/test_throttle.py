"""Guessers slowed down (players/throttle.py): organiser logins and captain links
paused after repeated failures, counted by the client's address, which behind a
reverse proxy the site trusts is the one the proxy saw."""

from __future__ import annotations

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.test import Client, RequestFactory, override_settings
from django.utils import timezone

from players.models import SecretLinkMiss
from players.throttle import client_address
from tests.factories import drive_with_players

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse battery"  # tests.factories.UserFactory's


# --- slowing down guessers ----------------------------------------------------------


def login(client: Client, username: str, password: str, address: str = "10.0.0.1"):
    return client.post(
        "/login/", {"username": username, "password": password}, REMOTE_ADDR=address
    )


def test_organiser_login_is_slowed_after_repeated_failures(organiser):
    client = Client()
    limit = settings.AXES_FAILURE_LIMIT
    statuses = [login(client, "olive", f"guess {n}").status_code for n in range(limit)]
    assert statuses[: limit - 1] == [400] * (limit - 1)
    refused = login(client, "olive", PASSWORD)  # even the right password waits
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) == settings.AXES_COOLOFF_TIME.total_seconds()
    assert "paused" in refused.content.decode()
    assert "_auth_user_id" not in client.session
    # Another device is not held up by the guesser's address...
    assert login(Client(), "olive", PASSWORD, address="10.0.0.2").status_code == 302
    # ...and after the pause the organiser logs in again.
    AccessAttempt.objects.update(
        attempt_time=timezone.now() - settings.AXES_COOLOFF_TIME - timedelta(seconds=1)
    )
    assert login(Client(), "olive", PASSWORD).status_code == 302


def test_a_good_login_clears_the_count(organiser):
    limit = settings.AXES_FAILURE_LIMIT
    for n in range(limit - 1):
        login(Client(), "olive", f"guess {n}")
    assert login(Client(), "olive", PASSWORD).status_code == 302
    for n in range(limit - 1):
        assert login(Client(), "olive", f"again {n}").status_code == 400


def test_guessing_captain_links_is_slowed(club):
    drive = drive_with_players(players=8, club=club)
    key = drive.tables.get(number=1).captain_key
    guesser = Client()
    statuses = [
        guesser.get(f"/t/guess-{n:02d}-abcdefghijk/").status_code for n in range(12)
    ]
    assert statuses[:10] == [404] * 10 and statuses[10:] == [429, 429]
    # A phone that has opened its link before keeps working from the same address.
    phone = Client()
    SecretLinkMiss.objects.all().delete()
    assert phone.get(f"/t/{key}/").status_code == 200
    for n in range(12):
        phone.get(f"/t/guess-{n:02d}-abcdefghijk/")
    assert phone.get(f"/t/{key}/").status_code == 200


# --- the client's address, behind a reverse proxy or not ----------------------------


def address_of(remote: str, forwarded: str | None = None) -> str:
    headers = {} if forwarded is None else {"X-Forwarded-For": forwarded}
    return client_address(
        RequestFactory().get("/", REMOTE_ADDR=remote, headers=headers)
    )


def test_without_trusted_proxies_the_address_is_the_connection_s(settings):
    settings.TRUSTED_PROXIES = []
    assert address_of("203.0.113.5") == "203.0.113.5"
    # Anyone can send X-Forwarded-For: a guesser would pick a new address
    # for every guess, or the proxy's own address, to lock everyone out.
    assert address_of("203.0.113.5", "198.51.100.7") == "203.0.113.5"
    assert address_of("127.0.0.1", "198.51.100.7") == "127.0.0.1"


def test_behind_a_trusted_proxy_the_client_is_the_last_address_it_saw(settings):
    settings.TRUSTED_PROXIES = ["127.0.0.1", "10.0.0.0/8", "::1"]
    # nginx appends the address it saw to whatever the client sent.
    assert address_of("127.0.0.1", "203.0.113.5") == "203.0.113.5"
    assert address_of("127.0.0.1", "1.2.3.4, 203.0.113.5") == "203.0.113.5"
    assert address_of("::1", "2001:db8::7") == "2001:db8::7"
    # Through two proxies we trust, past the inner one.
    assert address_of("127.0.0.1", "6.6.6.6, 203.0.113.5, 10.1.2.3") == "203.0.113.5"
    # A request from elsewhere that claims to have come through a proxy.
    assert address_of("198.51.100.7", "203.0.113.5") == "198.51.100.7"
    # Nothing forwarded, or only proxies: the nearest address known.
    assert address_of("127.0.0.1") == "127.0.0.1"
    assert address_of("127.0.0.1", "10.0.0.4") == "10.0.0.4"
    # Not an address a proxy writes: the client's own text, never its identity.
    assert address_of("127.0.0.1", "203.0.113.5, junk") == "127.0.0.1"
    # An IPv4 proxy seen through an IPv6 socket.
    assert address_of("::ffff:127.0.0.1", "203.0.113.5") == "203.0.113.5"


PROXY = "127.0.0.1"


def behind_proxy(client_ip: str) -> Client:
    """A phone whose requests reach the site through the reverse proxy."""
    return Client(REMOTE_ADDR=PROXY, headers={"X-Forwarded-For": client_ip})


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_behind_the_proxy_one_guesser_does_not_hold_up_other_phones(club):
    drive = drive_with_players(players=8, club=club)
    key = drive.tables.get(number=1).captain_key
    guesser = behind_proxy("203.0.113.66")
    statuses = [
        guesser.get(f"/t/guess-{n:02d}-abcdefghijk/").status_code for n in range(11)
    ]
    assert statuses == [404] * 10 + [429]
    assert guesser.get(f"/t/{key}/").status_code == 429
    # Another phone in the hall opens its table's link for the first time.
    assert behind_proxy("203.0.113.7").get(f"/t/{key}/").status_code == 200
    assert set(SecretLinkMiss.objects.values_list("address", flat=True)) == {
        "203.0.113.66"
    }


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_a_guesser_cannot_dodge_the_count_by_making_up_addresses(club):
    guesser = "198.51.100.7"  # not the proxy: what it says it forwards is ignored
    statuses = [
        Client(REMOTE_ADDR=guesser, headers={"X-Forwarded-For": f"10.9.8.{n}"})
        .get(f"/t/guess-{n:02d}-abcdefghijk/")
        .status_code
        for n in range(11)
    ]
    assert statuses == [404] * 10 + [429]
    assert set(SecretLinkMiss.objects.values_list("address", flat=True)) == {guesser}


@override_settings(TRUSTED_PROXIES=[PROXY])
def test_behind_the_proxy_logins_are_paused_for_the_guesser_s_address(organiser):
    limit = settings.AXES_FAILURE_LIMIT
    guesser = behind_proxy("203.0.113.66")
    for n in range(limit):
        guesser.post("/login/", {"username": "olive", "password": f"guess {n}"})
    refused = guesser.post("/login/", {"username": "olive", "password": PASSWORD})
    assert refused.status_code == 429
    assert set(AccessAttempt.objects.values_list("ip_address", flat=True)) == {
        "203.0.113.66"
    }
    # The organiser, at another address behind the same proxy, is not held up.
    organiser_phone = behind_proxy("203.0.113.7")
    assert (
        organiser_phone.post(
            "/login/", {"username": "olive", "password": PASSWORD}
        ).status_code
        == 302
    )
