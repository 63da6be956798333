"""Kivy's process-wide cache of RecycleView rows stays consistent when a new history screen takes
its own classes' rows out of it (`history.forget_kept_rows`): Kivy's count of cached rows
only grows (it adds when a row is kept, never takes away when one is handed out), and once it
passes 1000 Kivy trims the cache, dividing by the number of classes kept. With the history's
classes the only ones and taken out, that was a ZeroDivisionError in every later RecycleView of
the process (seen: 52 UI tests failing in one test worker)."""

from __future__ import annotations

import pytest


@pytest.fixture()
def row_cache():
    from kivy.uix.recycleview import views

    kept = dict(views._cached_views), views._cache_count
    yield views
    views._cached_views.clear()
    views._cached_views.update(kept[0])
    views._cache_count = kept[1]


def test_taking_the_history_rows_out_leaves_a_count_kivy_can_trim(row_cache):
    from companion.ui.shell.screens import history

    views = row_cache
    views._cached_views.clear()
    views._cached_views[history.HistoryRow].extend(object() for _ in range(40))
    views._cache_count = 1500  # what the count drifts to after many history screens in one process
    history.forget_kept_rows()
    assert views._cache_count == 0 and len(views._cached_views) == 0
    # Kivy's next keep of a row: trims only when its count reaches the limit, which it now does not
    views._cache_count += 1
    assert views._cache_count < views._max_cache_size


def test_other_classes_rows_stay_counted(row_cache):
    from companion.ui.shell.screens import history

    views = row_cache
    views._cached_views.clear()
    views._cached_views[history.HistoryRow].extend(object() for _ in range(5))
    views._cached_views[int].extend(range(7))  # another RecycleView's rows
    views._cache_count = 1200
    history.forget_kept_rows()
    assert views._cache_count == 7
    views._clean_cache()  # what Kivy calls at its limit: no division by zero
