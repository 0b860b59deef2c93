"""The language of a page (players.language, config.middleware.LanguageMiddleware):
the visitor's choice wins; else the club's, for its organisers' pages and for
its drives' captain and public links; the switch on every page; the plural
forms of the catalogues; and the compiled catalogues agree with their sources."""

from __future__ import annotations

import gettext
import re
from html import unescape
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from drive.models import Table
from drive.seat_letters import seat_letter
from drive.trumps import Trump
from players.language import Words
from players.models import Club
from tests.factories import ClubFactory, MembershipFactory, drive_with_players
from tests.site import po

LOCALE = Path(settings.BASE_DIR) / "locale"
COOKIE = settings.LANGUAGE_COOKIE_NAME


def lang_of(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.content.decode()).group(1)


def captain_word(response) -> str:
    """The word the captain's script writes for an entry (data-entry)."""
    html = response.content.decode()
    return unescape(re.search(r' data-entry="([^"]*)"', html).group(1))


@pytest.fixture
def polish_drive(db):
    club = ClubFactory(name="Klub Wisła", language="pl")
    drive = drive_with_players(players=8, club=club, hands=3)
    drive.public_key = "klub-wisla-public-key-0001"
    drive.save(update_fields=["public_key"])
    return drive


def captain_url(drive, number: int = 1) -> str:
    return f"/t/{Table.objects.get(drive=drive, number=number).captain_key}/"


# --- who decides ---------------------------------------------------------------------


def test_the_clubs_language_speaks_on_a_captains_page_without_a_cookie(polish_drive):
    response = Client().get(captain_url(polish_drive))
    assert response.status_code == 200
    assert lang_of(response) == "pl"
    assert response["Content-Language"] == "pl"
    # The captain's script takes its words from the page, in the page's language.
    assert captain_word(response) == "Wpis"


def test_the_clubs_language_speaks_on_the_public_board_and_results(polish_drive):
    for url in (
        "/p/klub-wisla-public-key-0001/",
        "/p/klub-wisla-public-key-0001/results/",
    ):
        response = Client().get(url)
        assert response.status_code == 200, url
        assert lang_of(response) == "pl", url


def test_the_visitors_cookie_wins_over_the_clubs_language(polish_drive):
    client = Client()
    client.cookies[COOKIE] = "ru"
    response = client.get(captain_url(polish_drive))
    assert lang_of(response) == "ru"
    assert captain_word(response) == "Запись"
    assert lang_of(client.get("/p/klub-wisla-public-key-0001/")) == "ru"
    # ...and on an organiser's page.
    organiser = MembershipFactory(club=polish_drive.club).user
    client.force_login(organiser)
    page = client.get("/drives/")
    assert lang_of(page) == "ru" and "Выйти" in page.content.decode()


def test_an_organisers_pages_speak_the_clubs_language(polish_drive):
    client = Client()
    client.force_login(MembershipFactory(club=polish_drive.club).user)
    page = client.get("/drives/")
    assert lang_of(page) == "pl"
    assert "Wyloguj" in page.content.decode() and "Log out" not in page.content.decode()
    # Another club's organiser, in English, on the same server.
    other = Client()
    other.force_login(MembershipFactory(club=ClubFactory(name="Riverside")).user)
    english = other.get("/drives/")
    assert lang_of(english) == "en-gb" and "Log out" in english.content.decode()


def test_a_cookie_for_a_language_not_offered_is_ignored(polish_drive):
    client = Client()
    client.cookies[COOKIE] = "de"
    assert lang_of(client.get(captain_url(polish_drive))) == "pl"


def test_a_request_leaves_the_language_as_it_found_it(polish_drive):
    with translation.override("it"):
        Client().get(captain_url(polish_drive))
        assert translation.get_language() == "it"
    assert translation.get_language() == settings.LANGUAGE_CODE


# --- the switch ---------------------------------------------------------------------


def test_switching_returns_to_the_same_page_in_the_new_language(polish_drive):
    client = Client()
    url = captain_url(polish_drive)
    page = client.get(url)
    html = page.content.decode()
    # The switch: a plain form to set_language, back to this page, each language
    # in its own words, never boosted by htmx.
    form = re.search(r'<form method="post" action="/i18n/setlang/"[^>]*>', html)
    assert form and 'hx-boost="false"' in form.group(0)
    assert f'name="next" value="{url}"' in html
    for code, name in settings.LANGUAGES:
        assert f'value="{code}" lang="{code}"' in html and f">{name}</button>" in html
    switched = client.post("/i18n/setlang/", {"language": "it", "next": url})
    assert switched.status_code == 302 and switched["Location"] == url
    assert client.cookies[COOKIE].value == "it"
    again = client.get(url)
    assert lang_of(again) == "it"
    assert captain_word(again) == "Inserimento"


def test_every_kind_of_page_has_the_switch(polish_drive):
    organiser = Client()
    organiser.force_login(MembershipFactory(club=polish_drive.club).user)
    pages = [
        (Client(), "/login/"),
        (Client(), captain_url(polish_drive)),
        (Client(), "/p/klub-wisla-public-key-0001/"),
        (organiser, f"/drives/{polish_drive.pk}/"),
        (organiser, f"/drives/{polish_drive.pk}/projector/"),
    ]
    for client, url in pages:
        html = client.get(url).content.decode()
        assert 'action="/i18n/setlang/"' in html, url


def test_a_page_answering_a_form_switches_back_to_the_page_of_the_form(polish_drive):
    client = Client()
    client.force_login(MembershipFactory(club=polish_drive.club).user)
    refused = client.post(
        "/club/language/",
        {"language": "xx"},
        HTTP_REFERER="http://testserver/club/people/",
    )
    assert refused.status_code == 400
    assert (
        'name="next" value="http://testserver/club/people/"' in refused.content.decode()
    )


# --- the club's language --------------------------------------------------------------


def test_an_organiser_chooses_the_clubs_language(polish_drive):
    client = Client()
    client.force_login(MembershipFactory(club=polish_drive.club).user)
    people = client.get("/club/people/").content.decode()
    assert 'name="language"' in people and 'action="/club/language/"' in people
    response = client.post("/club/language/", {"language": "ro"})
    assert response.status_code == 302
    assert Club.objects.get(pk=polish_drive.club.pk).language == "ro"
    assert lang_of(Client().get(captain_url(polish_drive))) == "ro"
    for bad in ("xx", "", "de"):
        refused = client.post("/club/language/", {"language": bad})
        assert refused.status_code == 400
        assert Club.objects.get(pk=polish_drive.club.pk).language == "ro"


def test_the_database_refuses_a_language_not_offered(db):
    from django.db import IntegrityError, transaction

    club = ClubFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        Club.objects.filter(pk=club.pk).update(language="de")


# --- what it costs --------------------------------------------------------------------


def _queries(client: Client, method: str, url: str, **kwargs) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        response = getattr(client, method)(url, **kwargs)
    assert response.status_code < 500
    return [q["sql"] for q in captured.captured_queries]


def test_the_captains_requests_ask_nothing_more_for_the_language(polish_drive):
    """The club comes in the row of the table's own lookup: no query of its own,
    and as many queries in Polish as in English."""
    url = captain_url(polish_drive)
    table = Table.objects.get(drive=polish_drive, number=1)
    asks = [
        ("get", url, {}),
        ("get", url, {"HTTP_HX_REQUEST": "true"}),
        ("get", f"{url}news/", {"data": {"seen": "x"}}),
        (
            "post",
            f"{url}result/",
            {
                "data": {
                    "hand": 1,
                    "ns_tricks": 13,
                    "idempotency_key": "lang-test-key-00000001",
                    "table": table.number,
                },
                "HTTP_ACCEPT": "application/json",
            },
        ),
    ]
    counts = {}
    for language in ("pl", "en-gb"):
        Club.objects.filter(pk=polish_drive.club_id).update(language=language)
        counts[language] = []
        for method, target, kwargs in asks[:3]:
            sqls = _queries(Client(), method, target, **kwargs)
            alone = [s for s in sqls if "players_club" in s and "captain_key" not in s]
            assert alone == [], (target, alone)
            counts[language].append(len(sqls))
    assert counts["pl"] == counts["en-gb"]
    method, target, kwargs = asks[3]
    sqls = _queries(Client(), method, target, **kwargs)
    assert [s for s in sqls if "players_club" in s and "captain_key" not in s] == []


def test_a_board_kept_in_one_language_is_not_served_in_another(polish_drive):
    client = Client()
    url = "/p/klub-wisla-public-key-0001/"
    first = client.get(url, HTTP_HX_REQUEST="true")
    assert first.status_code == 200 and first["ETag"]
    assert (
        client.get(
            url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"]
        ).status_code
        == 304
    )
    client.cookies[COOKIE] = "it"
    after = client.get(url, HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200


# --- the catalogues -------------------------------------------------------------------

PLURAL_FORMS = {
    "pl": "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "ro": "nplurals=3; plural=(n==1 ? 0 : (n==0 || (n%100>0 && n%100<20)) ? 1 : 2);",
    "it": "nplurals=2; plural=(n != 1);",
}
COUNTS = (1, 2, 5, 21, 22, 25)


@pytest.mark.parametrize("language", sorted(PLURAL_FORMS))
def test_each_catalogue_has_its_languages_plural_forms(language):
    messages = po.read(LOCALE / language / "LC_MESSAGES" / "django.po")
    fields = po.header(messages)
    assert fields["Plural-Forms"] == PLURAL_FORMS[language]
    assert fields["Language"] == language
    assert fields["Content-Type"] == "text/plain; charset=UTF-8"


# For 1, 2, 5, 21, 22, 25: the words the count takes in each language.
TRICKS = {
    "pl": [
        "lewa przechodzi",
        "lewy przechodzą",
        "lew przechodzi",
        "lew przechodzi",
        "lewy przechodzą",
        "lew przechodzi",
    ],
    "ru": [
        "взятка переходит",
        "взятки переходят",
        "взяток переходит",
        "взятка переходит",
        "взятки переходят",
        "взяток переходит",
    ],
    "ro": [
        "levată trece",
        "levate trec",
        "levate trec",
        "de levate trec",
        "de levate trec",
        "de levate trec",
    ],
    "it": [
        "presa passa",
        "prese passano",
        "prese passano",
        "prese passano",
        "prese passano",
        "prese passano",
    ],
}
PLAYERS = {
    "pl": ["osoba", "osoby", "osób", "osób", "osoby", "osób"],
    "ru": ["игрок", "игрока", "игроков", "игрок", "игрока", "игроков"],
    "ro": [
        "jucător",
        "jucători",
        "jucători",
        "de jucători",
        "de jucători",
        "de jucători",
    ],
    "it": [
        "giocatore",
        "giocatori",
        "giocatori",
        "giocatori",
        "giocatori",
        "giocatori",
    ],
}
TABLES = {
    "pl": ["stolik", "stoliki", "stolików", "stolików", "stoliki", "stolików"],
    "ru": ["стол", "стола", "столов", "стол", "стола", "столов"],
    "ro": ["masă", "mese", "mese", "de mese", "de mese", "de mese"],
    "it": ["tavolo", "tavoli", "tavoli", "tavoli", "tavoli", "tavoli"],
}


@pytest.mark.parametrize("language", sorted(PLURAL_FORMS))
def test_plural_forms_of_tricks_players_and_tables(language):
    from drive.movement.prediction import table_sizes_words

    with translation.override(language):
        for n, words in zip(COUNTS, TRICKS[language], strict=True):
            text = translation.ngettext(
                "%(n)d trick passes from the offenders to the opponents",
                "%(n)d tricks pass from the offenders to the opponents",
                n,
            ) % {"n": n}
            assert text.startswith(f"{n} {words} "), text
        for n, word in zip(COUNTS, PLAYERS[language], strict=True):
            text = translation.ngettext(
                "%(players)s player: %(tables)s; %(sitting)s",
                "%(players)s players: %(tables)s; %(sitting)s",
                n,
            ) % {"players": n, "tables": "-", "sitting": "-"}
            assert text == f"{n} {word}: -; -", text
        for n, word in zip(COUNTS, TABLES[language], strict=True):
            text = translation.ngettext(
                "%(fours)s table of four", "%(fours)s tables of four", n
            ) % {"fours": n}
            assert text.startswith(f"{n} {word} "), text
        # Through the code that says it: 8 players (the form of 5) at 2 tables of four.
        words = table_sizes_words(8)
        assert words.startswith(f"8 {PLAYERS[language][COUNTS.index(5)]}: 2 "), words
        assert TABLES[language][COUNTS.index(2)] in words, words


def test_english_stays_english():
    with translation.override("en-gb"):
        assert (
            translation.ngettext(
                "%(fours)s table of four", "%(fours)s tables of four", 2
            )
            == "%(fours)s tables of four"
        )


@pytest.mark.parametrize("language", sorted(PLURAL_FORMS))
def test_each_compiled_catalogue_says_what_its_source_says(language):
    """The .mo files are committed (make messages compiles them), so a fresh
    machine needs no gettext to run the site; this keeps each one true to its
    .po: the same messages, translations, plural forms and header."""
    source = LOCALE / language / "LC_MESSAGES" / "django.po"
    with open(source.with_suffix(".mo"), "rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    assert compiled._catalog == po.compiled(po.read(source)), (
        f"{source.with_suffix('.mo')} is not what {source.name} compiles to: run make messages"
    )


def test_the_login_page_speaks_the_clubs_language(polish_drive):
    assert lang_of(Client().get("/login/")) == "pl"
    client = Client()
    client.cookies[COOKIE] = "it"
    assert lang_of(client.get("/login/")) == "it"


class _Counted:
    """A word that counts how often it is translated (turned into text)."""

    def __init__(self, word: str) -> None:
        self.word = word
        self.asked = 0

    def __str__(self) -> str:
        self.asked += 1
        return translation.gettext(self.word)


def test_fixed_words_are_translated_once_per_language():
    hearts = _Counted("Hearts")
    words = Words({"H": hearts})
    with translation.override("pl"):
        assert [words["H"] for _ in range(3)] == ["Kier"] * 3
        assert Trump.HEARTS.label == "Kier"
    with translation.override("ru"):
        assert words["H"] == "Червы"
        assert seat_letter("N") == "С"
        assert seat_letter("X") == "X"  # not a seat: as it is
    with translation.override("en-gb"):
        assert words["H"] == "Hearts"
    assert hearts.asked == 3  # once for each language, not once a use
    # A change of the catalogues' settings (as a test's override makes) asks again.
    with override_settings(LANGUAGE_CODE="it"), translation.override("pl"):
        assert words["H"] == "Kier"
    assert hearts.asked == 4
