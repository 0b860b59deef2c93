"""Whether the address the page was opened at can be reached from the players' phones."""

from __future__ import annotations

from django import template
from django.conf import settings
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.safestring import SafeString

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


@register.filter
def said_address(request: HttpRequest) -> SafeString:
    """The address the page was opened at ("http://127.0.0.1:8000"), to put
    in a sentence: in a span.url, which breaks anywhere, as the links'
    addresses do. No phone's line in large type holds it whole, and a
    sentence's words are kept whole around it."""
    return format_html(
        '<span class="url">{}://{}</span>', request.scheme, request.get_host()
    )
