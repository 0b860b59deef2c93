"""The movement page's strips of blocks of rounds (templates/drive/movement.html),
measured as the browser lays them out, for the browser tests of the page."""

from __future__ import annotations

# For each strip of blocks: how many blocks, and for each row (the head's
# first) how far apart its top edges are across the blocks, in px.
ROWS = """
() => [...document.querySelectorAll('.movement-blocks')].map(strip => {
  const blocks = [...strip.querySelectorAll(':scope > table')];
  const tops = blocks.map(t => [...t.rows].map(r => r.getBoundingClientRect().top));
  return {
    blocks: blocks.length,
    rows: tops.map(t => t.length),
    apart: tops[0].map((_, i) => Math.max(...tops.map(t => t[i])) - Math.min(...tops.map(t => t[i]))),
  };
})
"""
