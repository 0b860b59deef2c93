"""The one place a page puts a side's label into words (deals.sides): each
label in a span that keeps it on one line, in the page's language, the words
escaped, and a sentence passed through twice not wrapped twice."""

from __future__ import annotations

from django.template import Context, Template
from django.utils import translation
from django.utils.safestring import mark_safe

from scoring.rules import result_words
from scoring.templatetags.deals import sides


def test_each_label_is_kept_whole_in_the_pages_language() -> None:
    assert sides("Keep N-S 9, E-W 4") == (
        'Keep <span class="side">N-S</span> 9, <span class="side">E-W</span> 4'
    )
    with translation.override("ru"):
        assert sides("С-Ю 9, В-З 4") == (
            '<span class="side">С-Ю</span> 9, <span class="side">В-З</span> 4'
        )
    with translation.override("it"):
        assert sides("Rubber a E-O") == 'Rubber a <span class="side">E-O</span>'


def test_the_words_are_escaped_and_markup_is_left_alone() -> None:
    assert sides("<b>N-S</b>") == '&lt;b&gt;<span class="side">N-S</span>&lt;/b&gt;'
    once = sides("Now: N-S 7, E-W 6")
    assert sides(once) == once
    # A tag's attribute is no place for a span.
    assert sides(mark_safe('<i title="N-S">N-S</i>')) == (
        '<i title="N-S"><span class="side">N-S</span></i>'
    )
    rendered = Template(
        "{% load i18n deals %}{% blocktranslate trimmed with ns=7 ew=6 asvar said %}"
        "N-S {{ ns }}, E-W {{ ew }}{% endblocktranslate %}{{ said|sides }}"
    ).render(Context())
    assert rendered == (
        '<span class="side">N-S</span> 7, <span class="side">E-W</span> 6'
    )


def test_a_side_named_in_full_is_kept_whole_where_it_fits() -> None:
    """The check's words over its figures name the sides in full: "Nord–Sud"
    in a span.side-name (whole on its line where it fits), not broken at its
    dash ("Nord–" over "Sud") at twice the text size."""
    with translation.override("it"):
        assert sides(result_words(9)) == (
            'Prese: <span class="side-name">Nord–Sud</span> 9, '
            '<span class="side-name">Est–Ovest</span> 4; 3 prese oltre la sesta a '
            '<span class="side-name">Nord–Sud</span>'
        )
        once = sides("Nord–Sud, N-S")
        assert sides(once) == once
