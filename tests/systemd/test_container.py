"""The console kiosk under a real systemd: systemd/test-in-container.sh boots a Debian bookworm root with
systemd as PID 1 (systemd-nspawn), installs companion into it with install.sh and checks the unit there
(docs/kiosk.md, "Testing the kiosk under a real systemd"). It takes minutes and needs root: it runs only
when COMPANION_TEST_CONTAINER=1, and its whole output is in the failure message (and, with -s, on screen).
"""

from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from unitlint import SYSTEMD_DIR

SCRIPT = SYSTEMD_DIR / "test-in-container.sh"


def why_not() -> str | None:
    if os.environ.get("COMPANION_TEST_CONTAINER") != "1":
        return ("the container boot test takes minutes and needs root: run it with COMPANION_TEST_CONTAINER=1 "
                "(or sudo bash systemd/test-in-container.sh)")
    if os.geteuid() != 0:
        return "COMPANION_TEST_CONTAINER=1, but the container boot test needs root (systemd-nspawn)"
    missing = [tool for tool in ("systemd-nspawn", "mmdebstrap", "nsenter") if shutil.which(tool) is None]
    if missing:
        return f"COMPANION_TEST_CONTAINER=1, but {', '.join(missing)} missing: apt-get install -y systemd-container mmdebstrap"
    return None


@pytest.mark.timeout(2400)
@pytest.mark.skipif(why_not() is not None, reason=why_not() or "")
def test_the_kiosk_unit_under_a_real_systemd():
    result = subprocess.run(["bash", str(SCRIPT)], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, timeout=2300)
    print(result.stdout)
    assert result.returncode == 0, result.stdout
    assert "checks passed" in result.stdout.splitlines()[-1], result.stdout
    assert "  FAIL  " not in result.stdout, result.stdout


def test_the_probe_reports_in_the_lines_the_script_reads():
    # Fast, and without the container: the probe runs here, outside any sandbox.
    import sys

    result = subprocess.run([sys.executable, str(SYSTEMD_DIR / "container-probe.py"), "sockets", "devices", "syscalls"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert "socket AF_UNIX opened" in lines
    sockets = [line.split() for line in lines if line.startswith("socket ")]
    assert len(sockets) == 45 and all(words[2] in ("opened", "refused") for words in sockets)
    assert any(line.startswith("device /dev/null ") for line in lines)
    assert [line for line in lines if line.startswith("syscall setpriority ")]
