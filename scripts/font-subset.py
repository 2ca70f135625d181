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
for a character it then lacks). Then the English edition's Latin cuts (no Hangul): from
static/fonts/latin-chars.txt (written by the same test: a `latin` line,
cut as Pretendard-{Regular,Bold}.latin.woff2, and a `ko-name` line, the
Korean edition's name an English page shows, cut as
Pretendard-Regular.ko-name.woff2), recorded in latin-cut.txt the same way. A tool for the author, not the build: its output is committed.
"""
from pathlib import Path

from fontTools import subset

FONTS = Path(__file__).resolve().parent.parent / "static" / "fonts"
WEIGHTS = {"regular": "Regular", "bold": "Bold"}


def cut(name, chars, kind):
    """Cuts Pretendard-NAME.subset.woff2 down to `chars` as
    Pretendard-NAME.KIND.woff2; returns the characters of `chars` it holds."""
    options = subset.Options()
    options.flavor = "woff2"
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    font = subset.load_font(str(FONTS / f"Pretendard-{name}.subset.woff2"), options)
    cmap = font.getBestCmap()
    held = "".join(c for c in chars if ord(c) in cmap)
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=chars)
    subsetter.subset(font)
    out = FONTS / f"Pretendard-{name}.{kind}.woff2"
    subset.save_font(font, str(out), options)
    print(f"{out.name}: {len(chars)} characters, {out.stat().st_size} bytes")
    return held


def main():
    listing = (FONTS / "first-screen-chars.txt").read_text(encoding="utf-8")
    held_lines = []
    for line in listing.splitlines():
        weight, chars = line.split("\t", 1)
        held = cut(WEIGHTS[weight], chars, "first-screen")
        held_lines.append(f"{weight}-held\t{held}\n")
    (FONTS / "first-screen-cut.txt").write_text(listing + "".join(held_lines), encoding="utf-8")

    # The English edition's Latin cuts: one list, both weights.
    latin = (FONTS / "latin-chars.txt").read_text(encoding="utf-8")
    lines = dict(line.split("\t", 1) for line in latin.splitlines())
    held_lines = [f"{weight}-held\t{cut(name, lines['latin'], 'latin')}\n" for weight, name in WEIGHTS.items()]
    held_lines.append(f"ko-name-held\t{cut('Regular', lines['ko-name'], 'ko-name')}\n")
    (FONTS / "latin-cut.txt").write_text(latin + "".join(held_lines), encoding="utf-8")


if __name__ == "__main__":
    main()
