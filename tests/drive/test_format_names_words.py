"""A format's name as a Russian club reads it. The names were masculine
adjectives («Прогрессивный», «Стационарный») read after a feminine label
(«Схема переходов: Прогрессивный») and inside sentences («Новогодний вист:
Прогрессивный, переходят проигравшие.»). Now the label is «Формат», the form
offers «Прогрессивный турнир», and inside a sentence the name is a noun in
lower case («…: прогрессивный турнир, переходят проигравшие.»); the rule that
starts with it starts with a capital. English keeps its words.

Polish, Romanian and Italian too: inside a sentence the name was the form's
bare adjective, standing for no noun («Zasada: Progresywny, przechodzą
przegrani: …», «Regula: Progresiv, învinșii se mută: …», «W turnieju typu
półpartnerski», «Într-un turneu semi-perechi»). Now it is a noun phrase in
lower case, as a club's rule book says it («turniej progresywny», «turneu
progresiv», «torneo progressivo»), and the sentences around it are built on
it («To turniej półpartnerski: o przejściach decydują wyniki…»)."""

from __future__ import annotations

import html
import io
import re

import pytest
from django.utils import translation
from openpyxl import load_workbook

from drive.movement.types import FORMATS, Format
from printing import exports
from tests.factories import drive_with_players, prediction_drive, rubber_drive
from tests.fixtures import drive_url

pytestmark = pytest.mark.django_db

# Each format's name inside a Russian sentence, and as the form offers it.
RUSSIAN = {
    Format.PROGRESSIVE: ("прогрессивный турнир", "Прогрессивный турнир"),
    Format.SEMI_PARTNER: ("полупартнёрский турнир", "Полупартнёрский турнир"),
    Format.STATIONARY: (
        "стационарный турнир",
        "Стационарный турнир (группа A не пересаживается)",
    ),
    Format.PARTNERS: (
        "парный турнир (постоянные пары)",
        "Парный турнир (постоянные пары)",
    ),
    Format.INDIVIDUAL: (
        "индивидуальный турнир",
        "Индивидуальный турнир (расписание каждого составлено заранее)",
    ),
    Format.RUBBER: (
        "роббер-вист",
        "Роббер-вист (постоянные пары играют робберы; пары переходят, как в "
        "парном турнире)",
    ),
    Format.PREDICTION: (
        "вист с заказом",
        "Вист с заказом (Вист: каждый за себя, столы на четверых или пятерых)",
    ),
}


def page_text(client, url: str, language: str) -> str:
    client.cookies["django_language"] = language
    response = client.get(url)
    assert response.status_code == 200
    text = re.sub(r"<[^>]+>", " ", response.content.decode())
    return " ".join(html.unescape(text).split())


def test_every_format_has_its_russian_name_and_choice():
    with translation.override("ru"):
        for format, (name, choice) in RUSSIAN.items():
            assert str(FORMATS[format].name) == name
            assert str(FORMATS[format].choice) == choice
    assert set(RUSSIAN) == set(Format)


def test_the_drive_page_labels_the_format_by_a_word_its_name_agrees_with(
    organiser_client, club
):
    drive = drive_with_players(players=8, club=club, format="progressive")
    text = page_text(organiser_client, drive_url(drive), "ru")
    assert "Формат Прогрессивный турнир, переходят проигравшие" in text
    assert "Схема переходов Прогрессивный" not in text
    text = page_text(organiser_client, drive_url(drive), "en-gb")
    assert "Movement Progressive, losers move" in text


@pytest.mark.parametrize(
    ("format", "players", "lead", "rule"),
    [
        (
            "progressive",
            8,
            ": прогрессивный турнир, переходят проигравшие.",
            "Правило: Прогрессивный турнир, переходят проигравшие: после каждого тура",
        ),
        (
            "stationary",
            8,
            ": стационарный турнир.",
            "Правило: Стационарный турнир: Ladies не пересаживаются;",
        ),
        (
            "individual",
            8,
            ": индивидуальный турнир.",
            "Правило: Индивидуальный турнир:",
        ),
        (
            "partners",
            8,
            ": парный турнир (постоянные пары).",
            "Правило: Парный турнир (постоянные пары): партнёры",
        ),
    ],
)
def test_the_movement_page_names_the_format_in_its_sentences(
    organiser_client, club, format, players, lead, rule
):
    drive = drive_with_players(players=players, club=club, format=format)
    text = page_text(organiser_client, drive_url(drive, "movement/"), "ru")
    assert f"{drive.name}{lead}" in text
    assert rule in text


def test_the_movement_page_of_results_deciding_the_moves_says_which_format(
    organiser_client, club
):
    drive = drive_with_players(players=8, club=club, format="semi-partner")
    text = page_text(organiser_client, drive_url(drive, "movement/"), "ru")
    assert "Это полупартнёрский турнир: переходы определяются результатами" in text
    text = page_text(organiser_client, drive_url(drive, "movement/"), "en-gb")
    assert "In a semi-partner drive the results decide the moves" in text
    assert f"{drive.name}: Semi-partner, losers move." in text


def test_the_drive_form_offers_the_formats_under_their_label(organiser_client):
    organiser_client.cookies["django_language"] = "ru"
    page = organiser_client.get("/drives/new/").content.decode()
    # The choices are long, so the form offers them as radio buttons.
    group = re.search(
        r'<span class="label" id="id_format_label">([^<]*)</span>(.*?)</div>',
        page,
        re.S,
    )
    assert group and group.group(1) == "Формат"
    offered = [
        html.unescape(text)
        for text in re.findall(
            r'name="format"[^>]*><span>([^<]*)</span>', group.group(2)
        )
    ]
    assert offered == [choice for _, choice in RUSSIAN.values()]
    assert "Показать настройки этого формата" in page


def test_the_workbook_labels_the_format_and_starts_the_rule_with_a_capital(club):
    drive = drive_with_players(
        players=8, hands=2, club=club, format="progressive", winners_move=True
    )
    buffer = io.BytesIO()
    with translation.override("ru"):
        exports.write_workbook(drive=drive, output=buffer)
        sheet_title = translation.pgettext("workbook sheet", "Drive")
    buffer.seek(0)
    rows = dict(
        load_workbook(buffer)[sheet_title].iter_rows(min_row=2, values_only=True)
    )
    assert rows["Формат"] == "Прогрессивный турнир (переходят победители)"
    assert rows["Правило переходов"].startswith(
        "Прогрессивный турнир, переходят победители: "
    )


# Each format's name inside a sentence in Polish, Romanian and Italian: a noun
# phrase in lower case (the set-up form's choices keep their words).
NAMES = {
    "pl": {
        Format.PROGRESSIVE: "turniej progresywny",
        Format.SEMI_PARTNER: "turniej półpartnerski",
        Format.STATIONARY: "turniej stacjonarny",
        Format.PARTNERS: "turniej par",
        Format.INDIVIDUAL: "turniej indywidualny",
        Format.RUBBER: "wist robrowy",
        Format.PREDICTION: "wist z deklaracjami",
    },
    "ro": {
        Format.PROGRESSIVE: "turneu progresiv",
        Format.SEMI_PARTNER: "turneu pe semi-perechi",
        Format.STATIONARY: "turneu staționar",
        Format.PARTNERS: "turneu pe perechi fixe",
        Format.INDIVIDUAL: "turneu individual",
        Format.RUBBER: "whist cu rober",
        Format.PREDICTION: "whist cu licitație",
    },
    "it": {
        Format.PROGRESSIVE: "torneo progressivo",
        Format.SEMI_PARTNER: "torneo a semi-coppie",
        Format.STATIONARY: "torneo a gruppo fisso",
        Format.PARTNERS: "torneo a coppie fisse",
        Format.INDIVIDUAL: "torneo individuale",
        Format.RUBBER: "whist a rubber",
        Format.PREDICTION: "whist a previsione",
    },
}


@pytest.mark.parametrize("language", sorted(NAMES))
def test_every_format_has_a_noun_for_its_name_in_a_sentence(language):
    with translation.override(language):
        names = {format: str(info.name) for format, info in FORMATS.items()}
    assert names == NAMES[language]


def test_polish_names_the_partners_format_as_its_clubs_do():
    """Polish clubs call an event played in fixed pairs all evening a
    «turniej par» (PZBS clubs' «Turniej par», «Mistrzostwa Polski Par»); the
    rubber whist choice already said «pary przechodzą jak w turnieju par», and
    the name said «turniej w stałych parach». One name, the clubs' own."""
    with translation.override("pl"):
        name = str(FORMATS[Format.PARTNERS].name)
        rubber = str(FORMATS[Format.RUBBER].choice)
    assert name == "turniej par"
    assert "jak w turnieju par" in rubber
    assert "stałych parach" not in name


@pytest.mark.parametrize(
    ("language", "format", "lead", "rule"),
    [
        (
            "pl",
            "progressive",
            ": turniej progresywny, przechodzą przegrani.",
            "Zasada: Turniej progresywny, przechodzą przegrani: po każdej rundzie",
        ),
        (
            "pl",
            "stationary",
            ": turniej stacjonarny.",
            "Zasada: Turniej stacjonarny: Ladies nigdy się nie przesiadają;",
        ),
        (
            "pl",
            "partners",
            ": turniej par.",
            "Zasada: Turniej par: partnerzy grają razem",
        ),
        (
            "ro",
            "progressive",
            ": turneu progresiv, învinșii se mută.",
            "Regula: Turneu progresiv, învinșii se mută: după fiecare rundă",
        ),
        (
            "ro",
            "individual",
            ": turneu individual.",
            "Regula: Turneu individual: un program făcut înainte de joc",
        ),
        (
            "ro",
            "partners",
            ": turneu pe perechi fixe.",
            "Regula: Turneu pe perechi fixe: partenerii joacă împreună",
        ),
        (
            "it",
            "progressive",
            ": torneo progressivo, si spostano i perdenti.",
            "Regola: Torneo progressivo, si spostano i perdenti: dopo ogni turno",
        ),
        (
            "it",
            "stationary",
            ": torneo a gruppo fisso.",
            "Regola: Torneo a gruppo fisso: il gruppo Ladies non si sposta mai;",
        ),
        (
            "it",
            "individual",
            ": torneo individuale.",
            "Regola: Torneo individuale: un calendario preparato",
        ),
    ],
)
def test_the_movement_page_names_the_format_by_a_noun(
    organiser_client, club, language, format, lead, rule
):
    drive = drive_with_players(players=8, club=club, format=format)
    text = page_text(organiser_client, drive_url(drive, "movement/"), language)
    assert f"{drive.name}{lead}" in text
    assert rule in text


@pytest.mark.parametrize(
    ("language", "note"),
    [
        ("pl", "To turniej półpartnerski: o przejściach decydują wyniki, więc"),
        ("ro", "Într-un turneu pe semi-perechi, rezultatele decid mutările"),
        ("it", "In un torneo a semi-coppie i risultati decidono gli spostamenti"),
    ],
)
def test_the_note_of_results_deciding_the_moves_is_built_on_the_name(
    organiser_client, club, language, note
):
    drive = drive_with_players(
        players=8, club=club, format="semi-partner", winners_move=True
    )
    text = page_text(organiser_client, drive_url(drive, "movement/"), language)
    assert note in text


@pytest.mark.parametrize(
    ("language", "rubber_slips", "prediction_check"),
    [
        (
            "pl",
            "Protokoły w tym formacie (wist robrowy) wpisuje się",
            "nie jest dostępne w tym formacie (wist z deklaracjami):",
        ),
        (
            "ro",
            "Fișele acestui format (whist cu rober) se introduc",
            "pentru acest format (whist cu licitație):",
        ),
        (
            "it",
            "Le schede di questo formato (whist a rubber) si inseriscono",
            "per questo formato (whist a previsione):",
        ),
    ],
)
def test_the_desk_pages_name_the_format_in_brackets_in_lower_case(
    organiser_client, club, language, rubber_slips, prediction_check
):
    rubber = rubber_drive(club=club)
    assert rubber_slips in page_text(
        organiser_client, drive_url(rubber, "slips/"), language
    )
    prediction = prediction_drive(club)
    assert prediction_check in page_text(
        organiser_client, drive_url(prediction, "card-check/"), language
    )


@pytest.mark.parametrize(
    ("language", "rule"),
    [
        ("pl", "Turniej progresywny, przechodzą zwycięzcy: "),
        ("ro", "Turneu progresiv, câștigătorii se mută: "),
        ("it", "Torneo progressivo, si spostano i vincitori: "),
    ],
)
def test_the_workbooks_rule_starts_with_the_name_as_a_noun(club, language, rule):
    drive = drive_with_players(
        players=8, hands=2, club=club, format="progressive", winners_move=True
    )
    buffer = io.BytesIO()
    with translation.override(language):
        exports.write_workbook(drive=drive, output=buffer)
        sheet_title = translation.pgettext("workbook sheet", "Drive")
        rule_label = translation.gettext("Movement rule")
    buffer.seek(0)
    rows = dict(
        load_workbook(buffer)[sheet_title].iter_rows(min_row=2, values_only=True)
    )
    assert rows[rule_label].startswith(rule)
