"""benchmarks/tray_vision.py runs and prints its table (a few pictures: the full set is the
benchmark's), saying plainly that it measured generated images."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))

import tray_vision  # noqa: E402


def test_the_vision_benchmark_prints_its_table():
    out = io.StringIO()
    result = tray_vision.run(scenes=4, throws=1, seed=3, out=out)
    text = out.getvalue()
    assert "MEASURED ON GENERATED IMAGES" in text and "a real camera adds" in text
    for row in ("red", "white", "yellow", "black", "cocked dice", "while a die still moved", "Time a picture"):
        assert row in text
    assert result["false_settled"] == 0 and result["misread"] == 0
