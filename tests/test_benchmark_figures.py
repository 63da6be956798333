"""benchmarks/run_all.py reads each benchmark's figures from its `FIGURE {json}` lines, never from
its prose: every figure keeps its value, unit and target, and its verdict is computed from them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import run_all  # noqa: E402
from benchmarks.inapp import FIGURE_LINE, Figure, emit, parse_figures  # noqa: E402


def test_emitted_figures_are_read_back_whole(capsys):
    figures = [Figure("b", "replay, median", 12.5, "ms", 20.0, "1.2x floor"),
               Figure("b", "dice right", 99.1, "%", 99.5, at_least=True),
               Figure("b", "views", 3.0, "µs")]
    emit(figures)
    out = "a table line with <= 20 and TARGET MISSED in it\n" + capsys.readouterr().out + "targets met\n"
    assert parse_figures(out) == figures  # the prose around them changes nothing


def test_a_verdict_comes_from_the_numbers():
    assert Figure("b", "x", 12.0, target=16.0).met is True
    assert Figure("b", "x", 17.0, target=16.0).met is False
    assert Figure("b", "x", 99.6, "%", 99.5, at_least=True).met is True
    assert Figure("b", "x", 99.4, "%", 99.5, at_least=True).met is False
    assert Figure("b", "x", float("nan"), target=16.0).met is False  # nothing measured meets nothing
    assert Figure("b", "x", 1e9).met is None  # no target: shown, no verdict


def test_a_broken_figure_line_is_named():
    with pytest.raises(ValueError, match="line 2"):
        parse_figures("table\n" + FIGURE_LINE + "{not json\n")


def _script(tmp_path: Path, name: str, body: str) -> str:
    path = tmp_path / name
    path.write_text(f"import sys\nsys.path.insert(0, {str(ROOT)!r})\n{body}", encoding="utf-8")
    return str(path)  # absolute: run_all joins it under benchmarks/, which keeps an absolute path


def test_run_all_shows_every_figure_with_its_target_and_verdict(tmp_path, monkeypatch, capsys):
    good = _script(tmp_path, "good.py", "from benchmarks.inapp import Figure, emit\n"
                   "print('my own table: p99 <= 16 ms, target met')\n"
                   "emit([Figure('x', 'tap -> frame, p99', 21.5, 'ms', 16.0, 'p50 9.0'),\n"
                   "      Figure('x', 'accuracy', 99.9, '%', 99.5, at_least=True)])\n")
    silent = _script(tmp_path, "silent.py", "print('target met')\n")
    monkeypatch.setattr(run_all, "BENCHMARKS", {"good": (good, [], [], {}, False),
                                                "silent": (silent, [], [], {}, False)})
    monkeypatch.setattr(sys, "argv", ["run_all.py"])
    assert run_all.main() == 1  # a benchmark that gives no figures failed
    table = capsys.readouterr().out.split("=== every figure", 1)[1]
    rows = {line.split()[0] + " " + line[26:78].strip(): line for line in table.splitlines()[2:] if line.strip()}
    tap = rows["good tap -> frame, p99"]
    assert "21.50 ms" in tap and "<= 16 ms" in tap and "MISSED" in tap and "p50 9.0" in tap
    accuracy = rows["good accuracy"]
    assert "99.90 %" in accuracy and ">= 99.5 %" in accuracy and " met " in accuracy
    assert "MISSED" in rows["silent (the benchmark itself)"] and "printed no figures" in rows["silent (the benchmark itself)"]
    assert "3 figures, 3 with a target: 1 met, 2 missed" in table
