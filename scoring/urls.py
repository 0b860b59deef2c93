"""Scores, adjustments, the evening's live pages, secret links and the audit record
(namespace "scoring")."""

from django.urls import path

from drive.secret_links import BOARD, CAPTAIN
from scoring.views import audit, captain, card_check, cards_in, room, scores, slips

app_name = "scoring"

urlpatterns = [
    # Secret links: a table's captain, and the shared leaderboard. First, and
    # the site's first app, so that the phones' many requests are matched
    # before any other pattern is tried.
    path(CAPTAIN.route(), captain.captain, name="captain"),
    path(CAPTAIN.route("result/"), captain.captain_result, name="captain_result"),
    path(CAPTAIN.route("confirm/"), captain.captain_confirm, name="captain_confirm"),
    path(CAPTAIN.route("news/"), captain.captain_news, name="captain_news"),
    path(CAPTAIN.route("check/"), captain.captain_check, name="captain_check"),
    path(BOARD.route(), room.public, name="public"),
    path("drives/<int:pk>/scores/", scores.scores, name="scores"),
    path("drives/<int:pk>/hands/", scores.hands, name="hands"),
    path(
        "drives/<int:pk>/hands/<int:hand>/table/<int:table>/",
        scores.hand_result,
        name="hand",
    ),
    path("drives/<int:pk>/leaderboard/", scores.leaderboard, name="leaderboard"),
    path("drives/<int:pk>/adjustments/", scores.adjustments, name="adjustments"),
    path(
        "drives/<int:pk>/adjustments/<int:adjustment_pk>/delete/",
        scores.adjustment_delete,
        name="adjustment_delete",
    ),
    path("drives/<int:pk>/card-check/", card_check.card_check, name="card_check"),
    path("drives/<int:pk>/slips/", slips.paper_slips_page, name="slips"),
    path("drives/<int:pk>/cards-in/", cards_in.cards_in, name="cards_in"),
    path(
        "drives/<int:pk>/cards-in/dispute/",
        cards_in.card_dispute,
        name="card_dispute",
    ),
    # The evening's live pages.
    path("drives/<int:pk>/room/", room.room, name="room"),
    path(
        "drives/<int:pk>/room/next/",
        room.room_start_next,
        name="room_start_next",
    ),
    path("drives/<int:pk>/room/resolve/", room.room_resolve, name="room_resolve"),
    path("drives/<int:pk>/room/clock/", room.room_clock, name="room_clock"),
    path("drives/<int:pk>/room/bell/", room.room_bell, name="room_bell"),
    path("drives/<int:pk>/links/", room.links, name="links"),
    path(
        "drives/<int:pk>/links/table/<int:table>/qr.svg",
        room.table_qr,
        name="table_qr",
    ),
    path(
        "drives/<int:pk>/links/table/<int:table>/reissue/",
        room.table_reissue,
        name="table_reissue",
    ),
    path("drives/<int:pk>/links/hall/qr.svg", room.hall_qr, name="hall_qr"),
    path("drives/<int:pk>/links/public/", room.public_link, name="public_link"),
    path(
        "drives/<int:pk>/links/public/qr.svg",
        room.public_qr,
        name="public_qr",
    ),
    path("drives/<int:pk>/projector/", room.projector, name="projector"),
    path(
        "drives/<int:pk>/projector/clock/",
        room.projector_clock,
        name="projector_clock",
    ),
    # The drive's record of changes, checked against its results.
    path("drives/<int:pk>/audit/", audit.audit_trail, name="audit"),
]
