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
    from companion.ui.idle_collector import IdleCollector

    made = []

    def make(growth: int = 10**9) -> IdleCollector:
        c = IdleCollector(whole_pass_growth=growth)
        made.append(c)
        return c

    yield make
    for c in made:
        c.stop()


def test_the_oldest_generation_waits_for_idle_and_stop_restores_everything(collector):
    before = gc.get_threshold()
    c = collector()
    assert gc.get_threshold()[2] == 1 << 30
    assert gc.get_threshold()[:2] == before[:2]
    c.collect()
    assert gc.get_freeze_count() > 0
    c.stop()
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == 0


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
