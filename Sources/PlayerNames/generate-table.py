#!/usr/bin/env python3
"""Generates PlayerName+Table.swift: the per-code-point map of a player's name key (Docs/Contract.md §12).

Inputs: Python's own unicodedata (decompositions, categories, combining classes, case folding: Python 3.11 carries
Unicode 14.0) and Unicode's confusables.txt of UTS #39 (the version named in its header), given as the one argument:

    python3 Sources/PlayerNames/generate-table.py path/to/confusables.txt

(confusables.txt is https://www.unicode.org/Public/security/<version>/confusables.txt.) Standard library only and
deterministic: running it again on the same inputs rewrites a byte-identical file.

Each code point c maps to the fixed point of one step, applied to every code point of its result in turn:
  - its compatibility decomposition (NFKD: a full-width `Ａ` is `A`, `é` is `e` + an acute accent);
  - a space of any kind (no-break, en, ideographic...) is U+0020;
  - a mark that combines with the letter before it (nonspacing, enclosing, or any nonzero combining class) is dropped:
    `José` is `Jose`;
  - a Latin, Greek or Cyrillic small capital is the letter it shows (`ᴀ` is `a`);
  - a letter with a case folding (full: `ß` is `ss`) is folded, but a capital that looks like another capital (UTS
    #39: Greek `Ν` is `N`) is first read as the capital it looks like, so that `ΑΝΝ` meets `ANN` and `ann`;
  - otherwise its UTS #39 prototype (Cyrillic `с` is `c`);
  - and `i` is `l`: UTS #39 reads a capital `I` as `l` and case folding reads it as `i`, so the three are one letter
    (`Ian`, `IAN`, `ian` and `lan` are one name).
The table lists every code point whose fixed point is not itself. Hangul syllables are not listed: the Swift side
decomposes them by the algorithm (Unicode §3.12) before it looks their jamo up, as NFKD does.
"""

import os
import sys
import unicodedata

HERE = os.path.dirname(os.path.abspath(__file__))
OUTPUT = os.path.join(HERE, "PlayerName+Table.swift")
HANGUL = range(0xAC00, 0xD7A4)
SCRIPTS = ("LATIN", "GREEK", "CYRILLIC")


def read_confusables(path):
    """The prototype of each source code point, and the file's version line."""
    prototypes, version = {}, "unknown"
    with open(path, encoding="utf-8-sig") as file:
        for line in file:
            if line.startswith("# Version:"):
                version = line.split(":", 1)[1].strip()
            data = line.split("#", 1)[0].strip()
            if not data:
                continue
            source, target = (field.strip() for field in data.split(";")[:2])
            prototypes[chr(int(source, 16))] = "".join(chr(int(code, 16)) for code in target.split())
    return prototypes, version


def small_capital(c):
    """The small letter a small capital shows (LATIN LETTER SMALL CAPITAL A is `a`), or None."""
    name = unicodedata.name(c, "")
    for script in SCRIPTS:
        prefix = script + " LETTER SMALL CAPITAL "
        if name.startswith(prefix):
            try:
                return unicodedata.lookup(script + " SMALL LETTER " + name[len(prefix):])
            except KeyError:
                return None
    return None


def is_capital_letters(text):
    return any(ch.isalpha() for ch in text) and text.upper() == text and text.lower() != text


def step(c, prototypes):
    """What one code point becomes in one step (see the header)."""
    decomposed = unicodedata.normalize("NFKD", c)
    if decomposed != c:
        return decomposed
    category = unicodedata.category(c)
    if category == "Zs" or c.isspace():
        return " "
    if category in ("Mn", "Me") or unicodedata.combining(c) != 0:
        return ""
    if c == "i":
        return "l"  # UTS #39 reads a capital I as l, case folding reads it as i: i, I and l are one letter
    shown = small_capital(c)
    if shown is not None:
        return shown
    prototype = prototypes.get(c, c)
    folded = c.casefold()
    if folded != c:
        return prototype if prototype != c and is_capital_letters(prototype) else folded
    # A small letter whose prototype is its own capital (insular `ꝺ` is `Ꝺ`) stays: its capital folds to it.
    return c if prototype.casefold() == c else prototype


def fixed_point(c, prototypes, memo):
    if c in memo:
        return memo[c]
    memo[c] = None  # in progress: a cycle would read None and fail below
    text, seen = c, {c}
    for _ in range(32):
        stepped = "".join(step(ch, prototypes) for ch in text)
        if stepped == text:
            break
        if stepped in seen:
            raise SystemExit(f"U+{ord(c):04X}: the steps cycle at {stepped!r}")
        seen.add(stepped)
        text = stepped
    else:
        raise SystemExit(f"U+{ord(c):04X}: no fixed point in 32 steps")
    memo[c] = text
    return text


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    prototypes, version = read_confusables(sys.argv[1])
    memo, entries = {}, []
    for code in range(0x110000):
        if code in HANGUL or 0xD800 <= code <= 0xDFFF:
            continue
        c = chr(code)
        if unicodedata.category(c) == "Cn" and c not in prototypes:
            continue
        key = fixed_point(c, prototypes, memo)
        if key != c:
            entries.append((code, key))
    # One packed literal, parsed once: each entry is the code point's distance from the previous entry's, then `>`,
    # then the code points it maps to (none: dropped), all in hexadecimal; entries are separated by `;`.
    packed, previous = [], 0
    for code, key in entries:
        packed.append(f"{code - previous:X}>" + ",".join(f"{ord(ch):X}" for ch in key))
        previous = code
    text = ";".join(packed)
    lines = [text[i : i + 110] for i in range(0, len(text), 110)]
    with open(OUTPUT, "w", encoding="utf-8") as out:
        out.write(
            "// PlayerName+Table.swift: generated by generate-table.py beside it; do not edit.\n"
            f"// Sources: Unicode {unicodedata.unidata_version} character data (Python {sys.version_info.major}."
            f"{sys.version_info.minor} unicodedata: decompositions,\n"
            "// categories, combining classes, full case folding) and UTS #39 confusables.txt, version "
            f"{version}.\n"
            "// Unicode data © Unicode, Inc., under the Unicode License v3 (https://www.unicode.org/license.txt).\n"
            f"// {len(entries)} code points, each with its key's code points (Docs/Contract.md §12).\n\n"
            "extension PlayerName {\n"
            "    /// The packed map: `DELTA>CODE,CODE...` per entry, hexadecimal, `;` between entries.\n"
            "    static let packedTable: String = \"\"\"\n"
        )
        for index, line in enumerate(lines):
            continuation = "\\" if index < len(lines) - 1 else ""  # the literal is one line, without newlines
            out.write(f"        {line}{continuation}\n")
        out.write('        """\n}\n')
    print(f"{len(entries)} entries, {len(text)} characters -> {OUTPUT}")


if __name__ == "__main__":
    main()
