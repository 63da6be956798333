"""The bridge: facts from device threads reach the session on the main thread, in order, none lost."""

from __future__ import annotations

import threading
import time

import pytest

pytestmark = pytest.mark.timeout(60)


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


def test_drain_refuses_other_threads():
    from companion.ui.shell.bridge import Bridge

    bridge = Bridge(lambda fact: None)
    errors = []
    t = threading.Thread(target=lambda: errors.append(pytest.raises(RuntimeError, bridge.drain)))
    t.start()
    t.join()
    assert errors


def test_a_fact_from_a_device_thread_wakes_the_main_loop_at_once():
    """The app's clock has free events and the bridge's trigger is one of them: Kivy's `free_all`
    clock lets it interrupt the sleep between frames (no timing here: benchmarks/pads.py and
    benchmarks/scanner.py measure the wait it saves)."""
    import os

    from kivy.clock import Clock, ClockBaseFreeInterruptAll

    from companion.ui.shell.bridge import Bridge, wakes_at_once
    from companion.ui.shell.environment import DEFAULTS

    assert DEFAULTS["KIVY_CLOCK"] == "free_all"
    assert os.environ.get("KIVY_CLOCK", "free_all") == "free_all"
    assert wakes_at_once() and isinstance(Clock, ClockBaseFreeInterruptAll)
    bridge = Bridge(lambda fact: None)
    assert bridge._trigger.free, "the bridge's trigger would wait for the next frame"


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
