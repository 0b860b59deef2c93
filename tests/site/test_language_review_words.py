"""Words the language review of 6 December changed, as a club member reads
them (locale/GLOSSARY.md, "Why these words (the language review of 6
December, second pass)"):

- Polish: the second-half prize is "Najlepszy wynik po półmetku" (the prize
  row's choice "Po półmetku"), not "Druga połowa", which is also a spouse
  ("moja druga połowa"), as the Russian review found «вторая половина»; typed
  the old way it still reads as the same prize.
- Polish and Romanian: a consolation draw from the one entry or pair left says
  so ("jedyną parę", "singura pereche"), not "one of the 1 pair".
- Italian: a payment with an amount beside a name says "Ha pagato 2,50 €" and
  "Segna il pagamento: 2,50 €", as without one (it said "Pagato", a man's
  participle, and "Segna pagato").
- Polish: a deal's trumps on a line of its own (the prediction sheets' head,
  the captain's deal kind) is "Atut: ♥", capitalised as its neighbours "Bez
  atu", "Wolne: bez atu" (it said "atut: ♥").
- Romanian: a limit of characters (40 to 200) is counted with "de" ("cel
  mult 200 de caractere"), as the other limits are.
- How often each player sits at a table of five (prediction whist's movement
  page): "up to 1" takes the genitive singular, ru "от 0 до 1 раза", pl "od 0
  do 1 razu" (said "раз", "razy"); Romanian says how often before where,
  "fiecare stă de 2 ori la o masă de cinci" ("o masă de cinci de 2 ori" read
  "a table of five of two"), and once is "o dată" (was "1 dată").
- Polish: moves between tables are "przejścia" everywhere ("przesiadki" in one
  note; a player "przesiada się" to another seat at the same table stays)."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext, ngettext

from drive import money_services, services
from drive.competitor_words import EntryWords, PairWords
from drive.models import DriveState
from printing.prediction import DealHeading
from prizes.forms import ROW_KINDS
from prizes.prize_list import PrizeKind, PrizeSpec, parse_line
from scoring.prediction_entry import kind_words
from scoring.prediction_rules import deal_kind
from tests.factories import DriveFactory, PlayerFactory
from tests.fixtures import drive_url
from tests.site import po
from tests.site.wording import speak, text

LOCALE = Path(settings.BASE_DIR) / "locale"
POLISH_GROUPS = {"A": "Panie", "B": "Panowie"}


def polish_line(line: str) -> PrizeSpec:
    groups = {"panie": "A", "panowie": "B", "a": "A", "b": "B"}
    with translation.override("pl"):
        return parse_line(line, groups=groups, labels=POLISH_GROUPS)


def test_the_polish_second_half_prize_is_the_best_score_after_half_time():
    with translation.override("pl"):
        alone = PrizeSpec(PrizeKind.SECOND_HALF).shown(POLISH_GROUPS)
        ladies = PrizeSpec(PrizeKind.SECOND_HALF, group="A").shown(POLISH_GROUPS)
        choice = dict(ROW_KINDS)[PrizeKind.SECOND_HALF.value]
        assert (alone, ladies, str(choice)) == (
            "Najlepszy wynik po półmetku",
            "Najlepszy wynik po półmetku w grupie Panie",
            "Po półmetku",
        )


@pytest.mark.parametrize(
    ("line", "group"),
    [
        ("Najlepszy wynik po półmetku", ""),
        ("Najlepszy wynik po półmetku w grupie Panie", "A"),
        ("po półmetku Panowie", "B"),
        ("Druga połowa", ""),
        ("druga połowa w grupie Panie", "A"),
    ],
)
def test_a_polish_second_half_prize_reads_as_written_or_as_typed_before(line, group):
    spec = polish_line(line)
    assert (spec.kind, spec.group or "") == (PrizeKind.SECOND_HALF, group)


def test_no_polish_page_calls_a_prize_the_other_half():
    said = [
        (message.msgid, translated)
        for message in po.read(LOCALE / "pl" / "LC_MESSAGES" / "django.po")
        for translated in message.translations
        if "druga połowa" in translated.casefold()
    ]
    assert not said, said


@pytest.mark.parametrize(
    ("language", "words", "pool", "said"),
    [
        ("pl", EntryWords(), 1, "Witryna losuje jedyne zgłoszenie bez nagrody."),
        ("pl", EntryWords(), 3, "Witryna losuje jedno z 3 zgłoszeń bez nagrody."),
        ("pl", EntryWords(), 22, "Witryna losuje jedno z 22 zgłoszeń bez nagrody."),
        ("pl", PairWords(), 1, "Witryna losuje jedyną parę bez nagrody."),
        ("pl", PairWords(), 5, "Witryna losuje jedną z 5 par bez nagrody."),
        ("ro", EntryWords(), 1, "Site-ul trage singura înscriere fără premiu."),
        (
            "ro",
            EntryWords(),
            7,
            "Site-ul trage una dintre cele 7 înscrieri fără premiu.",
        ),
        ("ro", PairWords(), 1, "Site-ul trage singura pereche fără premiu."),
        (
            "ro",
            PairWords(),
            20,
            "Site-ul trage una dintre cele 20 de perechi fără premiu.",
        ),
    ],
)
def test_a_draw_from_the_one_left_says_so(language, words, pool, said):
    with translation.override(language):
        assert words.consolation_pool(pool) == said


@pytest.mark.django_db
def test_the_italian_door_says_who_paid_a_fee_without_a_gender(club, organiser_client):
    speak(club, "it")
    door = DriveFactory(club=club, state=DriveState.OPEN, entry_fee=Decimal("2.50"))
    giulia = PlayerFactory(club=club, name="Giulia Bianchi")
    marco = PlayerFactory(club=club, name="Marco Rossi")
    paid = services.entry_register(drive=door, player=giulia, checked_in=True)
    services.entry_register(drive=door, player=marco, checked_in=True)
    money_services.entry_pay(entry=paid)
    page = text(organiser_client.get(drive_url(door, "entries/")))
    assert " Ha pagato 2,50" in page, page
    assert "Segna il pagamento: 2,50" in page, page
    assert " Pagato " not in page and "Segna pagato" not in page


def test_polish_moves_are_przejscia_everywhere():
    with translation.override("pl"):
        assert gettext("moves not made yet") == "przejścia jeszcze nieznane"
    said = [
        (message.msgid, translated)
        for message in po.read(LOCALE / "pl" / "LC_MESSAGES" / "django.po")
        for translated in message.translations
        if "przesiadk" in translated
    ]
    assert not said, said


def test_a_polish_deals_trumps_on_a_line_of_its_own_is_capitalised():
    with translation.override("pl"):
        printed = DealHeading(hand=2, number=2, dealer=2).lines()
        captain = kind_words(deal_kind(1))
        running = gettext("No trumps")
    assert printed[1].startswith("Atut: "), printed
    assert captain.startswith("Atut: "), captain
    assert running == "Bez atu"


def test_romanian_counts_a_limit_of_characters_with_de():
    from django.core.exceptions import ValidationError

    from drive.money_services import NOTE_LENGTH, _note
    from players.imports import NAME_MAX, PHONE_MAX
    from printing.transfer_audit import AUDIT_TEXT
    from prizes.prize_list import MAX_NAME

    assert min(NOTE_LENGTH, NAME_MAX, PHONE_MAX, MAX_NAME, *AUDIT_TEXT.values()) >= 20
    with translation.override("ro"):
        with pytest.raises(ValidationError) as refused:
            _note("x" * (NOTE_LENGTH + 1))
        with pytest.raises(ValueError) as named:
            parse_line("Custom: " + "x" * (MAX_NAME + 1), groups={}, labels={})
        said = [
            refused.value.message_dict["note"][0],
            str(named.value),
            gettext("The name is longer than %(max)d characters.") % {"max": NAME_MAX},
            gettext("The phone number is longer than %(max)d characters.")
            % {"max": PHONE_MAX},
            gettext("%(field)s is not a text of 1 to %(limit)s characters")
            % {"field": "who", "limit": AUDIT_TEXT["who"]},
        ]
    for sentence, limit in zip(
        said,
        [NOTE_LENGTH, MAX_NAME, NAME_MAX, PHONE_MAX, AUDIT_TEXT["who"]],
        strict=True,
    ):
        assert f"{limit} de caractere" in sentence, sentence


FIVES = (
    "each sits at a table of five %(low)s time",
    "each sits at a table of five %(low)s times",
)
FIVES_RANGE = (
    "each sits at a table of five %(low)s to %(high)s time",
    "each sits at a table of five %(low)s to %(high)s times",
)


@pytest.mark.parametrize(
    ("language", "low", "high", "said"),
    [
        ("ru", 0, 1, "каждый сидит за столом на пятерых от 0 до 1 раза"),
        ("ru", 1, 3, "каждый сидит за столом на пятерых от 1 до 3 раз"),
        ("pl", 0, 1, "każdy siedzi przy stoliku pięcioosobowym od 0 do 1 razu"),
        ("pl", 1, 2, "każdy siedzi przy stoliku pięcioosobowym od 1 do 2 razy"),
        ("ro", 0, 1, "fiecare stă cel mult o dată la o masă de cinci"),
        ("ro", 1, 3, "fiecare stă de 1 până la 3 ori la o masă de cinci"),
        ("ro", 1, 1, "fiecare stă o dată la o masă de cinci"),
        ("ro", 2, 2, "fiecare stă de 2 ori la o masă de cinci"),
        ("ro", 20, 20, "fiecare stă de 20 de ori la o masă de cinci"),
    ],
)
def test_how_often_each_sits_at_a_table_of_five(language, low, high, said):
    """As drive.movement.prediction._fives_words counts it: one figure when
    everyone sits there as often, else the range, its form by the higher."""
    with translation.override(language):
        if low == high:
            words = ngettext(*FIVES, low) % {"low": low}
        else:
            words = ngettext(*FIVES_RANGE, high) % {"low": low, "high": high}
    assert words == said
