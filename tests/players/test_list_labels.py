"""A label names a list ("hands 4, 5, 6"); it does not count it. Russian and
Polish pick a plural form by the number's last digits, so a label chosen by
the list's length read "сдача" (singular) before a list of 21 hands."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.utils import translation

from drive.models import Drive
from players.language import list_label_count, number_runs
from scoring.views.scores import _tables_hands

ODD_HANDS = tuple(range(1, 43, 2))  # 21 hands, no run of three to shorten


def test_one_item_is_singular_and_any_more_take_the_plural_of_two():
    assert [list_label_count(range(n)) for n in (1, 2, 5, 21, 22, 25, 31)] == [
        1,
        2,
        2,
        2,
        2,
        2,
        2,
    ]


@pytest.mark.parametrize(
    ("language", "singular", "plural"),
    [("ru", "сдача", "сдачи"), ("pl", "rozdanie", "rozdania")],
)
def test_a_saved_slip_of_21_hands_is_named_in_the_plural(language, singular, plural):
    drive = Drive(format="progressive", hands_per_round=48)  # one round, unsaved
    with translation.override(language):
        one = _tables_hands(drive, ((3, 5),))
        many = _tables_hands(drive, tuple((3, hand) for hand in ODD_HANDS))
    assert f" {singular} 5" in one
    assert f" {plural} 1, 3, 5," in many, many


def test_the_grid_template_names_21_tables_in_the_plural():
    template = Template(
        "{% load i18n deals %}{% blocktranslate trimmed count counter=numbers|label_count"
        ' with tables=numbers|join:", " %}table {{ tables }}, every hand{% plural %}'
        "tables {{ tables }}, every hand{% endblocktranslate %}"
    )
    with translation.override("ru"):
        text = template.render(Context({"numbers": list(range(1, 22))}))
        single = template.render(Context({"numbers": [7]}))
    assert text.startswith("столы 1, 2,"), text
    assert single.startswith("стол 7,"), single


def test_a_list_of_numbers_says_each_run_of_three_or_more_as_first_to_last():
    assert number_runs([1, 2, 3, 4, 26]) == "1\u20134, 26"
    assert number_runs([5, 6, 8, 9, 10]) == "5, 6, 8\u201310"
    assert number_runs([7]) == "7"
    assert number_runs([]) == ""
