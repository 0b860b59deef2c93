"""Roster import: the rows of a roster file (players.roster_file), previewed,
then added.

- *Values*: a group is A or B, the traditional names in any of those languages
  (Ladies/Gents, Panie/Panowie, Дамы/Кавалеры...), or the club's own labels
  (those of its drives, the latest winning); a consent is yes or no in any of
  them (tak/nie, да/нет, da/nu, sì/no), 1/0 or true/false; an empty cell is no
  group, no consent. Case, spaces and accents do not matter. An error names
  the words in the page's language.
- *Verdict*, for each row: *new* (will be added), *on the roster* (a player of
  the club has that name, ignoring case, accents and extra spaces: nobody is
  added twice, nor is a name repeated in the file), or *error* with the reason.
- *Import*: adds the new players in one transaction. With an error left in
  the file nothing is written, unless the organiser chose to skip the rows
  with errors.

A cell holding a spreadsheet formula makes its row an error (the name itself
must be typed). Control characters are dropped from every cell
(players.typed_text).

Between the preview and the import the uploaded file waits in the database
(players.uploads), never in the session, and the import reads it again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from players import import_words
from players.collation import spelled_for
from players.import_words import FIELDS, value_key
from players.language import list_label_count
from players.models import Club, Player, normalise_name, tidy_name
from players.roster_file import RawRow
from players.typed_text import typed_text

NAME_MAX = Player._meta.get_field("name").max_length
PHONE_MAX = Player._meta.get_field("phone").max_length
EMAIL_MAX = Player._meta.get_field("email").max_length


class Verdict:
    NEW = "new"
    ON_ROSTER = "on_roster"
    ERROR = "error"


VERDICT_LABELS = {
    # Translators: a row of an uploaded roster that adds a new player.
    Verdict.NEW: gettext_lazy("New"),
    Verdict.ON_ROSTER: gettext_lazy("Already on the roster"),
    Verdict.ERROR: gettext_lazy("Error"),
}


@dataclass(frozen=True)
class RowVerdict:
    line: int
    name: str
    email: str
    phone: str
    group: str
    verdict: str
    reason: str = ""
    player_id: int | None = None
    consent: bool = False

    @property
    def verdict_label(self) -> str:
        return str(VERDICT_LABELS[self.verdict])

    @property
    def is_error(self) -> bool:
        return self.verdict == Verdict.ERROR


@dataclass(frozen=True)
class Preview:
    rows: tuple[RowVerdict, ...]

    def count(self, verdict: str) -> int:
        return sum(1 for row in self.rows if row.verdict == verdict)

    @property
    def new(self) -> int:
        return self.count(Verdict.NEW)

    @property
    def on_roster(self) -> int:
        return self.count(Verdict.ON_ROSTER)

    @property
    def errors(self) -> int:
        return self.count(Verdict.ERROR)


@dataclass(frozen=True)
class ImportSummary:
    added: int
    matched: int
    errors: int
    players: tuple[Player, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class ValueWords:
    """What the Group and Consent cells may say, for one club (value_key -> value)."""

    groups: dict[str, str]
    consents: dict[str, bool]
    # The club's own labels for A and B (its latest drive's), to suggest.
    labels: tuple[str, ...] = ()

    @classmethod
    def of(cls, club: Club) -> ValueWords:
        groups = import_words.group_values()
        labels: tuple[str, ...] = ()
        # The club's drives, through the club (drive.Drive, related_name
        # "drives": players imports nothing from drive), oldest first, so the
        # latest drive's labels win; then A and B themselves.
        drives = club.drives.order_by("date", "id")
        for a, b in drives.values_list("group_a_label", "group_b_label"):
            for label, group in ((a, "A"), (b, "B")):
                if value_key(label):
                    groups[value_key(label)] = group
            labels = (a, b)
        groups.update({"a": "A", "b": "B"})
        return cls(groups, import_words.consent_values(), labels)

    def group_names(self) -> str:
        """The group words to suggest, in the page's language: its Ladies and
        Gents, the English ones, and the club's own labels."""
        a, *a_english = import_words.shown_words("A")
        b, *b_english = import_words.shown_words("B")
        names: dict[str, str] = {}
        for word in (a, b, *a_english, *b_english, *self.labels):
            names.setdefault(value_key(word), word)
        return ", ".join(names.values())

    def consent_names(self) -> dict[str, str]:
        yes, *yes_english = import_words.shown_words("yes")
        no, *no_english = import_words.shown_words("no")
        others = [*yes_english, *no_english, "1", "0"]
        return {"yes": yes, "no": no, "others": ", ".join(others)}


def file_words(club: Club | None = None) -> dict[str, str]:
    """The words the import page shows to explain the file, in the page's
    language: each column's title and those of a name's two parts (with the
    English beside them), yes and no, the groups' names (with a club: its own
    labels too) and the languages read."""
    words = {
        **import_words.column_names(),
        **import_words.column_names(kinds=import_words.NAME_PARTS),
        "yes": import_words.shown_words("yes")[0],
        "no": import_words.shown_words("no")[0],
        "languages": ", ".join(name for _code, name in settings.LANGUAGES),
    }
    if club is not None:
        words["groups"] = ValueWords.of(club).group_names()
    return words


def _check(row: RawRow, words: ValueWords) -> tuple[dict[str, str], str]:
    """(the tidied values, the reason it is an error or "")."""
    values = {key: typed_text(row.cells.get(key, "")) for key in FIELDS}
    name = tidy_name(values["name"])
    email = values["email"]
    phone = " ".join(values["phone"].split())
    group_text = values["group"]
    consent_text = values["consent"]
    tidy = {
        "name": name,
        "email": email,
        "phone": phone,
        "group": group_text,
        "consent": consent_text,
    }
    if row.formula_in:
        what = ", ".join(f"“{title}”" for title in row.formula_in)
        # Translators: %(what)s names the file's columns as its first row
        # titles them, each in quotes: “Imię”, “E-mail”.
        return tidy, ngettext(
            "The %(what)s cell is a spreadsheet formula: type the value itself.",
            "The %(what)s cells are spreadsheet formulas: type the values themselves.",
            list_label_count(row.formula_in),
        ) % {"what": what}
    if not name:
        return tidy, _("The name is empty.")
    if len(name) > NAME_MAX:
        return tidy, _("The name is longer than %(max)d characters.") % {
            "max": NAME_MAX
        }
    if len(email) > EMAIL_MAX:
        return tidy, _("The email address is longer than %(max)d characters.") % {
            "max": EMAIL_MAX
        }
    if email:
        try:
            validate_email(email)
        except ValidationError:
            return tidy, _("“%(email)s” is not an email address.") % {"email": email}
    if len(phone) > PHONE_MAX:
        return tidy, _("The phone number is longer than %(max)d characters.") % {
            "max": PHONE_MAX
        }
    group = words.groups.get(value_key(group_text))
    if group is None:
        # Translators: %(names)s lists the groups' names in the page's language,
        # in English and the club's own: "Ladies, Gents".
        return tidy, _("“%(group)s” is not a group: use A or B (or %(names)s).") % {
            "group": group_text,
            "names": words.group_names(),
        }
    tidy["group"] = group
    consent = words.consents.get(value_key(consent_text))
    if consent is None:
        return tidy, _(
            # Translators: %(yes)s and %(no)s are the words in the page's
            # language; %(others)s lists the others read: the English ones
            # (when the page is not in English), 1 and 0.
            "“%(value)s” is not a consent: use %(yes)s or %(no)s (or %(others)s)."
        ) % {"value": consent_text, **words.consent_names()}
    tidy["consent"] = "yes" if consent else ""
    return tidy, _player_problem(tidy)


def _new_player(club: Club | None, values: dict[str, str]) -> Player:
    return Player(
        club=club,
        name=values["name"],
        email=values["email"],
        phone=values["phone"],
        group=values["group"],
        email_consent=values["consent"] == "yes",
    )


def _player_problem(values: dict[str, str]) -> str:
    """What the player's own fields refuse (each one's length and validators),
    as the import will check it, "" when nothing: the preview calls no row new
    that the import then turns down."""
    try:
        _new_player(None, values).full_clean(
            exclude=["club", "name_key"],
            validate_unique=False,
            validate_constraints=False,
        )
    except ValidationError as error:
        columns = import_words.column_names()
        return " ".join(
            f"{columns.get(name, name)}: {' '.join(messages)}"
            for name, messages in error.message_dict.items()
        )
    return ""


def preview(*, club: Club, rows: Sequence[RawRow]) -> Preview:
    """The verdict of each row against the club's roster (and the rows above it)."""
    roster = dict(
        Player.objects.filter(club=club).order_by("id").values_list("name_key", "id")
    )
    seen: dict[str, int] = {}
    verdicts = []
    words = ValueWords.of(club)
    for row in rows:
        values, reason = _check(row, words)
        # A Romanian club's names with ș and ț, however the file typed them.
        values["name"] = spelled_for(club.language, values["name"])
        key = normalise_name(values["name"])
        if reason:
            verdict, player_id = Verdict.ERROR, None
        elif key in roster:
            verdict, player_id = Verdict.ON_ROSTER, roster[key]
        elif key in seen:
            verdict, player_id = Verdict.ON_ROSTER, None
            reason = _("Same name as row %(line)d: added once.") % {"line": seen[key]}
        else:
            verdict, player_id = Verdict.NEW, None
            seen[key] = row.line
        verdicts.append(
            RowVerdict(
                line=row.line,
                name=values["name"],
                email=values["email"],
                phone=values["phone"],
                group=values["group"],
                verdict=verdict,
                reason=reason,
                player_id=player_id,
                consent=values["consent"] == "yes",
            )
        )
    return Preview(tuple(verdicts))


@transaction.atomic
def roster_import(
    *, club: Club, rows: Sequence[RawRow], skip_errors: bool = False
) -> ImportSummary:
    """Add the new players. With errors and no `skip_errors`, nothing is written."""
    # Lock the club so two imports of the same file cannot both add a name.
    Club.objects.select_for_update().get(pk=club.pk)
    checked = preview(club=club, rows=rows)
    if checked.errors and not skip_errors:
        raise ValidationError(
            ngettext(
                "%(count)d row has errors, so nothing was imported. Fix the "
                "file, or choose to skip those rows.",
                "%(count)d rows have errors, so nothing was imported. Fix the "
                "file, or choose to skip those rows.",
                checked.errors,
            )
            % {"count": checked.errors}
        )
    added = []
    for row in checked.rows:
        if row.verdict != Verdict.NEW:
            continue
        player = _new_player(
            club,
            {
                "name": row.name,
                "email": row.email,
                "phone": row.phone,
                "group": row.group,
                "consent": "yes" if row.consent else "",
            },
        )
        try:
            player.full_clean(exclude=["club", "name_key"])
        except ValidationError as error:
            # Never, as the preview checks the same; if it does, say where.
            raise ValidationError(
                _("Row %(line)d: %(problem)s Nothing was imported.")
                % {"line": row.line, "problem": " ".join(error.messages)}
            ) from error
        player.save()
        added.append(player)
    return ImportSummary(
        added=len(added),
        matched=checked.on_roster,
        errors=checked.errors,
        players=tuple(added),
    )
