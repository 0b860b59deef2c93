"""Play a whole drive with random tricks, through the same services as the pages.

With --honours the drive counts honours and each hand with trumps gets the
honours a random deal gives (a side holds three or four of the trump ace,
king, queen and jack about three hands in five); with --revokes about one
hand in twenty has a revoke, one revoke in five by both sides. They are
entered with the tricks (scoring.services.ResultEntry), so the record, the
boards and the workbook agree. Without these options a seed plays the drive
it always played.

With --format rubber (and --preset english|american|long|russian) pairs play
rubber whist: rounds of 12 hands unless --hands-per-round says otherwise (or
fewer when the hands are not a multiple of 12), every hand with trumps, and
the organiser's bell (scoring.services.round_start_next) ends each round
while some tables are still playing: each table plays all its hands or,
about half of them, stops part-way; at least one table a round stops, so the
workbook's Games sheet has games cut by the bell.

With --format prediction (and --games G) players play prediction whist
(scoring.prediction_rules): G games of 8 deals, a game to a round, at tables of four or
five. Each deal's predictions are drawn in the order the players make them,
each a number the rules allow after the ones before it (prediction_rules.legal_predictions),
and its tricks at random, adding up to the cards each player holds.

With --fee AMOUNT the drive has that entry fee (per player, or per pair) and
every entry pays it: the first free (a member's pass), every fourth from the
second by card, the rest in cash; the workbook then has its `Money` sheet.

With --stays N, N players drawn at random stay at one table all evening
(drive.movement.stays); the command says which ("stays: 3, 8"), and the
workbook's Movement sheet has each of them at one table in every round they
play.

With --language pl (ru, ro, it: settings.LANGUAGES) the club speaks that
language and everything the demo names is named in it: the club, the drive,
its venue and the players (printing.demo_names: data, not translations), and
the groups (their traditional names, drive.group_words). Without it the demo
speaks the club's language, or the site's when it makes the club. A club of
the demo's own (one it named) changes its name, currency and time zone with
the language; a club of the organiser's changes only its language ("club:"
says so). The roster's players are used first, except the demo players of
another language, then the language's demo players are added.
"""

from __future__ import annotations

import random
from math import comb

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from drive import money_services, rubber_rules, stay_services
from drive import services as drive_services
from drive.games import per_game
from drive.hand_place import hand_place
from drive.models import (
    HANDS_PER_ROUND_CHOICES,
    Drive,
    DriveState,
    MovementFormat,
    PaymentMethod,
    RevokePenaltyChoice,
    RubberPreset,
)
from drive.money_selectors import drive_takings
from drive.movement.types import FORMATS, Format, Game
from drive.trumps import DEALS_PER_GAME, Trump
from players import services as player_services
from players.language import LANGUAGE_CODES, list_label_count
from players.models import Club, Player, normalise_name
from players.money import currency_for_language, parse_amount
from players.time_zones import time_zone_for_language
from printing import demo_names
from scoring import prediction_rules
from scoring import services as scoring_services
from scoring.hand_plays import HandPlay, deals
from scoring.rules import Honours, Revoke
from scoring.services import ResultEntry


def _holds(honours: int) -> float:
    """The chance that one side's 26 cards hold `honours` of the four trump honours."""
    return comb(4, honours) * comb(48, 26 - honours) / comb(52, 26)


# The honours a random deal gives, with their chances (none about two in five).
HONOURS_DRAWN = (Honours.NS_3, Honours.NS_4, Honours.EW_3, Honours.EW_4)
HONOURS_WEIGHTS = (_holds(3), _holds(4), _holds(3), _holds(4))
NO_HONOURS_WEIGHT = 1 - sum(HONOURS_WEIGHTS)
REVOKE_CHANCE = 1 / 20
BOTH_REVOKE_CHANCE = 1 / 5  # of the revokes
# Rubber whist: a round's hands, where the drive's hands allow; every hand has trumps.
RUBBER_HANDS_PER_ROUND = 12
RUBBER_TRUMPS = "Hearts, Diamonds, Spades, Clubs"
CUT_CHANCE = 1 / 2  # that the bell stops a table before its last hand
# With --fee: every fourth payer, from the second, pays by card.
CARD_EVERY = 4


def draw_honours(rng: random.Random, trumps: Trump) -> str:
    """The honours of a random deal: none in a No-trumps hand."""
    if trumps is Trump.NO_TRUMPS:
        return Honours.NONE.value
    choices = (Honours.NONE, *HONOURS_DRAWN)
    weights = (NO_HONOURS_WEIGHT, *HONOURS_WEIGHTS)
    return rng.choices(choices, weights)[0].value


def rubber_hands_per_round(hands: int) -> int:
    """A rubber round's hands: 12, or the most below it that the hands divide into."""
    return max(
        n
        for n, _label in HANDS_PER_ROUND_CHOICES
        if n <= RUBBER_HANDS_PER_ROUND and hands % n == 0
    )


def draw_bell(rng: random.Random, tables: list[int], hands: int) -> dict[int, int]:
    """How many of a round's `hands` each table plays before the bell: all of
    them, or (about half the tables, and at least one) from half of them to
    one short."""
    if hands < 2 or not tables:
        return dict.fromkeys(tables, hands)
    played = {
        table: rng.randint(hands // 2, hands - 1)
        if rng.random() < CUT_CHANCE
        else hands
        for table in tables
    }
    if all(count == hands for count in played.values()):
        played[tables[-1]] = rng.randint(hands // 2, hands - 1)
    return played


def draw_prediction_deal(
    rng: random.Random, hand: int, players: int
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A random legal deal of prediction whist at a table of `players`, the
    drive's hand `hand`: each seat's prediction, drawn in the order the
    players make them from what the rules allow them, and each seat's tricks,
    adding up to the cards each holds. By seat, as a result keeps them."""
    number = hand_place(hand, DEALS_PER_GAME).number
    kind = prediction_rules.deal_kind(number)
    predictions = [0] * players
    made: list[int] = []
    for seat in prediction_rules.prediction_order(
        players, prediction_rules.dealer(number, players)
    ):
        prediction = rng.choice(prediction_rules.legal_predictions(made, players, kind))
        made.append(prediction)
        predictions[seat] = prediction
    tricks = [0] * players
    for _card in range(prediction_rules.tricks_per_deal(players)):
        tricks[rng.randrange(players)] += 1
    return tuple(predictions), tuple(tricks)


def draw_revoke(rng: random.Random) -> str:
    """A revoke about one hand in twenty; one in five of them by both sides."""
    if rng.random() >= REVOKE_CHANCE:
        return Revoke.NONE.value
    if rng.random() < BOTH_REVOKE_CHANCE:
        return Revoke.BOTH.value
    return rng.choice((Revoke.NS, Revoke.EW)).value


# --- what each game plays ----------------------------------------------------------


class HandsDemo:
    """A drive of hands: random tricks, and honours and revokes when asked."""

    unit = "round"

    def refuse(self, options: dict) -> None:
        """Refuse the options this game has no use for."""
        if options["preset"]:
            raise CommandError(_("--preset is for --format rubber."))
        if options["games"] is not None:
            raise CommandError(_("--games is for --format prediction."))

    def hands_per_round(self, hands: int) -> int:
        return 1

    def settings(self, options: dict) -> tuple[str, dict[str, object]]:
        """The drive's name for the format, and the game's settings."""
        return options["format"], {"count_honours": bool(options["honours"])}

    def bell(
        self, rng: random.Random, drive: Drive, round_deals: list[HandPlay]
    ) -> dict[int, int]:
        """How many hands each table plays before the bell: no bell."""
        return {}

    def entry(
        self,
        rng: random.Random,
        deal: HandPlay,
        *,
        first: int,
        bell: dict[int, int],
        honours: bool,
        revokes: bool,
    ) -> ResultEntry | None:
        """A random result for one table's hand (None: not played)."""
        # Drawn in this order, and only when asked, so a seed without
        # these options plays the tricks it always played.
        ns_tricks = rng.randint(0, 13)
        return ResultEntry(
            table=deal.table,
            hand=deal.hand,
            ns_tricks=ns_tricks,
            honours=draw_honours(rng, deal.trumps) if honours else "",
            revoke=draw_revoke(rng) if revokes else "",
        )

    def ring_bell(self, drive: Drive, round_number: int, bell: dict[int, int]) -> str:
        """The organiser's bell at the end of a round: none."""
        return ""


class RubberDemo(HandsDemo):
    """Rubber whist: rounds of up to 12 hands, ended by the organiser's bell."""

    def refuse(self, options: dict) -> None:
        if options["games"] is not None:
            raise CommandError(_("--games is for --format prediction."))

    def hands_per_round(self, hands: int) -> int:
        return rubber_hands_per_round(hands)

    def settings(self, options: dict) -> tuple[str, dict[str, object]]:
        preset = options["preset"] or RubberPreset.ENGLISH
        return f"{options['format']}, {preset}", {
            # American whist has no honours (drive.setup refuses them).
            "count_honours": bool(options["honours"])
            and rubber_rules.PRESETS[preset].honours,
            "rubber_preset": preset,
            "trump_sequence": RUBBER_TRUMPS,
        }

    def bell(
        self, rng: random.Random, drive: Drive, round_deals: list[HandPlay]
    ) -> dict[int, int]:
        tables = sorted({deal.table for deal in round_deals})
        return draw_bell(rng, tables, drive.hands_per_round)

    def entry(
        self,
        rng: random.Random,
        deal: HandPlay,
        *,
        first: int,
        bell: dict[int, int],
        honours: bool,
        revokes: bool,
    ) -> ResultEntry | None:
        if deal.hand - first >= bell[deal.table]:
            return None  # the bell rang first
        return super().entry(
            rng, deal, first=first, bell=bell, honours=honours, revokes=revokes
        )

    def ring_bell(self, drive: Drive, round_number: int, bell: dict[int, int]) -> str:
        """The organiser's bell, if the round is still in play: "; the bell
        cut tables 2 and 3" (the tables that had not finished their hands)."""
        if drive.state == DriveState.IN_PLAY and drive.current_round == round_number:
            try:
                scoring_services.round_start_next(
                    drive=drive, round_number=round_number
                )
            except ValidationError as error:
                raise CommandError(" ".join(error.messages)) from error
        cut = [t for t, count in bell.items() if count < drive.hands_per_round]
        if not cut:
            return ""
        return "; " + ngettext(
            "the bell cut table %(tables)s",
            "the bell cut tables %(tables)s",
            list_label_count(cut),
        ) % {"tables": ", ".join(str(t) for t in sorted(cut))}


class PredictionDemo(HandsDemo):
    """Prediction whist: a game of 8 deals to a round, each deal's
    predictions and tricks drawn as the rules allow."""

    # A prediction whist round is a game.
    unit = "game"

    def refuse(self, options: dict) -> None:
        if options["preset"]:
            raise CommandError(_("--preset is for --format rubber."))
        if options["honours"] or options["revokes"]:
            raise CommandError(_("Prediction whist has no honours or revokes to draw."))

    def entry(
        self,
        rng: random.Random,
        deal: HandPlay,
        *,
        first: int,
        bell: dict[int, int],
        honours: bool,
        revokes: bool,
    ) -> ResultEntry | None:
        """A random legal result for one table's deal of prediction whist."""
        players = sum(1 for seat in deal.seats if seat is not None)
        predictions, tricks = draw_prediction_deal(rng, deal.hand, players)
        return ResultEntry(
            table=deal.table, hand=deal.hand, predictions=predictions, tricks=tricks
        )


DEMOS = per_game(
    "printing.management.commands.demo",
    {
        Game.HANDS: HandsDemo(),
        Game.RUBBERS: RubberDemo(),
        Game.PREDICTIONS: PredictionDemo(),
    },
)


class Command(BaseCommand):
    help = (
        "Create a club if needed, register players and play a drive with random tricks."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--players", type=int, default=16)
        parser.add_argument("--hands", type=int, default=24)
        parser.add_argument(
            "--format",
            choices=MovementFormat.values,
            default=MovementFormat.PROGRESSIVE,
        )
        parser.add_argument("--winners-move", action="store_true")
        parser.add_argument(
            "--three-handed",
            action="store_true",
            help="Three left over play with a dummy hand instead of sitting out.",
        )
        parser.add_argument(
            "--hands-per-round",
            type=int,
            default=None,
            help=_("1, or for rubber whist 12 (fewer when the hands need it)."),
        )
        parser.add_argument(
            "--preset",
            choices=RubberPreset.values,
            default=None,
            help=_("Rubber whist's rules (with --format rubber): english by default."),
        )
        parser.add_argument(
            "--games",
            type=int,
            default=None,
            help=_(
                "Prediction whist (with --format prediction): the games of %(deals)d "
                "deals to play; 3 unless --hands gives the deals."
            )
            % {"deals": DEALS_PER_GAME},
        )
        parser.add_argument("--seed", type=int, default=None)
        parser.add_argument(
            "--language",
            choices=[code for code, _name in settings.LANGUAGES],
            default=None,
            help=_(
                "The club's language, in which the demo names the club, the "
                "drive, its venue and its players. Without it, the club's own "
                "language (the site's for a new club)."
            ),
        )
        parser.add_argument(
            "--stays",
            type=int,
            default=0,
            metavar="N",
            help=_(
                "Mark N players, drawn at random, as staying at one table all "
                "evening (the movement keeps them there)."
            ),
        )
        parser.add_argument(
            "--fee",
            default=None,
            metavar="AMOUNT",
            help=_(
                "The entry fee (per player, or per pair), such as 2.50: every entry "
                "pays it, a few by card, one free."
            ),
        )
        parser.add_argument(
            "--honours",
            action="store_true",
            help=_("The drive counts honours; hands with trumps get random honours."),
        )
        parser.add_argument(
            "--revokes",
            action="store_true",
            help=_("A revoke on about one hand in twenty, a few by both sides."),
        )
        parser.add_argument(
            "--revoke-penalty",
            choices=[value for value in RevokePenaltyChoice.values if value],
            default=RevokePenaltyChoice.AS_PRESET,
            help=_(
                "What a revoke costs: tricks pass, the offenders give points to "
                "the opponents, lose points, or the opponents gain points. "
                "Without it, as the rubber preset (tricks pass in other formats)."
            ),
        )

    def handle(self, *args: object, **options: object) -> None:
        players = int(options["players"])
        if players < 4:
            raise CommandError(_("--players: a drive needs at least 4 players."))
        if players > demo_names.MOST_PLAYERS:
            raise CommandError(
                _("--players: the demo plays at most %(most)s players.")
                % {"most": demo_names.MOST_PLAYERS}
            )
        language = options.get("language")
        if language is not None and language not in LANGUAGE_CODES:
            # call_command(language=...) skips argparse's choices.
            raise CommandError(
                _("--language: %(language)s is not one of %(languages)s.")
                % {
                    "language": language,
                    "languages": ", ".join(code for code, _n in settings.LANGUAGES),
                }
            )
        seed = (
            options["seed"] if options["seed"] is not None else random.randrange(2**31)
        )
        rng = random.Random(seed)
        game = DEMOS[FORMATS[Format(options["format"])].game]
        game.refuse(options)
        if options["fee"] is not None:
            try:
                options["fee"] = parse_amount(options["fee"])
            except ValidationError as error:
                raise CommandError(
                    _("--fee: %(why)s") % {"why": " ".join(error.messages)}
                ) from error
        stays = int(options["stays"])
        if not 0 <= stays <= players:
            raise CommandError(
                _("--stays: from 0 to the number of players (%(players)d).")
                % {"players": players}
            )
        try:
            drive = self._set_up(options, players, seed)
            if stays:
                self.stdout.write(self._mark_stays(drive, stays, seed))
            drive_services.drive_start(drive=drive)
        except ValidationError as error:
            raise CommandError(" ".join(error.messages)) from error
        drive.refresh_from_db()
        honours, revokes = drive.count_honours, bool(options["revokes"])
        played: list[ResultEntry] = []
        while drive.state == DriveState.IN_PLAY:
            round_number = drive.current_round
            batch = []
            round_deals = deals(drive=drive, round_number=round_number)
            bell = game.bell(rng, drive, round_deals)
            first = drive.hands_of_round(round_number)[0]
            for deal in round_deals:
                if deal.ns_tricks is not None:
                    continue
                entry = game.entry(
                    rng, deal, first=first, bell=bell, honours=honours, revokes=revokes
                )
                if entry is not None:
                    batch.append(entry)
            try:
                scoring_services.hand_results_submit(
                    drive=drive, entries=batch, by=None, source="demo"
                )
            except ValidationError as error:
                raise CommandError(" ".join(error.messages)) from error
            played += batch
            line = f"{game.unit} {round_number}: {len(batch)} results"
            drive.refresh_from_db()
            line += game.ring_bell(drive, round_number, bell)
            self.stdout.write(line)
            drive.refresh_from_db()
        if honours or revokes:
            self.stdout.write(self._marks_line(played))
        if options["fee"] is not None:
            takings = drive_takings(drive=drive)
            self.stdout.write(
                _("money: %(received)s received, %(payers)d paying, net %(net)s")
                % {
                    "received": takings.text(takings.total_received),
                    "payers": len(takings.payers),
                    "net": takings.text(takings.net),
                }
            )
        self.stdout.write(f"drive: {drive.pk}")

    @staticmethod
    def _mark_stays(drive: Drive, count: int, seed: int) -> str:
        """Mark `count` entries, drawn at random, as staying at one table;
        "stays: 3, 8". Drawn with a generator of their own, so a seed plays
        the tricks it always played."""
        entries = list(drive.entries.order_by("number"))
        drawn = random.Random(f"stays:{seed}").sample(entries, count)
        for entry in drawn:
            stay_services.entry_set_stays(entry=entry, stays=True)
        numbers = sorted(e.number for e in drawn)
        return "stays: " + ", ".join(str(n) for n in numbers)

    @staticmethod
    def _marks_line(played: list[ResultEntry]) -> str:
        """ "honours on 40 hands; revokes on 5 hands (1 by both sides)"."""
        held = sum(1 for entry in played if entry.honours)
        revoked = sum(1 for entry in played if entry.revoke)
        both = sum(1 for entry in played if entry.revoke == Revoke.BOTH.value)
        honours = ngettext(
            "honours on %(count)d hand", "honours on %(count)d hands", held
        ) % {"count": held}
        revokes = ngettext(
            "revokes on %(count)d hand (%(both)d by both sides)",
            "revokes on %(count)d hands (%(both)d by both sides)",
            revoked,
        ) % {"count": revoked, "both": both}
        return f"{honours}; {revokes}"

    @transaction.atomic
    def _set_up(self, options: dict, players: int, seed: int) -> Drive:
        club = self._club(options.get("language"))
        # The club's language names the groups (drive_create) and anything
        # else the set-up words.
        with translation.override(club.language):
            return self._set_up_drive(options, club, players, seed)

    def _club(self, language: str | None) -> Club:
        """The site's first club, made if there is none, speaking `language`
        (its own when None)."""
        club = Club.objects.order_by("id").first()
        if club is None:
            language = language or settings.LANGUAGE_CODE
            return Club.objects.create(
                name=demo_names.club_name(language),
                language=language,
                currency=currency_for_language(language),
                time_zone=time_zone_for_language(language),
            )
        if language is None or language == club.language:
            return club
        if club.name in demo_names.every_club_name():
            # The demo's own club: named, and paying, as the language's would.
            Club.objects.filter(pk=club.pk).update(
                name=demo_names.club_name(language),
                currency=currency_for_language(language),
            )
            club = player_services.club_language_set(
                club=club,
                language=language,
                time_zone=time_zone_for_language(language),
            )
        else:
            club = player_services.club_language_set(club=club, language=language)
        self.stdout.write(f"club: {club.name} ({club.language})")
        return club

    @staticmethod
    def _roster(club: Club, players: int) -> list[Player]:
        """The drive's players: the club's active ones first (but not the
        demo players of another language), then the demo's players in the
        club's language, added to the roster if it has no one of the name."""
        language = club.language
        roster = [
            player
            for player in Player.objects.filter(club=club, active=True)
            if not demo_names.is_other_demo_player(language, player.name)
        ][:players]
        taken = set(Player.objects.filter(club=club).values_list("name_key", flat=True))
        for name in demo_names.player_names(language):
            if len(roster) >= players:
                break
            if normalise_name(name) in taken:
                continue
            taken.add(normalise_name(name))
            roster.append(Player.objects.create(club=club, name=name))
        if len(roster) < players:
            raise CommandError(
                _(
                    "The demo has no more names to give its players: the "
                    "roster already has every one, active or not."
                )
            )
        return roster

    def _set_up_drive(
        self, options: dict, club: Club, players: int, seed: int
    ) -> Drive:
        roster = self._roster(club, players)
        hands = int(options["hands"])
        if options["games"] is not None:
            hands = DEALS_PER_GAME * int(options["games"])
        game = DEMOS[FORMATS[Format(options["format"])].game]
        hands_per_round = options["hands_per_round"]
        if hands_per_round is None:
            hands_per_round = game.hands_per_round(hands)
        kind, settings = game.settings(options)
        drive = drive_services.drive_create(
            club=club,
            seed=seed,
            name=demo_names.drive_name(club.language, seed)
            or f"Demo drive ({kind}, {players} players)",
            venue=demo_names.venue(club.language),
            date=timezone.localdate(),
            format=options["format"],
            winners_move=bool(options["winners_move"]),
            three_handed=bool(options["three_handed"]),
            hands=hands,
            hands_per_round=int(hands_per_round),
            revoke_penalty=str(options["revoke_penalty"]),
            **settings,
        )
        fee = options["fee"]
        if fee is not None:
            money_services.fee_set(drive=drive, fee=fee)
        drive_services.drive_open_registration(drive=drive)
        # With a fee, each payer's payment is recorded after registering
        # (self._pay_fees); without, everyone is simply marked paid as before.
        paid = fee is None
        payers = []
        if drive.plays_in_pairs:
            if players % 2:
                raise CommandError(
                    _("--players: a partners drive needs an even number of players.")
                )
            for first, second in zip(roster[::2], roster[1::2], strict=True):
                pair = drive_services.pair_register(
                    drive=drive, first=first, second=second, paid=paid
                )
                payers.append(pair[0])
        else:
            for index, player in enumerate(roster):
                payers.append(
                    drive_services.entry_register(
                        drive=drive,
                        player=player,
                        group="A" if index % 2 == 0 else "B",
                        paid=paid,
                    )
                )
        if fee is not None:
            self._pay_fees(payers)
        return drive

    @staticmethod
    def _pay_fees(payers: list) -> None:
        """Every payer pays the fee: the first is let in free, every fourth
        from the second pays by card (at least one), the rest in cash."""
        for index, entry in enumerate(payers):
            if index == 0:
                method = PaymentMethod.FREE
            elif index % CARD_EVERY == 1:
                method = PaymentMethod.CARD
            else:
                method = PaymentMethod.CASH
            money_services.entry_pay(entry=entry, method=method)
