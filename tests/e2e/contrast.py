"""Contrast for the back of a hall and for weak eyes: every visible text at
least 7:1 against its background (WCAG AAA), measured in the browser, and the
high-contrast choice a person makes with the switch at the foot of a page."""

from __future__ import annotations

from playwright.sync_api import Page

# WCAG AAA: text at least 7:1 against its background.
AAA = 7.0


# Every element with text of its own (not only its children's), shown on the
# screen: its colour (with its alpha and the opacity of it and its ancestors)
# laid over the first ancestor's background that is not transparent (white,
# the canvas, when none is), and the ratio of the two luminances.
LOW_CONTRAST = """(least) => {
    const rgba = (text) => {
        const parts = text.match(/[\\d.]+/g).map(Number);
        return {r: parts[0], g: parts[1], b: parts[2], a: parts.length > 3 ? parts[3] : 1};
    };
    const over = (top, under) => ({
        r: top.r * top.a + under.r * (1 - top.a),
        g: top.g * top.a + under.g * (1 - top.a),
        b: top.b * top.a + under.b * (1 - top.a),
        a: 1,
    });
    const channel = (value) => {
        const c = value / 255;
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    };
    const luminance = (c) =>
        0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
    const background = (element) => {
        for (let node = element; node; node = node.parentElement) {
            const colour = rgba(getComputedStyle(node).backgroundColor);
            if (colour.a > 0) return colour.a < 1 ? over(colour, {r: 255, g: 255, b: 255, a: 1}) : colour;
        }
        return {r: 255, g: 255, b: 255, a: 1};
    };
    const opacity = (element) => {
        let product = 1;
        for (let node = element; node; node = node.parentElement) {
            product *= Number(getComputedStyle(node).opacity);
        }
        return product;
    };
    const low = [];
    let checked = 0;
    for (const element of document.body.querySelectorAll('*')) {
        const own = [...element.childNodes].some(
            (node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim());
        if (!own || element.closest('script, style, noscript, option')) continue;
        const style = getComputedStyle(element);
        const box = element.getBoundingClientRect();
        if (style.visibility !== 'visible' || box.width === 0 || box.height === 0) continue;
        if (!element.checkVisibility({opacityProperty: false, visibilityProperty: true})) continue;
        const under = background(element);
        const text = rgba(style.color);
        text.a *= opacity(element);
        const ink = over(text, under);
        const [light, dark] = [luminance(ink), luminance(under)].sort((x, y) => y - x);
        const ratio = (light + 0.05) / (dark + 0.05);
        checked += 1;
        if (ratio < least) {
            low.push({
                text: element.textContent.trim().slice(0, 40),
                tag: element.tagName.toLowerCase() + '.' + [...element.classList].join('.'),
                color: style.color,
                background: `rgb(${under.r}, ${under.g}, ${under.b})`,
                ratio: Math.round(ratio * 100) / 100,
            });
        }
    }
    return {checked, low};
}"""


def assert_all_text_at_least_aaa(page: Page) -> None:
    seen = page.evaluate(LOW_CONTRAST, AAA)
    assert seen["checked"] > 5, seen
    assert seen["low"] == [], seen["low"]


def high_contrast(page: Page, live_server) -> None:
    """The person's choice, as the switch at the foot of the page leaves it."""
    page.context.add_cookies(
        [{"name": "contrast", "value": "more", "url": live_server.url}]
    )
