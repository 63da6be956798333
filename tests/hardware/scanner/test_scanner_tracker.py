"""Sequence rules: repeats ignored, gaps counted, restarts recognised, one DiceRead per roll."""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from tests.properties import examples

from hardware.facts import DiceRead
from hardware.scanner.codec import DiceFrame, Die
from hardware.scanner.tracker import SequenceTracker

BOOT, OTHER = "0000AAAA", "0000BBBB"


def settled(seq: int, *faces: int) -> DiceFrame:
    return DiceFrame(seq, tuple(Die("red", face, "settled") for face in faces))


def rolling(seq: int) -> DiceFrame:
    return DiceFrame(seq, (Die("red", 3, "rolling"),))


def started(last_read: DiceRead | None = None) -> SequenceTracker:
    tracker = SequenceTracker(last_read)
    tracker.boot_seen(BOOT)
    return tracker


def test_a_roll_is_one_read():
    t = started()
    assert t.dice(rolling(1)).fresh and not t.dice(rolling(1)).fresh
    assert t.dice(rolling(2)).new_read is False
    assert t.dice(settled(3, 4, 5)).new_read
    assert not t.dice(settled(3, 4, 5)).fresh  # the same frame again (a resend): ignored
    assert t.duplicates == 2


def test_older_frames_are_repeats_and_gaps_are_counted():
    t = started()
    t.dice(rolling(1))
    verdict = t.dice(rolling(4))
    assert verdict.fresh and verdict.missed == 2
    assert not t.dice(rolling(3)).fresh
    assert t.missed == 2 and t.duplicates == 1


def test_a_late_first_frame_is_no_loss_on_our_side():
    t = started()
    verdict = t.dice(settled(5000, 2))
    assert verdict.missed == 0 and verdict.new_read


def test_a_settled_frame_after_a_gap_counts_even_with_the_same_dice():
    t = started()
    assert t.dice(settled(1, 6, 6)).new_read
    assert t.dice(settled(3, 6, 6)).new_read  # frame 2 lost: it may have been the dice tumbling


def test_a_restarted_scanner_reporting_the_same_tray_is_not_a_new_roll():
    t = started()
    t.dice(rolling(7))
    assert t.dice(settled(8, 2, 3)).new_read
    assert t.boot_seen(OTHER) is True
    verdict = t.dice(settled(1, 2, 3))  # its seq 1 is new, its tray is not
    assert verdict.fresh and not verdict.new_read
    assert t.restarts == 1


def test_a_restarted_scanner_that_saw_a_roll_before_we_reconnected():
    t = started()
    assert t.dice(settled(8, 2, 3)).new_read
    t.boot_seen(OTHER)
    assert t.dice(settled(3, 2, 3)).new_read  # frames 1 and 2 unseen: the dice may have moved


def test_motion_before_a_restart_makes_the_settle_after_it_count():
    t = started()
    assert t.dice(settled(8, 2, 3)).new_read
    t.dice(rolling(9))
    t.boot_seen(OTHER)
    assert t.dice(settled(1, 2, 3)).new_read


def test_a_different_tray_after_a_restart_counts():
    t = started()
    t.dice(settled(8, 2, 3))
    t.boot_seen(OTHER)
    assert t.dice(settled(1, 2, 4)).new_read


def test_the_app_restarting_with_its_last_read():
    last = DiceRead(8, (("red", 2), ("red", 3)), BOOT)
    same = SequenceTracker(last)
    assert same.boot_seen(BOOT) is False
    assert not same.dice(settled(8, 2, 3)).fresh  # the read the journal has
    later = SequenceTracker(last)
    later.boot_seen(BOOT)
    assert later.dice(settled(10, 2, 3)).new_read  # rolled again while the app was down
    rebooted = SequenceTracker(last)
    assert rebooted.boot_seen(OTHER) is True
    assert not rebooted.dice(settled(1, 2, 3)).new_read


def test_tail_gap():
    t = started()
    t.dice(rolling(3))
    assert t.tail_missing(4) and not t.tail_missing(3)


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.one_of(
    st.just(("restart",)),
    st.tuples(st.just("frame"), st.integers(1, 12), st.booleans(), st.integers(1, 3)),
), max_size=60))
def test_reads_never_repeat_a_frame_of_a_boot(events):
    t = started()
    boots, delivered = 0, set()
    for event in events:
        if event[0] == "restart":
            boots += 1
            assert t.boot_seen(f"{boots:08X}") is True
            continue
        _, seq, is_settled, face = event
        verdict = t.dice(settled(seq, face) if is_settled else rolling(seq))
        if verdict.new_read:
            assert (t.boot, seq) not in delivered
            delivered.add((t.boot, seq))
        assert t.last_seq >= seq
