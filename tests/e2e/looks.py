"""The browser tests of how a page looks: words whole and inside their boxes
at every size and language, large type, zoom, contrast, the phone's fit. The
root conftest marks their tests `looks`.

What they measure is the browser's layout of the page the server renders,
the same page from SQLite as from PostgreSQL; the pages' behaviour with
either database (sends, second phones, the room, the evening from door to
prizes) is tested by the other browser tests and the rest of the suite. So
CI's PostgreSQL pass leaves them out (`-m "not looks"`, .ci/run), and they
run once, on SQLite. A new test of how a page looks goes in one of these
files, or its file is named here."""

from __future__ import annotations

LOOKS = frozenset(
    {
        "test_accessibility",
        "test_board_long_names",
        "test_board_phone_scroll",
        "test_captain_large_type",
        "test_captain_long_names",
        "test_captain_phone_fit",
        "test_captain_rubber_large_type",
        "test_contrast",
        "test_door_names",
        "test_drive_form_by_format",
        "test_drive_form_fold",
        "test_drive_form_large_type",
        "test_half_time_banner_layout",
        "test_hall_large_type",
        "test_laptop_zoom",
        "test_large_type_words",
        "test_layout",
        "test_new_drive_languages",
        "test_organiser_long_names",
        "test_phone_layout",
        "test_phone_romanian_italian",
        "test_prize_kinds_phone",
        "test_prize_rows_phone",
        "test_prize_rows_zoomed",
        "test_prize_slide_scale",
        "test_prize_table_large_type",
        "test_projector_tie_marks",
        "test_projector_zoom",
        "test_race_large_type",
        "test_review_layout",
        "test_roster_search_fits",
        "test_tie_marks_column",
    }
)
