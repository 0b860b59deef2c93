"""Setting up a rubber whist drive (issue #17, part 3): the rules a drive chooses
from its preset (plain Python), the set-up form's "Rubber whist" settings, the
rule that a rubber round has at least four hands, and the drive's page saying
the rules in words."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest
from django.utils import translation

from drive import rubber_rules
from drive.forms import DriveForm
from drive.models import (
    Drive,
    RubberBonus,
    RubberHonoursLimit,
    RubberLosersHonours,
    RubberPreset,
    RubberSettlement,
)
from drive.movement.types import Game
from scoring import rubber
from tests.drive.drive_form import DRIVE_FORM, RUBBER_FORM
from tests.factories import DriveFactory
from tests.fixtures import drive_url


def rules_table(html: str) -> dict[str, str]:
    """The drive page's table of rubber rules: rule -> what it says."""
    return {term: words for term, (words, _source) in rules_sources(html).items()}


def rules_sources(html: str) -> dict[str, tuple[str, str]]:
    """The drive page's table of rubber rules: rule -> (what it says, from)."""
    rows = re.findall(
        r'<tr><th scope="row">([^<]+)</th><td>([^<]*)</td><td>([^<]*)</td></tr>', html
    )
    return {term: (words, source) for term, words, source in rows}


def chosen_for(preset: str, **changes: object) -> rubber_rules.RubberRules:
    drive = SimpleNamespace(
        rubber_preset=preset,
        rubber_target=None,
        rubber_honours_limit="",
        rubber_losers_honours="",
        rubber_bonus="",
    )
    for name, value in changes.items():
        setattr(drive, name, value)
    return rubber_rules.chosen(drive)


# --- the rules, without a database ---------------------------------------------


def test_the_drives_choices_are_the_rules_values():
    assert set(RubberPreset.values) == set(rubber_rules.PRESETS)
    assert set(RubberHonoursLimit.values) - {""} == set(rubber_rules.HONOURS_LIMITS)
    assert set(RubberLosersHonours.values) - {""} == set(rubber_rules.LOSERS_HONOURS)
    assert set(RubberBonus.values) - {""} == set(rubber_rules.BONUSES)
    assert set(RubberSettlement.values) - {""} == set(rubber_rules.SETTLEMENTS)


def test_a_preset_with_the_drives_changes():
    assert chosen_for("long") == rubber_rules.RubberRules(
        10, "not_last_point", "dropped", "fixed"
    )
    assert chosen_for("long", rubber_target=9, rubber_losers_honours="counted") == (
        rubber_rules.RubberRules(9, "not_last_point", "counted", "fixed")
    )
    assert chosen_for("english", rubber_bonus="american").bonus == "american"
    assert chosen_for("american", rubber_honours_limit="not_one_from_game") == (
        rubber_rules.RubberRules(
            7,
            "not_one_from_game",
            "dropped",
            "american",
            honours=False,
            revoke_penalty="transfer",
            revoke_points=2,
        )
    )
    # The drive's honours values and revoke penalty, when it chose them.
    assert chosen_for("russian", honours_values="2-4", revoke_penalty="award") == (
        rubber_rules.RubberRules(
            5, "not_last_point", "dropped", "fixed", revoke_penalty="award"
        )
    )
    with pytest.raises(ValueError, match="Unknown rubber preset"):
        chosen_for("bridge")


def test_scoring_plays_by_the_drives_rules():
    """scoring.rubber takes its presets and the drive's changes from here."""
    for name, rules in rubber_rules.PRESETS.items():
        settings = rubber.PRESETS[name]
        assert (settings.target, settings.honours_limit, settings.bonus) == (
            rules.target,
            rules.honours_limit,
            rules.bonus,
        )
        assert settings.losers_honours_dropped
        assert settings.rubber_bonus == rules.rubber_bonus == 2
    drive = DriveFactory.build(
        format="rubber",
        rubber_preset="long",
        rubber_target=9,
        rubber_losers_honours="counted",
        count_honours=True,
        honours_values="3-4",
        revoke_tricks=2,
    )
    settings = rubber.settings_of(drive)
    assert (settings.target, settings.honours_limit) == (9, "not_last_point")
    assert not settings.losers_honours_dropped
    assert (settings.honours_values, settings.revoke_tricks) == ((3, 4), 2)


# --- the set-up form and the drive's page ----------------------------------------


@pytest.mark.django_db
def test_the_form_groups_the_rubber_settings(organiser_client):
    html = organiser_client.get("/drives/new/?format=rubber").content.decode()
    group = re.search(
        r"<legend>Rubber whist \(only for a Rubber whist drive\)</legend>(.*?)</fieldset>",
        html,
        re.S,
    )
    assert group, "no Rubber whist group"
    # Each setting once (a setting of long choices has a radio button for each).
    names = list(dict.fromkeys(re.findall(r'name="(rubber_[a-z_]+)"', group.group(1))))
    assert names == [
        "rubber_preset",
        "rubber_target",
        "rubber_honours_limit",
        "rubber_losers_honours",
        "rubber_bonus",
        "rubber_settlement",
    ]
    assert "Used only when the movement is Rubber whist" in group.group(1)
    assert group.group(1).count(">As the preset<") == 5


@pytest.mark.django_db
def test_the_forms_help_says_each_presets_honours_limit_as_the_preset_plays(
    organiser_client,
):
    """The Russian preset plays "honours never score the last point" (the
    Russian text: a game needs a trick on its last hand) with honours 3 and 4;
    the form's help said it shared the English "one point from game" rule."""
    assert rubber_rules.PRESETS["russian"].honours_limit == "not_last_point"
    assert rubber_rules.PRESETS["english"].honours_limit == "not_one_from_game"
    html = organiser_client.get("/drives/new/?format=rubber").content.decode()
    assert (
        "As the preset: English, a side one point from game scores no honours; "
        "Russian and long whist, honours never score the last point; American, none."
    ) in html
    assert "Russian whist: game 5, bonus 3, 2 or 1, three honours 3 and four 4" in html
    assert "English and Russian short whist" not in html
    words = {
        "ru": (
            "по русским правилам и в длинном висте онёры никогда не приносят",
            "Русский вист: партия до 5, бонус 3, 2 или 1, три онёра\u00a0— 3",
        ),
        "pl": (
            "rosyjski i wist długi\u00a0– honory nigdy nie dają ostatniego punktu",
            "Wist rosyjski: partia do 5, premia 3, 2 lub 1, trzy honory 3",
        ),
        "ro": (
            "la rusesc și la whist lung, onorurile nu aduc niciodată",
            "Whist rusesc: partida la 5, bonus 3, 2 sau 1, trei onoruri 3",
        ),
        "it": (
            "russo e whist lungo, gli onori non segnano mai l'ultimo punto",
            "Whist russo: partita a 5, premio 3, 2 o 1, tre onori 3",
        ),
    }
    for language, (limit, preset) in words.items():
        with translation.override(language):
            fields = DriveForm(format="rubber").fields
            assert limit in str(fields["rubber_honours_limit"].help_text)
            assert preset in str(fields["rubber_preset"].help_text)


@pytest.mark.django_db
def test_the_form_saves_a_rubber_drive_with_its_preset_and_a_change(
    organiser_client,
):
    data = RUBBER_FORM | {
        "rubber_preset": "long",
        "rubber_target": "9",
        "count_honours": "on",
    }
    response = organiser_client.post("/drives/new/", data)
    assert response.status_code == 302
    drive = Drive.objects.get()
    assert drive.game is Game.RUBBERS and drive.plays_in_pairs
    assert (drive.rubber_preset, drive.rubber_target, drive.hands_per_round) == (
        "long",
        9,
        12,
    )
    # The settings left "As the preset" stay so, and follow the preset.
    assert (
        drive.rubber_honours_limit,
        drive.rubber_losers_honours,
        drive.rubber_bonus,
    ) == ("", "", "")
    settings = rubber.settings_of(drive)
    assert (settings.target, settings.honours_limit) == (9, "not_last_point")
    # Its settings no longer offer cards in at the end, which it refuses.
    edit = organiser_client.get(drive_url(drive, "edit/")).context["form"]
    assert "score_entry" not in edit.fields and "rubber_target" in edit.fields

    # The drive's page says the rules in words.
    html = organiser_client.get(drive_url(drive)).content.decode()
    facts = rules_table(html)
    assert facts["Rubber rules"] == "Long whist"
    assert facts["Game"] == (
        "The first side to 9 points wins a game (changed from the preset)"
    )
    assert facts["Honours limit"] == "Honours never score the last point of a game"
    assert facts["Losers&#x27; honours"].startswith("Dropped on the hand whose tricks")
    assert facts["Game bonus"] == (
        "3 when the losers have under a fifth of the target, 2 under three "
        "fifths of it, otherwise 1; the rubber (best of three games) gives its "
        "winners 2 more"
    )
    assert facts["The bell"].startswith(
        "Each round ends when the organiser rings the bell"
    )
    # odd or total tricks mean nothing here
    assert "Scoring" not in dict(re.findall(r"<dt>([^<]+)</dt><dd>([^<]*)</dd>", html))
    sources = rules_sources(html)
    assert sources["Game"][1] == "This drive&#x27;s choice"
    assert sources["Honours limit"][1] == "The Polish text"
    assert sources["Game bonus"][1] == (
        "The product&#x27;s own choice: the short game&#x27;s steps, scaled"
    )


@pytest.mark.django_db
def test_the_drives_page_says_each_presets_rules(organiser_client, club):
    american = DriveFactory(club=club, format="rubber", rubber_preset="american")
    html = organiser_client.get(drive_url(american)).content.decode()
    facts = rules_table(html)
    assert facts["Rubber rules"] == "American whist"
    assert facts["Honours"] == "None: this game has no honours"
    assert facts["Revoke"].startswith(
        "The offenders give 2 points to the opponents (losing only what they have)"
    )
    assert rules_sources(html)["Revoke"][1] == "The American text"
    # One bracket: "(losing only what they have), after the hand's tricks",
    # where it said "(losing only what they have) (after the hand's tricks".
    assert ") (" not in facts["Revoke"]
    assert facts["Revoke"].startswith(
        "The offenders give 2 points to the opponents (losing only what they "
        "have), after the hand&#x27;s tricks"
    )
    with translation.override("ru"):
        revoke = dict((t, w) for t, w, _s in rubber_rules.rules_lines(american))
    assert revoke["Ренонс"].startswith(
        "нарушители отдают противникам 2 очка (теряя не больше, чем у них есть), "
        "после взяток"
    )
    assert facts["Game"] == "The first side to 7 points wins a game"
    # A game without honours has no honours limit to state: the page said
    # "None: honours count as they fall" under "None: this game has no
    # honours", as the printed rules never did.
    assert "Honours limit" not in facts
    assert "Losers&#x27; honours" not in facts and "Losers' honours" not in facts
    assert facts["Game bonus"].startswith(
        "The winners score 7 less the losers&#x27; points;"
    )
    english = DriveFactory(
        club=club,
        format="rubber",
        rubber_preset="english",
        rubber_losers_honours="counted",
        count_honours=True,
    )
    facts = rules_table(organiser_client.get(drive_url(english)).content.decode())
    assert facts["Game bonus"].startswith(
        "3 when the losers have nothing, 2 when they have 1 or 2, 1 when they have 3 or 4;"
    )
    assert facts["Losers&#x27; honours"] == (
        "Counted on that hand, but never to game (changed from the preset)"
    )
    # Another format's page has no rubber rules.
    other = DriveFactory(club=club)
    facts = dict(
        re.findall(
            r"<dt>([^<]+)</dt><dd>([^<]*)</dd>",
            organiser_client.get(drive_url(other)).content.decode(),
        )
    )
    assert "Rubber rules" not in facts and "Scoring" in facts


def test_the_rules_table_says_honours_are_not_counted_where_the_drive_does_not(
    organiser_client, club
):
    """The book's honours are the preset's; a drive that does not count them
    scores none, and its table says so (not "three score 2, four score 4")."""
    drive = DriveFactory(
        club=club, format="rubber", rubber_preset="english", count_honours=False
    )
    sources = rules_sources(organiser_client.get(drive_url(drive)).content.decode())
    assert sources["Honours"][0] == "Not counted (changed from the preset)"
    assert sources["Honours"][1] == "This drive&#x27;s choice"
    # Honours not scored have no limit to state (as the printed rules).
    assert "Honours limit" not in sources
    counted = DriveFactory(
        club=club, format="rubber", rubber_preset="english", count_honours=True
    )
    facts = rules_table(organiser_client.get(drive_url(counted)).content.decode())
    assert facts["Honours"] == "Three score 2, four score 4"
    assert facts["Honours limit"] == (
        "A side one point from game when the hand is dealt scores no honours"
    )
    assert facts["Losers&#x27; honours"].startswith("Dropped on the hand")


@pytest.mark.django_db
@pytest.mark.parametrize("per_round", ["1", "2", "3"])
def test_a_rubber_round_has_at_least_four_hands(organiser_client, per_round):
    response = organiser_client.post(
        "/drives/new/", RUBBER_FORM | {"hands_per_round": per_round}
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "A rubber whist drive needs at least 4 hands a round" in html
    assert "a rubber is two or three games" in html
    assert not Drive.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("per_round", ["1", "2", "24"])
def test_another_format_keeps_any_hands_per_round(organiser_client, per_round):
    response = organiser_client.post(
        "/drives/new/", DRIVE_FORM | {"hands_per_round": per_round}
    )
    assert response.status_code == 302
    assert Drive.objects.get().hands_per_round == int(per_round)


@pytest.mark.django_db
def test_a_drive_turned_to_rubbers_later_keeps_the_rule(organiser_client, club):
    drive = DriveFactory(club=club, hands=24, hands_per_round=2)
    response = organiser_client.post(
        drive_url(drive, "edit/"),
        RUBBER_FORM | {"hands_per_round": "2"},
    )
    assert response.status_code == 400
    drive.refresh_from_db()
    assert drive.format != "rubber"


# --- issue #32: the presets' honours and revokes ------------------------------------------


@pytest.mark.django_db
def test_a_rubber_drive_left_as_the_preset_plays_the_russian_text(organiser_client):
    data = RUBBER_FORM | {
        "rubber_preset": "russian",
        "count_honours": "on",
        "honours_values": "",
        "revoke_penalty": "",
        "revoke_tricks": "",
    }
    assert organiser_client.post("/drives/new/", data).status_code == 302
    drive = Drive.objects.get()
    assert (drive.honours_values, drive.revoke_penalty, drive.revoke_tricks) == (
        "",
        "",
        None,
    )
    settings = rubber.settings_of(drive)
    assert settings.honours_values == (3, 4)
    assert settings.honours_limit == "not_last_point"
    assert (settings.revoke_penalty, settings.revoke_tricks) == ("deduct", 3)
    sources = rules_sources(organiser_client.get(drive_url(drive)).content.decode())
    assert sources["Honours"] == ("Three score 3, four score 4", "The Russian text")
    # Chosen otherwise, it says so.
    drive.revoke_penalty = "award"
    drive.save()
    sources = rules_sources(organiser_client.get(drive_url(drive)).content.decode())
    assert sources["Revoke"][1] == "This drive&#x27;s choice"
    assert sources["Revoke"][0].startswith("The opponents gain 3 points")


@pytest.mark.django_db
def test_an_american_drive_refuses_honours(organiser_client, club):
    """Honours ticked for American whist, where the form showed them off,
    are refused; a new drive's box as English short whist ticked it is the
    preset's, and American whist chosen counts none (the form follows it)."""
    american = DriveFactory(
        club=club,
        format="rubber",
        hands=24,
        hands_per_round=4,
        rubber_preset="american",
    )
    data = RUBBER_FORM | {"rubber_preset": "american", "count_honours": "on"}
    response = organiser_client.post(f"{drive_url(american)}edit/", data)
    assert response.status_code == 400
    assert "American whist has no honours" in response.content.decode()
    american.delete()
    response = organiser_client.post("/drives/new/", data)
    assert response.status_code == 302
    assert not Drive.objects.get().count_honours
    Drive.objects.all().delete()
    data = RUBBER_FORM | {"rubber_preset": "american", "revoke_penalty": ""}
    assert organiser_client.post("/drives/new/", data).status_code == 302
    settings = rubber.settings_of(Drive.objects.get())
    assert not settings.honours_counted
    assert (settings.target, settings.revoke_penalty, settings.revoke_tricks) == (
        7,
        "transfer",
        3,  # the form's "3" chosen; as the preset it would be 2
    )


def test_other_formats_play_the_usual_honours_and_revoke_when_left_as_the_preset():
    drive = DriveFactory.build(honours_values="", revoke_penalty="", revoke_tricks=None)
    assert drive.scoring_choices == ("2-4", "tricks", 3)
    drive = DriveFactory.build(
        format="rubber", honours_values="", revoke_penalty="", revoke_tricks=None
    )
    drive.rubber_preset = "american"
    assert drive.scoring_choices == ("2-4", "transfer", 2)
