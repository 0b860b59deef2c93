"""The trump sequence chosen from a row of selects, not typed in English.

One select a position (a suit or No trumps, in the visitor's language), ten
positions and two more than a longer sequence has; empty ones are ignored, so
the page works without JavaScript. The selects post `<name>_0`, `<name>_1`...
and `<name>_count` (how many were shown); the widget joins the chosen codes
into the stored form "H,D,S,C,NT" and the field's clean reads it as before.
A form posted without the selects (an older page, a test, a script) may still
send the sequence as text under `<name>`: codes or English words.
"""

from __future__ import annotations

from django import forms
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _

from drive.trumps import Trump, parse_sequence

POSITIONS = 10
MAX_POSITIONS = 40  # the stored text is at most 100 characters: "NT," 33 times


class TrumpSequenceWidget(forms.Widget):
    def _count(self, data, name: str) -> int:
        try:
            count = int(data.get(f"{name}_count", POSITIONS))
        except (TypeError, ValueError):
            count = POSITIONS
        return max(1, min(count, MAX_POSITIONS))

    def _posted_selects(self, data, name: str) -> bool:
        return f"{name}_count" in data or f"{name}_0" in data

    def value_from_datadict(self, data, files, name):
        if not self._posted_selects(data, name):
            return data.get(name)
        chosen = (
            str(data.get(f"{name}_{i}", "")) for i in range(self._count(data, name))
        )
        return ",".join(code.strip() for code in chosen if code.strip())

    def value_omitted_from_data(self, data, files, name) -> bool:
        return name not in data and not self._posted_selects(data, name)

    def id_for_label(self, id_):
        return f"{id_}_0" if id_ else id_

    def render(self, name, value, attrs=None, renderer=None):
        try:
            sequence = list(parse_sequence(value or ""))
        except ValueError:
            sequence = []
        count = min(max(POSITIONS, len(sequence) + 2), MAX_POSITIONS)
        base_id = (attrs or {}).get("id") or self.attrs.get("id") or f"id_{name}"
        choices = [("", "–")] + [(t.value, f"{t.symbol} {t.label}") for t in Trump]
        positions = []
        for index in range(count):
            current = sequence[index].value if index < len(sequence) else ""
            options = format_html_join(
                "",
                '<option value="{}"{}>{}</option>',
                (
                    (code, " selected" if code == current else "", label)
                    for code, label in choices
                ),
            )
            positions.append(
                format_html(
                    '<label class="trump-position" for="{id}_{i}">'
                    '<span class="trump-hand">{hand}</span>'
                    '<select name="{name}_{i}" id="{id}_{i}">{options}</select>'
                    "</label>",
                    id=base_id,
                    i=index,
                    # Translators: one position of the trump sequence: the hand
                    # that first plays it (hand 1, hand 2...).
                    hand=_("Hand %(number)d") % {"number": index + 1},
                    name=name,
                    options=options,
                )
            )
        return format_html(
            '<div class="trump-sequence" role="group">{}'
            '<input type="hidden" name="{}_count" value="{}"></div>',
            format_html_join("", "{}", ((p,) for p in positions)),
            name,
            count,
        )
