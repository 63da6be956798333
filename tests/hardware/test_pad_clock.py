"""The schedulers that wake pads: the hand-moved one tests use and the thread the app uses."""

from __future__ import annotations

import threading

import pytest

from hardware.handheld.clock import ManualScheduler, ThreadScheduler


class Client:
    """Wants ticks at the given times, one after the other; records when it got them."""

    def __init__(self, scheduler, wants: list[float], fail: bool = False) -> None:
        self.scheduler, self.wants, self.fail = scheduler, list(wants), fail
        self.got: list[float] = []
        self.done = threading.Event()
        scheduler.set_deadline(self, self.wants.pop(0))

    def tick(self, now: float) -> None:
        self.got.append(now)
        if self.fail:
            raise RuntimeError("a broken client")
        if self.wants:
            self.scheduler.set_deadline(self, self.wants.pop(0))
        else:
            self.done.set()


def test_manual_scheduler_runs_each_deadline_at_its_own_instant_in_order():
    s = ManualScheduler(start=10.0)
    a, b = Client(s, [10.5, 11.0, 11.2]), Client(s, [10.7, 12.5])
    s.advance(1.5)
    assert a.got == [10.5, 11.0, 11.2] and b.got == [10.7]
    assert s.time == 11.5 and s.next_deadline() == 12.5
    s.set_deadline(b, None)
    s.advance(5)
    assert b.got == [10.7]
    with pytest.raises(ValueError):
        s.advance(-1)


def test_thread_scheduler_wakes_clients_near_their_deadlines():
    s = ThreadScheduler()
    try:
        start = s.clock()
        client = Client(s, [start + 0.03, start + 0.06])
        assert client.done.wait(30)  # a failure limit: it returns at the second tick
        assert client.got[0] >= start + 0.03 and client.got[1] >= start + 0.06  # never early
    finally:
        s.close()
    assert not s.is_running


def test_a_failing_client_does_not_stop_the_others():
    s = ThreadScheduler()
    try:
        now = s.clock()
        broken = Client(s, [now + 0.01], fail=True)
        fine = Client(s, [now + 0.02, now + 0.04])
        assert fine.done.wait(30)
        assert broken.got and s.is_running
    finally:
        s.close()


def test_a_later_earlier_deadline_wakes_the_thread():
    s = ThreadScheduler()
    try:
        far = Client(s, [s.clock() + 3600])
        near = Client(s, [s.clock() + 0.02])
        # Asleep until the far deadline, the thread would tick `near` an hour late: only being
        # woken by the new deadline gets it done within the wait.
        assert near.done.wait(30)
        assert far.got == []
    finally:
        s.close()
