"""The simulated scanner's behaviour, pure (time passed in), and its fault injector and script."""

from __future__ import annotations

import random

import pytest

from hardware.scanner.codec import DeviceError, DiceFrame, Heartbeat, Hello, HelloRequest, ResendRequest, format_frame, parse_frame
from hardware.scanner.faults import FaultInjector, FaultRates
from hardware.scanner.script import ScriptError, parse_script, parse_step
from hardware.scanner.twin import DieSpec, ScannerTwin, parse_dice


def twin(**options) -> ScannerTwin:
    options.setdefault("rng", random.Random(7))
    return ScannerTwin(heartbeat=0.5, frame_interval=0.05, roll_time=(0.2, 0.4), **options)


def run(t: ScannerTwin, start: float, until: float) -> list:
    frames, now = [], start
    while (deadline := t.next_deadline()) is not None and deadline <= until:
        now = max(now, deadline)
        frames += [parse_frame(line) for line in t.tick(now)]
    return frames


def test_power_on_says_hello_then_the_tray_as_frame_1():
    t = twin(boot="00C0FFEE")
    hello, first = (parse_frame(line) for line in t.power_on(0.0))
    assert hello == Hello(1, "00C0FFEE", "companion-sim-1.0", 500)
    assert first == DiceFrame(1, ())


def test_a_roll_tumbles_then_settles_as_asked_one_frame_per_change():
    t = twin()
    t.power_on(0.0)
    frames = [parse_frame(line) for line in t.roll(parse_dice("red:6 white:2 yellow:cocked"), 1.0)]
    frames += run(t, 1.0, 2.0)
    dice = [f for f in frames if isinstance(f, DiceFrame)]
    assert [f.seq for f in dice] == list(range(2, 2 + len(dice)))
    assert len(dice) >= 4  # 0.2-0.4 s of tumbling at 20 frames a second
    assert all(d.state == "rolling" for d in dice[0].dice)
    assert [(d.colour, d.face, d.state) for d in dice[-1].dice] == [
        ("red", 6, "settled"), ("white", 2, "settled"), ("yellow", 0, "cocked")]
    assert not dice[-1].is_settled
    beats = [f for f in frames if isinstance(f, Heartbeat)]
    assert beats and beats[-1].last_seq <= dice[-1].seq
    t.nudge(2.0)
    after = [f for f in run(t, 2.0, 3.0) if isinstance(f, DiceFrame)]
    assert after[-1].is_settled and after[-1].dice[:2] == dice[-1].dice[:2]


def test_heartbeats_keep_time_and_name_the_last_frame():
    t = twin(boot="0000BEEF")
    t.power_on(0.0)
    beats = [f for f in run(t, 0.0, 2.01) if isinstance(f, Heartbeat)]
    assert beats == [Heartbeat("0000BEEF", 1)] * 4


def test_requests_are_answered_and_bad_ones_reported():
    t = twin()
    t.power_on(0.0)
    t.place(parse_dice("black:5"), 0.1)
    answers = t.on_bytes(format_frame(ResendRequest()) + b"noise$Q*0000\r\n" + b"$X*0000\r\n"
                         + format_frame(HelloRequest()).replace(b"\r\n", b"\n"), 0.2)
    assert answers[0] == t.latest == format_frame(DiceFrame(2, (parse_frame(t.latest).dice[0],)))
    assert parse_frame(answers[1]).code == "CRC"
    assert parse_frame(answers[2]).code == "CRC"
    assert isinstance(parse_frame(answers[3]), Hello)
    assert t.on_bytes(b"$D,3*" + b"%04X" % 0 + b"\r\n", 0.3)[0].startswith(b"$E,CRC")


def test_an_unknown_request_with_a_good_checksum_is_cmd():
    from hardware.scanner.codec import frame_bytes
    t = twin()
    t.power_on(0.0)
    error = parse_frame(t.on_bytes(frame_bytes(b"Z,1"), 0.1)[0])
    assert isinstance(error, DeviceError) and error.code == "CMD"
    assert parse_frame(t.on_bytes(format_frame(Heartbeat("00000000", 1)), 0.1)[0]).code == "CMD"


def test_a_reboot_has_a_new_boot_and_keeps_the_tray():
    t = twin()
    t.power_on(0.0)
    t.place(parse_dice("red:3 white:4"), 0.1)
    old_boot, tray = t.boot, t.tray
    t.power_off()
    assert t.tick(5.0) == [] and t.on_bytes(format_frame(HelloRequest()), 5.0) == []
    hello, first = (parse_frame(line) for line in t.power_on(6.0))
    assert hello.boot != old_boot and first == DiceFrame(1, tray)


def test_boot_ids_differ_even_with_the_same_seed():
    assert twin(rng=random.Random(1)).power_on(0)[0] != twin(rng=random.Random(1)).power_on(0)[0]


def test_die_specs():
    assert DieSpec.parse("Red:6") == DieSpec("red", 6)
    assert DieSpec.parse("white:cocked") == DieSpec("white", None, "cocked")
    assert parse_dice("red, black:unreadable") == (DieSpec("red"), DieSpec("black", None, "unreadable"))
    for bad in ("green", "red:7", "red:flat"):
        with pytest.raises(ValueError):
            DieSpec.parse(bad)


def test_faults_once_hit_exactly_the_next_line_of_that_type():
    faults = FaultInjector(rng=random.Random(3))
    heartbeat, dice = format_frame(Heartbeat("0000BEEF", 1)), format_frame(DiceFrame(2, ()))
    faults.once("drop", "D")
    faults.once("duplicate", "K")
    assert faults.apply(heartbeat) == heartbeat + heartbeat
    assert faults.apply(dice) == b""
    assert faults.apply(dice) == dice
    faults.once("corrupt", "any")
    damaged = faults.apply(dice)
    assert len(damaged) == len(dice) and damaged != dice
    assert faults.counts == {"corrupt": 1, "drop": 1, "duplicate": 1, "garbage": 0}


def test_fault_rates_are_roughly_kept():
    faults = FaultInjector(FaultRates(drop=0.25), random.Random(5))
    line = format_frame(DiceFrame(2, ()))
    dropped = sum(faults.apply(line) == b"" for _ in range(2000))
    assert 400 < dropped < 600
    assert FaultRates.parse(["corrupt=0.1", "garbage=0.5"]) == FaultRates(corrupt=0.1, garbage=0.5)
    with pytest.raises(ValueError):
        FaultRates.parse(["melt=0.1"])
    with pytest.raises(ValueError):
        FaultRates(drop=1.5)


def test_scripts_are_checked_before_they_run():
    steps = parse_script("# a comment\n\ndice red red white\nroll\nwait 0.5\nroll red:6 white:cocked  # why\n"
                         "once drop D\nfault corrupt=0.1 drop=0.05\nfault off\nunplug 1.5\nerror CAM no image\nquit\n")
    assert [s.verb for s in steps] == ["dice", "roll", "wait", "roll", "once", "fault", "fault", "unplug", "error", "quit"]
    assert steps[3].args == ("red:6", "white:cocked") and steps[3].line == 6
    for bad, where in (("roll purple", "line 2"), ("wait soon", "line 2"), ("once melt", "line 2"),
                       ("jump", "line 2"), ("clear now", "line 2"), ("tray", "line 2")):
        with pytest.raises(ScriptError, match=where):
            parse_script("roll\n" + bad)
    assert parse_step("   # only a comment") is None
