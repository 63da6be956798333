"""Lint helpers for the kiosk's unit files, run with the real `systemd-analyze` (no running systemd needed).

`systemd-analyze verify` fails (rc 1) when an Exec program does not exist, and only *prints*
warnings for unknown keys or bad values (rc 0): a lint must fail on any output at all. The units
name their final paths (/opt/companion/venv/bin/companion, /bin/sh), so a system unit is verified
with `--root` on a tree holding those programs and systemd's own units (its targets must resolve).
`--root` does not work with `--user`; a user unit is verified in place with XDG_RUNTIME_DIR set.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SYSTEMD_DIR = REPO / "systemd"
VENV_COMPANION = "opt/companion/venv/bin/companion"


def systemd_analyze() -> str:
    """The program's path, or the test is skipped saying why (CI here has it: systemd 252)."""
    path = shutil.which("systemd-analyze")
    if path is None:
        pytest.skip("systemd-analyze is not installed (apt-get install systemd): unit files not linted")
    return path


def system_unit_dir() -> Path:
    for candidate in (Path("/usr/lib/systemd/system"), Path("/lib/systemd/system")):
        if (candidate / "multi-user.target").exists():
            return candidate
    pytest.skip("systemd's own units (multi-user.target) are not installed here")


def make_verify_root(root: Path, *, executables: tuple[str, ...] = (VENV_COMPANION, "bin/sh")) -> Path:
    """A tree `systemd-analyze verify --root` accepts: systemd's units under usr/lib/systemd/system
    and a stand-in for each program the units run (unless the tree already has it)."""
    units = root / "usr/lib/systemd/system"
    if not units.exists():
        shutil.copytree(system_unit_dir(), units, symlinks=True)
    for relative in executables:
        program = root / relative
        if not program.exists():
            program.parent.mkdir(parents=True, exist_ok=True)
            program.write_text("#!/bin/sh\n")
            program.chmod(0o755)
    return root


def analyze(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([systemd_analyze(), *args], capture_output=True, text=True, timeout=60,
                          env={**os.environ, "SYSTEMD_COLORS": "0", **(env or {})})


def verify_system_unit(root: Path, name: str) -> subprocess.CompletedProcess[str]:
    """`systemd-analyze verify --root=ROOT NAME` for a unit installed in ROOT/etc/systemd/system."""
    return analyze("verify", f"--root={root}", name)


def verify_user_unit(path: Path, runtime_dir: Path) -> subprocess.CompletedProcess[str]:
    return analyze("--user", "verify", str(path), env={"XDG_RUNTIME_DIR": str(runtime_dir)})


EXPOSURE = re.compile(r"Overall exposure level for (\S+): (\d+\.\d+) (\w+)")


def exposure(unit: Path, *, user: bool = False, runtime_dir: Path | None = None) -> tuple[float, str, str]:
    """(the figure, its word, the whole output) from `systemd-analyze security --offline=yes UNIT`."""
    args = (["--user"] if user else []) + ["security", "--offline=yes", "--no-pager", str(unit)]
    env = {"XDG_RUNTIME_DIR": str(runtime_dir)} if runtime_dir is not None else None
    result = analyze(*args, env=env)
    match = EXPOSURE.search(result.stdout)
    assert match, f"no exposure figure in:\n{result.stdout}\n{result.stderr}"
    return float(match.group(2)), match.group(3), result.stdout


def unit_entries(path: Path) -> dict[str, list[tuple[str, str]]]:
    """A unit (or .desktop) file as {section: [(key, value), ...]}, keys repeated as written:
    systemd adds up repeated keys (DeviceAllow=, SystemCallFilter=), so a dict would lose them."""
    sections: dict[str, list[tuple[str, str]]] = {}
    current = None
    for line in path.read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], [])
            continue
        assert current is not None, f"{path.name}: {line!r} comes before any [section]"
        key, sep, value = line.partition("=")
        assert sep, f"{path.name}: {line!r} is not KEY=VALUE"
        current.append((key.strip(), value.strip()))
    return sections


def values(entries: list[tuple[str, str]], key: str) -> list[str]:
    return [value for k, value in entries if k == key]
