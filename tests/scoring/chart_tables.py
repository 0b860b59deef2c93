"""A chart's numbers as the page gives them beside its drawing: the table's
rows (`table_of`) and its column heads (`heads_of`)."""

from __future__ import annotations

from xml.etree import ElementTree


def table_of(html: str, figure_id: str) -> dict[str, list[str]]:
    """The chart's table of numbers: each row's head and its cells."""
    start = html.index(f'<figure class="chart" id="{figure_id}"')
    table = html[html.index("<table", start) : html.index("</table>", start) + 8]
    root = ElementTree.fromstring(table)
    return {
        row[0].text: [cell.text or "" for cell in row[1:]]
        for row in root.iter("tr")
        if row[0].tag == "th" and row[0].get("scope") == "row"
    }


def heads_of(html: str, figure_id: str) -> list[str]:
    start = html.index(f'<figure class="chart" id="{figure_id}"')
    head = html[html.index("<thead>", start) : html.index("</thead>", start) + 8]
    return [th.text for th in ElementTree.fromstring(head).iter("th")][1:]
