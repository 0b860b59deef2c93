"""The printed league's cells, in its table and its grid alike, take one
style, written once (printing.league_grid.cell_style)."""

from __future__ import annotations


def test_the_printed_league_builds_its_cell_style_once():
    import inspect

    from printing import league_grid, league_pdf
    from printing.fonts import REGULAR

    style = league_grid.cell_style(9)
    assert (style.fontName, style.fontSize, style.leading) == (REGULAR, 9, 9 * 1.2)
    assert style.splitLongWords == 0
    assert league_pdf.cell_style is league_grid.cell_style
    for module in (league_grid, league_pdf):
        assert "leading=text * 1.2" not in inspect.getsource(module).replace(
            inspect.getsource(league_grid.cell_style), ""
        )
