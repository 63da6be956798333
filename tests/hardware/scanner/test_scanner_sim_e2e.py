"""The reader against the simulated scanner on a real pty: rolls, a cocked die, damage on the
wire, a cable pulled, a power cut, a hung firmware. The twin's own list of the frames it sent is
the truth every test compares with: each settled roll is read exactly once, nothing else is.

No test sleeps to let the reader catch up: before asserting that nothing more was read, a test has
the scanner report an error (`caught_up`) and waits for the reader to pass it on; the pty keeps
order, so everything sent before it has been handled by then."""

from __future__ import annotations

import itertools
import random

import pytest

from hardware.facts import DiceLive, DiceRead, ScannerStatus
from hardware.scanner.faults import FaultInjector, FaultRates
from hardware.scanner.ptyhost import PtyScanner
from hardware.scanner.reader import ScannerReader
from hardware.scanner.script import parse_script, play
from hardware.scanner.twin import ScannerTwin, parse_dice
from hardware.scanner.tracker import dice_values
from tests.waiting import wait_for


def fast_twin(seed: int = 1) -> ScannerTwin:
    return ScannerTwin(rng=random.Random(seed), heartbeat=0.1, frame_interval=0.02, roll_time=(0.05, 0.12),
                       dice=parse_dice("red red white yellow"))


@pytest.fixture
def rig(tmp_path, scanner_facts):
    """A simulated scanner behind a stable link, and a reader on the link."""
    made = []

    def make(seed: int = 1, faults: FaultInjector | None = None, **reader_options):
        # The twin beats every 0.1 s, so the reader's own watchdog would be 0.3 s: a loaded machine
        # can stall this process that long and the reader would reopen the port (dropping frames
        # in flight). Only the hung-firmware test is about the watchdog; it sets its own.
        reader_options.setdefault("watchdog", 60.0)
        sim = PtyScanner(fast_twin(seed), link=tmp_path / "dice-scanner", faults=faults).start()
        reader = ScannerReader(sim.port, scanner_facts, retry_interval=0.05, **reader_options).start()
        made.append((sim, reader))
        scanner_facts.wait_for(lambda f: "connected" in f.states())
        scanner_facts.wait_for(lambda f: f.of(DiceLive))  # frame 1: the tray at power-on
        return sim, reader

    yield make
    for sim, reader in made:
        reader.close()
        sim.close()


def settled_rolls(sim: PtyScanner) -> list[tuple[str, int, tuple]]:
    """(boot, seq, dice) of each settled frame the twin sent right after motion: the rolls."""
    rolls, moved = [], False
    for boot, frame in sim.history():
        if frame.is_settled and moved:
            rolls.append((boot, frame.seq, dice_values(frame)))
        moved = not frame.is_settled
    return rolls


def reads(facts) -> list[tuple[str, int, tuple]]:
    return [(r.boot, r.seq, r.dice) for r in facts.of(DiceRead)]


_markers = itertools.count(1)


def caught_up(sim: PtyScanner, facts) -> None:
    """Returns once the reader has handled every line the scanner sent before this call: the
    scanner reports an error after them, and the reader passes that report on. (Only on a line
    without random faults: the marker itself must arrive.)"""
    text = f"marker {next(_markers)}"
    sim.error("SYNC", text)
    facts.wait_for(lambda f: any(s.error == f"SYNC: {text}" for s in f.of(ScannerStatus)))


def roll_and_wait(sim: PtyScanner, facts, dice: str | None = None, expect: int | None = None) -> None:
    sim.roll(parse_dice(dice) if dice else None)
    assert sim.wait_idle(timeout=30)
    if expect is not None:
        facts.wait_for(lambda f: len(f.of(DiceRead)) >= expect)


def test_rolls_are_read_once_each_with_every_frame_live(rig, scanner_facts):
    sim, reader = rig()
    for n in range(1, 6):
        roll_and_wait(sim, scanner_facts, expect=n)
    caught_up(sim, scanner_facts)
    assert reads(scanner_facts) == settled_rolls(sim)
    sent = [frame.seq for _, frame in sim.history()]
    assert [f.seq for f in scanner_facts.of(DiceLive)] == sent
    assert reader.counts().rejected == 0 and reader.counts().missed == 0


def test_a_cocked_die_holds_the_read_until_it_is_re_rolled(rig, scanner_facts):
    sim, _ = rig()
    roll_and_wait(sim, scanner_facts, "red:6 white:cocked yellow:2")
    live = scanner_facts.wait_for(lambda f: f.of(DiceLive) and f.of(DiceLive)[-1].problems and f.of(DiceLive)[-1])
    assert live.problems == ((1, "white", "cocked"),) and not live.is_settled
    caught_up(sim, scanner_facts)
    assert not scanner_facts.of(DiceRead)
    sim.nudge()
    read = scanner_facts.wait_for(lambda f: f.of(DiceRead))[0]
    assert read.dice[0] == ("red", 6) and read.dice[2] == ("yellow", 2)


@pytest.mark.parametrize("fault", ["drop", "corrupt", "duplicate"])
def test_the_settled_frame_damaged_on_the_wire_is_still_read_once(rig, scanner_facts, fault):
    sim, reader = rig()
    roll_and_wait(sim, scanner_facts, expect=1)
    # Dice set down by hand give one frame each, so `once` hits exactly the settled one.
    sim.place(parse_dice("red:1 red:1 white:1 yellow:1"))  # motion: the tray changed
    sim.once(fault, "D")
    sim.place(parse_dice("red:3 red:4 white:5 yellow:6"))
    scanner_facts.wait_for(lambda f: len(f.of(DiceRead)) >= 3)
    caught_up(sim, scanner_facts)
    got = reads(scanner_facts)
    assert [dice for _, _, dice in got][-1] == (("red", 3), ("red", 4), ("white", 5), ("yellow", 6))
    assert len(got) == len(set(got)) == 3
    if fault != "duplicate":
        assert reader.counts().resend_requests >= 2  # after the hello, and after the heartbeat


def test_random_damage_loses_no_roll_and_invents_none(rig, scanner_facts):
    faults = FaultInjector(FaultRates(corrupt=0.08, drop=0.04, duplicate=0.08, garbage=0.05), random.Random(11))
    sim, reader = rig(seed=3, faults=faults)
    for _ in range(8):
        roll_and_wait(sim, scanner_facts)
        # A damaged settled frame comes back after the next heartbeat shows it missing; a new
        # throw before that would replace it. Players wait for the read (the panel shows it).
        scanner_facts.wait_for(lambda f: len(f.of(DiceRead)) >= len(settled_rolls(sim)))
    assert reads(scanner_facts) == settled_rolls(sim)
    assert sum(faults.counts.values()) > 10
    assert reader.counts().rejected > 0 and reader.counts().duplicates > 0


def test_cable_pulled_during_a_roll_and_put_back(rig, scanner_facts):
    sim, reader = rig()
    roll_and_wait(sim, scanner_facts, expect=1)
    seen = len(scanner_facts.states())
    sim.disconnect(3600)  # out until the test puts it back
    sim.roll()  # the scanner still has power: it sees this roll, nobody hears it
    scanner_facts.wait_for(lambda f: "disconnected" in f.states()[seen:])
    assert wait_for(lambda: not sim.query(lambda now: sim.twin.is_busy))  # the whole roll went unheard
    sim.plug_back()
    read = scanner_facts.wait_for(lambda f: len(f.of(DiceRead)) == 2 and f.of(DiceRead)[1])
    assert reads(scanner_facts) == settled_rolls(sim)  # caught up by asking for the latest frame
    assert read.boot == sim.twin.boot and reader.counts().restarts == 0
    assert scanner_facts.states()[-1] == "connected"


def test_power_cut_and_back_counts_the_lying_dice_once(rig, scanner_facts):
    sim, reader = rig()
    roll_and_wait(sim, scanner_facts, expect=1)
    old_boot = sim.twin.boot
    sim.unplug(0.3)
    scanner_facts.wait_for(lambda f: f.of(DiceLive)[-1].boot != old_boot)
    assert "restarted" in scanner_facts.of(ScannerStatus)[-1].detail
    caught_up(sim, scanner_facts)
    assert len(scanner_facts.of(DiceRead)) == 1  # the re-reported tray is not a roll
    roll_and_wait(sim, scanner_facts, expect=2)
    assert reads(scanner_facts) == settled_rolls(sim)
    assert reader.counts().restarts == 1


def test_a_reboot_whose_hello_is_lost(rig, scanner_facts):
    sim, _ = rig()
    roll_and_wait(sim, scanner_facts, expect=1)
    sim.once("drop", "H")
    sim.restart()
    roll_and_wait(sim, scanner_facts, expect=2)
    caught_up(sim, scanner_facts)
    assert reads(scanner_facts) == settled_rolls(sim)
    assert len({boot for boot, _, _ in reads(scanner_facts)}) == 2


def test_a_hung_firmware_is_reported_silent_then_recovers(rig, scanner_facts):
    sim, _ = rig(watchdog=0.3)  # three of the twin's heartbeats
    seen = len(scanner_facts.states())
    sim.mute(3600)  # hung until the test lets it go, however long the reader takes to notice
    scanner_facts.wait_for(lambda f: "silent" in f.states()[seen:])
    silent = seen + scanner_facts.states()[seen:].index("silent")
    sim.mute(0)  # the firmware answers again
    scanner_facts.wait_for(lambda f: "connected" in f.states()[silent:])
    roll_and_wait(sim, scanner_facts, expect=1)


def test_a_script_plays_a_session(rig, scanner_facts):
    sim, _ = rig()
    play(sim, parse_script("dice black black\nroll\nwait 0.3\n"))
    # A tray set down while dice still tumble replaces that roll: if this machine was too slow
    # for the script's pause, wait for the roll to end before the script goes on.
    assert sim.wait_idle(timeout=30)
    play(sim, parse_script("tray red:2 white:5\nerror LIGHT too dark\nwait 0.1\nclear\nwait 0.1\n"))
    scanner_facts.wait_for(lambda f: f.of(DiceLive)[-1].dice == () and f.of(ScannerStatus)[-1].error == "")
    first, second = scanner_facts.of(DiceRead)
    assert [c for c, _ in first.dice] == ["black", "black"]
    assert second.dice == (("red", 2), ("white", 5))
    assert any(s.error == "LIGHT: too dark" for s in scanner_facts.of(ScannerStatus))
    assert scanner_facts.of(DiceLive)[-1].dice == ()
    assert scanner_facts.of(ScannerStatus)[-1].error == ""
