"""Repo-level test set-up. It runs before any test module imports Kivy, gpiozero or companion.

Kivy reads its environment once, at import: headless (offscreen SDL renders real pixels without X;
never the "dummy" driver, which makes Kivy exit the whole process with code 102), no argv parsing
(else Kivy eats pytest's options), no log files and no user config in ~/.kivy. gpiozero gets mock
pins. A variable already set wins (setdefault), so a run can still choose another backend.

The user's config and data are never touched: XDG_CONFIG_HOME and XDG_DATA_HOME point to temporary
folders (overridden, not defaulted, since a desktop session usually sets them to the real ones), and
each test gets fresh ones.
"""

from __future__ import annotations

import atexit
import os
import shutil
import sys
import tempfile

import pytest
from hypothesis import settings


def _cache_bytecode_outside_the_tree() -> None:
    """Where PYTHONDONTWRITEBYTECODE is set (some shells set it so that no __pycache__ lands in a
    checkout), every Python the tests start compiled all of companion again from source: about a
    fifth of each app process's start-up, and the suite starts some 150 of them. Bytecode goes to a
    cache outside the tree instead (PYTHONPYCACHEPREFIX, one per user in the temp folder, kept
    between runs; a prefix already chosen wins), for this process, its xdist workers and every
    process a test starts: still nothing is written into the checkout."""
    if "PYTHONDONTWRITEBYTECODE" not in os.environ and not sys.dont_write_bytecode:
        return
    prefix = os.environ.get("PYTHONPYCACHEPREFIX") or os.path.join(
        tempfile.gettempdir(), f"companion-tests-pycache-{os.getuid()}")
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["PYTHONPYCACHEPREFIX"] = prefix
    sys.pycache_prefix = prefix
    sys.dont_write_bytecode = False


_cache_bytecode_outside_the_tree()


def _temporary_folders_in_memory() -> None:
    """pytest's tmp_path folders (and so every test's journals and data folders, and the XDG folders
    below) go to /dev/shm, a tmpfs, where there is a writable one. The journal fsyncs every step
    (WAL, synchronous=FULL) and every new file and folder: on this machine's shared disk each
    fsync waits ~3.6 ms, which made the UI tests spend about half their time waiting for the disk.
    On a tmpfs the same calls run (nothing in companion changes, the pragmas are still checked)
    and return at once. What the suite asserts about durability is what survives a SIGKILL (the
    page cache), which a tmpfs keeps exactly as a disk does; no test can cut the power. A root
    already chosen (PYTEST_DEBUG_TEMPROOT, or pytest's --basetemp) wins."""
    if "PYTEST_DEBUG_TEMPROOT" in os.environ:
        return
    shm = "/dev/shm"
    if os.path.isdir(shm) and os.access(shm, os.W_OK | os.X_OK):
        os.environ["PYTEST_DEBUG_TEMPROOT"] = shm


_temporary_folders_in_memory()

from tests.properties import register_profiles  # noqa: E402

register_profiles()  # hypothesis's "suite" (default) and "thorough" profiles: tests/properties.py
settings.load_profile(os.environ.get("COMPANION_PROPERTIES", "suite"))

from companion.ui.shell import environment  # noqa: E402 - sets nothing on import: Kivy's environment waits for prepare()

_TMP = tempfile.mkdtemp(prefix="companion-tests-")
atexit.register(shutil.rmtree, _TMP, ignore_errors=True)

for _name, _value in {
    "KIVY_NO_ARGS": "1",
    "KIVY_NO_CONSOLELOG": "1",
    "KIVY_NO_FILELOG": "1",
    "KIVY_USE_DEFAULTCONFIG": "1",
    "KIVY_LOG_MODE": "PYTHON",
    "SDL_VIDEODRIVER": "offscreen",
    "GPIOZERO_PIN_FACTORY": "mock",
}.items():
    os.environ.setdefault(_name, _value)

# Each test process its own Kivy home: xdist's workers inherit the controller's environment, and
# two workers creating one shared home at once race in Kivy's import (mkdir: File exists).
os.environ["KIVY_HOME"] = os.path.join(_TMP, "kivy")

environment.prepare()  # the rest of Kivy's environment, as the CLI sets it at its entry point

os.environ["XDG_CONFIG_HOME"] = os.path.join(_TMP, "config")
os.environ["XDG_DATA_HOME"] = os.path.join(_TMP, "data")
os.environ.pop("COMPANION_CONFIG", None)


@pytest.fixture(autouse=True)
def _private_xdg_dirs(monkeypatch, tmp_path_factory):
    """Each test starts with no config file and no data: nothing leaks from one test to the next."""
    base = tmp_path_factory.mktemp("xdg")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(base / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(base / "data"))
    monkeypatch.delenv("COMPANION_CONFIG", raising=False)


@pytest.hookimpl(tryfirst=True)
def pytest_timeout_set_timer(item, settings):
    """pytest-timeout's per-test bound, stretched by the machine's load (`tests.machine_load`):
    a hang still fails, and a passing test on a crowded machine is not cut off."""
    import pytest_timeout

    from tests.machine_load import slowdown

    if not settings.timeout:
        return None  # no bound set: pytest-timeout's own hook does nothing either
    return pytest_timeout.pytest_timeout_set_timer(item, settings._replace(timeout=settings.timeout * slowdown()))
