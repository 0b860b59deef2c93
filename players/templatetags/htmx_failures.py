"""{% failure_words %}: the messages for an htmx request that failed
(players.htmx_refusal.FAILURES), in the page's language, as data attributes
of the notice area (#messages) for the site's script (static/js/failures.js),
which has no words of its own."""

from __future__ import annotations

from django import template
from django.utils.html import format_html_join
from django.utils.safestring import SafeString

from players.htmx_refusal import FAILURES

register = template.Library()


@register.simple_tag
def failure_words() -> SafeString:
    return format_html_join(
        "", ' data-{}="{}"', ((name, str(words)) for name, words in FAILURES.items())
    )
