"""Players' names: the one policy every entry point applies (the app's forms, the CLI, documents).

A name that enters (a new match, a rename, a document replayed, recorded or imported) is
*cleaned* by :func:`clean_name`:

1. normalised (:func:`normalise_name`): Unicode NFC, surrounding white space stripped, inner
   runs of spaces made one space;
2. refused, with a :class:`RuleViolation` that names the problem and what to do, when it

   * is longer than :data:`MAX_NAME_LENGTH` characters (``name_too_long``; counted as a person
     counts them: a letter with its accents, an emoji sequence, a flag is one character, see
     :func:`characters`), or piles more than :data:`MAX_CHARACTER_CODE_POINTS` code points into
     one character (``name_marks``, stacked accents);
   * holds a control character (Cc: a line break, a tab), a format character (Cf: bidi
     overrides and isolates, U+200B ZERO WIDTH SPACE, U+FEFF, U+2060 WORD JOINER, soft hyphen),
     another default-ignorable code point (the Hangul fillers U+3164, U+115F, U+1160, U+FFA0,
     U+034F, …), U+2800 BRAILLE PATTERN BLANK, a private-use character, a surrogate or a
     noncharacter (``name_character``). Three format characters are kept where a script or an
     emoji needs them: U+200D ZERO WIDTH JOINER and U+200C ZERO WIDTH NON-JOINER right after an
     emoji or symbol, a virama (Devanagari, Sinhala…) or an Arabic-script letter, and before a
     visible character (👩‍💻, ❤️‍🔥, क्‍ष, Persian می‌خواهم); tag characters only in a flag's
     tag sequence (🏴 + tags + CANCEL TAG: Scotland, Wales, England). Variation selectors are
     marks (❤️);
   * has an accent or mark with no letter under it (``name_lone_mark``: at the start, or after a
     space);
   * has no visible character at all (``name_blank``: empty, only spaces, only marks).

Two names of one match are the same name (``same_names``, :func:`check_distinct`) when their
:func:`name_key` agree: compatibility-normalised (NFKC: "Ａｎｎ" is "Ann"), case-folded ("Ann"
and "ann" at one table are one person to everyone who hears them called) and without joiners
or variation selectors.

Names already stored are not cleaned again: a match recorded before this policy, whatever its
names, still opens (the engine's :class:`~scorekeeper.rules.match.Match` and the store's reader
only ask :func:`check_readable_name`, the rule names had before). Plain Python (``unicodedata``):
the app, the store and the engine's document reader all import it.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Sequence
from functools import lru_cache

from .errors import RuleViolation

MAX_NAME_LENGTH = 40  # characters of a player's name (clusters: "é", "👩‍💻", "🇺🇦" are one each)
MAX_CHARACTER_CODE_POINTS = 12  # in one character: the longest emoji sequence has 10 (a kiss with two skin tones)
# Longer than this before normalising is refused at once, before any other work: no name of
# MAX_NAME_LENGTH characters comes near it (it bounds the work a 10 MB name costs).
MAX_NAME_TEXT = 1000
SHOWN_CHARACTERS = 20  # characters of a refused name quoted in its refusal

# Space separators (Zs, which is closed since Unicode 6.3): an inner run of them is one space
_SPACES = re.compile("[\u0020\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+")
ZWNJ, ZWJ = "\u200c", "\u200d"
_JOINERS = frozenset((ZWNJ, ZWJ))
_BLACK_FLAG, _CANCEL_TAG = "\U0001f3f4", "\U000e007f"
# Default_Ignorable_Code_Point (Unicode DerivedCoreProperties.txt), plus U+2800, which shows blank
_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x2800, 0x2800),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
# Variation selectors (standardised, emoji, Mongolian free ones): marks on the character before
_SELECTORS = ((0xFE00, 0xFE0F), (0xE0100, 0xE01EF), (0x180B, 0x180D), (0x180F, 0x180F))
_TAGS = (0xE0020, 0xE007F)
_MODIFIERS = (0x1F3FB, 0x1F3FF)  # emoji skin tones
_REGIONAL = (0x1F1E6, 0x1F1FF)  # flag letters, read in pairs
_REFUSED_CATEGORIES = frozenset(("Cc", "Cf", "Cs", "Co", "Zl", "Zp"))
_VIRAMA = 9  # the canonical combining class of a virama (halant)


# The per-character questions below are asked of the same few hundred characters over and over
# (an import of thousands of matches): answered once each.
_cached = lru_cache(maxsize=8192)


def _within(ch: str, ranges: tuple[tuple[int, int], ...]) -> bool:
    code = ord(ch)
    return any(low <= code <= high for low, high in ranges)


def _noncharacter(ch: str) -> bool:
    code = ord(ch)
    return 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE


@_cached
def _ignorable(ch: str) -> bool:
    return _within(ch, _IGNORABLE)


@_cached
def _selector(ch: str) -> bool:
    return _within(ch, _SELECTORS)


def _tag(ch: str) -> bool:
    return _TAGS[0] <= ord(ch) <= _TAGS[1]


@_cached
def _mark(ch: str) -> bool:
    """A combining mark or a variation selector: drawn on the character before it."""
    return unicodedata.category(ch)[0] == "M" or _selector(ch)


@_cached
def _visible(ch: str) -> bool:
    """A letter, digit, punctuation or symbol (or a code point this Python's Unicode does not know
    yet, such as a newer emoji), and none of the blanks."""
    category = unicodedata.category(ch)
    return (category[0] in "LNPS" or (category == "Cn" and not _noncharacter(ch))) and not _ignorable(ch)


@_cached
def _plain(ch: str) -> bool:
    """A space, or a visible character that stands alone: one character of its own, allowed anywhere
    (no mark, joiner, tag, skin tone or flag letter)."""
    code = ord(ch)
    return ch == " " or (
        _visible(ch)
        and not _mark(ch)
        and not _MODIFIERS[0] <= code <= _MODIFIERS[1]
        and not _REGIONAL[0] <= code <= _REGIONAL[1]
    )


def normalise_name(text: str) -> str:
    """``text`` as a name is kept: NFC, stripped of surrounding white space, inner runs of spaces
    (any Zs: no-break, ideographic…) one U+0020. Idempotent; refuses nothing (see :func:`clean_name`)."""
    return _SPACES.sub(" ", unicodedata.normalize("NFC", text).strip())


def characters(text: str) -> list[str]:
    """``text`` cut into the characters a reader sees (an approximation of Unicode's grapheme
    clusters, UAX #29, good for counting): a code point with the marks, variation selectors, skin
    tones and tags after it, a joiner and what it joins, a pair of regional indicators (a flag)."""
    if text.isascii():
        return list(text)
    out: list[str] = []
    joined = False  # the last code point was a joiner: this one belongs to its character
    for ch in text:
        code = ord(ch)
        extends = out and (
            joined
            or _mark(ch)
            or ch in _JOINERS
            or _tag(ch)
            or _MODIFIERS[0] <= code <= _MODIFIERS[1]
            or (
                _REGIONAL[0] <= code <= _REGIONAL[1]
                and len(out[-1]) == 1
                and _REGIONAL[0] <= ord(out[-1]) <= _REGIONAL[1]
            )
        )
        if extends:
            out[-1] += ch
        else:
            out.append(ch)
        joined = ch == ZWJ
    return out


def shown_name(text: str) -> str:
    """A name quoted in a message: in double quotes, cut to :data:`SHOWN_CHARACTERS` characters
    (``…`` after) of at most :data:`MAX_CHARACTER_CODE_POINTS` code points each, each character
    it may not hold where it is written as ``<U+200B>``, so that what the message quotes is what
    the name holds, and a 10 MB name costs a line."""
    head = text[: SHOWN_CHARACTERS * MAX_CHARACTER_CODE_POINTS + 1]
    cut = characters(head)
    more = (
        len(cut) > SHOWN_CHARACTERS
        or len(head) < len(text)
        or any(len(ch) > MAX_CHARACTER_CODE_POINTS for ch in cut[:SHOWN_CHARACTERS])
    )
    body = "".join(ch[:MAX_CHARACTER_CODE_POINTS] for ch in cut[:SHOWN_CHARACTERS])  # stacked marks cut too
    hidden = {i for i, _ in _faults(body)}
    return (
        '"'
        + "".join(f"<U+{ord(ch):04X}>" if i in hidden else ch for i, ch in enumerate(body))
        + ("…" if more else "")
        + '"'
    )


@_cached
def _hidden(ch: str) -> bool:
    """A character a name holds nowhere, but for the few places the module's rules allow
    (joiners, flag tags): Cc, Cf, Cs, Co, Zl, Zp, noncharacters, the default-ignorable code points
    other than variation selectors."""
    return (
        unicodedata.category(ch) in _REFUSED_CATEGORIES or _noncharacter(ch) or (_ignorable(ch) and not _selector(ch))
    )


def _described(ch: str) -> str:
    """``U+200B ZERO WIDTH SPACE`` (a control character has no name: ``U+000A``)."""
    name = unicodedata.name(ch, "")
    return f"U+{ord(ch):04X} {name}" if name else f"U+{ord(ch):04X}"


def _joiner_fits(text: str, i: int) -> bool:
    """Whether the joiner at ``text[i]`` joins what a script or an emoji joins: right after an emoji
    or symbol (or its variation selector or skin tone), a virama or an Arabic-script letter, and
    right before a visible character."""
    if i == 0 or i + 1 >= len(text) or not _visible(text[i + 1]):
        return False
    before = text[i - 1]
    if _selector(before) or _MODIFIERS[0] <= ord(before) <= _MODIFIERS[1]:
        return True
    return (
        unicodedata.category(before) in ("So", "Sk")
        or unicodedata.combining(before) == _VIRAMA
        or unicodedata.bidirectional(before) == "AL"
    )


def _tags_fit(text: str, i: int) -> int:
    """The length of the flag tag sequence that starts at ``text[i]`` (after 🏴: tags, then
    CANCEL TAG), or 0 if the tags there are not one."""
    if i == 0 or text[i - 1] != _BLACK_FLAG:
        return 0
    end = i
    while end < len(text) and _tag(text[end]) and text[end] != _CANCEL_TAG:
        end += 1
    return end - i + 1 if i < end < len(text) and text[end] == _CANCEL_TAG else 0


def _faults(text: str) -> Iterator[tuple[int, str]]:
    """``(index, code)`` of each place ``text`` (normalised) breaks the character rules, in order:
    ``name_character`` (a character it may not hold there), ``name_lone_mark`` (a mark on no letter)."""
    i = 0
    while i < len(text):
        ch = text[i]
        run = _tags_fit(text, i) if _tag(ch) else 0
        if run:
            i += run
            continue
        if ch in _JOINERS and _joiner_fits(text, i):
            pass
        elif _hidden(ch):
            yield i, "name_character"
        elif _mark(ch) and (i == 0 or text[i - 1] == " "):
            yield i, "name_lone_mark"
        i += 1


def _check_characters(text: str) -> None:
    """Refuse ``text`` (normalised) for the first character it may not hold, then for holding no
    visible character, then for a mark on no letter."""
    faults = list(_faults(text))
    for i, code in faults:
        if code == "name_character":
            char = _described(text[i])
            raise RuleViolation("", "name_character", name=shown_name(text), char=char)
    if not any(_visible(ch) for ch in text):
        raise RuleViolation("", "name_blank", name=shown_name(text))
    if faults:
        char = _described(text[faults[0][0]])
        raise RuleViolation("", "name_lone_mark", name=shown_name(text), char=char)


def _too_long(text: str) -> RuleViolation:
    return RuleViolation("", "name_too_long", name=shown_name(text), max=MAX_NAME_LENGTH)


def clean_name(name: object) -> str:
    """The name as it is kept (:func:`normalise_name`), or :class:`RuleViolation` (no rule id) if it
    breaks the policy of this module: ``name_too_long``, ``name_character`` (params ``name``,
    ``char``: ``"U+200B ZERO WIDTH SPACE"``), ``name_lone_mark``, ``name_blank``, ``name_marks``;
    ``name`` is always the name as :func:`shown_name` quotes it. Not text at all: ``name_blank``.

    Costs at most :data:`MAX_NAME_TEXT` code points of work, whatever the length of ``name``.
    """
    if not isinstance(name, str):
        raise RuleViolation("", "name_blank", name=shown_name(""))
    if len(name) > MAX_NAME_TEXT:
        raise _too_long(name)
    text = normalise_name(name)
    if text and ((text.isascii() and text.isprintable()) or all(map(_plain, text))):
        # the usual name: a character per code point, a visible one (not a space: stripped), no fault
        if len(text) > MAX_NAME_LENGTH:
            raise _too_long(text)
        return text
    _check_characters(text)
    cut = characters(text)
    if len(cut) > MAX_NAME_LENGTH:
        raise _too_long(text)
    if any(len(ch) > MAX_CHARACTER_CODE_POINTS for ch in cut):
        raise RuleViolation("", "name_marks", name=shown_name(text))
    return text


def name_key(name: str) -> str:
    """What two names must share to be one name at a table: NFKC, case-folded, without joiners,
    variation selectors or other ignorable code points, spaces as in :func:`normalise_name`
    (``name_key("Ａｎｎ") == name_key("ann") == "ann"``)."""
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    return normalise_name("".join(ch for ch in folded if not _ignorable(ch)))


def check_distinct(names: Sequence[str]) -> None:
    """Raise :class:`RuleViolation` ``same_names`` (no rule id; ``name``: the first of the two, quoted)
    if two of ``names`` have one :func:`name_key`."""
    seen: dict[str, str] = {}
    for name in names:
        key = name_key(name)
        if key in seen:
            first = shown_name(seen[key])
            raise RuleViolation("", "same_names", name=first)
        seen[key] = name


def clean_names(names: Sequence[object]) -> list[str]:
    """Each name cleaned (:func:`clean_name`), then :func:`check_distinct`; raises as they do."""
    cleaned = [clean_name(name) for name in names]
    check_distinct(cleaned)
    return cleaned


# Characters no stored name may hold, even one recorded before this policy: control characters
# (a new line would break the one-line refusal messages that quote names), lone surrogates (not
# text: they cannot be written as UTF-8) and the line and paragraph separators.
_UNREADABLE_CATEGORIES = frozenset({"Cc", "Cs", "Zl", "Zp"})


def check_readable_name(name: object) -> None:
    """Raise :class:`RuleViolation` (no rule, code ``bad_name``) unless ``name`` is a non-empty line
    of text: the only rule the engine and the store's reader hold a name to, so that every match
    stored before :func:`clean_name` existed still opens (entry points clean names instead)."""
    if (
        not isinstance(name, str)
        or not name.strip()
        or any(unicodedata.category(ch) in _UNREADABLE_CATEGORIES for ch in name)
    ):
        shown = ascii(name if not isinstance(name, str) or len(name) <= 40 else name[:39] + "…")
        raise RuleViolation("", "bad_name", name=shown)


__all__ = [
    "MAX_CHARACTER_CODE_POINTS",
    "MAX_NAME_LENGTH",
    "MAX_NAME_TEXT",
    "characters",
    "check_distinct",
    "check_readable_name",
    "clean_name",
    "clean_names",
    "name_key",
    "normalise_name",
    "shown_name",
]
