"""PadLogic alone: debounce, repeat with acceleration, long press, interrupt — time given by hand."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.properties import examples

from hardware.handheld.keylogic import PadLogic, PadTimings

T = PadTimings()


def pad() -> PadLogic:
    return PadLogic(("minus", "plus", "ok"), T, repeating=("minus", "plus"), long_names={"ok": "ok_long"})


def run(logic: PadLogic, script: list[tuple[float, str, bool]], until: float) -> list[tuple[float, str]]:
    """Feeds (time, key, pressed) edges; returns (time, reported key), each deadline at its own time."""
    out: list[tuple[float, str]] = []
    for when, key, pressed in script:
        while (d := logic.next_deadline()) is not None and d <= when:
            out += [(d, k) for k in logic.advance(d)]
        out += [(when, k) for k in logic.edge(key, pressed, when)]
    while (d := logic.next_deadline()) is not None and d <= until:
        out += [(d, k) for k in logic.advance(d)]
    return out


def test_a_clean_press_reports_once_at_the_press():
    assert run(pad(), [(1.0, "plus", True), (1.1, "plus", False)], until=5) == [(1.0, "plus")]


def test_hold_repeats_after_the_delay_and_speeds_up_to_the_floor():
    out = run(pad(), [(0.0, "plus", True), (3.0, "plus", False)], until=5)
    times = [t for t, _ in out]
    gaps = [round(b - a, 6) for a, b in zip(times, times[1:])]
    assert times[0] == 0.0 and gaps[0] == T.repeat_delay
    assert gaps[1] == pytest.approx(T.repeat_interval)
    assert gaps[2] == pytest.approx(T.repeat_interval * T.repeat_acceleration)
    assert all(b <= a + 1e-9 for a, b in zip(gaps[1:], gaps[2:])), "repeats never slow down"
    assert min(gaps) == pytest.approx(T.repeat_min_interval)
    assert times[-1] < 3.0, "nothing after the release"
    assert {k for _, k in out} == {"plus"}


def test_repeat_gap_formula():
    assert T.repeat_gap(1) == pytest.approx(0.2)
    assert T.repeat_gap(2) == pytest.approx(0.17)
    assert T.repeat_gap(50) == T.repeat_min_interval


def test_short_ok_reports_ok_on_release_long_ok_reports_ok_long_while_held():
    assert run(pad(), [(0, "ok", True), (0.3, "ok", False)], until=5) == [(0.3, "ok")]
    assert run(pad(), [(0, "ok", True), (2.0, "ok", False)], until=5) == [(T.long_press, "ok_long")]


@pytest.mark.parametrize("final", [True, False])
def test_ten_edges_within_5_ms_are_one_press(final):
    # 10 edges starting with a press end released; 9 end pressed: one press either way.
    n = 10 if not final else 9
    script = [(1.0 + i * 0.0005, "minus", i % 2 == 0) for i in range(n)]
    logic = pad()
    out = run(logic, script, until=1.4)
    assert out == [(1.0, "minus")]
    assert logic.is_down("minus") is final


def test_chatter_at_release_gives_no_second_press():
    script = [(0, "plus", True), (0.2, "plus", False)] + [(0.2 + i * 0.0007, "plus", i % 2 == 0) for i in range(1, 8)]
    # ends on a release edge (i = 7 odd -> False)
    logic = pad()
    assert run(logic, script, until=1) == [(0, "plus")]
    assert not logic.is_down("plus")


def test_a_press_shorter_than_the_debounce_still_counts_and_is_released_at_the_window_end():
    logic = pad()
    assert run(logic, [(0, "ok", True), (0.005, "ok", False)], until=1) == [(T.debounce, "ok")]


def test_interrupt_swallows_held_keys_until_released():
    logic = pad()
    out = run(logic, [(0, "plus", True), (0, "ok", True)], until=0.6)
    assert out == [(0, "plus"), (0.5, "plus")]
    assert logic.interrupt(0.6) == []
    assert logic.next_deadline() is None
    assert run(logic, [(2.0, "ok", False), (2.1, "plus", False)], until=3) == [], "no ok, no ok_long, no repeat"
    assert run(logic, [(3.0, "plus", True), (3.1, "plus", False)], until=4) == [(3.0, "plus")]


def test_a_key_held_at_start_is_ignored_until_released():
    logic = pad()
    logic.start_held("ok", 0)
    assert run(logic, [(1.0, "ok", False)], until=3) == []
    assert run(logic, [(3.0, "ok", True), (3.1, "ok", False)], until=4) == [(3.1, "ok")]


def test_time_going_backwards_is_clamped():
    logic = pad()
    assert logic.edge("plus", True, 10.0) == ["plus"]
    assert logic.edge("plus", False, 9.0) == []  # within the window "now" (10.0): settles later
    assert logic.advance(10.0 + T.debounce) == []
    assert not logic.is_down("plus")


@pytest.mark.parametrize("kwargs", [dict(debounce=-1), dict(repeat_interval=0), dict(repeat_delay=0), dict(repeat_acceleration=1.5),
                                    dict(long_press=0.01), dict(repeat_delay=float("nan"))])
def test_bad_timings_are_refused(kwargs):
    with pytest.raises(ValueError):
        PadTimings(**kwargs)


def test_unknown_key_is_a_value_error():
    with pytest.raises(ValueError, match="unknown key 'menu'"):
        pad().edge("menu", True, 0)


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.floats(min_value=0, max_value=T.debounce * 0.99 / 12), min_size=1, max_size=12),
       st.floats(min_value=0.05, max_value=0.4))
def test_any_chatter_burst_on_ok_is_one_press(gaps, hold):
    """However a burst shorter than the debounce window goes, a press of OK held `hold`
    (< long press) and released cleanly is exactly one "ok"."""
    t, level, script = 0.0, True, []
    for gap in gaps:
        script.append((t, "ok", level))
        t += gap
        level = not level
    script.append((max(t, 0.0) + 0.0001, "ok", True))  # the contact settles closed
    script.append((hold + T.debounce, "ok", False))
    assert [k for _, k in run(pad(), script, until=5)] == ["ok"]
