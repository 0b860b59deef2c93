"""{{ message|nested_quotes }}: a sentence quoting a name that holds quotes
of its own, put right in the page's language (players.quotes); or
{% filter nested_quotes %}{% blocktranslate %}…{% endblocktranslate %}{% endfilter %}
for a page's sentence. Only quotation marks change, none of them HTML's, so
what was safe stays safe."""

from __future__ import annotations

from django import template
from django.utils import translation

from players.quotes import nest_quotes

register = template.Library()


@register.filter(is_safe=True)
def nested_quotes(value: object) -> str:
    return nest_quotes(str(value), translation.get_language())
