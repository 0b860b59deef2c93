"""The tests of how a page or a sheet of paper looks, marked `looks` by the
root conftest, named here by folder and module.

- The browser tests of how a page looks (tests/e2e): words whole and inside
  their boxes at every size and language, large type, zoom, contrast, the
  phone's fit. What they measure is the browser's layout of the page the
  server renders, the same page from SQLite as from PostgreSQL.
- The printing tests of how a sheet is laid out (tests/printing): headings
  whole and never below their size, every line of a card inside its card,
  rows a pencil fits, the type an older player reads. What they measure is
  reportlab's layout of the sheet a drive prints, the same sheet from either
  database.

What a page or a sheet says, and the pages' behaviour with either database
(sends, second phones, the room, the evening from door to prizes; each
sheet's names, scores and order), is tested by the other tests, which run on
both. So CI's PostgreSQL pass leaves these out (`-m "not looks"`, .ci/run),
and they run once, on SQLite. A new test of how a page or a sheet looks goes
in one of these files, or its file is named here."""

from __future__ import annotations

LOOKS = frozenset(
    {
        "e2e/test_accessibility",
        "e2e/test_board_long_names",
        "e2e/test_board_phone_scroll",
        "e2e/test_captain_header",
        "e2e/test_captain_large_type",
        "e2e/test_captain_long_names",
        "e2e/test_captain_phone_fit",
        "e2e/test_captain_rubber_large_type",
        "e2e/test_captain_send_large_type",
        "e2e/test_captain_words_held",
        "e2e/test_contrast",
        "e2e/test_door_names",
        "e2e/test_drive_form_by_format",
        "e2e/test_drive_form_fold",
        "e2e/test_drive_form_large_type",
        "e2e/test_drive_form_trumps_zoomed",
        "e2e/test_drive_headings_zoomed",
        "e2e/test_half_time_banner_layout",
        "e2e/test_half_time_banner_room",
        "e2e/test_hall_large_type",
        "e2e/test_laptop_zoom",
        "e2e/test_large_type_words",
        "e2e/test_layout",
        "e2e/test_movement_name_column",
        "e2e/test_movement_print",
        "e2e/test_movement_rows_level",
        "e2e/test_navigation",
        "e2e/test_new_drive_languages",
        "e2e/test_organiser_long_names",
        "e2e/test_phone_layout",
        "e2e/test_phone_romanian_italian",
        "e2e/test_prize_draw_phone",
        "e2e/test_prize_kinds_phone",
        "e2e/test_prize_rows_phone",
        "e2e/test_prize_rows_zoomed",
        "e2e/test_prize_slide_scale",
        "e2e/test_prize_slide_shared",
        "e2e/test_prize_table_large_type",
        "e2e/test_projector_hall",
        "e2e/test_projector_tie_key_rows",
        "e2e/test_projector_tie_marks",
        "e2e/test_projector_zoom",
        "e2e/test_race_large_type",
        "e2e/test_review_layout",
        "e2e/test_room_links_zoomed",
        "e2e/test_roster_search_fits",
        "e2e/test_score_grid_zoomed",
        "e2e/test_tie_marks_column",
        "printing/test_card_rows_writable",
        "printing/test_even_headings",
        "printing/test_grid_columns",
        "printing/test_league_numbers_held",
        "printing/test_layout",
        "printing/test_pair_printing",
        "printing/test_prediction_large_names",
        "printing/test_prediction_names",
        "printing/test_prediction_sheet_sizes",
        "printing/test_prediction_whole_names",
        "printing/test_readable_sizes",
        "printing/test_results_first_page",
        "printing/test_results_long_words",
        "printing/test_roomy_type",
        "printing/test_slip_numbers_clear",
        "printing/test_slip_paper",
        "printing/test_table_card_link",
        "printing/test_table_card_trump_names",
        "printing/test_table_card_warning_fits",
        "printing/test_table_card_whole_text",
        "printing/test_table_card_wifi_fits",
        "printing/test_whole_values",
    }
)
