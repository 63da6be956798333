"""The failure limits stretch with the machine's load, within bounds."""

import os

import pytest

from tests import machine_load


@pytest.mark.parametrize(("loads", "cores", "expected"), [
    ((0.3, 0.2, 0.1), 2, 1.0),      # idle: the limits as written
    ((8.0, 4.0, 1.0), 2, 4.0),      # the larger of the 1- and 5-minute figures, per core
    ((3.0, 12.0, 9.0), 2, 6.0),
    ((400.0, 300.0, 1.0), 4, machine_load.MOST),  # never more than MOST
])
def test_slowdown_is_the_run_queue_per_core(monkeypatch, loads, cores, expected):
    monkeypatch.setattr(os, "getloadavg", lambda: loads)
    monkeypatch.setattr(os, "sched_getaffinity", lambda _pid: set(range(cores)))
    assert machine_load.slowdown() == expected


def test_no_load_figure_means_an_idle_machine(monkeypatch):
    def unavailable():
        raise OSError("no load average here")

    monkeypatch.setattr(os, "getloadavg", unavailable)
    assert machine_load.slowdown() == 1.0


def test_the_per_test_bound_is_stretched(monkeypatch, request):
    """pytest-timeout's timer is set with the stretched bound (the hook in tests/conftest.py)."""
    import pytest_timeout

    from tests import conftest

    seen = {}
    monkeypatch.setattr(machine_load, "slowdown", lambda: 3.0)
    monkeypatch.setattr(pytest_timeout, "pytest_timeout_set_timer", lambda item, settings: seen.setdefault("t", settings.timeout))
    settings = pytest_timeout.Settings(timeout=50.0, method="signal", func_only=False, disable_debugger_detection=False)
    conftest.pytest_timeout_set_timer(request.node, settings)
    assert seen["t"] == 150.0
