"""The captain's page at a rubber table (issue #17): the game's score and the
games won after every hand, the round's rubber values, and plain words when a
hand wins a game or the rubber, on the page and in the answer to a send."""

from __future__ import annotations

import html as html_lib
import json
import re

import pytest
from django.test import Client
from django.utils.html import strip_tags

from drive.models import Table
from scoring import selectors
from scoring import services as scoring_services
from tests.factories import drive_with_players, rubber_drive

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}
PANEL = 'class="rubber-score"'


def table_of(drive, number: int = 1) -> Table:
    return Table.objects.get(drive=drive, number=number)


def page_url(table: Table, suffix: str = "") -> str:
    return f"/t/{table.captain_key}/{suffix}"


def send(client, table, hand, ns, key, **fields):
    """A phone's send with JavaScript: the JSON answer."""
    data = {
        "table": table.number,
        "hand": hand,
        "ns_tricks": ns,
        "idempotency_key": key,
    } | fields
    return client.post(page_url(table, "result/"), data, **JSON)


def panel(html: str) -> dict[str, object]:
    """The rubber panel as the page shows it: the heading, each row's (N-S,
    E-W), and the words under it ("" when none)."""
    section = re.search(r'<section class="rubber-score".*?</section>', html, re.S)
    assert section, "no rubber panel on the page"
    text = section.group(0)
    rows = {
        name: tuple(
            int(n)
            for n in re.search(
                rf'<tr class="rubber-{name}">.*?<td>(\d+)</td><td>(\d+)</td>', text
            ).groups()
        )
        for name in ("game", "games", "values")
    }
    # (each side's label in a span that keeps it on one line: read without tags)
    words = re.search(r'<p class="rubber-news( rubber-won)?">(.*?)</p>', text, re.S)
    return {
        "title": re.search(r"<h2[^>]*>([^<]*)</h2>", text).group(1),
        **rows,
        "words": html_lib.unescape(strip_tags(words.group(2))) if words else "",
        "won": bool(words and words.group(1)),
    }


def page(table) -> str:
    return Client().get(page_url(table)).content.decode()


def test_the_panel_shows_the_game_and_the_rubber_after_every_hand(club):
    drive = rubber_drive(club)  # English short whist: game 5, bonuses 3/2/1
    table = table_of(drive)
    assert panel(page(table)) == {
        "title": "Rubber 1",
        "game": (0, 0),
        "games": (0, 0),
        "values": (0, 0),
        "words": "",
        "won": False,
    }
    phone = Client()
    steps = [
        # (N-S tricks, the game, games won, values, the words, a game won)
        (
            9,
            (3, 0),
            (0, 0),
            (0, 0),
            "Last hand: N-S 3 for tricks; game score 3-0",
            False,
        ),
        (8, (0, 0), (1, 0), (3, 0), "Game to N-S, 5-0", True),
        (
            4,
            (0, 3),
            (1, 0),
            (3, 0),
            "Last hand: E-W 3 for tricks; game score 0-3",
            False,
        ),
        (5, (0, 0), (1, 1), (3, 3), "Game to E-W, 5-0", True),
        (12, (0, 0), (0, 0), (8, 3), "Game and rubber to N-S, 6-0", True),
    ]
    for hand, (ns, game, games, values, words, won) in enumerate(steps, 1):
        assert (
            send(phone, table, hand, ns, key=f"rubber-key-{hand:06}").status_code == 200
        )
        shown = panel(page(table))
        assert (shown["game"], shown["games"], shown["values"]) == (
            game,
            games,
            values,
        ), hand
        assert (shown["words"], shown["won"]) == (words, won), hand
        assert shown["title"] == ("Rubber 2" if hand == 5 else "Rubber 1"), hand


def test_the_answer_to_a_send_says_when_the_hand_wins_a_game_or_the_rubber(club):
    drive = rubber_drive(club)
    table = table_of(drive)
    phone = Client()
    said = [
        send(phone, table, hand, ns, key=f"answer-key-{hand:06}").json()["message"]
        for hand, ns in enumerate([9, 8, 2, 11], 1)
    ]
    assert said == [
        "Hand 1 is in: N-S 9, E-W 4.",  # 3-0: no game yet, nothing more said
        "Hand 2 is in: N-S 8, E-W 5. Game to N-S, 5-0.",
        "Hand 3 is in: N-S 2, E-W 11. Game to E-W, 5-0.",
        "Hand 4 is in: N-S 11, E-W 2. Game and rubber to N-S, 5-0.",
    ]
    # The same send again (a retry after a lost answer): the same words, the
    # news from the state as it stands.
    again = send(phone, table, 4, 11, key="answer-key-000004").json()
    assert again["message"] == said[3]
    # A second phone sending an old hand is told only what it asked about.
    later = send(Client(), table, 2, 8, key="a-second-phone-22").json()
    assert later["kind"] == "already"
    assert later["message"] == (
        "Hand 2 was already in with the same tricks (N-S 8, E-W 5): nothing changed."
    )


def test_without_javascript_the_page_after_the_send_says_the_game_is_won(club):
    drive = rubber_drive(club)
    table = table_of(drive)
    phone = Client()
    send(phone, table, 1, 10, key="no-script-key-0001")
    form = {
        "table": 1,
        "hand": 2,
        "ns_tricks": 9,
        "idempotency_key": "no-script-02" * 2,
    }
    response = phone.post(page_url(table, "result/"), form)
    assert response.status_code == 302
    html = phone.get(response["Location"]).content.decode()
    assert "Hand 2 is in: N-S 9, E-W 4. Game to N-S, 7-0." in html  # the message
    assert panel(html)["words"] == "Game to N-S, 7-0" and panel(html)["won"]


def test_an_opponents_confirmation_brings_the_news_and_a_second_phone_hears_it(club):
    drive = rubber_drive(club, opponent_confirms=True)
    table = table_of(drive)
    phone = Client()
    for hand, ns in ((1, 10), (2, 9)):
        answer = send(phone, table, hand, ns, key=f"confirm-key-{hand:05}").json()
        # Waiting for an opponent: nothing counts yet, so no game.
        assert "Game" not in answer["message"]
        assert panel(page(table))["games"] == (0, 0)
        confirmed = phone.post(
            page_url(table, "confirm/"),
            {"table": 1, "hand": hand, "version": 1, "answer": "confirm"},
            **JSON,
        ).json()["message"]
    assert confirmed == "Hand 2 is confirmed: N-S 9, E-W 4. Game to N-S, 7-0."
    assert panel(page(table))["games"] == (1, 0)

    # A phone left waiting on hand 3 hears the organiser recorded it, and the game.
    seen = re.search(r'data-fingerprint="(\w+)"', page(table)).group(1)
    scoring_services.hand_result_submit(drive=drive, table=1, hand=3, ns_tricks=5)
    scoring_services.hand_result_submit(drive=drive, table=1, hand=4, ns_tricks=3)
    news = Client().get(page_url(table, "news/"), {"seen": seen, "hand": 4}).json()
    assert news["message"] == (
        "Hand 4 was recorded by the organiser: N-S 3, E-W 10. Game to E-W, 6-0."
    )
    # The phone left on hand 3 hears of both hands recorded meanwhile.
    news = Client().get(page_url(table, "news/"), {"seen": seen, "hand": 3}).json()
    assert news["message"] == (
        "Hand 3 was recorded by the organiser: N-S 5, E-W 8. "
        "Hand 4 was recorded by the organiser: N-S 3, E-W 10. Game to E-W, 6-0."
    )


def test_a_hand_waiting_for_confirmation_at_the_bell_stays_out(club, organiser):
    # Issue #32: N-S 3-0, hand 2 (N-S 11) waiting for the opponents when the
    # bell rings; confirmed afterwards it turned 3 into 8, a game and a rubber
    # bonus. The round is scored as it stands: the confirmation is refused.
    drive = rubber_drive(club, opponent_confirms=True)
    table = table_of(drive)
    scoring_services.hand_result_submit(
        drive=drive, table=1, hand=1, ns_tricks=9, by=organiser
    )
    phone = Client()
    sent = send(phone, table, 2, 11, key="confirm-bell-00002")
    assert sent.status_code == 200, sent.content
    scoring_services.round_start_next(drive=drive, round_number=1)
    answer = phone.post(
        page_url(table, "confirm/"),
        {"table": 1, "hand": 2, "version": 1, "answer": "confirm"},
        **JSON,
    )
    assert answer.status_code == 409
    assert "Round 1 is over: hand 2 was still waiting" in answer.json()["message"]
    [played] = selectors.drive_rubbers(drive=drive)
    assert played.hands == (1,)
    assert played.rubbers[0].games[0].winner is None


def test_the_check_shows_the_hands_game_points_as_the_rubber_scores_them(
    club, organiser
):
    # Russian: N-S at 4-0 revoke and take 13 tricks: 7 points, less 3, and a
    # side never wins a game on a hand it revoked in: N-S stay at 4, 0 points.
    drive = rubber_drive(club, rubber_preset="russian")
    table = table_of(drive)
    scoring_services.hand_result_submit(
        drive=drive, table=1, hand=1, ns_tricks=10, by=organiser
    )
    query = {"hand": 2, "won": "NS", "odd": 7, "revoke": "NS"}
    html = Client().get(page_url(table), query).content.decode()
    assert 'data-step="check"' in html
    assert '<td data-slot="ns-score">0</td>' in html
    tricks = json.loads(
        html_lib.unescape(re.search(r'data-tricks="([^"]*)"', html).group(1))
    )
    assert tricks["scores"][""]["NS"][13] == ["0", "0"]
    # Without the revoke, 7 for the tricks (and the game); E-W revoking with
    # nothing in the game lose nothing.
    assert tricks["scores"][""][""][13] == ["7", "0"]
    assert tricks["scores"][""]["EW"][7] == ["1", "0"]


def test_honours_are_asked_and_the_check_counts_them_as_on_any_drive(club):
    drive = rubber_drive(club, count_honours=True)
    table = table_of(drive)
    html = Client().get(page_url(table), {"hand": 1, "won": "NS", "odd": 2})
    assert 'data-step="honours"' in html.content.decode()
    check = Client().get(page_url(table), {"hand": 1, "ns": 8, "honours": "NS3"})
    # The check line: two odd tricks and two for honours.
    assert re.search(r'data-slot="ns-score">4<', check.content.decode())
    phone = Client()
    send(phone, table, 1, 8, key="honours-key-00001", honours="NS3")
    assert panel(page(table))["words"] == (
        "Last hand: N-S 2 for tricks, N-S 2 for honours; game score 4-0"
    )
    # One point from game, N-S's honours no longer count (the English rule):
    # the trick alone takes the game, 5-0.
    answer = send(phone, table, 2, 7, key="honours-key-00002", honours="NS3").json()
    assert answer["message"].endswith("Game to N-S, 5-0.")


def test_a_drive_of_another_format_has_no_panel_and_no_game_news(club):
    drive = drive_with_players(players=8, club=club, hands=4)
    table = table_of(drive)
    assert PANEL not in page(table)
    answer = send(Client(), table, 1, 13, key="other-format-0001").json()
    assert answer["message"] == "Hand 1 is in: N-S 13, E-W 0."
    assert PANEL not in page(table)


def test_the_panel_starts_again_with_the_next_round(club, organiser):
    drive = rubber_drive(club)
    table = table_of(drive)
    scoring_services.hand_result_submit(
        drive=drive, table=1, hand=1, ns_tricks=13, by=organiser
    )
    assert panel(page(table))["values"] == (3, 0)
    scoring_services.round_start_next(drive=drive, round_number=1)
    shown = panel(page(table))
    assert (shown["title"], shown["game"], shown["values"]) == (
        "Rubber 1",
        (0, 0),
        (0, 0),
    )
    assert shown["words"] == ""


def test_a_phone_on_a_hand_the_bell_cut_off_says_so_and_what_the_round_scored(club):
    """Mid-rubber, the organiser rings the bell: the phone asking for hand 3
    moves on to round 2 saying the round ended and what its rubbers were worth,
    instead of a game score gone back to nothing with no word why."""
    drive = rubber_drive(club)
    table = table_of(drive)
    phone = Client()
    assert send(phone, table, 1, 9, key="rubber-key-000001").status_code == 200
    assert send(phone, table, 2, 8, key="rubber-key-000002").status_code == 200
    other = table_of(drive, 2)
    assert send(Client(), other, 1, 7, key="rubber-key-000101").status_code == 200
    values = selectors.drive_rubbers(drive=drive)[0].values
    assert values == (3, 0)  # a game to N-S, the rubber unfinished
    scoring_services.round_start_next(drive=drive, round_number=1)
    answer = Client().get(page_url(table, "news/"), {"seen": "x", "hand": 3}).json()
    assert answer["message"] == (
        "Round 1 ended before hand 3 was played. The round's rubbers: N-S 3, E-W 0."
    )
    # A hand of the round now in play is simply still to play.
    answer = Client().get(page_url(table, "news/"), {"seen": "x", "hand": 13}).json()
    assert answer["message"] == ""


@pytest.mark.parametrize(
    "language, said",
    [
        ("en", "Last hand: N-S 3 for tricks; game score 3-0"),
        ("pl", "Ostatnie rozdanie: N-S 3 za lewy; stan partii 3-0"),
        ("ru", "Последняя сдача: у С-Ю 3 за взятки; счёт партии 3:0"),
        ("ro", "Ultima mână: N-S 3 pentru levate; scorul partidei 3-0"),
        ("it", "Ultima mano: N-S 3 per le prese; punteggio della partita 3-0"),
    ],
)
def test_the_last_hand_reads_as_one_sentence_with_one_colon(club, language, said):
    """“Ultima mano: N-S 2 per le prese: 2-0”: the page's “Last hand:” put
    before words that had a colon of their own (and in Russian a third, after
    the side). One colon, after “Last hand”, in every language; a Russian
    score's own colon (3:0) is no punctuation."""
    drive = rubber_drive(club)
    table = table_of(drive)
    send(Client(), table, 1, 9, key="one-colon-key-0001")
    reader = Client()
    reader.cookies["django_language"] = language
    words = panel(reader.get(page_url(table)).content.decode())["words"]
    assert words == said
    assert words.count(":") - words.count("3:0") == 1


@pytest.mark.parametrize("language", ["en", "pl", "ru", "ro", "it"])
def test_a_hand_both_sides_revoked_in_has_one_colon_after_last_hand(
    club, organiser, language
):
    drive = rubber_drive(club)
    table = table_of(drive)
    scoring_services.hand_result_submit(
        drive=drive, table=1, hand=1, ns_tricks=9, revoke="both", by=organiser
    )
    reader = Client()
    reader.cookies["django_language"] = language
    words = panel(reader.get(page_url(table)).content.decode())["words"]
    assert words.count(":") == 1, words
    assert ("revoked" in words) == (language == "en"), words  # translated
