"""The check the phone, large-type and zoom tests share: nothing runs past
the screen's edge (the page no wider than the screen, no control off it)."""

from __future__ import annotations

from playwright.sync_api import Page


def overflow(page: Page) -> list[str]:
    """The page wider than the screen, or a control off its edge."""
    return page.evaluate(
        """() => {
          const width = document.documentElement.clientWidth;
          const found = [];
          if (document.documentElement.scrollWidth > width)
            found.push(`page ${document.documentElement.scrollWidth}px wide in ${width}px`);
          for (const el of document.querySelectorAll('button, a, input, select, summary, label.pill')) {
            const box = el.getBoundingClientRect();
            const style = getComputedStyle(el);
            // Folded away (a closed menu's links): not on the screen.
            if (!box.width || style.visibility === 'hidden' || !el.checkVisibility()) continue;
            if (box.left < -0.5 || box.right > width + 0.5)
              found.push(`${el.tagName.toLowerCase()} "${(el.innerText || el.value || '').trim().slice(0, 30)}" from ${Math.round(box.left)} to ${Math.round(box.right)}px`);
          }
          return found;
        }"""
    )
