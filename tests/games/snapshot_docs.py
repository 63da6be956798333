"""The calculator docs' worked examples (docs/GAME-snapshot.md), shared by each game's snapshot tests:
a doc prints each example's output in a fenced block after an `<!-- output: EXAMPLE -->` marker, and
the tests hold the CLI to exactly that text."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load(path: Path) -> dict:
    """A snapshot file as the calculator reads it."""
    return json.loads(path.read_text(encoding="utf-8"))


def documented_block(doc: Path, kind: str, language: str, example: str) -> str:
    """The fenced `language` block that follows `<!-- kind: example -->` in `doc`."""
    pattern = r"<!-- " + kind + ": " + re.escape(example) + r" -->\n```" + language + r"\n(.*?)```"
    match = re.search(pattern, doc.read_text(encoding="utf-8"), re.S)
    assert match, f"no {kind} block for {example} in {doc.name}"
    return match.group(1)


def documented_output(doc: Path, example: str) -> str:
    """What the doc says `companion score GAME example` prints."""
    return documented_block(doc, "output", "text", example)
