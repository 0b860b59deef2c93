"""Add a club to a site that hosts several (a county's or a national body's).

The first club of a site is made on its first visit; the set-up page closes
after that. Each club after it is added here by whoever runs the site, with
its first organiser: a new account, or one that runs another club already.
That organiser adds the club's other organisers and assistants on its People
page.
"""

from __future__ import annotations

import getpass
import os

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils.translation import gettext as _

from players import services
from players.language import LANGUAGE_CODES

# Read instead of asking, for a script (as Django's createsuperuser does).
PASSWORD_VARIABLE = "ORGANISER_PASSWORD"


class Command(BaseCommand):
    help = (
        "Add a club with its first organiser (a new account, or an organiser of "
        "another club of this site, who then helps to run both)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("name", help="The club's name.")
        parser.add_argument(
            "--organiser", required=True, help="The organiser's user name."
        )
        parser.add_argument(
            "--language",
            required=True,
            choices=sorted(LANGUAGE_CODES),
            help="The club's language (its pages, phones and boards).",
        )
        parser.add_argument(
            "--time-zone",
            default="",
            help="Such as Europe/Warsaw (else the language's).",
        )
        parser.add_argument(
            "--currency", default="", help="Such as PLN (else the language's)."
        )
        parser.add_argument("--email", default="", help="A new organiser's e-mail.")
        parser.add_argument(
            "--no-input",
            action="store_true",
            help=f"Ask nothing: a new organiser's password is in ${PASSWORD_VARIABLE}.",
        )

    def handle(self, *args: object, **options: object) -> None:
        username = str(options["organiser"]).strip()
        password = ""
        if not get_user_model().objects.filter(username=username).exists():
            password = self._password(username, no_input=bool(options["no_input"]))
        try:
            membership = services.club_add(
                club_name=str(options["name"]),
                username=username,
                password=password,
                email=str(options["email"]),
                language=str(options["language"]),
                time_zone=str(options["time_zone"]),
                currency=str(options["currency"]),
            )
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        club = membership.club
        self.stdout.write(
            _("club %(id)d: %(name)s, organiser %(username)s")
            % {"id": club.pk, "name": club.name, "username": username}
        )

    def _password(self, username: str, *, no_input: bool) -> str:
        if no_input:
            password = os.environ.get(PASSWORD_VARIABLE, "")
            if not password:
                raise CommandError(
                    _(
                        "%(username)s is a new account: set its password in %(variable)s."
                    )
                    % {"username": username, "variable": PASSWORD_VARIABLE}
                )
            return password
        password = getpass.getpass(
            _("Password for %(username)s: ") % {"username": username}
        )
        if password != getpass.getpass(_("Password again: ")):
            raise CommandError(_("The two passwords differ."))
        return password
