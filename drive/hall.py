"""The hall without internet: the address the phones reach the organiser's laptop
at, and the Wi-Fi network they join.

- **Hall address**: "192.168.1.20:8000", the laptop's address on the hall's
  network and the port the site listens on. `manage.py hall` (`make hall`)
  finds it and hands it to the site as the environment's HALL_ADDRESS
  (settings.HALL_ADDRESS). Every link and QR code meant for a phone (captain
  links, the shared leaderboard, the table cards) is made from it, whatever
  address the organiser's own browser used (127.0.0.1 on the laptop itself).
  Without it (a hosted site) links are made from the address the page was
  opened at.
- **Hall Wi-Fi**: the network's name and password, kept on the drive for the
  evening only (Drive.wifi_name, Drive.wifi_password: never exported, dumped
  or put in the record of changes). The table cards carry a QR code that joins
  it (`wifi_join_text`).

Finding the address sends nothing: connecting a UDP socket only asks the
operating system which of its addresses it would send from.
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from django.conf import settings
from django.http import HttpRequest

from drive.models import Drive

# Private addresses, one in each private range: "connecting" a UDP socket to one
# picks the interface of the route to it (the default route unless the laptop
# has a network of that range) without sending a packet.
PROBES = ("10.255.255.255", "192.168.255.255", "172.31.255.255")


def _hall_ip(text: str) -> bool:
    """Whether `text` is an IPv4 address phones on a hall's network could use."""
    try:
        address = ipaddress.IPv4Address(text)
    except ValueError:
        return False
    return address.is_private and not (
        address.is_loopback or address.is_link_local or address.is_unspecified
    )


def _route_source(probe: str) -> str | None:
    """The address this computer would send to `probe` from (nothing is sent)."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as udp:
            udp.connect((probe, 9))
            return str(udp.getsockname()[0])
    except OSError:
        return None


def _host_addresses() -> list[str]:
    try:
        found = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [str(info[4][0]) for info in found]


def detect_hall_address() -> str | None:
    """This computer's IPv4 address on the hall's network: the one of the
    interface with the default route, else the first private address that is
    not a loopback one; None when it has none (no network joined)."""
    for probe in PROBES:
        source = _route_source(probe)
        if source is not None and _hall_ip(source):
            return source
    for address in _host_addresses():
        if _hall_ip(address):
            return address
    return None


def unreachable_host(host: str) -> str:
    """`host` ("127.0.0.1:8000", "[::1]:8000", "localhost") when only this
    computer can reach it (localhost, a loopback address, or 0.0.0.0, which
    opens this computer too), else "". A link or QR code made from such an
    address opens on no phone in the hall."""
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    name = name.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return host
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return ""
    return host if address.is_loopback or address.is_unspecified else ""


def unreachable_link(url: str) -> str:
    """The host of `url` when phones cannot reach it (unreachable_host), else ""."""
    return unreachable_host(urlsplit(url).netloc.rsplit("@", 1)[-1])


def phone_url(request: HttpRequest, path: str) -> str:
    """The absolute link to `path` (a site path, "/t/<key>/") as a phone in the
    hall opens it: from the hall address when the site knows one."""
    if settings.HALL_ADDRESS:
        return f"http://{settings.HALL_ADDRESS}{path}"
    return request.build_absolute_uri(path)


def phone_base_url(request: HttpRequest) -> str:
    """The site's address for the phones, ending in "/"."""
    return phone_url(request, "/")


# The characters the Wi-Fi QR code format escapes with a backslash.
_WIFI_SPECIAL = ("\\", ";", ",", ":", '"')


def _wifi_escaped(text: str) -> str:
    for character in _WIFI_SPECIAL:
        text = text.replace(character, "\\" + character)
    return text


def wifi_join_text(*, name: str, password: str) -> str:
    """What a QR code that joins the network says, in the format phones' cameras
    read: WIFI:T:WPA;S:<name>;P:<password>;; (an open network: T:nopass)."""
    if not password:
        return f"WIFI:T:nopass;S:{_wifi_escaped(name)};;"
    return f"WIFI:T:WPA;S:{_wifi_escaped(name)};P:{_wifi_escaped(password)};;"


def drive_wifi_set(*, drive: Drive, name: str, password: str) -> None:
    """The hall's Wi-Fi for the drive's table cards (both empty: none). Not in
    the record of changes: it is the evening's, not one of the drive's settings."""
    Drive.objects.filter(pk=drive.pk).update(wifi_name=name, wifi_password=password)
    drive.wifi_name, drive.wifi_password = name, password
