"""The prize-giving as the MC reads it from their own page: each winner with
their group and the score with its word in the page's language, a winner who
withdrew (may have gone home) said so, a shared prize said in full on the MC's
page and the projector, and the prizes still to decide named, not silently
left out."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation

from drive import entry_services
from drive.models import Drive
from prizes import giving
from prizes import selectors as prize_selectors
from prizes import services as prize_services
from prizes.engine import Winner
from scoring.models import Adjustment
from tests.factories import drive_with_players, play_drive, play_round, varied_tricks
from tests.prizes.fixtures import set_order
from tests.prizes.prize_giving import speaking, step_to

HTMX = {"HX-Request": "true"}


def projector(client: Client, drive: Drive) -> str:
    return client.get(f"/drives/{drive.pk}/projector/", headers=HTMX).content.decode()


@pytest.mark.parametrize(
    ("language", "total", "said"),
    [
        ("ru", 41, "41 очко"),
        ("ru", 42, "42 очка"),
        ("ru", 45, "45 очков"),
        ("ru", -13, "\u221213 очков"),
        ("pl", 1, "1 punkt"),
        ("pl", 22, "22 punkty"),
        ("pl", 25, "25 punktów"),
        ("en-gb", 1, "1 point"),
    ],
)
def test_the_score_is_said_with_its_word(language, total, said):
    with translation.override(language):
        assert giving.score_words(Winner(1, 1, "A", total)) == said


@pytest.mark.django_db
def test_the_mc_reads_each_winner_with_group_and_score_in_words(club, organiser_client):
    drive = drive_with_players(players=8, club=club, hands=3)
    prize_services.drive_prizes_update(drive=drive, prizes="1st overall")
    play_drive(drive, tricks=varied_tricks)
    winner = prize_selectors.drive_prizes(drive=drive).awards[0].winners[0]
    group = drive.group_labels[winner.group]
    page = step_to(speaking(organiser_client, "ru"), drive, "1st overall")
    with translation.override("ru"):
        words = giving.score_words(winner)
    assert "очк" in words
    # Not a bare "(38)": the number with its word, as the projector says it.
    assert f"{winner.number} {winner.name} · {group}&nbsp;— {words}" in page
    assert words in projector(organiser_client, drive)


@pytest.mark.django_db
def test_the_mc_reads_a_score_below_zero_with_the_true_minus(
    club, organiser, organiser_client
):
    # The booby went to a player 13 points under: the MC's page said
    # "-13 очков" with the hyphen where the projector says "−13".
    drive = drive_with_players(players=8, club=club, hands=3)
    prize_services.drive_prizes_update(drive=drive, prizes="1st overall\nBooby")
    play_drive(drive, tricks=varied_tricks)
    booby = next(
        a
        for a in prize_selectors.drive_prizes(drive=drive).awards
        if a.spec.kind.value == "booby"
    ).winners[0]
    Adjustment.objects.create(
        entry_id=booby.key,
        points=-13 - booby.total,
        reason="late",
        created_by=organiser,
    )
    page = step_to(speaking(organiser_client, "ru"), drive, "Booby")
    assert f"{booby.number} {booby.name}" in page
    assert "\u221213 очков" in page
    assert "-13" not in page


@pytest.mark.django_db
def test_a_winner_who_withdrew_is_flagged_to_the_mc_only(club, organiser_client):
    """The half-time leader went home after half-time: the prize stays theirs
    (won before they left), and the MC is warned before calling the name."""
    drive = drive_with_players(players=8, club=club, hands=6)
    prize_services.drive_prizes_update(
        drive=drive, prizes="1st overall\nHalf-time leader"
    )
    for _ in range(4):
        play_round(drive, tricks=varied_tricks)
    leader = prize_selectors.half_time(drive=drive).standings()[0]
    entry = drive.entries.get(pk=leader.entry)
    entry_services.entry_withdraw(entry=entry)
    entry.refresh_from_db()
    play_drive(drive, tricks=varied_tricks)
    award = next(
        a
        for a in prize_selectors.drive_prizes(drive=drive).awards
        if a.spec.kind.value == "half_time"
    )
    assert [w.key for w in award.winners] == [entry.pk]
    page = step_to(organiser_client, drive, "Half-time leader")
    assert f"withdrew before round {entry.withdrawn_from_round}" in page
    assert "may have gone home" in page
    assert "gone home" not in projector(organiser_client, drive)


@pytest.fixture
def three_level(club) -> Drive:
    """Three players level on 3 for 2nd place, whose prizes (2nd and 3rd)
    they share; two level on 0 share the booby."""
    set_order(club, "shared")
    drive = drive_with_players(players=8, club=club, hands=3)
    prize_services.drive_prizes_update(
        drive=drive, prizes="1st overall\n2nd overall\n3rd overall\nBooby"
    )
    play_drive(drive, tricks=lambda deal: 7 + (deal.table == 1))
    awards = prize_selectors.drive_prizes(drive=drive).awards
    assert [len(a.winners) for a in awards] == [1, 3, 3, 2]
    return drive


@pytest.mark.django_db
def test_a_shared_prize_says_who_is_level_and_which_prizes_they_share(
    three_level, organiser_client
):
    said = "Level, 3 points each: they share 2nd overall and 3rd overall."
    page = step_to(organiser_client, three_level, "3rd overall")
    assert said in page
    assert said in projector(organiser_client, three_level)


@pytest.mark.django_db
def test_a_shared_prize_in_russian_and_polish(three_level, organiser_client):
    page = step_to(speaking(organiser_client, "ru"), three_level, "3rd overall")
    assert (
        "Равный результат, у каждого 3 очка: делят 2-е место в общем зачёте и "
        "3-е место в общем зачёте." in page
    )
    # Ended (not left in the middle, which Start would go on from): from the top.
    organiser_client.post(
        f"/drives/{three_level.pk}/prize-giving/step/", {"action": "end"}
    )
    page = step_to(speaking(organiser_client, "pl"), three_level, "Booby")
    # The prizes' titles are named after a colon, in the nominative: "dzielą
    # Nagroda pocieszenia" wanted the accusative ("nagrodę"); the site's own
    # name with a small letter inside the sentence (prizes.prize_words).
    assert "Ex aequo, po 0 punktów; do podziału: nagroda pocieszenia." in page


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "ro",
            "Egalitate, câte 3 puncte fiecare: împart locul 2 general și "
            "locul 3 general.",
        ),
        ("it", "Parità a 3 punti: si dividono 2° assoluto e 3° assoluto."),
    ],
)
def test_the_prizes_shared_are_one_list_read_aloud(
    three_level, organiser_client, language, said
):
    """The prizes three level players pool are joined by the language's "and",
    as any list (players.lists.and_list): "si dividono 2° assoluto, 3°
    assoluto" read as two sentences run together."""
    page = step_to(speaking(organiser_client, language), three_level, "3rd overall")
    assert said in page


@pytest.mark.django_db
def test_a_prize_still_to_decide_is_named_to_the_mc(club, organiser_client):
    drive = drive_with_players(players=8, club=club, hands=3)
    prize_services.drive_prizes_update(
        drive=drive, prizes="1st overall\nConsolation draw"
    )
    play_drive(drive, tricks=varied_tricks)
    page = organiser_client.get(f"/drives/{drive.pk}/prize-giving/").content.decode()
    assert "Not in the prize-giving until decided: Consolation draw (not drawn" in page
    assert f'href="/drives/{drive.pk}/prizes/"' in page


@pytest.mark.parametrize(
    ("language", "called"),
    [
        ("en-gb", "Winner of the next prize ("),
        ("ro", "Premiul următor (locul 2 general) îl primește:"),
        ("pl", "Następną nagrodę (2. miejsce ogółem) otrzymuje:"),
        ("ru", "Следующий приз (2-е место в общем зачёте) получает:"),
        ("it", "Il prossimo premio (2° assoluto) va a:"),
    ],
)
def test_one_winner_of_the_next_prize_is_labelled_as_one(
    club, organiser_client, language, called
):
    """The next prize won by one player: the MC's page labels its winner in
    the singular (a pair or a tie keeps the plural); Polish, Romanian and
    Italian with a verb, as the winner may be anyone ("Zwycięzca",
    "Câștigătorul", "Vincitore" were masculine above a lady's name)."""
    drive = drive_with_players(players=8, club=club, hands=3)
    play_drive(drive, tricks=varied_tricks)
    prize_services.drive_prizes_update(drive=drive, prizes="1st overall\n2nd overall")
    step = f"/drives/{drive.pk}/prize-giving/step/"
    assert organiser_client.post(step, {"action": "start"}).status_code == 302
    drive.refresh_from_db()
    assert len(giving.prize_giving(drive=drive).upcoming_called) == 1
    page = speaking(organiser_client, language).get(f"/drives/{drive.pk}/prize-giving/")
    html = page.content.decode()
    assert called in html


@pytest.mark.parametrize(
    ("game", "language", "said"),
    [
        ("progressive", "en-gb", "withdrew before round 3: may have gone home"),
        ("prediction", "en-gb", "withdrew before game 3: may have gone home"),
        ("progressive", "ru", "снят(а) перед туром 3"),
        ("prediction", "ru", "снят(а) перед партией 3"),
    ],
)
def test_the_mc_is_told_when_a_winner_left_in_the_drives_own_words(
    game, language, said
):
    """A prediction whist drive is played in games, and its door, seating and
    phones say so: the MC's warning beside a winner who left says "before
    game 3" too (it said "перед туром 3" beside "партия 3")."""
    winner = Winner(key=7, number=7, name="Вера Орлова", total=40)
    giving_now = giving.PrizeGiving(
        drive=Drive(format=game, hands=24),
        steps=(),
        shown=None,
        withdrawn={7: 3},
        rounds=3,
    )
    with translation.override(language):
        assert said in giving_now._called(winner).gone
