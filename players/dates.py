"""Dates and times as each language writes them, for pages, PDFs, the workbook
and e-mails alike.

- *long date*: "Thursday 3 December 2026", "czwartek, 3 grudnia 2026" (Polish
  and Russian put the month in the genitive: "3 декабря"), "joi, 3 decembrie
  2026" (Polish and Romanian a comma after the weekday), "giovedì 3 dicembre
  2026": only English
  capitalises its weekdays and months, so a date that opens a sentence takes
  |capfirst;
- *full date*: the long date without its weekday (e-mail subjects);
- *short date*: "3 Dec 2026", "3 gru 2026", "3 дек. 2026", "3 dec. 2026",
  "3 dic 2026" (the language's own abbreviations, as CLDR has them: Django's
  are capitalised and nominative; Polish May is written whole in the
  genitive, "7 maja 2026", as Russian's "7 мая": CLDR's "maj" is the
  nominative, which a Polish date never takes, "do 31 maj" read wrong);
- *day and month*, *weekday and date* ("Thu 3 Dec 2026", Polish, Russian and
  Romanian with the long date's comma: "czw., 3 gru 2026", "чт, 3 дек. 2026",
  "joi, 3 dec. 2026"), *date and time*.

Times are the active time zone's (the club's: players.language.use_club).
The same functions are the template filters of players.templatetags.dates.
"""

from __future__ import annotations

import datetime
import re

from django.utils import dateformat, timezone, translation

# January first.
SHORT_MONTHS = {
    "en": "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec",
    "pl": "sty lut mar kwi maja cze lip sie wrz paź lis gru",
    "ru": "янв. февр. марта апр. мая июня июля авг. сент. окт. нояб. дек.",
    "ro": "ian. feb. mar. apr. mai iun. iul. aug. sept. oct. nov. dec.",
    "it": "gen feb mar apr mag giu lug ago set ott nov dic",
}
# Monday first.
SHORT_WEEKDAYS = {
    "en": "Mon Tue Wed Thu Fri Sat Sun",
    "pl": "pon. wt. śr. czw. pt. sob. niedz.",
    "ru": "пн вт ср чт пт сб вс",
    "ro": "lun. mar. mie. joi vin. sâm. dum.",
    "it": "lun mar mer gio ven sab dom",
}
# Django's letters for the long forms: E is the month in the genitive.
# Polish and Romanian put a comma after the weekday (CLDR's "EEEE, d MMMM y"
# for both; Romanian's DOOM, and Polish "czwartek, 3 grudnia 2026" as a Polish
# letter or programme heads it).
# Russian writes the year "2026 г." and a comma after the weekday (CLDR's
# "EEEE, d MMMM y 'г'."): "суббота, 5 декабря 2026 г.".
LONG_FORMATS = {
    "en": "l j F Y",
    "pl": "l, j E Y",
    "ru": "l, j E Y г.",
    "ro": "l, j F Y",
}
FULL_FORMATS = {"en": "j F Y", "pl": "j E Y", "ru": "j E Y г."}
# What follows a short weekday: Polish, Russian and Romanian's comma there too
# ("sob., 5 gru 2026", "сб, 5 дек. 2026", "sâm., 5 dec. 2026"; CLDR's "EEE, d
# MMM y", Russian's "ccc, d MMM"), as in their long dates; a space in the
# others. (The Russian short date keeps no "г.", with or without a weekday.)
WEEKDAY_SEPARATORS = {"pl": ", ", "ru": ", ", "ro": ", "}


def _language() -> str:
    code = (translation.get_language() or "en").split("-")[0].casefold()
    return code if code in SHORT_MONTHS else "en"


def _local(value: datetime.date) -> datetime.date:
    if isinstance(value, datetime.datetime) and timezone.is_aware(value):
        return timezone.localtime(value)
    return value


def _cased(text: str, language: str) -> str:
    """Weekdays and months are lower case but in English (Django's catalogues
    capitalise them)."""
    return text if language == "en" else text.lower()


def long_date(value: datetime.date) -> str:
    language = _language()
    value = _local(value)
    text = dateformat.format(value, LONG_FORMATS.get(language, "l j F Y"))
    return _cased(text, language)


def full_date(value: datetime.date) -> str:
    language = _language()
    value = _local(value)
    text = dateformat.format(value, FULL_FORMATS.get(language, "j F Y"))
    return _cased(text, language)


def day_month(value: datetime.date, padded: bool = False) -> str:
    value = _local(value)
    month = SHORT_MONTHS[_language()].split()[value.month - 1]
    return f"{value.day:02d} {month}" if padded else f"{value.day} {month}"


def short_date(value: datetime.date, padded: bool = False) -> str:
    """ "3 Dec 2026"; `padded`, "03 Dec 2026" (the workbook's column titles,
    which line up so)."""
    value = _local(value)
    return f"{day_month(value, padded)} {value.year}"


def weekday(value: datetime.date) -> str:
    return SHORT_WEEKDAYS[_language()].split()[_local(value).weekday()]


def _after_weekday() -> str:
    return WEEKDAY_SEPARATORS.get(_language(), " ")


def weekday_date(value: datetime.date) -> str:
    return f"{weekday(value)}{_after_weekday()}{short_date(value)}"


def date_time(value: datetime.datetime, seconds: bool = False) -> str:
    value = _local(value)
    return f"{short_date(value)} {clock_time(value, seconds)}"


def weekday_time(value: datetime.datetime) -> str:
    """ "Thu 3 Dec 19:42:05": within a season, the day is enough."""
    value = _local(value)
    return (
        f"{weekday(value)}{_after_weekday()}{day_month(value)} "
        f"{clock_time(value, True)}"
    )


def clock_time(value: datetime.datetime, seconds: bool = False) -> str:
    value = _local(value)
    return value.strftime("%H:%M:%S" if seconds else "%H:%M")


# Italian elides the article and its contractions before a day whose name
# starts with a vowel: l'1, l'8, l'11 dicembre, dall'8, dell'11 (never "il 8").
_ITALIAN_ELIDED = re.compile(
    r"\b([Ii]l|[Dd]al|[Dd]el|[Aa]l|[Nn]el|[Ss]ul) (1|8|11)(?= \w)"
)
_ITALIAN_ELISIONS = {"il": "l'", "dal": "dall'", "del": "dell'", "al": "all'"}
_ITALIAN_ELISIONS.update({"nel": "nell'", "sul": "sull'"})


def _italian_elision(match: re.Match[str]) -> str:
    article = match.group(1)
    elided = _ITALIAN_ELISIONS[article.casefold()]
    if article[0].isupper():
        elided = elided.capitalize()
    return f"{elided}{match.group(2)}"


# A Russian date ends with "г." and takes no second full stop at a sentence's end.
_RUSSIAN_YEAR_STOP = re.compile(r"(\d г\.)\.")


def with_dates_elided(text: str) -> str:
    """A translated sentence holding a date, as the page's language writes it:
    in Italian "il %(date)s" with the 8th is "l'8 dicembre 2026"; in Russian a
    sentence ending on "2026 г." has one full stop, not "2026 г.."; other
    languages' sentences are returned as they are."""
    language = _language()
    if language == "ru":
        return _RUSSIAN_YEAR_STOP.sub(r"\1", text)
    if language != "it":
        return text
    return _ITALIAN_ELIDED.sub(_italian_elision, text)
