"""The Content-Security-Policy's violations as a page sees them: a script
a test adds to its page (page.add_init_script, before the page's own) that
keeps each thing the policy blocks in window.__violations, for the test to
read (test_csp, the charts, the public race)."""

from __future__ import annotations

# Reported to the page by the browser for each thing the policy blocks.
WATCH_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__violations.push(event.violatedDirective + " " + event.blockedURI);
});
"""
