"""Make a publishing key for a club of this site (the club's website): printing.publishing."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from players.management.club_option import chosen_club
from printing.publishing import publishing_key_create


class Command(BaseCommand):
    help = (
        "Make a key a hall laptop publishes the club's finished drives with. "
        "The key is printed once, as the last line: only its digest is kept."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("club_id", type=int)
        parser.add_argument(
            "--name", default="", help="The key's name, such as the laptop it is for."
        )

    def handle(self, *args: object, **options: object) -> None:
        club = chosen_club(int(options["club_id"]))  # type: ignore[arg-type]
        name = str(options["name"] or "") or _("Key %(n)s") % {
            "n": club.publishing_keys.count() + 1
        }
        try:
            new = publishing_key_create(club=club, name=name, by="manage.py")
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        self.stderr.write(
            _("A publishing key %(name)s for %(club)s; it is shown only this once:")
            % {"name": new.record.name, "club": club.name}
        )
        # Machine-read (tests, scripts): the key alone on the last line.
        self.stdout.write(new.key)
