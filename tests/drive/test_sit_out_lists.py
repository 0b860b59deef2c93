"""The seating page and the room name those sitting out as the reader's
language writes a list (players.lists.and_list): "9 Rossi, 12 Bianchi e
14 Verdi", "… и …", not "9 Rossi; 12 Bianchi; 14 Verdi"; both pages alike."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.factories import drive_with_players

pytestmark = pytest.mark.django_db

AND = {"it": " e ", "ru": " и ", "pl": " i ", "en-gb": " and "}


@pytest.mark.parametrize("language", ["it", "ru", "pl", "en-gb"])
def test_both_pages_list_the_sit_outs_in_the_language(organiser_client, club, language):
    drive = drive_with_players(players=11, club=club)
    # Eleven players at two tables: three sit out.
    client: Client = organiser_client
    client.cookies["django_language"] = language
    for url in (f"/drives/{drive.pk}/seating/", f"/drives/{drive.pk}/room/"):
        html = client.get(url).content.decode()
        names = re.search(
            r"<h2>[^<]*</h2>\s*<p[^>]*>((?:<span class=\"no\">\d+</span>\s[^<]+?)+)</p>",
            html,
        )
        assert names, url
        listed = names.group(1)
        assert ";" not in listed, url
        parts = re.findall(r'<span class="no">(\d+)</span>\s([^<]+)', listed)
        assert len(parts) == 3, listed
        # "9 A, 12 B e 14 C": a comma after the first, the language's "and"
        # before the last.
        (_, first), (_, second), _last = parts
        assert first.endswith(", "), listed
        assert second.endswith(AND[language]), listed


def test_a_name_is_escaped_and_the_number_kept_with_it():
    from types import SimpleNamespace

    from django.utils import translation

    from players.templatetags.lists import numbered_list

    people = [
        SimpleNamespace(number=n, name=name)
        for n, name in ((9, "Rossi <b>"), (12, "Bianchi"))
    ]
    with translation.override("it"):
        assert numbered_list(people) == (
            '<span class="no">9</span>\u00a0Rossi &lt;b&gt; e <span class="no">12</span>\u00a0Bianchi'
        )
