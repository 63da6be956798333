"""docs/scanner.md stays in step with the code: its command table, its script, its example lines,
the scanner states it names."""

from __future__ import annotations

import re
from pathlib import Path

from hardware.facts import SCANNER_REASONS, SCANNER_STATES
from hardware.scanner.codec import format_frame, parse_frame
from hardware.scanner.script import COMMANDS, parse_script

DOC = (Path(__file__).resolve().parents[3] / "docs" / "scanner.md").read_text(encoding="utf-8")


def test_every_simulator_command_is_in_the_table_and_nothing_else():
    listed = re.findall(r"^\| `([a-z]+)[ `]", DOC, re.M)
    assert sorted(set(listed)) == sorted(COMMANDS)


def test_the_example_script_runs_as_written():
    script = DOC.split("A script, for instance `session.txt`:")[1].split("```")[1]
    steps = parse_script(script)
    assert steps[-1].verb == "quit" and len(steps) >= 10


def test_the_example_lines_are_real_frames():
    lines = re.findall(r"^\| `(\$[^`]+)` \|", DOC, re.M)
    assert len(lines) == 7
    for line in lines:
        assert format_frame(parse_frame(line.encode())) == line.encode() + b"\r\n"


def test_the_states_named_are_the_states_reported():
    named = re.search(r"`state` is one of (.+?) \(`SCANNER_STATES`\)", DOC).group(1)
    assert re.findall(r"`([a-z]+)`", named) == list(SCANNER_STATES)


def test_the_reasons_named_are_the_reasons_reported():
    named = re.search(r"`reason` says what is wrong.+?: one of (.+?) \(`SCANNER_REASONS`\)", DOC).group(1)
    assert ["", *re.findall(r"`([a-z_]+)`", named)] == list(SCANNER_REASONS)  # "" (nothing wrong) comes first
