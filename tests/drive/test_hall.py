"""The hall without internet (issue #35): the laptop's address on the hall's network,
links and QR codes for phones made from it, the `hall` command, the Wi-Fi QR text."""

from __future__ import annotations

import io
import ipaddress
import socket
import subprocess
import sys

import pytest
from django.core.management import CommandError, call_command
from django.test import RequestFactory, override_settings

from bench.live import ROOT, python_env
from drive import hall
from drive.management.commands import hall as hall_command
from tests.factories import drive_with_players

# --- finding the address -------------------------------------------------------------


class FakeSocket:
    """A UDP socket that "connects" by saying which address it would send from."""

    connected: list[tuple[str, int]] = []

    def __init__(self, source: str | None) -> None:
        self.source = source

    def __enter__(self) -> FakeSocket:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def connect(self, address: tuple[str, int]) -> None:
        FakeSocket.connected.append(address)
        if self.source is None:
            raise OSError(101, "Network is unreachable")

    def getsockname(self) -> tuple[str, int]:
        assert self.source is not None
        return (self.source, 40000)

    def send(self, data: bytes) -> None:  # pragma: no cover - must never happen
        raise AssertionError("the address is found without sending anything")

    sendto = send


def fake_network(monkeypatch, *, route: str | None, host: list[str]) -> None:
    FakeSocket.connected = []
    monkeypatch.setattr(
        hall.socket, "socket", lambda family, kind: FakeSocket(route), raising=True
    )
    monkeypatch.setattr(hall.socket, "gethostname", lambda: "laptop")
    monkeypatch.setattr(
        hall.socket,
        "getaddrinfo",
        lambda name, port, family: [
            (socket.AF_INET, socket.SOCK_DGRAM, 17, "", (a, 0)) for a in host
        ],
    )


def test_the_address_of_the_default_route_is_the_hall_address(monkeypatch):
    fake_network(monkeypatch, route="192.168.1.20", host=["10.0.0.5"])
    assert hall.detect_hall_address() == "192.168.1.20"
    # Asked of private addresses only, never of one on the internet.
    assert FakeSocket.connected
    for address, _port in FakeSocket.connected:
        assert ipaddress.IPv4Address(address).is_private


def test_without_a_route_the_first_private_address_of_the_computer(monkeypatch):
    fake_network(
        monkeypatch,
        route=None,
        host=["127.0.1.1", "169.254.3.4", "8.8.4.4", "172.20.10.2", "192.168.1.9"],
    )
    assert hall.detect_hall_address() == "172.20.10.2"


def test_a_loopback_or_public_route_falls_back_to_the_computer_s_addresses(
    monkeypatch,
):
    fake_network(monkeypatch, route="127.0.0.1", host=["10.1.2.3"])
    assert hall.detect_hall_address() == "10.1.2.3"
    fake_network(monkeypatch, route="81.2.69.160", host=[])
    assert hall.detect_hall_address() is None


def test_no_network_at_all_is_none(monkeypatch):
    fake_network(monkeypatch, route=None, host=["127.0.0.1"])
    assert hall.detect_hall_address() is None


# --- links for phones ------------------------------------------------------------------


def test_links_for_phones_are_made_from_the_hall_address():
    request = RequestFactory().get("/", HTTP_HOST="127.0.0.1:8000")
    with override_settings(HALL_ADDRESS="192.168.1.20:8000"):
        assert hall.phone_url(request, "/t/abc/") == "http://192.168.1.20:8000/t/abc/"
        assert hall.phone_base_url(request) == "http://192.168.1.20:8000/"
    with override_settings(HALL_ADDRESS=""):
        assert hall.phone_url(request, "/t/abc/") == "http://127.0.0.1:8000/t/abc/"


@pytest.mark.django_db
@override_settings(HALL_ADDRESS="192.168.1.20:8000")
def test_captain_links_page_shows_the_hall_address_and_its_qr_code(
    organiser_client, club
):
    drive = drive_with_players(players=8, club=club, hands=2)
    page = organiser_client.get(
        f"/drives/{drive.pk}/links/", HTTP_HOST="127.0.0.1:8000"
    )
    html = page.content.decode()
    assert page.status_code == 200
    # No warning: every link on the page is made for the phones.
    assert "an address only this computer can reach" not in html
    assert "http://192.168.1.20:8000/t/" in html
    assert "http://127.0.0.1:8000/t/" not in html
    assert 'href="http://192.168.1.20:8000/"' in html
    qr = organiser_client.get(f"/drives/{drive.pk}/links/hall/qr.svg")
    assert qr.status_code == 200 and qr["Content-Type"] == "image/svg+xml"


@pytest.mark.django_db
@override_settings(HALL_ADDRESS="")
def test_no_hall_address_no_hall_code(organiser_client, club):
    drive = drive_with_players(players=8, club=club, hands=2)
    page = organiser_client.get(f"/drives/{drive.pk}/links/")
    assert "The site in the hall" not in page.content.decode()
    assert (
        organiser_client.get(f"/drives/{drive.pk}/links/hall/qr.svg").status_code == 404
    )


def settings_with(**environment: str) -> subprocess.CompletedProcess[str]:
    code = (
        "import django; django.setup(); from django.conf import settings; "
        "print(settings.HALL_ADDRESS); print(','.join(settings.ALLOWED_HOSTS))"
    )
    env = python_env("sqlite:///:memory:", **environment)
    env.pop("ALLOWED_HOSTS", None)
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_hall_address_is_an_allowed_host():
    done = settings_with(HALL_ADDRESS="192.168.1.20:8123")
    assert done.returncode == 0, done.stderr
    address, hosts = done.stdout.split()
    assert address == "192.168.1.20:8123"
    assert hosts.split(",") == ["localhost", "127.0.0.1", "[::1]", "192.168.1.20"]
    bad = settings_with(HALL_ADDRESS="192.168.1.20:port/")
    assert bad.returncode != 0 and "HALL_ADDRESS" in bad.stderr


# --- the command ----------------------------------------------------------------------


@pytest.fixture
def served(monkeypatch) -> list[tuple[list[str], dict[str, str]]]:
    calls: list[tuple[list[str], dict[str, str]]] = []
    monkeypatch.setattr(
        hall_command.Command,
        "serve",
        lambda self, argv, environment: calls.append((argv, environment)),
    )
    return calls


def test_the_command_finds_prints_and_serves_the_hall_address(monkeypatch, served):
    monkeypatch.setattr(hall_command, "detect_hall_address", lambda: "192.168.1.20")
    monkeypatch.setenv("DEBUG", "1")
    out = io.StringIO()
    call_command("hall", "--port", "8123", stdout=out)
    assert "http://192.168.1.20:8123/" in out.getvalue()
    assert "http://127.0.0.1:8123/" in out.getvalue()
    ((argv, environment),) = served
    assert argv[-3:] == ["runserver", "--noreload", "0.0.0.0:8123"]
    assert environment["HALL_ADDRESS"] == "192.168.1.20:8123"
    assert environment["DEBUG"] == "0"


def test_the_command_takes_the_address_it_is_given(monkeypatch, served):
    monkeypatch.setattr(hall_command, "detect_hall_address", lambda: "10.0.0.5")
    call_command("hall", "--address", "192.168.43.7", stdout=io.StringIO())
    call_command(
        "hall", "--address", "127.0.0.1", "--port", "9000", stdout=io.StringIO()
    )
    assert [env["HALL_ADDRESS"] for _, env in served] == [
        "192.168.43.7:8000",
        "127.0.0.1:9000",
    ]
    # A loopback hall address: this computer only.
    assert served[1][0][-1] == "127.0.0.1:9000"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--address", "192.168.1.20:8000"], "is not an address"),
        (["--address", "http://x"], "is not an address"),
        (["--address", "300.1.2.3"], "is not an address"),
        (["--port", "0"], "from 1 to 65535"),
    ],
)
def test_the_command_refuses_what_it_cannot_use(served, arguments, message):
    with pytest.raises(CommandError, match=message):
        call_command("hall", *arguments, stdout=io.StringIO())
    assert served == []


def test_the_command_says_what_to_do_without_a_network(monkeypatch, served):
    monkeypatch.setattr(hall_command, "detect_hall_address", lambda: None)
    with pytest.raises(CommandError, match="ADDRESS="):
        call_command("hall", stdout=io.StringIO())
    assert served == []


# --- the Wi-Fi QR code --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "password", "text"),
    [
        ("Church Hall", "whist2026", "WIFI:T:WPA;S:Church Hall;P:whist2026;;"),
        (
            'a\\b;c,d:e"f',
            'p;a,s:s"w\\d',
            'WIFI:T:WPA;S:a\\\\b\\;c\\,d\\:e\\"f;P:p\\;a\\,s\\:s\\"w\\\\d;;',
        ),
        ("Open Hall", "", "WIFI:T:nopass;S:Open Hall;;"),
    ],
)
def test_wifi_join_text_escapes_the_format_s_special_characters(name, password, text):
    assert hall.wifi_join_text(name=name, password=password) == text
