"""A list in running text is written one way, in the reader's language."""

from __future__ import annotations

import pytest
from django.utils import translation

from players.lists import and_list


@pytest.mark.parametrize(
    ("language", "listed"),
    [
        ("en-gb", "Rossi, Bianchi and Verdi"),
        ("it", "Rossi, Bianchi e Verdi"),
        ("pl", "Rossi, Bianchi i Verdi"),
        ("ru", "Rossi, Bianchi и Verdi"),
        ("ro", "Rossi, Bianchi și Verdi"),
    ],
)
def test_a_list_has_commas_and_the_languages_and_before_the_last(language, listed):
    with translation.override(language):
        assert and_list(["Rossi", "Bianchi", "Verdi"]) == listed
        assert and_list(["Rossi", "Verdi"]) == listed.replace(", Bianchi", "")


def test_one_item_stands_alone_and_none_is_empty():
    with translation.override("it"):
        assert and_list(["Rossi"]) == "Rossi"
        assert and_list([]) == ""
        assert and_list(iter(["Rossi", "Verdi"])) == "Rossi e Verdi"
