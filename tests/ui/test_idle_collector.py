"""The idle garbage collection: what it frees, what it freezes, when it walks everything again."""

from __future__ import annotations

import gc
import weakref

import pytest


class Node:
    """An object in a reference cycle: only the cyclic collector frees it."""

    def __init__(self) -> None:
        self.me = self


@pytest.fixture
def collector():
    from companion.ui.shell.idle_collector import IdleCollector

    made = []

    def make(growth: int = 10**9) -> IdleCollector:
        c = IdleCollector(whole_pass_growth=growth)
        made.append(c)
        return c

    yield make
    for c in made:
        c.stop()


def test_nothing_collects_by_itself_and_stop_gives_collection_back(collector):
    before = gc.get_threshold()
    assert gc.isenabled()
    c = collector()
    assert not gc.isenabled()
    c.collect()
    assert gc.get_freeze_count() > 0
    c.stop()
    assert gc.isenabled()
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


def test_the_young_generations_are_collected_between_frames_once_over_the_threshold(collector):
    c = collector()
    c.collect()
    c.between_frames()
    assert c.young_passes == 0, "nothing made since: nothing to do"
    garbage = weakref.ref(Node())
    made = [[i] for i in range(gc.get_threshold()[0] + 10)]  # more than CPython lets pile up
    assert garbage() is not None, "nothing collected it by itself"
    c.between_frames()
    assert c.young_passes == 1 and garbage() is None
    assert gc.get_count()[0] < 10
    assert made[-1][0] == len(made) - 1


def test_an_idle_pass_frees_garbage_cycles_and_freezes_what_is_alive(collector):
    c = collector()
    garbage = weakref.ref(Node())  # already unreachable
    kept = Node()
    c.collect()
    assert garbage() is None
    assert gc.is_tracked(kept) and not any(o is kept for o in gc.get_objects())  # frozen: no pass looks at it
    assert c.passes == 1 and c.whole_passes == 1  # the first pass walks everything


def test_later_passes_walk_only_what_is_new_until_enough_was_frozen(collector):
    c = collector(growth=50_000)
    c.collect()  # whole
    old = Node()
    old_ref = weakref.ref(old)
    c.collect()  # plain: `old` is frozen now
    assert c.whole_passes == 1
    new_garbage = weakref.ref(Node())
    del old  # garbage now, but frozen: a plain pass does not see it
    c.collect()
    assert new_garbage() is None
    assert old_ref() is not None
    assert c.whole_passes == 1
    alive = [[i] for i in range(60_000)]  # enough new objects to be frozen by the next pass
    c.collect()
    assert c.whole_passes == 1  # this pass froze them ...
    c.collect()
    assert c.whole_passes == 2  # ... so the next one walks everything again
    assert old_ref() is None  # and frees the garbage that had been frozen
    assert alive[-1] == [59_999]


def test_a_job_runs_once_at_the_next_idle_moment_before_the_pass(collector):
    c = collector()
    order = []

    def job():
        order.append(("job", c.passes))

    c.when_idle(job)
    c.when_idle(job)  # asked twice before the moment: still once
    c._idle()
    c._idle()
    assert order == [("job", 0)]
    assert c.passes == 2


def test_idle_now_is_the_idle_moment_without_waiting_for_it(collector):
    """What a benchmark uses to model a table's pause: the queued jobs, then one pass, now; the
    moment that was waiting for the pause is no longer due."""
    c = collector()
    done = []
    c.when_idle(lambda: done.append(c.passes))
    c.activity()  # a fact: the idle moment is due a second from now
    c.idle_now()
    assert done == [0] and c.passes == 1
    assert not c._trigger.is_triggered


def test_start_ups_objects_wait_frozen_for_the_first_idle_pass_which_frees_their_garbage(collector):
    c = collector()
    garbage = weakref.ref(Node())  # made while the app started, unreachable already
    made = [[i] for i in range(gc.get_threshold()[0] + 10)]  # more than a young pass lets pile up
    c.freeze_start_up()
    c.between_frames()
    assert c.young_passes == 0, "the first frame's young generation starts empty"
    gc.collect()  # as Kivy's graphics context does when the window is made: the frozen are not walked
    assert garbage() is not None
    c.collect()
    assert c.whole_passes == 1 and garbage() is None, "the first idle pass walks everything"
    assert made[-1][0] == len(made) - 1


def test_the_idle_moment_is_not_due_before_the_first_activity(collector):
    """The app calls `activity` once its first frame is shown: however slow the start, the idle
    jobs and the whole pass never run before it."""
    c = collector()
    assert not c._trigger.is_triggered
    c.activity()
    assert c._trigger.is_triggered
