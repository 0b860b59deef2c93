from __future__ import annotations

import pytest

from scoring.standings import Standing
from scoring.templatetags.boards import standing_rows


def standing(**changes) -> Standing:
    values = dict(
        rank=1,
        entry=1,
        number=7,
        name="Ann",
        group="A",
        played=20,
        sat_out=4,
        score=30,
        compensation=5,
        adjustments=-2,
    )
    values.update(changes)
    return Standing(**values)


def test_a_row_holds_every_column_in_order():
    html = standing_rows([standing()])
    assert html == (
        '<tr><td class="num">1</td><td class="num">7</td><td class="name">Ann</td>'
        '<td class="num wide">20</td><td class="num wide">4</td>'
        '<td class="num wide">30</td><td class="num wide">3</td>'
        '<td class="num total">33</td></tr>'
    )


def test_names_and_group_labels_are_escaped():
    html = standing_rows(
        [standing(name="<b>Bo</b> & Co"), standing(entry=2, group="B")],
        {"A": "Ladies", "B": "<i>Gents</i>"},
    )
    assert "<b>" not in html and "&lt;b&gt;Bo&lt;/b&gt; &amp; Co" in html
    assert '<td class="wide">Ladies</td>' in html
    assert '<td class="wide">&lt;i&gt;Gents&lt;/i&gt;</td>' in html


def test_no_rows_says_so_across_the_table():
    assert standing_rows([]) == '<tr><td colspan="8">No entries.</td></tr>'
    assert 'colspan="9"' in standing_rows([], {"A": "A", "B": "B"})


def test_only_whole_numbers_reach_the_page_unescaped():
    with pytest.raises(ValueError):
        standing_rows([standing(played="<script>")])
