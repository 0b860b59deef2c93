"""The MC is told who a tie was with: a prize won on a tie-break says on the
MC's page who else was level (number and name), on what score, and the rule
that decided it, in words to read aloud in each language, from the prize
engine's own ranking (Award.tie). The rule is said once, in that sentence."""

from __future__ import annotations

from dataclasses import replace

import pytest
from django.utils import translation

from drive.models import Drive
from players.pair_names import joined_pair
from prizes import giving
from prizes import selectors as prize_selectors
from prizes import services as prize_services
from prizes.engine import Award, AwardStatus, Tie, Winner
from prizes.prize_list import Contest, PrizeKind, PrizeSpec
from scoring.tiebreaks import Rule
from tests.factories import PlayerFactory
from tests.prizes.fixtures import finished_tie
from tests.prizes.prize_giving import speaking, step_to

NAMES = ["Anna Rossi", "Roberta Messina", "Ioana Popescu", "Vera Orlova"]

# 2nd overall went to W on count-back, level with S on 3 (fixtures.finished_tie).
SAID = {
    "en-gb": "Level with {other}, 3 points each: decided by count-back.",
    "pl": "Ten sam wynik, 3 punkty, ma też {other}; rozstrzygnięte od końca.",
    "ru": (
        "Тот же результат, 3 очка, у участника: {other}; решено сравнением с конца."
    ),
    "ro": (
        "Egalitate cu {other}, câte 3 puncte fiecare: decis prin departajare inversă."
    ),
    "it": "Parità a 3 punti con {other}: deciso con il conteggio a ritroso.",
}
DECIDED = {
    "en-gb": "decided by count-back",
    "pl": "rozstrzygnięte od końca",
    "ru": "решено сравнением с конца",
    "ro": "decis prin departajare inversă",
    "it": "deciso con il conteggio a ritroso",
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", sorted(SAID))
def test_the_mc_reads_who_the_tie_was_with_and_on_what(
    club, organiser_client, language
):
    players = [PlayerFactory(club=club, name=name) for name in NAMES]
    drive, seats = finished_tie(club, players=players)
    prize_services.drive_prizes_update(
        drive=drive, prizes="1st overall\n2nd overall\n3rd overall"
    )
    second = prize_selectors.drive_prizes(drive=drive).awards[1]
    # The seats are entry numbers (fixtures.seats_of_hand_1), not database keys.
    assert [w.number for w in second.winners] == [seats["W"]]
    assert second.tie is not None
    (other,) = second.tie.others
    assert other.number == seats["S"]
    page = step_to(speaking(organiser_client, language), drive, "2nd overall")
    said = SAID[language].format(other=f"{other.number} {other.name}")
    assert f'<p class="note giving-tie">{said}</p>' in page
    # The rule is said once, in the sentence: not again as a note of its own.
    assert page.count(DECIDED[language]) == 1


def giving_of(award: Award) -> giving.PrizeGiving:
    """The prize-giving with `award` on the projector."""
    return giving.PrizeGiving(
        drive=Drive(format="progressive", hands=24),
        steps=(award,),
        shown=1,
        keys=("overall:1::#1",),
        shown_keys=("overall:1::#1",),
    )


def three_level(
    *, on_score: bool = True, note: str = "decided by count-back", beside: str = ""
):
    spec = PrizeSpec(PrizeKind.OVERALL, 1)
    return Award(
        1,
        spec,
        "1st overall",
        AwardStatus.WON,
        winners=(Winner(2, 2, "Anna Rossi", 70),),
        note=note,
        contest=Contest.FINAL,
        tie=Tie(
            rule=Rule.COUNT_BACK,
            on_score=on_score,
            others=(
                Winner(35, 35, "Roberta Messina", 70),
                Winner(12, 12, "Ioana Popescu", 70),
            ),
            beside=beside,
        ),
    )


@pytest.mark.parametrize(
    ("language", "said"),
    [
        (
            "en-gb",
            "Level with 35 Roberta Messina and 12 Ioana Popescu, 70 points each: "
            "decided by count-back.",
        ),
        (
            "pl",
            "Ten sam wynik, 70 punktów, mają też 35 Roberta Messina i "
            "12 Ioana Popescu; rozstrzygnięte od końca.",
        ),
        (
            "ru",
            "Тот же результат, 70 очков, у участников: 35 Roberta Messina и "
            "12 Ioana Popescu; решено сравнением с конца.",
        ),
        (
            "ro",
            "Egalitate cu 35 Roberta Messina și 12 Ioana Popescu, câte 70 de "
            "puncte fiecare: decis prin departajare inversă.",
        ),
        (
            "it",
            "Parità a 70 punti con 35 Roberta Messina e 12 Ioana Popescu: "
            "deciso con il conteggio a ritroso.",
        ),
    ],
)
def test_two_others_level_take_the_plural(language, said):
    with translation.override(language):
        assert giving_of(three_level()).tie_words == said


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en-gb", "Level with 35 Roberta Messina and 12 Ioana Popescu: decided"),
        ("pl", "Ten sam wynik mają też 35 Roberta Messina i 12 Ioana Popescu;"),
        ("ru", "Тот же результат у участников: 35 Roberta Messina и 12 Ioana"),
        ("ro", "Egalitate cu 35 Roberta Messina și 12 Ioana Popescu: decis prin"),
        ("it", "Parità con 35 Roberta Messina e 12 Ioana Popescu: deciso con"),
    ],
)
def test_level_on_hands_won_leaves_the_count_to_the_note(language, said):
    """Most hands won: level on the hands, which the note says ("4 hands
    won"), not on the score."""
    with translation.override(language):
        note = f"{DECIDED[language]}; 4"
        now = giving_of(three_level(on_score=False, note=note, beside="4"))
        assert now.tie_words.startswith(said)
        assert now.mc_note == "4"
        assert now.note == note  # the projector's note is as it was


def test_the_last_two_people_level_are_joined_by_and():
    """Read aloud, a list of people level ends with the language's "and": with
    commas only, the MC ran the last name into the score ("35 Roberta
    Messina, 12 Ioana Popescu, 70 punti")."""
    award = three_level()
    three = replace(
        award.tie, others=(*award.tie.others, Winner(8, 8, "Vera Orlova", 70))
    )
    with translation.override("ro"):
        said = giving_of(replace(award, tie=three)).tie_words
    assert said.startswith(
        "Egalitate cu 35 Roberta Messina, 12 Ioana Popescu și 8 Vera Orlova, "
        "câte 70 de puncte fiecare"
    )


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("ro", "Egalitate cu 3 și 4 Ana și Dan, 5 și 6 Ion și Eva, câte 70 de"),
        ("it", "Parità a 70 punti con 3 e 4 Ana e Dan, 5 e 6 Ion e Eva: deciso"),
    ],
)
def test_pairs_level_stay_parted_by_commas(language, said):
    """Each pair is already "3 and 4 Ana and Dan"; an "and" between two pairs
    would read as one list of four people (glossary: pairs listed together)."""
    award = three_level()
    with translation.override(language):
        pairs = tuple(
            Winner(a, a, joined_pair(names), 70, members=(a, b), numbers=(a, b))
            for (a, b), names in (((3, 4), ("Ana", "Dan")), ((5, 6), ("Ion", "Eva")))
        )
        words = giving_of(replace(award, tie=replace(award.tie, others=pairs)))
        assert words.tie_words.startswith(said)


def test_the_italian_tie_says_the_score_without_a_gender():
    """Italian said "70 punti ciascuno" (each, masculine) of two women level;
    the glossary's Italian names nobody's gender: "Parità a 70 punti con"."""
    with translation.override("it"):
        said = giving_of(three_level()).tie_words
    assert said.startswith("Parità a 70 punti con 35 Roberta Messina")
    assert "ciascun" not in said
