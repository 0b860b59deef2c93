"""The --club option of the commands that write into one club (import_players, loaddrive).

A site usually has one club: then the option may be left out. With several,
the command names them, so the operator can pick one.
"""

from __future__ import annotations

from django.core.management.base import CommandError, CommandParser
from django.utils.translation import gettext as _

from players.models import Club


def add_club_option(parser: CommandParser) -> None:
    parser.add_argument(
        "--club", type=int, help="The club's id (needed when the site has several)."
    )


def chosen_club(club_id: int | None) -> Club:
    """The club named by --club, or the site's only club."""
    if club_id is not None:
        club = Club.objects.filter(pk=club_id).first()
        if club is None:
            raise CommandError(_("There is no club %(id)d.") % {"id": club_id})
        return club
    clubs = list(Club.objects.order_by("pk")[:2])
    if len(clubs) > 1:
        listed = ", ".join(f"{c.pk} ({c.name})" for c in Club.objects.order_by("pk"))
        raise CommandError(
            # Translators: %(clubs)s lists each club's id and name: "1 (Ayr), 2 (Troon)".
            _("This site has several clubs; pick one with --club: %(clubs)s.")
            % {"clubs": listed}
        )
    if not clubs:
        # A club made here would have no organiser to log in, and the
        # first-visit page only appears on a site with no club.
        raise CommandError(
            _(
                "This site has no club yet: open it in a browser and create the "
                "organiser and the club first."
            )
        )
    return clubs[0]
