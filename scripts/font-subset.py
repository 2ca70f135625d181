#!/usr/bin/env python3
"""Cuts the first screen's fonts (issue 18; see tests/first_screen_font.rs).

    pip install fonttools brotli && python3 scripts/font-subset.py

Reads static/fonts/first-screen-chars.txt (written by the test: one line
per weight, the characters a chapter page's first screen needs), cuts
Pretendard's full faces (static/fonts/Pretendard-*.subset.woff2) down to
them, and records in static/fonts/first-screen-cut.txt what it cut for
(the list, which the test compares with its own) and what each cut holds
(the characters of the list the face has a glyph for: the stylesheet's
`unicode-range` names only these, so that the browser never fetches a cut
for a character it then lacks). A tool for the author, not the
build: its output is committed.
"""
from pathlib import Path

from fontTools import subset

FONTS = Path(__file__).resolve().parent.parent / "static" / "fonts"
WEIGHTS = {"regular": "Regular", "bold": "Bold"}


def main():
    listing = (FONTS / "first-screen-chars.txt").read_text(encoding="utf-8")
    held_lines = []
    for line in listing.splitlines():
        weight, chars = line.split("\t", 1)
        name = WEIGHTS[weight]
        options = subset.Options()
        options.flavor = "woff2"
        options.layout_features = ["*"]
        options.name_IDs = ["*"]
        options.notdef_outline = True
        font = subset.load_font(str(FONTS / f"Pretendard-{name}.subset.woff2"), options)
        cmap = font.getBestCmap()
        held = "".join(c for c in chars if ord(c) in cmap)
        held_lines.append(f"{weight}-held\t{held}\n")
        subsetter = subset.Subsetter(options)
        subsetter.populate(text=chars)
        subsetter.subset(font)
        out = FONTS / f"Pretendard-{name}.first-screen.woff2"
        subset.save_font(font, str(out), options)
        print(f"{out.name}: {len(chars)} characters, {out.stat().st_size} bytes")
    (FONTS / "first-screen-cut.txt").write_text(listing + "".join(held_lines), encoding="utf-8")


if __name__ == "__main__":
    main()
