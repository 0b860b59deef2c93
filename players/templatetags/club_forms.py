"""Every form of an organiser's page says which club it was shown for: the
csrf token's tag, a built-in library (config.settings TEMPLATES) that takes
the place of Django's, adds the club (players.access.FORM_CLUB_FIELD) beside
the token. So no form can leave it out, and a form kept open in one tab while
the person changed club in another is refused rather than written into the
club they work in now (players.access).

The captain's and the public pages have no club worked in (no
request.membership): their forms go as before.
"""

from __future__ import annotations

from django import template
from django.template.defaulttags import CsrfTokenNode
from django.utils.html import format_html

from players.access import FORM_CLUB_FIELD

register = template.Library()


class CsrfTokenAndClubNode(CsrfTokenNode):
    def render(self, context: template.Context) -> str:
        token = super().render(context)
        membership = getattr(context.get("request"), "membership", None)
        if membership is None:
            return token
        return format_html(
            '{}<input type="hidden" name="{}" value="{}">',
            token,
            FORM_CLUB_FIELD,
            membership.club_id,
        )


@register.tag
def csrf_token(parser: template.base.Parser, token: template.base.Token):
    return CsrfTokenAndClubNode()
