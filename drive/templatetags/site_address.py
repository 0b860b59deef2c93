"""Whether the address the page was opened at can be reached from the players' phones."""

from __future__ import annotations

import ipaddress

from django import template
from django.conf import settings
from django.http import HttpRequest

register = template.Library()


@register.filter
def only_this_computer(request: HttpRequest | None) -> str:
    """The host the page was opened at ("127.0.0.1:8000") when only this
    computer can reach it (localhost, a loopback address), else "".

    Links and QR codes are made from that address: printed from it, no phone
    in the hall can open them. Started with `make hall`, the site makes them
    from the hall's address instead (drive.hall.phone_url), so it never warns."""
    if request is None or settings.HALL_ADDRESS:
        return ""
    host = request.get_host()
    name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    name = name.strip("[]").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return host
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return ""
    # 0.0.0.0 (where `make run HOST=0.0.0.0` listens) opens this computer too.
    return host if address.is_loopback or address.is_unspecified else ""
