"""A real scanner, only when COMPANION_TEST_SCANNER names its port (e.g. /dev/dice-scanner):
the conformance suite, and the app's reader getting to "connected". With
COMPANION_TEST_SCANNER_ROLLS=N the suite also waits for N throws (someone must throw the dice)."""

from __future__ import annotations

import io
import os

import pytest

from hardware.facts import ScannerStatus
from hardware.scanner.reader import ScannerReader

PORT = os.environ.get("COMPANION_TEST_SCANNER", "")
pytestmark = pytest.mark.skipif(not PORT, reason="set COMPANION_TEST_SCANNER to the scanner's port")


def test_the_scanner_keeps_the_protocol():
    from firmware_tools.check import main

    out = io.StringIO()
    rolls = os.environ.get("COMPANION_TEST_SCANNER_ROLLS", "0")
    code = main([PORT, "--rolls", rolls, "--roll-timeout", "120"], out=out)
    assert code == 0, out.getvalue()


def test_the_reader_connects(scanner_facts):
    reader = ScannerReader(PORT, scanner_facts).start()
    try:
        status = scanner_facts.wait_for(lambda f: [s for s in f.of(ScannerStatus) if s.is_ready])[0]
        assert status.firmware and len(status.boot) == 8
    finally:
        reader.close()
