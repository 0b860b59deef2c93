"""The results mail's progress line is one sentence in each language (issue
31): "Zakończono. Gotowe dla 8 z 8 osób: ...", not "Zakończono. gotowe: 8 z
8 osób: ...", pieced together from three translations."""

from __future__ import annotations

import datetime

import pytest
from django.utils import translation

from players import dates
from printing.result_mail import Progress


def progress(*, done: int, total: int) -> Progress:
    return Progress(
        total=total,
        done=done,
        sent=5,
        skipped=3,
        failed=0,
        after=done,
        remaining=total - done,
    )


@pytest.mark.parametrize(
    "language, finished, sending",
    [
        (
            "pl",
            "Zakończono. Gotowe dla 8 z 8 osób: wysłano 5, pominięto 3, nieudane: 0.",
            "Wysyłanie… Gotowe dla 3 z 22 osób: wysłano 5, pominięto 3, nieudane: 0.",
        ),
        (
            "ru",
            "Завершено. Готово для 8 из 8 игроков: отправлено 5, пропущено 3, "
            "ошибок 0.",
            "Отправка… Готово для 3 из 21 игрока: отправлено 5, пропущено 3, ошибок 0.",
        ),
        (
            "ro",
            "Terminat. Gata pentru 8 din 8 jucători: trimise: 5, sărite: 3, eșuate: 0.",
            "Se trimite… Gata pentru 3 din 22 de jucători: trimise: 5, sărite: 3, "
            "eșuate: 0.",
        ),
        (
            "it",
            "Finito. Fatto per 8 su 8 giocatori: inviati 5, saltati 3, non riusciti 0.",
            "Invio in corso… Fatto per 3 su 22 giocatori: inviati 5, saltati 3, "
            "non riusciti 0.",
        ),
    ],
)
def test_the_progress_line_is_one_sentence(language, finished, sending):
    total = 21 if language == "ru" else 22
    with translation.override(language):
        assert progress(done=8, total=8).words() == finished
        assert progress(done=3, total=total).words() == sending


def test_english_reads_as_before():
    assert (
        progress(done=8, total=8).words()
        == "Finished. 8 of 8 players done: 5 sent, 3 skipped, 0 failed."
    )
    assert (
        progress(done=1, total=1).words()
        == "Finished. 1 of 1 player done: 5 sent, 3 skipped, 0 failed."
    )


@pytest.mark.parametrize(
    "language, drive, thanks",
    [
        (
            "pl",
            "Turniej mikołajkowy",
            "Dziękujemy za grę: „Turniej mikołajkowy”, 27 listopada 2026.",
        ),
        (
            "ru",
            "Новогодний турнир",
            "Спасибо за участие: «Новогодний турнир», 27 ноября 2026 г. Ваши",
        ),
    ],
)
def test_the_thanks_name_the_drive_once(language, drive, thanks):
    """A drive's name says what it is: "w turnieju Turniej mikołajkowy",
    "в турнире «Новогодний турнир»" said it twice (and Polish left the name
    unquoted in the sentence)."""
    with translation.override(language):
        line = dates.with_dates_elided(
            translation.gettext(
                "Thank you for playing at %(drive)s on %(date)s. Your results:"
            )
            % {"drive": drive, "date": dates.full_date(datetime.date(2026, 11, 27))}
        )
    assert line.startswith(thanks), line


@pytest.mark.parametrize(
    "language, greeting",
    [
        ("en-gb", "Dear Irena Tomaszewska,"),
        ("pl", "Dzień dobry, Irena Tomaszewska!"),
        ("ru", "Здравствуйте, Irena Tomaszewska!"),
        ("ro", "Dragă Irena Tomaszewska,"),
        ("it", "Gentile Irena Tomaszewska,"),
    ],
)
def test_the_mail_greets_the_player(language, greeting):
    """Polish opened with the bare name ("Irena Tomaszewska,"), cold beside the
    Russian "Здравствуйте, …!"; a name alone is no greeting in any of them."""
    with translation.override(language):
        line = translation.gettext("Dear %(name)s,") % {"name": "Irena Tomaszewska"}
    assert line == greeting
