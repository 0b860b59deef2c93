"""Slowing down guessers: of organisers' passwords and of secret links.

- *Client address*: the address a request is counted against. The
  connection's own (REMOTE_ADDR), unless that is one of settings.TRUSTED_PROXIES:
  then the right-most address in X-Forwarded-For that is not a trusted proxy,
  the last one a proxy we trust wrote. Everything to its left came from the
  client and could say anything, so without trusted proxies the header is
  never read. django-axes takes the same address (AXES_CLIENT_IP_CALLABLE).
- *Login lockout*: after too many wrong passwords for one user name from one
  address, that pair waits a few minutes (settings.AXES_*): a guesser gets a
  handful of tries an hour, and an organiser who mistyped waits briefly
  instead of being locked out for good.
- *Link misses*: a captain or leaderboard link that matches nothing. An
  address with LINK_MISSES_PER_MINUTE of them in the last minute is answered
  429 until the oldest is a minute old. The misses are rows in the database
  (SecretLinkMiss), so every server process counts the same ones.
"""

from __future__ import annotations

import functools
import ipaddress
import math
from datetime import timedelta

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from players.models import SecretLinkMiss

# Misses of secret links (captain or public) allowed from one address in a minute.
LINK_MISSES_PER_MINUTE = 10
LINK_MISS_WINDOW = timedelta(minutes=1)

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address


# --- the client's address ----------------------------------------------------------


@functools.lru_cache(maxsize=8)
def _networks(proxies: tuple[str, ...]) -> tuple[Network, ...]:
    return tuple(ipaddress.ip_network(proxy, strict=False) for proxy in proxies)


def _parsed(text: str) -> Address | None:
    try:
        address = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    # An IPv4 client seen through a socket listening on IPv6 (::ffff:a.b.c.d).
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
        return address.ipv4_mapped
    return address


def client_address(request: HttpRequest) -> str:
    """The address a request is counted against (see the module's docstring)."""
    remote = request.META.get("REMOTE_ADDR", "")
    proxies = _networks(tuple(settings.TRUSTED_PROXIES))
    if not proxies:
        return remote

    def trusted(address: Address | None) -> bool:
        return address is not None and any(address in net for net in proxies)

    hop = _parsed(remote)
    if not trusted(hop):
        return remote
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    for text in reversed(forwarded.split(",")):
        address = _parsed(text)
        if address is None:
            # Not written by a proxy that appends the address it saw: whatever
            # is left is the client's to choose. Count the last known hop.
            break
        hop = address
        if not trusted(hop):
            break
    return str(hop)


# --- secret links ------------------------------------------------------------------


def link_guessing_paused(*, address: str) -> bool:
    """Whether `address` has missed LINK_MISSES_PER_MINUTE times in the last minute."""
    since = timezone.now() - LINK_MISS_WINDOW
    recent = SecretLinkMiss.objects.filter(address=address[:64], at__gt=since)
    return recent[LINK_MISSES_PER_MINUTE - 1 :].exists()


def link_miss_record(*, address: str) -> None:
    """Count a miss from `address`, and forget every miss older than a minute.

    An insert, never a read-then-write of a counter: two processes counting at
    once both count, on SQLite and PostgreSQL alike.
    """
    now = timezone.now()
    SecretLinkMiss.objects.filter(at__lte=now - LINK_MISS_WINDOW).delete()
    SecretLinkMiss.objects.create(address=address[:64], at=now)


# --- organisers' logins (django-axes) ------------------------------------------------


def login_locked_out(
    request: HttpRequest,
    original_response: HttpResponse | None = None,
    credentials: dict | None = None,
) -> HttpResponse:
    seconds = int(settings.AXES_COOLOFF_TIME.total_seconds())
    response = render(
        request,
        "players/locked_out.html",
        {
            "minutes": max(1, math.ceil(seconds / 60)),
            "failure_limit": settings.AXES_FAILURE_LIMIT,
        },
        status=429,
    )
    response["Retry-After"] = str(seconds)
    return response
