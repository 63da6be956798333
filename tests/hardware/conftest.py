"""Fixtures for the hardware adapters: mock pins (a fresh gpiozero MockFactory per test, reset
after it, since pins stay reserved otherwise), a hand-driven clock, and a list that collects facts."""

from __future__ import annotations

import pytest
from gpiozero import Device
from gpiozero.pins.mock import MockFactory

from hardware.handheld.clock import ManualScheduler


@pytest.fixture
def pin_factory():
    factory = MockFactory()
    previous = Device.pin_factory
    Device.pin_factory = factory  # also the default, so nothing in a test reaches for real pins
    try:
        yield factory
    finally:
        factory.reset()
        Device.pin_factory = previous


@pytest.fixture
def scheduler() -> ManualScheduler:
    return ManualScheduler(start=100.0)


class FactLog(list):
    """Facts in the order reported, each with the scheduler time it was reported at."""

    def __init__(self, scheduler: ManualScheduler) -> None:
        super().__init__()
        self.scheduler = scheduler
        self.times: list[float] = []

    def __call__(self, fact: object) -> None:
        self.append(fact)
        self.times.append(self.scheduler.time)

    def keys(self, seat: int | None = None) -> list[str]:
        return [f.key for f in self if hasattr(f, "key") and (seat is None or f.pad == seat)]


@pytest.fixture
def facts(scheduler: ManualScheduler) -> FactLog:
    return FactLog(scheduler)
