"""Words a Polish and a Russian club met on a whole evening walked through in
a browser: the door's form and rows, the tabs, the boards. A withdrawn
player's tag fits a woman as well as a man, as the glossary asks (pl
"wycofany(-a)", ru "снят(а)"): it said "Anna Kowalska wycofany od rundy 2"."""

from __future__ import annotations

import pytest

from drive.entry_services import entry_withdraw
from drive.models import Entry
from tests.fixtures import drive_url, messages_of

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "tag"),
    [("pl", "wycofany(-a) od rundy 2"), ("ru", "снят(а) с тура 2")],
)
def test_the_withdrawn_tag_has_both_forms(organiser_client, live_drive, language, tag):
    entry = live_drive.entries.order_by("number").first()
    entry_withdraw(entry=entry)
    organiser_client.cookies["django_language"] = language
    html = organiser_client.get(drive_url(live_drive, "entries/")).content.decode()
    assert f'<span class="tag">{tag}</span>' in html


def test_the_russian_check_in_button_says_what_it_does(organiser_client, open_drive):
    """Beside 'Отметить оплату' the door's check-in button said only
    'Отметить' (mark); the glossary's words are 'отметить на месте'."""
    entry = open_drive.entries.order_by("number").first()
    entry.checked_in = False
    entry.save(update_fields=["checked_in"])
    organiser_client.cookies["django_language"] = "ru"
    html = organiser_client.get(drive_url(open_drive, "entries/")).content.decode()
    assert (
        '<button name="action" value="check_in" class="primary small">'
        "Отметить на месте</button>"
    ) in html


def test_the_door_form_says_what_it_does(organiser_client, open_drive, live_drive):
    """Polish: the door's form and its button said 'Zapisz' (the word for
    Save); now 'Zapisz na turniej'. Russian, in play: the heading said
    'Опоздавший' (a man), now 'Опоздавшие'."""
    organiser_client.cookies["django_language"] = "pl"
    html = organiser_client.get(drive_url(open_drive, "entries/")).content.decode()
    assert '<h2 id="register">Zapisz na turniej</h2>' in html
    assert '<button type="submit" class="primary">Zapisz na turniej</button>' in html
    organiser_client.cookies["django_language"] = "ru"
    html = organiser_client.get(drive_url(live_drive, "entries/")).content.decode()
    assert '<h2 id="register">Опоздавшие</h2>' in html


def test_the_russian_tabs_movement_and_seating_differ(organiser_client, live_drive):
    """Russian: the Movement tab said 'Рассадка и переходы' beside the
    Seating tab 'Рассадка'; a volunteer could not tell which was which."""
    organiser_client.cookies["django_language"] = "ru"
    html = organiser_client.get(drive_url(live_drive, "seating/")).content.decode()
    assert f'<a href="{drive_url(live_drive, "movement/")}">Схема переходов</a>' in html
    assert "Рассадка и переходы" not in html


def test_the_polish_board_says_who_left_early_for_a_man_and_a_woman(
    organiser_client, live_drive
):
    """The leaderboard's tag said 'wyszedł(-a) wcześniej', whose feminine
    would read 'wyszedła' (the word is 'wyszła'); then 'wyszedł/wyszła
    wcześniej'. A noun fits both and reads in brackets on the results sheet
    (ru 'досрочный уход', not '(ушёл(ушла) раньше)'; it 'uscita anticipata',
    not the masculine 'uscito prima')."""
    entry = live_drive.entries.order_by("number").first()
    entry_withdraw(entry=entry)
    organiser_client.cookies["django_language"] = "pl"
    html = organiser_client.get(drive_url(live_drive, "leaderboard/")).content.decode()
    assert '<span class="tag">wcześniejsze wyjście</span>' in html
    assert "wyszedł" not in html


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("pl", "Teraz w grupie Panowie: {who}."),
        ("ru", "Теперь в группе «Кавалеры»: {who}."),
    ],
)
def test_balancing_names_who_changed_group(
    organiser_client, open_drive, language, said
):
    """'Balance the groups' said only 'Moved 1 player between groups'; the
    door could not tell whom to ask to play the other seat role."""
    open_drive.group_a_label, open_drive.group_b_label = "Panie", "Panowie"
    if language == "ru":
        open_drive.group_a_label, open_drive.group_b_label = "Дамы", "Кавалеры"
    open_drive.save(update_fields=["group_a_label", "group_b_label"])
    extra = open_drive.entries.filter(group="B").order_by("number").last()
    Entry.objects.filter(pk=extra.pk).update(group="A")  # 5 A, 3 B
    before = dict(Entry.objects.filter(drive=open_drive).values_list("pk", "group"))
    organiser_client.cookies["django_language"] = language
    response = organiser_client.post(drive_url(open_drive, "balance/"), follow=True)
    (mover,) = [
        e for e in Entry.objects.filter(drive=open_drive) if e.group != before[e.pk]
    ]
    assert mover.group == "B"
    who = f"{mover.number} {mover.player.name}"
    assert said.format(who=who) in messages_of(response)


def test_a_finished_drive_does_not_say_it_is_now_in_its_last_round(
    organiser_client, club
):
    """The overview of a finished drive said 'Teraz: Runda 6 z 6' beside
    'Zakończony', as if the last round were still being played."""
    from tests.factories import drive_with_players, play_round

    drive = drive_with_players(players=8, club=club, hands=2)
    page = organiser_client.get(drive_url(drive)).content.decode()
    assert "<dt>Now</dt><dd>Round 1 of 2</dd>" in page
    play_round(drive)
    play_round(drive)
    drive.refresh_from_db()
    assert drive.state == "finished"
    page = organiser_client.get(drive_url(drive)).content.decode()
    assert "<dt>Now</dt>" not in page
