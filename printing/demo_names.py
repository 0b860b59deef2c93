"""The names a demo club, its drives and its players have, in each language.

These are data, not translations: a Polish demo club is a club a Polish
organiser would recognise (its name, its venue, its drives' names), and its
players are people with Polish names, as a Polish club's roster lists them.
Interface wording (group labels, anything a page says) stays in the message
catalogues; `manage.py demo` (printing/management/commands/demo.py) reads
these.

- *Roster*: `player_names(language, count)`, the demo's players in order,
  the same every time (so a second demo finds the first one's players on the
  roster): a woman, then a man, and so on, each "given-name surname", as the
  site stores a name typed at the door or imported from two columns.
- *Female surname*: Polish and Russian surnames that change with the sex
  (Kowalski, Kowalska; Иванов, Иванова; Покровский, Покровская) are kept in
  the man's form and made a woman's by `female_surname`; the others (Nowak,
  Черных, Popescu, Rossi) are the same for both.

English keeps the demo's plain names ("Demo whist club", "Demo player 7"), as
it always had.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from functools import cache

from players.collation import fold

# The most players a demo plays (its --players limit), and the names made for
# them: a few more, for those a roster has already retired.
MOST_PLAYERS = 1000
NAMES_MADE = 1200


@dataclass(frozen=True)
class DemoNames:
    """One language's demo club."""

    language: str
    club: str
    # What the club calls its drives; a seed picks one.
    drives: tuple[str, ...]
    venue: str
    women: tuple[str, ...]
    men: tuple[str, ...]
    # Men's forms (Polish and Russian ones that change make a woman's form).
    surnames: tuple[str, ...]


def _split(text: str) -> tuple[str, ...]:
    return tuple(text.split())


POLISH = DemoNames(
    language="pl",
    club="Klub Wista „Trefl” w Krakowie",
    drives=(
        "Klubowy turniej wista",
        "Wist andrzejkowy",
        "Turniej o Puchar Prezesa Klubu",
    ),
    venue="Dom Kultury „Zacisze”, ul. Ogrodowa 12, sala nr 3",
    women=_split(
        "Anna Maria Katarzyna Małgorzata Agnieszka Barbara Ewa Krystyna Elżbieta "
        "Zofia Teresa Joanna Magdalena Danuta Jadwiga Halina Irena Grażyna Bożena "
        "Dorota Beata Jolanta Urszula Wiesława Alicja Renata Iwona Stanisława "
        "Helena Łucja"
    ),
    men=_split(
        "Jan Andrzej Piotr Krzysztof Stanisław Tomasz Paweł Józef Marcin Marek "
        "Michał Grzegorz Jerzy Tadeusz Adam Łukasz Zbigniew Ryszard Dariusz Henryk "
        "Mariusz Kazimierz Wojciech Robert Mateusz Zdzisław Bogdan Władysław "
        "Leszek Mieczysław"
    ),
    surnames=_split(
        "Nowak Kowalski Wiśniewski Wójcik Kowalczyk Kamiński Lewandowski "
        "Zieliński Szymański Woźniak Dąbrowski Kozłowski Jankowski Mazur "
        "Kwiatkowski Krawczyk Piotrowski Grabowski Nowakowski Pawłowski "
        "Michalski Nowicki Adamczyk Dudek Zając Wieczorek Jabłoński Król "
        "Majewski Olszewski Jaworski Wróbel Malinowski Pawlak Witkowski Walczak "
        "Stępień Górski Rutkowski Sikora Ostrowski Baran Duda Szewczyk "
        "Tomaszewski Pietrzak Zalewski Jakubowski Jasiński Zawadzki Bąk "
        "Chmielewski Włodarczyk Czarnecki Sawicki Sokołowski Kaźmierczak "
        "Głowacki Ziółkowski Przybylski"
    ),
)

RUSSIAN = DemoNames(
    language="ru",
    club="Клуб любителей виста «Козырь»",
    drives=(
        "Клубный турнир по висту",
        "Новогодний вист",
        "Турнир на Кубок председателя клуба",
    ),
    venue="Дом культуры «Октябрь», малый зал",
    women=_split(
        "Анна Мария Елена Ольга Наталья Татьяна Ирина Светлана Екатерина Людмила "
        "Галина Надежда Валентина Любовь Марина Нина Вера Тамара Лариса Евгения "
        "Юлия Алла Зинаида Раиса Лидия Антонина Ксения Дарья Софья Валерия"
    ),
    men=_split(
        "Александр Сергей Владимир Алексей Андрей Дмитрий Николай Михаил Игорь "
        "Юрий Виктор Евгений Олег Павел Геннадий Валерий Борис Анатолий Василий "
        "Пётр Иван Константин Григорий Леонид Вячеслав Степан Фёдор Аркадий "
        "Роман Илья"
    ),
    surnames=_split(
        "Иванов Смирнов Кузнецов Попов Васильев Петров Соколов Михайлов Новиков "
        "Фёдоров Морозов Волков Алексеев Лебедев Семёнов Егоров Павлов Козлов "
        "Степанов Николаев Орлов Андреев Макаров Никитин Захаров Зайцев "
        "Соловьёв Борисов Яковлев Григорьев Романов Воробьёв Сергеев Кузьмин "
        "Фролов Александров Королёв Гусев Киселёв Ильин Максимов Поляков "
        "Сорокин Виноградов Белов Медведев Тарасов Жуков Комаров Богданов "
        "Покровский Вознесенский Успенский Троицкий Рождественский Островский "
        "Тихонов Черных Белых Ткаченко"
    ),
)

ROMANIAN = DemoNames(
    language="ro",
    club="Clubul de Whist „Atu” din Brașov",
    drives=(
        "Turneul de whist al clubului",
        "Cupa Clubului la whist",
        "Turneul de Mărțișor",
    ),
    venue="Casa de Cultură „Ion Creangă”, sala mică",
    women=_split(
        "Maria Elena Ioana Ana Mihaela Andreea Cristina Gabriela Alexandra "
        "Daniela Mariana Georgiana Ramona Florentina Simona Roxana Adriana Monica "
        "Nicoleta Raluca Lăcrămioara Ștefania Rodica Viorica Doina Aurelia Iulia "
        "Irina Camelia Ileana"
    ),
    men=_split(
        "Ion Gheorghe Vasile Constantin Alexandru Mihai Andrei Ștefan Nicolae "
        "Dumitru Florin Marian Cristian Daniel Ionuț Răzvan Bogdan Adrian "
        "Cătălin Dragoș Costică Sorin Mircea Radu Viorel Petru Lucian Tudor "
        "Horațiu Aurel"
    ),
    surnames=_split(
        "Popescu Ionescu Popa Pop Radu Dumitru Stoica Stan Gheorghe Rusu "
        "Munteanu Matei Constantin Șerban Moldovan Ciobanu Lungu Florea Mocanu "
        "Ștefănescu Dinu Tudor Dobre Barbu Nistor Ene Sârbu Toma Stănescu "
        "Dumitrescu Bălan Căpraru Diaconu Lupu Ardeleanu Cozma Preda Neagu "
        "Vlăduț Mărgineanu Țurcanu Tănase Oprea Manole Niță Voicu Cristea "
        "Iordache Năstase Bălănescu Pîrvu Brâncoveanu Crăciun Zăvoianu Bîrsan "
        "Țăranu Mureșan Tănăsescu Hâncu Chiriță"
    ),
)

ITALIAN = DemoNames(
    language="it",
    club="Circolo del Whist «Asso di Cuori» di Bologna",
    drives=(
        "Torneo di whist del circolo",
        "Coppa del Circolo",
        "Torneo di San Martino",
    ),
    venue="Sala del Circolo, via Garibaldi 14",
    women=_split(
        "Maria Anna Giuseppina Rosa Angela Giovanna Teresa Lucia Carmela "
        "Francesca Giulia Chiara Paola Laura Elena Silvia Patrizia Antonella "
        "Cristina Daniela Simona Barbara Roberta Federica Valentina Marina "
        "Gabriella Loredana Nicoletta Rita"
    ),
    men=_split(
        "Giuseppe Giovanni Antonio Mario Luigi Francesco Angelo Vincenzo Pietro "
        "Salvatore Carlo Franco Domenico Bruno Paolo Michele Giorgio Aldo Sergio "
        "Luciano Roberto Stefano Marco Alessandro Andrea Massimo Claudio "
        "Fabrizio Nicola Niccolò"
    ),
    # Two-word surnames joined by "_" (De_Luca): the list is split on spaces.
    surnames=tuple(
        name.replace("_", " ")
        for name in _split(
            "Rossi Russo Ferrari Esposito Bianchi Romano Colombo Ricci Marino "
            "Greco Gallo Conti De_Luca Mancini Costa Giordano Rizzo Lombardi "
            "Moretti Barbieri Fontana Santoro Mariani Rinaldi Caruso Ferrara "
            "Galli Martini Leone Longo Gentile Martinelli Vitale Lombardo Serra "
            "Coppola De_Santis D'Angelo Marchetti Parisi Villa Conte Ferraro "
            "Ferri Fabbri Marini Grasso Valentini Messina Sala De_Angelis Gatti "
            "Pellegrini Palumbo Sanna Farina Monti Cattaneo Morelli Amato"
        )
    ),
)

BY_LANGUAGE: dict[str, DemoNames] = {
    names.language: names for names in (POLISH, RUSSIAN, ROMANIAN, ITALIAN)
}

# English: the demo's plain names, as it always had them.
ENGLISH_CLUB = "Demo whist club"
ENGLISH_PLAYER = "Demo player {number}"
ENGLISH_PLAYER_PATTERN = re.compile(r"Demo player \d+")


def has_names(language: str) -> bool:
    """Whether the demo can name its club and players in `language`."""
    return language in BY_LANGUAGE or language.startswith("en")


# Polish: -ski, -cki, -dzki become -ska, -cka, -dzka; other surnames
# (Nowak, Wójcik, Mazur) are a woman's as they are a man's.
# Russian: -ов, -ев, -ёв, -ин, -ын add -а; -ский, -цкий, -ой become -ская,
# -цкая, -ая; -ых and -енко do not change.
FEMALE_ENDINGS = {
    "pl": (("ki", "ka"),),
    "ru": (
        ("ский", "ская"),
        ("цкий", "цкая"),
        ("ой", "ая"),
        ("ов", "ова"),
        ("ев", "ева"),
        ("ёв", "ёва"),
        ("ин", "ина"),
        ("ын", "ына"),
    ),
}


def female_surname(language: str, surname: str) -> str:
    """The woman's form of a man's `surname` in `language`."""
    for ending, female in FEMALE_ENDINGS.get(language, ()):
        if surname.endswith(ending):
            return surname[: -len(ending)] + female
    return surname


def player_names(language: str, count: int = NAMES_MADE) -> tuple[str, ...]:
    """The demo's first `count` players in `language` (at most NAMES_MADE),
    the same every time: a woman, then a man, and so on. The first sixty
    take each given name and each surname once at most, as a club's
    roster would; after them, given names and surnames meet again in new
    pairs. No two are the same name without their accents (the roster
    matches names so: players.models.normalise_name)."""
    return _player_names(language)[:count]


@cache
def _player_names(language: str) -> tuple[str, ...]:
    count = NAMES_MADE
    if language not in BY_LANGUAGE:
        return tuple(ENGLISH_PLAYER.format(number=n) for n in range(1, count + 1))
    names = BY_LANGUAGE[language]
    rng = random.Random(f"demo names: {language}")
    surnames = list(names.surnames)
    rng.shuffle(surnames)
    given = {"women": list(names.women), "men": list(names.men)}
    for choices in given.values():
        rng.shuffle(choices)
    found: list[str] = []
    seen: set[str] = set()

    def person(first: str, surname: str, woman: bool) -> str:
        return f"{first} {female_surname(language, surname) if woman else surname}"

    # The first names: each given name with its own surname, in turn.
    for index in range(min(len(names.women), len(names.men))):
        for woman in (True, False):
            first = given["women" if woman else "men"][index]
            surname = surnames[(2 * index + (not woman)) % len(surnames)]
            name = person(first, surname, woman)
            if fold(name) not in seen:
                seen.add(fold(name))
                found.append(name)
    # Then every other pair, drawn in a fixed order.
    pairs = [
        (first, surname, woman)
        for woman in (True, False)
        for first in given["women" if woman else "men"]
        for surname in surnames
    ]
    rng.shuffle(pairs)
    women = [p for p in pairs if p[2]]
    men = [p for p in pairs if not p[2]]
    for woman_pair, man_pair in zip(women, men, strict=False):
        for pair in (woman_pair, man_pair):
            name = person(*pair)
            if fold(name) not in seen:
                seen.add(fold(name))
                found.append(name)
        if len(found) >= count:
            break
    return tuple(found[:count])


@cache
def every_demo_name() -> dict[str, frozenset[str]]:
    """Each language's demo player names (all NAMES_MADE of them)."""
    return {language: frozenset(player_names(language)) for language in BY_LANGUAGE}


def is_other_demo_player(language: str, name: str) -> bool:
    """Whether `name` is a demo player of a language other than `language`
    (a demo in one language leaves the players of another on the roster)."""
    english = bool(ENGLISH_PLAYER_PATTERN.fullmatch(name))
    if english:
        return language in BY_LANGUAGE
    return any(
        name in names for other, names in every_demo_name().items() if other != language
    )


def club_name(language: str) -> str:
    names = BY_LANGUAGE.get(language)
    return names.club if names else ENGLISH_CLUB


def every_club_name() -> frozenset[str]:
    return frozenset({ENGLISH_CLUB, *(n.club for n in BY_LANGUAGE.values())})


def drive_name(language: str, seed: int) -> str | None:
    """What the club calls a drive (a seed picks one of its names); None in
    English, whose demo names a drive by its format and players."""
    names = BY_LANGUAGE.get(language)
    if names is None:
        return None
    return random.Random(f"demo drive: {seed}").choice(names.drives)


def venue(language: str) -> str:
    names = BY_LANGUAGE.get(language)
    return names.venue if names else ""
