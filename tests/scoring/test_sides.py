"""The one place a page puts a side's label into words (deals.sides): each
label in a span that keeps it on one line, in the page's language, the words
escaped, and a sentence passed through twice not wrapped twice."""

from __future__ import annotations

import re

from django.template import Context, Template
from django.utils import translation
from django.utils.safestring import mark_safe

from scoring.rules import result_words
from scoring.templatetags.deals import sides

# A side's label kept whole, and held on one line with the number after it.
NS_9 = '<span class="side-held"><span class="side">N-S</span> 9</span>'
EW_4 = '<span class="side-held"><span class="side">E-W</span> 4</span>'


def test_each_label_is_kept_whole_in_the_pages_language() -> None:
    assert sides("Keep N-S 9, E-W 4") == f"Keep {NS_9}, {EW_4}"
    with translation.override("ru"):
        assert sides("С-Ю 9, В-З 4") == (
            '<span class="side-held"><span class="side">С-Ю</span> 9</span>, '
            '<span class="side-held"><span class="side">В-З</span> 4</span>'
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
        "{% load i18n deals %}{% blocktranslate trimmed with ns=9 ew=4 asvar said %}"
        "N-S {{ ns }}, E-W {{ ew }}{% endblocktranslate %}{{ said|sides }}"
    ).render(Context())
    assert rendered == f"{NS_9}, {EW_4}"


def test_a_label_and_its_number_are_held_on_one_line() -> None:
    """ "Hand 3 is in: N-S 9 tricks" broke between "N-S" and "9" on a narrow
    phone: the label and the number after it are one span.side-held (nowrap),
    a signed score too; the words after the number, and a label with no
    number, are left free to break."""
    assert sides("Hand 3 is in: N-S 9 tricks, E-W 4.") == (
        f"Hand 3 is in: {NS_9} tricks, {EW_4}."
    )
    assert sides("Scores: N-S −3, E-W +2") == (
        'Scores: <span class="side-held"><span class="side">N-S</span> −3</span>, '
        '<span class="side-held"><span class="side">E-W</span> +2</span>'
    )
    assert sides("N-S tricks") == '<span class="side">N-S</span> tricks'
    assert sides("N-S: 9") == '<span class="side">N-S</span>: 9'
    with translation.override("pl"):
        assert sides("Rozdanie 3 zapisane, lewy: N-S 10, E-W 3.") == (
            "Rozdanie 3 zapisane, lewy: "
            '<span class="side-held"><span class="side">N-S</span> 10</span>, '
            '<span class="side-held"><span class="side">E-W</span> 3</span>.'
        )
    once = sides("Hand 3: N-S 9, E-W 4")
    assert sides(once) == once


def test_a_side_named_in_full_is_kept_whole_where_it_fits() -> None:
    """The check's words over its figures name the sides in full: "Nord–Sud"
    in a span.side-name (whole on its line where it fits), not broken at its
    dash ("Nord–" over "Sud") at twice the text size."""
    with translation.override("it"):
        assert sides(result_words(9)) == (
            'Prese: <span class="side-name">Nord–<span class="side-held">Sud 9,'
            '</span></span> <span class="side-name">Est–<span class="side-held">'
            "Ovest 4;</span></span> 3 prese oltre la sesta a "
            '<span class="side-name">Nord–Sud</span>'
        )
        once = sides("Nord–Sud, N-S")
        assert sides(once) == once


def test_a_side_named_in_full_holds_its_number_to_its_last_word() -> None:
    """At twice the text size the Russian check put «Восток–Запад» on its
    own line and «4; 3 взятки сверх шести» under it: a number starting a
    line, read as a list. The number is held to the name's last word, which
    may still go under the name's first ("Восток–" over "Запад 4;")."""
    with translation.override("ru"):
        said = sides(result_words(9))
        # The mark after the number too: the line may break after the name's
        # box, and «;» would start the next line.
        assert '<span class="side-held">Запад 4;</span>' in said
        assert '<span class="side-name">Восток–<span class="side-held">' in said
        assert not re.search(r"Запад</span>\s*4", said)
        assert sides(said) == said
