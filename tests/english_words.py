"""English prose left inside a Chinese line (the doctor's, the command line's): `english_left`
finds the words of `ENGLISH_WORDS` in a text, leaving out what is quoted as it is — paths, file
names, options, commands' arguments ("--name=DEVICE", "$USER") and SQLite's own report ("unable to
open database file") — so the list holds words none of those use."""

from __future__ import annotations

import re

ENGLISH_WORDS = frozenset("""the is not by you at on in of present readable writable answers nothing voices
voice damaged cannot unfinished game games without holding earlier aside rescue program checked refused
newer use mux channel wiring must answer steps never kept left journals meta row checksum match does be
opened resumed written hand free pressed nobody seats seat configured session console baud opens sends
frames noise line lines bytes ports here folder exist exists using found server sound speaks reads protocol
firmware heartbeat boot hello usable claimed""".split())

_TOKENS = re.compile(r"[\s\u3000-\u303f\uff00-\uffef\u4e00-\u9fff]+")


def english_left(text: str) -> set[str]:
    """The ENGLISH_WORDS in `text`, leaving out tokens that are paths, file names or options."""
    tokens = [t for t in _TOKENS.split(text) if t and not any(c in t for c in "/.$=") and not t.startswith("-")]
    return {w.lower() for t in tokens for w in re.findall(r"[A-Za-z]+", t)} & ENGLISH_WORDS
