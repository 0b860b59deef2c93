"""Writes to clubs and rosters."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from players import selectors
from players.language import LANGUAGE_CODES
from players.models import Club, Membership, Player, Role, tidy_name


@transaction.atomic
def club_create_with_organiser(
    *,
    club_name: str,
    username: str,
    password: str,
    email: str = "",
    language: str = settings.LANGUAGE_CODE,
) -> Membership:
    """The first visit: make the club and its first organiser."""
    if Club.objects.select_for_update().exists():
        raise ValidationError(_("This site already has its club."))
    club_name = tidy_name(club_name)
    if not club_name:
        raise ValidationError({"club_name": _("Give the club a name.")})
    _check_language(language)
    User = get_user_model()
    user = User(username=username.strip(), email=email.strip())
    validate_password(password, user)
    user.set_password(password)
    user.full_clean()
    user.save()
    club = Club.objects.create(name=club_name, language=language)
    return Membership.objects.create(club=club, user=user, role=Role.ORGANISER)


def _check_language(language: str) -> None:
    if language not in LANGUAGE_CODES:
        raise ValidationError(
            {"language": _("Choose one of the languages listed.")}, code="invalid"
        )


@transaction.atomic
def club_language_set(*, club: Club, language: str) -> Club:
    """The club's language: its pages', its captains' and its public boards'
    (players.language)."""
    _check_language(language)
    club = Club.objects.select_for_update().get(pk=club.pk)
    if club.language != language:
        club.language = language
        club.save(update_fields=["language"])
    return club


@transaction.atomic
def member_add(*, club: Club, username: str, password: str, role: str) -> Membership:
    User = get_user_model()
    user = User(username=username.strip())
    validate_password(password, user)
    user.set_password(password)
    user.full_clean()
    user.save()
    return Membership.objects.create(club=club, user=user, role=role)


@transaction.atomic
def player_create(
    *,
    club: Club,
    name: str,
    email: str = "",
    phone: str = "",
    group: str = "",
    email_consent: bool = False,
    namesake_ok: bool = False,
) -> Player:
    """Add a player to the club's roster. A name the roster holds already is
    refused unless `namesake_ok` (someone else of the same name): a second
    card for the same person would split their results."""
    if (
        not namesake_ok
        and selectors.namesakes(club_id=club.pk, name=tidy_name(name)).exists()
    ):
        raise ValidationError(
            {
                "name": _(
                    "The roster already has a player called %(name)s. If this "
                    "is someone else of the same name, add them as another "
                    "player."
                )
                % {"name": tidy_name(name)}
            }
        )
    player = Player(
        club=club,
        name=tidy_name(name),
        email=email,
        phone=phone,
        group=group,
        email_consent=email_consent,
    )
    player.full_clean(exclude=["club", "name_key"])
    player.save()
    return player


@transaction.atomic
def player_update(*, player: Player, **values: object) -> Player:
    for key in ("name", "email", "email_consent", "phone", "group"):
        if key in values:
            setattr(player, key, values[key])
    player.name = tidy_name(player.name)
    player.full_clean(exclude=["club", "name_key"])
    player.save()
    return player


@transaction.atomic
def player_set_active(*, player: Player, active: bool) -> Player:
    """Deactivating keeps the player and every result; they just leave the pick list."""
    player.active = active
    player.save(update_fields=["active"])
    return player


@transaction.atomic
def player_delete(*, player: Player) -> None:
    """Only a player who never entered a drive can be deleted; others are deactivated."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    if player.entries.exists():
        raise ValidationError(
            _(
                "%(name)s has played in a drive, so they stay on the roster; "
                "deactivate them instead."
            )
            % {"name": player.name}
        )
    player.delete()
