"""The bridge: facts from device threads reach the session on the main thread, in order, none lost."""

from __future__ import annotations

import threading
import time

import pytest

pytestmark = [pytest.mark.timeout(60), pytest.mark.usefixtures("quiet_clock")]  # these tests tick the clock themselves


def test_facts_from_threads_are_handled_on_the_main_thread_in_order():
    from kivy.clock import Clock

    from companion.ui.shell.bridge import Bridge

    main = threading.get_ident()
    handled: list[tuple[int, int, bool]] = []
    bridge = Bridge(lambda fact: handled.append((*fact, threading.get_ident() == main)))

    def device(source: int) -> None:
        for i in range(500):
            bridge.post((source, i))

    threads = [threading.Thread(target=device, args=(s,)) for s in range(4)]
    for t in threads:
        t.start()
    deadline = time.monotonic() + 20
    while len(handled) < 2000 and time.monotonic() < deadline:
        Clock.tick()
    for t in threads:
        t.join()
    assert len(handled) == 2000
    assert all(on_main for _, _, on_main in handled), "a fact was handled off the main thread"
    for source in range(4):
        assert [i for s, i, _ in handled if s == source] == list(range(500)), "order within a device changed"


def test_a_fact_posted_on_the_main_thread_is_handled_at_once_after_queued_ones():
    from companion.ui.shell.bridge import Bridge

    handled: list[str] = []
    bridge = Bridge(handled.append)
    t = threading.Thread(target=bridge.post, args=("from device",))
    t.start()
    t.join()
    bridge.post("touch")
    assert handled == ["from device", "touch"]


def test_facts_posted_together_are_handled_in_one_drain_the_later_ones_queued_meanwhile():
    """`post_all` (a settled frame's live dice and read): the main loop is woken once, and while it
    handles the first fact the second is already queued (the session's `more_queued`, which spares
    the live frame a whole refresh). Posted one by one, the main loop may wake between them."""
    from kivy.clock import Clock

    from companion.ui.shell.bridge import Bridge

    handled: list[tuple[str, bool]] = []
    bridge = Bridge(lambda fact: handled.append((fact, bridge.has_queued())))
    t = threading.Thread(target=bridge.post_all, args=(("live", "read"),))
    t.start()
    t.join()
    deadline = time.monotonic() + 20
    while len(handled) < 2 and time.monotonic() < deadline:
        Clock.tick()
    assert handled == [("live", True), ("read", False)]


def test_drain_refuses_other_threads():
    from companion.ui.shell.bridge import Bridge

    bridge = Bridge(lambda fact: None)
    errors = []
    t = threading.Thread(target=lambda: errors.append(pytest.raises(RuntimeError, bridge.drain)))
    t.start()
    t.join()
    assert errors


def test_the_bridges_trigger_is_a_free_one_exactly_when_the_clock_has_free_events():
    """With Kivy's free_all clock the trigger may interrupt the sleep between frames (a fact from a
    device thread is handled at once); with the default clock it is an ordinary trigger, as before.
    No timing here: benchmarks/pads.py and benchmarks/scanner.py measure the wait it saves."""
    from kivy.clock import Clock, ClockBaseFreeInterruptAll

    from companion.ui.shell.bridge import Bridge, wakes_at_once

    assert wakes_at_once() == isinstance(Clock, ClockBaseFreeInterruptAll)
    bridge = Bridge(lambda fact: None)
    assert bool(getattr(bridge._trigger, "free", False)) == wakes_at_once()


def test_the_device_wake_up_is_the_apps_default():
    """Every entry point prepares Kivy's environment with the free clock (a run that chose
    KIVY_CLOCK itself keeps its choice), so the app, its screenshots and this suite run on it."""
    import os

    from companion.ui.shell import environment
    from companion.ui.shell.bridge import wakes_at_once

    assert environment.DEFAULTS["KIVY_CLOCK"] == environment.WAKE_CLOCK == "free_all"
    if os.environ.get("KIVY_CLOCK", "free_all") == "free_all":
        assert wakes_at_once()


def test_a_callback_from_a_thread_runs_on_the_main_thread():
    from kivy.clock import Clock

    from companion.ui.shell.bridge import on_main_thread

    main = threading.get_ident()
    ran: list[bool] = []
    t = threading.Thread(target=on_main_thread, args=(lambda: ran.append(threading.get_ident() == main),))
    t.start()
    t.join()
    deadline = time.monotonic() + 20
    while not ran and time.monotonic() < deadline:
        Clock.tick()
    assert ran == [True]
