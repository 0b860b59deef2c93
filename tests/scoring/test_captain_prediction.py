"""The captain's phone at a prediction whist table: a deal's entry (every
prediction, then every player's tricks), checked by the server as it is typed
and again when it is sent, with the exactly-once and two-phone rules of every
captain's send."""

from __future__ import annotations

import re

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.utils import translation

from drive.models import Drive, Table
from players.models import AuditEvent
from scoring import captain as captain_services
from scoring import live, prediction_entry, prediction_rules, selectors
from scoring.captain import Kind
from scoring.models import PhoneReceipt, ResultStatus
from tests.factories import drive_with_players, legal_deal, prediction_drive
from tests.scoring.captain_phone import table_of
from tests.scoring.prediction_captain import (
    HTMX,
    KEY,
    POINTS,
    PREDICTIONS,
    TRICKS,
    check,
    five_player_drive,
    form_data,
    players_at,
    results,
    submit,
    text_of,
    url,
)

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}


def written(drive: Drive) -> tuple:
    return (
        results(drive),
        AuditEvent.objects.filter(drive_id=drive.pk).count(),
        PhoneReceipt.objects.filter(table__drive=drive).count(),
    )


# --- the entry, as plain Python -------------------------------------------------------


FIVE = [prediction_entry.Player(seat, 10 + seat, f"P{seat}") for seat in range(5)]


def test_the_entry_bars_the_last_number_with_the_reason_once_the_others_are_in():
    entry = prediction_entry.deal_entry(1, FIVE, {1: 2, 2: 2, 3: 0})
    assert [row.player.seat for row in entry.rows] == [1, 2, 3, 4, 0]
    assert entry.dealer.seat == 0 and entry.rows[-1].dealer
    assert all(row.barred is None for row in entry.rows)  # seat 4 still to say
    entry = prediction_entry.deal_entry(1, FIVE, {1: 2, 2: 2, 3: 0, 4: 4})
    last = entry.rows[-1]
    assert last.barred == 2
    assert last.barred_reason == (
        "Not 2: the predictions would add up to 10, and someone must fail."
    )
    assert [c.value for c in last.prediction_choices if c.disabled] == [2]
    assert not any(
        c.disabled for row in entry.rows[:-1] for c in row.prediction_choices
    )
    assert entry.prediction_status == "1 prediction to enter."
    # The barred number sent anyway is taken back, with the reason.
    entry = prediction_entry.deal_entry(1, FIVE, {0: 2, 1: 2, 2: 2, 3: 0, 4: 4})
    assert entry.rows[-1].prediction is None
    assert entry.problems == (
        "P0: Not 2: the predictions would add up to 10, and someone must fail.",
    )


def test_the_entry_adds_up_the_tricks_and_is_ready_only_when_the_deal_is_right():
    by_seat = dict(enumerate(PREDICTIONS))
    entry = prediction_entry.deal_entry(1, FIVE, by_seat, {1: 3, 2: 2})
    assert entry.tricks_status == (
        "The tricks add up to 5 of 10 so far; 3 players to enter."
    )
    assert not entry.ready and not entry.tricks_wrong
    entry = prediction_entry.deal_entry(
        1, FIVE, by_seat, {0: 1, 1: 3, 2: 2, 3: 0, 4: 3}
    )
    assert entry.tricks_status == (
        "The tricks add up to 9, 1 short: they must add up to 10."
    )
    assert entry.tricks_wrong and not entry.ready
    assert all(row.points is None for row in entry.rows)
    # Said once: not again among the problems.
    assert entry.problems == ()
    entry = prediction_entry.deal_entry(
        1, FIVE, by_seat, {0: 2, 1: 3, 2: 3, 3: 0, 4: 4}
    )
    assert entry.tricks_status == (
        "The tricks add up to 12, 2 too many: they must add up to 10."
    )
    assert entry.tricks_wrong and not entry.ready and entry.problems == ()
    entry = prediction_entry.deal_entry(1, FIVE, by_seat, dict(enumerate(TRICKS)))
    assert entry.ready and entry.tricks_status == "The tricks add up to 10."
    assert [row.points for row in entry.by_seat] == list(POINTS)
    assert entry.prediction_status == (
        "The predictions add up to 9, with 10 tricks to take."
    )
    # Anything out of range is not chosen.
    entry = prediction_entry.deal_entry(1, FIVE, {0: 11, 1: -1}, {2: 99})
    assert {row.prediction for row in entry.rows} == {None}
    assert {row.tricks for row in entry.rows} == {None}


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        (1, "Hearts trumps"),
        (4, "Spades trumps"),
        (5, "Free: no trumps"),
        (6, "Blind: predictions made before looking at the cards"),
        (7, "Tickets: predictions written down and opened after the deal"),
        (16, "Wist: everyone predicts Wist (no tricks)"),
    ],
)
def test_each_deal_says_its_kind(hand, words):
    assert prediction_entry.deal_entry(hand, FIVE).kind_words == words


# The Wist deal on the phone in the words of the rules and the slips, the
# glossary's (ru «все заказывают Вист»): never "everyone predicts zero".
WIST_WORDS = {
    "pl": ("Wist: wszyscy deklarują Wist (bez lew)", "zero"),
    "ru": ("Вист: все заказывают Вист (ни одной взятки)", "ноль"),
    "ro": ("Whist: toți licitează whist (nicio levată)", "zero"),
    "it": ("Whist: tutti prevedono Whist (nessuna presa)", "zero"),
}


@pytest.mark.parametrize("language", sorted(WIST_WORDS))
def test_the_wist_deal_says_everyone_predicts_wist_as_the_rules_do(language):
    words, zero = WIST_WORDS[language]
    with translation.override(language):
        said = prediction_entry.deal_entry(8, FIVE).kind_words
        rules = translation.gettext("On the Wist deal everyone predicts Wist.")
    assert said == words and zero not in said
    # The same verb and object as the rules' sentence.
    assert words.split(": ", 1)[1].split(" (")[0].lower() in rules.lower()


def test_on_the_wist_deal_every_prediction_is_wist_and_none_is_asked():
    entry = prediction_entry.deal_entry(8, FIVE, {0: 3}, {0: 10})
    assert all(row.prediction == 0 and not row.prediction_choices for row in entry.rows)
    entry = prediction_entry.deal_entry(8, FIVE, {}, {0: 10, 1: 0, 2: 0, 3: 0, 4: 0})
    assert entry.ready
    assert [row.points for row in entry.by_seat] == [-50, 20, 20, 20, 20]
    # Tickets bars nothing.
    entry = prediction_entry.deal_entry(7, FIVE, {0: 2, 1: 2, 2: 2, 3: 2})
    assert all(row.barred is None for row in entry.rows)


def test_the_game_score_adds_up_the_deals_in():
    first = prediction_rules.drive_deal(1, PREDICTIONS, TRICKS)
    second = prediction_rules.drive_deal(2, (2, 1, 2, 2, 2), (2, 2, 2, 2, 2))
    score = prediction_entry.game_score(FIVE, {2: second, 1: first})
    assert (score.game, score.deal, score.deals_in) == (1, 2, 2)
    assert [row.points for row in score.rows] == [12, 2, 12, 12, 12]
    assert [row.total for row in score.rows] == [23, 5, 24, 32, 26]
    assert prediction_entry.game_score(FIVE, {}) is None


# --- the send ---------------------------------------------------------------------------


def test_a_deal_from_the_phone_is_recorded_by_seat(club):
    drive = five_player_drive(club)
    table = table_of(drive)
    assert players_at(drive, 1) == 5
    response = Client().post(
        url(table, "result/"), form_data(1, PREDICTIONS, TRICKS), **JSON
    )
    assert response.status_code == 200, response.json()
    assert response.json()["kind"] == Kind.RECORDED
    assert response.json()["message"] == (
        "Deal 1 of game 1 is in: predictions 1, 2, 2, Wist, 4; tricks 1, 3, 2, 0, 4."
    )
    assert results(drive) == [(1, 1, "1,2,2,0,4", "1,3,2,0,4", ResultStatus.CONFIRMED)]
    [play] = selectors.prediction_plays(drive=drive)
    assert play.deal.points == POINTS
    # The next deal is asked for, after the points of this one and the game so far.
    html = Client().get(url(table)).content.decode()
    text = text_of(html)
    assert "Deal 1 of game 1 is in" in text
    assert "Deal 2 of 8" in text and "Diamonds trumps" in text
    score = re.search(r'<section class="wist-score".*?</section>', html, re.S).group(0)
    assert re.findall(r'<td class="points">(-?\d+)</td>', score) == [
        str(p) for p in POINTS
    ]
    assert re.findall(r'<td class="total">(-?\d+)</td>', score) == [
        str(p) for p in POINTS
    ]


def test_without_javascript_a_send_redirects_to_the_next_deal(club):
    drive = five_player_drive(club)
    table = table_of(drive)
    client = Client()
    response = client.post(url(table, "result/"), form_data(1, PREDICTIONS, TRICKS))
    assert response.status_code == 302
    page = text_of(client.get(url(table)).content.decode())
    assert "Deal 1 of game 1 is in: predictions 1, 2, 2, Wist, 4" in page
    assert "Deal 2 of 8" in page


def test_the_barred_last_prediction_is_refused_with_the_reason(club):
    drive = five_player_drive(club)
    table = table_of(drive)
    barred = (2, 2, 2, 0, 4)  # seat 0 predicts last
    before = written(drive)
    response = Client().post(
        url(table, "result/"), form_data(1, barred, TRICKS), **JSON
    )
    assert response.status_code == 400
    assert response.json()["message"] == (
        "Table 1, deal 1 of game 1: Not 2: the predictions would add up to 10, and someone "
        "must fail."
    )
    assert written(drive) == before
    # Without JavaScript: the page again, with the reason and what was sent kept.
    page = Client().post(url(table, "result/"), form_data(1, barred, TRICKS))
    assert page.status_code == 400
    html = page.content.decode()
    assert "and someone must fail" in html
    assert re.search(r'id="p1-2"[^>]* checked', html)  # seat 1's 2 kept
    assert re.search(r'id="t4-4"[^>]* checked', html)
    assert written(drive) == before


def test_tricks_that_do_not_add_up_are_refused(club):
    drive = five_player_drive(club)
    table = table_of(drive)
    with pytest.raises(ValidationError) as caught:
        submit(table, 1, PREDICTIONS, (1, 3, 2, 0, 3))
    assert caught.value.code == "invalid"
    assert caught.value.messages == [
        "Table 1, deal 1 of game 1: The tricks add up to 9; they must add up to 10, the "
        "cards each player holds."
    ]
    assert results(drive) == []


def test_a_table_of_four_plays_with_thirteen_cards(club):
    drive = prediction_drive(club)  # 8 players: two tables of four
    table = table_of(drive, 2)
    with pytest.raises(ValidationError) as caught:
        submit(table, 1, PREDICTIONS, TRICKS)  # five players' numbers
    assert "each of the 4 players" in caught.value.messages[0]
    predictions, tricks = legal_deal(1, 4)
    assert sum(tricks) == 13
    assert submit(table, 1, predictions, tricks).kind == Kind.RECORDED


def wist_deal_reached(club) -> Drive:
    """A table of five at the Wist deal (deal 8 of game 1), deals 1 to 7 in."""
    drive = five_player_drive(club)
    table = table_of(drive)
    for hand in range(1, 8):
        outcome = submit(table, hand, *legal_deal(hand, 5), key=f"deal{hand}" * 5)
        assert outcome.kind == Kind.RECORDED
    return drive


def test_blind_and_tickets_are_entered_after_the_deal_and_tickets_bars_nothing(club):
    drive = five_player_drive(club)
    table = table_of(drive)
    for hand in range(1, 6):
        submit(table, hand, *legal_deal(hand, 5), key=f"deal{hand}" * 5)
    text = text_of(Client().get(url(table)).content.decode())
    assert "Deal 6 of 8" in text
    assert "Blind: predictions made before looking at the cards" in text
    assert (
        "Blind: the predictions are made before anyone looks at the cards. Enter "
        "them after the deal, with the tricks."
    ) in text
    # Blind bars the last number like any deal (seat 0 deals deal 6, and
    # predicts last).
    html = check(Client(), table, form_data(6, (None, 2, 2, 2, 2)), **HTMX)
    assert re.search(r'id="p0-2"[^>]* disabled', html.content.decode())
    submit(table, 6, *legal_deal(6, 5), key="deal6" * 5)
    text = text_of(Client().get(url(table)).content.decode())
    assert "Deal 7 of 8" in text
    assert "Tickets: the predictions are written down and opened after the deal" in (
        text
    )
    # Seat 1 deals deal 7 and predicts last: nothing is barred.
    html = check(Client(), table, form_data(7, (2, None, 2, 2, 2)), **HTMX)
    html = html.content.decode()
    assert " disabled" not in re.sub(r"<button[^>]*>", "", html)
    assert "barred-reason" not in html
    # On Tickets the predictions may add up to the tricks.
    outcome = submit(table, 7, (2, 2, 2, 2, 2), (2, 2, 2, 2, 2), key="deal7" * 5)
    assert outcome.kind == Kind.RECORDED


def test_on_the_wist_deal_a_prediction_other_than_wist_is_refused(club):
    drive = wist_deal_reached(club)
    table = table_of(drive)
    html = Client().get(url(table)).content.decode()
    text = text_of(html)
    assert "Deal 8 of 8" in text
    assert "Wist: everyone predicts Wist (no tricks)" in text
    assert "Everyone predicts Wist on this deal." in text
    assert 'name="prediction_0" value="0"' in html and 'id="p0-0"' not in html
    before = written(drive)
    response = Client().post(
        url(table, "result/"),
        form_data(8, (0, 0, 1, 0, 0), (10, 0, 0, 0, 0)),
        **JSON,
    )
    assert response.status_code == 400
    assert response.json()["message"] == (
        "Table 1, deal 8 of game 1: On the Wist deal everyone predicts Wist."
    )
    assert written(drive) == before
    assert submit(table, 8, (0,) * 5, (6, 4, 0, 0, 0)).kind == Kind.RECORDED
    # Game 1 is over at this table: its scores, and the wait for the room.
    text = text_of(Client().get(url(table)).content.decode())
    assert "Game 1 is over: the scores" in text
    assert "Waiting for table 2." in text


def test_the_same_key_twice_makes_one_result(club):
    drive = five_player_drive(club)
    table = table_of(drive)
    first = submit(table, 1, PREDICTIONS, TRICKS)
    before = written(drive)
    for _ in range(3):
        again = submit(table, 1, PREDICTIONS, TRICKS)
        assert again.accepted and again.result.pk == first.result.pk
    # The key's first answer is final, whatever numbers come with it.
    other = submit(table, 1, (1, 2, 2, 0, 4), (2, 2, 2, 0, 4))
    assert other.kind == Kind.ALREADY and other.result.pk == first.result.pk
    assert written(drive) == before
    assert len(results(drive)) == 1


def test_a_second_phone_with_the_same_deal_is_told_already(club):
    drive = five_player_drive(club)
    table = table_of(drive)
    submit(table, 1, PREDICTIONS, TRICKS, key="a" * 22)
    response = Client().post(
        url(table, "result/"), form_data(1, PREDICTIONS, TRICKS, key="b" * 22), **JSON
    )
    assert response.status_code == 200
    assert response.json()["kind"] == Kind.ALREADY
    assert "already in with the same tricks" in response.json()["message"]
    assert len(results(drive)) == 1
    receipt = PhoneReceipt.objects.get(idempotency_key="b" * 22)
    assert (receipt.predictions, receipt.tricks) == ("1,2,2,0,4", "1,3,2,0,4")


def test_a_second_phone_with_another_deal_is_a_conflict_for_the_organiser(club):
    drive = five_player_drive(club)
    table = table_of(drive)
    submit(table, 1, PREDICTIONS, TRICKS, key="a" * 22)
    other = ((1, 2, 2, 0, 4), (2, 2, 2, 0, 4))
    response = Client().post(
        url(table, "result/"), form_data(1, *other, key="b" * 22), **JSON
    )
    assert response.status_code == 409
    body = response.json()
    assert body["kind"] == Kind.CONFLICT
    assert "already has a result: predictions 1, 2, 2, Wist, 4" in body["message"]
    assert (
        "Yours (predictions 1, 2, 2, Wist, 4; tricks 2, 2, 2, 0, 4)"
        in (body["message"])
    )
    assert results(drive) == [
        (1, 1, "1,2,2,0,4", "1,3,2,0,4", ResultStatus.CONFIRMED),
        (1, 1, "1,2,2,0,4", "2,2,2,0,4", ResultStatus.CONFLICT),
    ]
    # A third phone agreeing with the second: the same conflict, remembered.
    third = submit(table, 1, *other, key="c" * 22)
    assert third.kind == Kind.CONFLICT
    assert len(results(drive)) == 2
    [conflict] = live.room(drive=drive).table(1).hands[0].conflicts
    assert conflict.tricks == "2,2,2,0,4"


def test_the_phones_name_a_deal_by_its_game_not_by_the_drives_hand_number(club):
    """Players count deals 1 to 8 in each game: the messages do too."""
    drive = five_player_drive(club)
    table = table_of(drive)
    assert submit(table, 1, PREDICTIONS, TRICKS).kind == Kind.RECORDED
    # A second phone, still on deal 2, while the first one sends it.
    deal = legal_deal(2, 5)
    sent = Client().post(
        url(table, "result/"), form_data(2, *deal, key="x" * 22), **JSON
    )
    assert sent.json()["message"].startswith("Deal 2 of game 1 is in: predictions ")
    news = Client().get(url(table, "news/"), {"seen": "old", "hand": 2}).json()
    assert news["message"].startswith(
        "Deal 2 of game 1 was recorded from another phone: predictions "
    )
    assert "Hand 2" not in news["message"]
    # Waiting for an opponent to confirm: the same name.
    drive = five_player_drive(club, opponent_confirms=True)
    pending = (
        Client()
        .post(
            url(table_of(drive), "result/"), form_data(1, PREDICTIONS, TRICKS), **JSON
        )
        .json()
    )
    assert pending["message"] == (
        "Deal 1 of game 1: predictions 1, 2, 2, Wist, 4; tricks 1, 3, 2, 0, 4. "
        "Now hand the phone to an opponent to confirm."
    )


def test_an_opponent_confirms_the_deal_on_the_phone(club):
    drive = five_player_drive(club, opponent_confirms=True)
    table = table_of(drive)
    client = Client()
    assert client.post(
        url(table, "result/"), form_data(1, PREDICTIONS, TRICKS)
    ).status_code == (302)
    html = client.get(url(table)).content.decode()
    text = text_of(html)
    assert "Opponent, please check deal 1" in text
    check = re.search(r'<table class="wist-table wist-check">.*?</table>', html, re.S)
    assert re.findall(r'<td class="points">(-?\d+)</td>', check.group(0)) == [
        str(POINTS[seat])
        for seat in (1, 2, 3, 4, 0)  # in the order of predicting
    ]
    response = client.post(
        url(table, "confirm/"),
        {"hand": 1, "version": 1, "answer": "confirm", "table": 1},
    )
    assert response.status_code == 302
    assert results(drive) == [
        (1, 1, "1,2,2,0,4", "1,3,2,0,4", ResultStatus.SUPERSEDED),
        (1, 1, "1,2,2,0,4", "1,3,2,0,4", ResultStatus.CONFIRMED),
    ]
    assert selectors.prediction_plays(drive=drive)[0].deal.points == POINTS


def test_the_last_deal_from_a_phone_moves_the_drive_to_the_next_game(club):
    drive = five_player_drive(club)
    sizes = {1: 5, 2: 4}
    for number, players in sizes.items():
        for hand in range(1, 9):
            outcome = submit(
                table_of(drive, number),
                hand,
                *legal_deal(hand, players),
                key=f"t{number}h{hand}" + "x" * 18,
            )
            assert outcome.kind == Kind.RECORDED
    assert outcome.round_completed
    drive.refresh_from_db()
    assert drive.current_round == 2
    # Table 1's page says where its five players go (the fifth seat too).
    html = Client().get(url(table_of(drive, 1))).content.decode()
    moves = re.search(r'<section class="moves".*?</section>', html, re.S).group(0)
    assert len(re.findall(r'<li class="move', moves)) == 5


def test_a_late_phone_is_told_of_the_deal_and_game_not_a_hand_and_round(club):
    """A phone's other deal for game 1 after the drive moved to game 2: the
    answer names the deal as the phone does, and the game whose moves stand."""
    drive = five_player_drive(club)
    for number, players in {1: 5, 2: 4}.items():
        for hand in range(1, 9):
            submit(
                table_of(drive, number),
                hand,
                *legal_deal(hand, players),
                key=f"t{number}h{hand}" + "x" * 18,
            )
    drive.refresh_from_db()
    assert drive.current_round == 2
    other = legal_deal(3, 5, seed=1)
    assert other != legal_deal(3, 5)
    for language, said in (
        ("en", "Deal 3 of game 1 at table 1 already has a result: "),
        ("pl", "Rozdanie 3 partii 1 przy stoliku 1 ma już wynik: "),
    ):
        with translation.override(language):
            late = submit(table_of(drive), 3, *other, key=language * 11)
        assert late.kind == Kind.CONFLICT
        assert late.message.startswith(said)
    assert late.message.endswith(
        "Przejścia po partii 1 zostały już wykonane i pozostają, cokolwiek "
        "zdecyduje organizator."
    )
    with translation.override("en"):
        late = submit(table_of(drive), 3, *other, key="e" * 22)
        # The first phone's key sent again: its answer, in the same words.
        again = submit(table_of(drive), 3, *other, key="en" * 11)
        same = submit(table_of(drive), 3, *legal_deal(3, 5), key="s" * 22)
    assert "The moves after game 1 were already made and stand" in late.message
    assert again.message.startswith(
        "Deal 3 of game 1 already had another result; yours (predictions "
    )
    assert same.message.startswith(
        "Deal 3 of game 1 was already in with the same tricks (predictions "
    )
    for told in (late, again, same):
        assert "Hand" not in told.message and "round" not in told.message


def test_nothing_is_entered_before_the_start(club):
    drive = prediction_drive(club, start=False)
    table = Table.objects.create(drive=drive, number=1)
    with pytest.raises(ValidationError) as caught:
        submit(table, 1, PREDICTIONS, TRICKS)
    assert caught.value.code == "not_current"
    assert "not started" in caught.value.messages[0]


def test_other_numbers_than_a_deal_are_refused(club):
    drive = five_player_drive(club)
    table = table_of(drive)
    with pytest.raises(ValidationError) as caught:
        captain_services.captain_result_submit(
            table=table, hand=1, ns_tricks=7, idempotency_key=KEY
        )
    assert caught.value.code == "invalid"
    other = drive_with_players(players=8, club=club, hands=3)
    with pytest.raises(ValidationError) as caught:
        submit(table_of(other), 1, PREDICTIONS, TRICKS)
    assert "not prediction whist" in caught.value.messages[0]
    assert results(drive) == [] and results(other) == []


@pytest.mark.parametrize(
    "data",
    [
        form_data(1, PREDICTIONS[:4], TRICKS[:4]),  # a player short
        form_data(1, (*PREDICTIONS, 1), (*TRICKS, 0)),  # a player too many
        form_data(1, PREDICTIONS),  # no tricks
        form_data(1, (1, 2, 2, 0, 11), TRICKS),
        form_data(1, (1, 2, 2, 0, -1), TRICKS),
        form_data(1, PREDICTIONS, TRICKS, prediction_2="two"),
        form_data(1, PREDICTIONS, TRICKS, tricks_0="1.5"),
        form_data(1, PREDICTIONS, TRICKS, tricks_0="9" * 5000),
        form_data(0, PREDICTIONS, TRICKS),
        form_data(99, PREDICTIONS, TRICKS),
        form_data(1, PREDICTIONS, TRICKS, key="short"),
        form_data(1, PREDICTIONS, TRICKS, table=2),
    ],
)
def test_bad_deals_are_a_clear_400_and_write_nothing(club, data):
    drive = five_player_drive(club)
    table = table_of(drive)
    before = written(drive)
    response = Client().post(url(table, "result/"), data, **JSON)
    assert response.status_code == 400, response.json()
    assert response.json()["message"]
    page = Client().post(url(table, "result/"), data)
    assert page.status_code == 400
    assert 'class="captain-error"' in page.content.decode()
    assert written(drive) == before


def test_garbage_never_causes_a_server_error(club):
    drive = five_player_drive(club)
    table = table_of(drive)
    values = ["", "0", "-1", "9" * 40, "x", "\x00", "1.5", "NS", "\u2665", KEY]
    client = Client()
    for suffix in ("result/", "check/"):
        for value in values:
            data = {"hand": value, "idempotency_key": value, "table": value}
            for seat in range(6):
                data[f"prediction_{seat}"] = value
                data[f"tricks_{seat}"] = value
            for headers in ({}, HTMX, JSON):
                response = client.post(url(table, suffix), data, **headers)
                assert response.status_code < 500, (suffix, value, headers)
    assert results(drive) == []
