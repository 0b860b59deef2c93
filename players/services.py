"""Writes to clubs and rosters."""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from players import selectors
from players.collation import spelled_for
from players.language import LANGUAGE_CODES
from players.models import Club, Membership, Player, Role, tidy_name
from players.money import CURRENCIES, currency_for_language
from players.time_zones import is_time_zone, time_zone_for_language


@transaction.atomic
def club_create_with_organiser(
    *,
    club_name: str,
    username: str,
    password: str,
    email: str = "",
    language: str = settings.LANGUAGE_CODE,
    time_zone: str = "",
    currency: str = "",
) -> Membership:
    """The first visit: make the club and its first organiser. The time zone
    and the currency left out are the language's (Polish: Europe/Warsaw, PLN)."""
    if Club.objects.select_for_update().exists():
        raise ValidationError(_("This site already has its club."))
    # Always a new account: the page logs its visitor in as this organiser, so
    # it must never hand them an account of the site's (club_add takes one
    # when given no password).
    if not password:
        raise ValidationError({"password": _("Give the new account a password.")})
    return club_add(
        club_name=club_name,
        username=username,
        password=password,
        email=email,
        language=language,
        time_zone=time_zone,
        currency=currency,
    )


@transaction.atomic
def club_add(
    *,
    club_name: str,
    username: str,
    password: str = "",
    email: str = "",
    language: str = settings.LANGUAGE_CODE,
    time_zone: str = "",
    currency: str = "",
) -> Membership:
    """A club and its first organiser, on a site that may host other clubs
    (a county's: the addclub command). The organiser is a new account with
    `password`, or, given no password, one that exists already (someone who
    runs another club): they then help to run both (players.access)."""
    club_name = tidy_name(club_name)
    if not club_name:
        raise ValidationError({"club_name": _("Give the club a name.")})
    _check_language(language)
    time_zone = time_zone or time_zone_for_language(language)
    _check_time_zone(time_zone)
    currency = currency or currency_for_language(language)
    if currency not in CURRENCIES:
        raise ValidationError(
            {"currency": _("Choose one of the currencies listed.")}, code="invalid"
        )
    User = get_user_model()
    # No password: an account of this site already (one that runs another club).
    user = None if password else User.objects.filter(username=username.strip()).first()
    if user is None:
        user = User(username=username.strip(), email=email.strip())
        _check_password(password, user)
        user.set_password(password)
        user.full_clean()
        user.save()
    club = Club.objects.create(
        name=club_name, language=language, time_zone=time_zone, currency=currency
    )
    return Membership.objects.create(club=club, user=user, role=Role.ORGANISER)


def _check_password(password: str, user: object) -> None:
    """Django's password validators (settings.AUTH_PASSWORD_VALIDATORS), their
    words said beside the password field, in Django's own translations."""
    try:
        validate_password(password, user)
    except ValidationError as error:
        raise ValidationError({"password": error.error_list}) from None


def _check_language(language: str) -> None:
    if language not in LANGUAGE_CODES:
        raise ValidationError(
            {"language": _("Choose one of the languages listed.")}, code="invalid"
        )


def _check_time_zone(time_zone: str) -> None:
    if not is_time_zone(time_zone):
        raise ValidationError(
            {"time_zone": _("Choose one of the time zones listed.")}, code="invalid"
        )


@transaction.atomic
def club_language_set(*, club: Club, language: str, time_zone: str = "") -> Club:
    """The club's language (its pages', its captains' and its public boards':
    players.language) and, if given, its time zone (players.time_zones)."""
    _check_language(language)
    if time_zone:
        _check_time_zone(time_zone)
    club = Club.objects.select_for_update().get(pk=club.pk)
    changed = []
    if club.language != language:
        club.language = language
        changed.append("language")
    if time_zone and club.time_zone != time_zone:
        club.time_zone = time_zone
        changed.append("time_zone")
    if changed:
        club.save(update_fields=changed)
    return club


@transaction.atomic
def member_add(*, club: Club, username: str, password: str, role: str) -> Membership:
    """One more person who helps to run the club: a new account with
    `password`; or, with none, an account of this site already (someone who
    runs another club of it), who then chooses the club they work in."""
    User = get_user_model()
    # Two presses of Add at once (two organisers, a double tap) wait in turn:
    # the second finds the first's membership and says so.
    club = Club.objects.select_for_update().get(pk=club.pk)
    username = username.strip()
    existing = User.objects.filter(username=username).first()
    if existing is not None:
        if password:
            raise ValidationError(
                {
                    "username": _(
                        "%(username)s already has an account on this site. To add "
                        "them to this club, leave the password empty: they keep "
                        "their own."
                    )
                    % {"username": existing.username}
                }
            )
        if Membership.objects.filter(club=club, user=existing).exists():
            raise ValidationError(
                {
                    "username": _("%(username)s already helps to run this club.")
                    % {"username": existing.username}
                }
            )
        return Membership.objects.create(club=club, user=existing, role=role)
    if not password:
        raise ValidationError({"password": _("Give the new account a password.")})
    user = User(username=username)
    _check_password(password, user)
    user.set_password(password)
    user.full_clean()
    try:
        with transaction.atomic():
            user.save()
    except IntegrityError:
        # Made meanwhile (by another club's organiser): refused as taken, in
        # the words full_clean has for it.
        user.validate_unique()
        raise
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
        name=spelled_for(club.language, tidy_name(name)),
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
    player.name = spelled_for(player.club.language, tidy_name(player.name))
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
