"""What the door's page says once a button beside an entry has done its work
(drive.door_views.entry_action): the player's name and number and what is now so,
said at the top of the page and again under the entry's row, so the volunteer
knows the tap went in, and on whom."""

from __future__ import annotations

from django.utils.translation import gettext as _

from drive.models import Drive, DriveState, Entry
from players.money import money_text


def entry_action_done(*, action: str, drive: Drive, entry: Entry) -> str:
    """The message for `action` (a key of drive.door_views.ENTRY_ACTIONS) done on
    `entry`, as the entry now stands (before removal, for "remove")."""
    values = {
        "name": entry.player.name,
        "number": entry.number,
        "group": drive.group_label(entry.group),
        "round": entry.joined_round or entry.withdrawn_from_round,
        "amount": money_text(entry.paid_amount, drive.club.currency),
    }
    if action == "check_in":
        text = _("%(name)s (number %(number)s) is checked in.")
        if drive.state == DriveState.IN_PLAY and entry.joined_round:
            # The round in the format's own words: a game of prediction whist.
            return f"{text % values} {drive.words.joins_at(entry.joined_round)}"
    elif action == "check_out":
        text = _("%(name)s (number %(number)s): check-in undone.")
    elif action == "paid":
        text = (
            _("%(name)s (number %(number)s): paid %(amount)s.")
            if entry.paid_amount
            else _("%(name)s (number %(number)s): marked paid.")
        )
    elif action == "unpaid":
        text = _("%(name)s (number %(number)s): payment undone.")
    elif action in ("group_a", "group_b"):
        # Translators: %(group)s is the name of the player's group.
        text = _("%(name)s (number %(number)s) is now in the group %(group)s.")
    elif action == "withdraw" and entry.withdrawn_from_round is None:
        # A late arrival withdrawn before their first round is simply not
        # checked in (drive.entry_services.entry_withdraw): no round to name.
        text = _("%(name)s (number %(number)s): check-in undone.")
    elif action == "withdraw":
        return drive.words.leaves(
            name=entry.player.name,
            number=entry.number,
            round=entry.withdrawn_from_round,
        )
    elif action == "reinstate":
        text = _("%(name)s (number %(number)s) plays on: the withdrawal is undone.")
    elif action == "remove":
        text = _("%(name)s (number %(number)s) is removed from this drive.")
    elif action == "large_print":
        text = _("%(name)s (number %(number)s) gets a large-print card.")
    else:
        text = _("%(name)s (number %(number)s) gets the usual card.")
    return text % values


def arrival_done(*, drive: Drive, entry: Entry, paid: bool) -> str:
    """The message when someone registered in advance is typed at the door and
    checked in there and then (drive.entry_services.entry_arrive); `paid`:
    their fee was taken too."""
    values = {
        "name": entry.player.name,
        "number": entry.number,
        "amount": money_text(entry.paid_amount, drive.club.currency),
        "round": entry.joined_round,
    }
    if paid and entry.paid_amount:
        text = _(
            "%(name)s was registered already, as number %(number)s: now checked "
            "in, and paid %(amount)s."
        )
    elif paid:
        text = _(
            "%(name)s was registered already, as number %(number)s: now checked "
            "in, and marked paid."
        )
    else:
        text = _(
            "%(name)s was registered already, as number %(number)s: now checked in."
        )
    text %= values
    if drive.state == DriveState.IN_PLAY and entry.joined_round:
        text += " " + drive.words.joins_at(entry.joined_round)
    return text
