"""What a Russian club's evening, walked through from the door to the printed
results (7 December), found in the words: the calls at the bell, which the MC
reads aloud from the projector, said "на один стол вверх" where the table
card and the rules say "на стол выше"; the results sheet counted revokes in
the nominative ("Ренонсы (3 сдачи)", and "Ренонс (21 сдача)" for 21 of them);
the tie key joined its words with a hyphen's dash; prediction whist's rule
put "как можно" before the preposition."""

from __future__ import annotations

import pytest
from django.utils import translation
from django.utils.translation import gettext, ngettext

from drive.movement.describe import bell_call, format_rule
from printing.rules_words import rubber_rules_lines
from scoring.rubber import settings_for

GROUPS = {"group_a": "Дамы", "group_b": "Кавалеры"}


def ru_call(format: str, **facts) -> str:
    with translation.override("ru"):
        return bell_call(format, **GROUPS, **facts)


def test_the_progressive_call_says_a_table_higher_as_the_table_card_does():
    assert ru_call("progressive") == (
        "Переходят проигравшие: Дамы\u00a0— на стол выше, Кавалеры\u00a0— на стол ниже. "
        "Победители остаются за столом: Дамы\u00a0— на Севере, Кавалеры "
        "пересаживаются на Запад."
    )
    assert ru_call("progressive", winners_move=True) == (
        "Переходят победители: Дамы\u00a0— на стол выше, Кавалеры\u00a0— на стол ниже. "
        "Проигравшие остаются за столом: Дамы\u00a0— на Севере, Кавалеры "
        "пересаживаются на Запад."
    )


def test_the_semi_partner_call_says_a_table_higher():
    assert ru_call("semi-partner") == (
        "Переходят проигравшие: Дамы\u00a0— на стол выше, Кавалеры\u00a0— на стол ниже. "
        "Победители остаются вместе."
    )
    assert ru_call("semi-partner", winners_move=True) == (
        "Переходят победители: Дамы\u00a0— на стол выше, Кавалеры\u00a0— на стол ниже. "
        "Проигравшие остаются вместе."
    )


def test_the_stationary_call_has_no_colon_between_the_group_and_its_verb():
    """It said "Дамы: остаются за своим столом. Кавалеры: переходят к
    следующему столу по карточке игрока.", a colon where the verb follows
    its subject, read aloud as two headings."""
    assert ru_call("stationary") == (
        "Дамы остаются за своим столом. Кавалеры переходят за следующий стол, "
        "указанный в карточке игрока."
    )


@pytest.mark.parametrize("format", ["partners", "rubber"])
def test_the_pairs_calls_say_a_table_higher(format):
    assert ru_call(format, pairs=6, rounds=3) == (
        "Пары Север-Юг остаются. Пары Восток-Запад переходят на стол выше."
    )
    assert ru_call(format, pairs=5, rounds=5) == (
        "Пары Север-Юг переходят на стол ниже, пары Восток-Запад\u00a0— на стол "
        "выше, как указано в карточке."
    )


@pytest.mark.parametrize(
    "format",
    [
        "progressive",
        "semi-partner",
        "stationary",
        "partners",
        "individual",
        "rubber",
        "prediction",
    ],
)
@pytest.mark.parametrize("winners_move", [False, True])
def test_no_call_sends_anyone_up_or_down(format, winners_move):
    """No call says "вверх" or "вниз", the calque of "up", "down": a table is
    higher or lower (the table card: "Дамы — на стол выше")."""
    for pairs, rounds in ((6, 3), (5, 5)):
        call = ru_call(format, winners_move=winners_move, pairs=pairs, rounds=rounds)
        assert "вверх" not in call and "вниз" not in call, call
        with translation.override("ru"):
            rule = format_rule(
                format,
                winners_move=winners_move,
                pairs=pairs,
                rounds=rounds,
                groups=("Дамы", "Кавалеры"),
            )
        assert "вверх" not in rule and "вниз" not in rule, rule


REVOKES = (
    "Revoke (%(hands)d hand): %(words)s.",
    "Revokes (%(hands)d hands): %(words)s.",
)


@pytest.mark.parametrize(
    ("hands", "said"),
    [
        (1, "Ренонсы (в 1 сдаче): 3 взятки переходят."),
        (3, "Ренонсы (в 3 сдачах): 3 взятки переходят."),
        (5, "Ренонсы (в 5 сдачах): 3 взятки переходят."),
        (21, "Ренонсы (в 21 сдаче): 3 взятки переходят."),
        (22, "Ренонсы (в 22 сдачах): 3 взятки переходят."),
    ],
)
def test_the_results_sheet_counts_the_hands_with_a_revoke(hands, said):
    """The sheet said "Ренонсы (3 сдачи)", "revokes (three hands)", and the
    form for 1 is also 21's: "Ренонс (21 сдача)" put one revoke over 21 hands."""
    with translation.override("ru"):
        line = ngettext(*REVOKES, hands) % {
            "hands": hands,
            "words": "3 взятки переходят",
        }
    assert line == said


def test_the_tie_key_is_a_sentence_with_no_hyphens_dash():
    with translation.override("ru"):
        key = gettext("Level on points: placed by %(rules)s.") % {
            "rules": "сравнение с последней сдачи"
        }
    assert key == "При равенстве очков порядок: сравнение с последней сдачи."
    assert "–" not in key


def test_the_prediction_rule_puts_as_many_as_possible_after_the_preposition():
    with translation.override("ru"):
        rule = format_rule("prediction")
    assert "с как можно бо́льшим числом разных игроков" in rule
    assert "как можно с" not in rule


def test_the_records_payment_event_is_named_as_the_others_are():
    """The record of changes named its events "Результат введён или
    исправлен", "Задан взнос или валюта", and a payment "Оплачено или не
    оплачено", two bare participles with no noun."""
    with translation.override("ru"):
        assert gettext("Paid or unpaid") == "Оплата отмечена или отменена"


def test_the_scores_page_says_where_the_revoke_is():
    """The page said "Ренонс бывает редко: он после кнопки", leaving out
    what stands after the button: the revoke's field, reached by Tab."""
    with translation.override("ru"):
        revoke = gettext(
            "A revoke is rare: it comes after the Save button, out of the way: "
            "Tab past it, or use the access key H."
        )
        both = gettext(
            "Honours and revokes come after the Save button, out of the way: "
            "Tab past it, or use the access key H."
        )
    assert revoke == (
        "Ренонс бывает редко, поэтому его поле стоит после кнопки «Сохранить», "
        "чтобы не мешать: перейдите к нему клавишей Tab или нажмите клавишу "
        "доступа H."
    )
    assert both == (
        "Онёры и ренонсы стоят после кнопки «Сохранить», чтобы не мешать: "
        "перейдите к ним клавишей Tab или нажмите клавишу доступа H."
    )


@pytest.mark.parametrize(
    ("count", "pairs"),
    [
        (1, "1 пара игроков встречается"),
        (3, "3 пары игроков встречаются"),
        (6, "6 пар игроков встречаются"),
    ],
)
def test_prediction_quality_counts_pairs_of_players_after_a_small_letter(count, pairs):
    """The movement page's "Качество: За 3 партии каждый игрок встречает …;
    6 пар встречаются больше одного раза": a capital after the colon, where
    every other format's quality goes on in small letters ("Качество: у
    игроков …"), and bare "пара", a partnership, where nobody has one (as
    "6 пар игроков встречаются дважды" says)."""
    with translation.override("ru"):
        over = ngettext(
            "Over %(games)s game each player meets %(low)s of the %(others)s others",
            "Over %(games)s games each player meets %(low)s of the %(others)s others",
            3,
        ) % {"games": 3, "low": 8, "others": 8}
        spread = ngettext(
            "Over %(games)s game each player meets %(low)s to %(high)s of the "
            "%(others)s others",
            "Over %(games)s games each player meets %(low)s to %(high)s of the "
            "%(others)s others",
            21,
        ) % {"games": 21, "low": 7, "high": 8, "others": 8}
        meet = ngettext(
            "%(count)s pair meets more than once, at most %(most)s times",
            "%(count)s pairs meet more than once, at most %(most)s times",
            count,
        ) % {"count": count, "most": 3}
    assert over == "за 3 партии каждый игрок встречает 8 из 8 других"
    assert spread == "за 21 партию каждый игрок встречает от 7 до 8 из 8 других"
    assert meet == f"{pairs} больше одного раза, не более 3 раз"


def test_the_door_moves_a_player_to_a_group_named_as_a_group():
    """The door's row button said "Перевести: Кавалеры", a label and its
    value, where it moves the player into the group of that name."""
    with translation.override("ru"):
        said = gettext("Move to %(group)s") % {"group": "Кавалеры"}
    assert said == "Перевести в группу «Кавалеры»"


def test_the_rubber_evening_score_says_whose_pair_without_doubt():
    """«результат каждого игрока — сумма стоимостей робберов его пары»: «его»
    could be the score's as well as the player's; a rule book says «своей»,
    which can only be the player's, the sentence's subject."""
    with translation.override("ru"):
        lines = dict(rubber_rules_lines(settings_for("english")))
    assert lines["Итог вечера"] == (
        "каждый игрок получает сумму стоимостей робберов своей пары"
    )
