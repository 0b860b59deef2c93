"""Whether the address the page was opened at can be reached from the players' phones."""

from __future__ import annotations

from django import template
from django.conf import settings
from django.http import HttpRequest

from drive.hall import unreachable_host

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
    return unreachable_host(request.get_host())
