"""systemd/install.sh and uninstall.sh, run for real into a temporary prefix (no root, the system untouched).

The venv is made and companion installed into it (pip with `--no-deps`: the package itself, not Kivy
and friends, to keep this quick); that happens once per module, and each test works on a copy. The
scripts run from a frozen copy of the clone, so other work going on in it cannot change what a
second run sees.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from unitlint import REPO, SYSTEMD_DIR, make_verify_root, verify_system_unit

INSTALLED = [
    "etc/systemd/system/companion.service",
    "etc/systemd/user/companion-desktop.service",
    "etc/xdg/autostart/companion.desktop",
    "etc/udev/rules.d/70-companion.rules",
    "opt/companion/bin/companion-desktop-start",
    "usr/local/bin/companion-doctor",
    "opt/companion/docs/kiosk.md",
    "opt/companion/venv/bin/companion",
]


CLONE_PARTS = ("pyproject.toml", "README.md", "companion", "hardware", "firmware_tools", "systemd", "docs")


@pytest.fixture(scope="module")
def clone(tmp_path_factory) -> Path:
    """What install.sh reads from the clone, copied once."""
    copy = tmp_path_factory.mktemp("clone")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.png")
    for part in CLONE_PARTS:
        source = REPO / part
        if source.is_dir():
            shutil.copytree(source, copy / part, ignore=ignore)
        elif source.exists():
            shutil.copy2(source, copy / part)
    return copy


# The venv is made with the system's python3, as on a Pi (not with the one running pytest, often a
# venv's): the scratch root below, which has this machine's /usr but nothing else, can use it too.
SYSTEM_PYTHON = "/usr/bin/python3" if Path("/usr/bin/python3").exists() else "python3"


def run(clone: Path, script: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COMPANION_PIP_ARGS": "--no-deps", "COMPANION_PYTHON": SYSTEM_PYTHON}
    env.pop("COMPANION_PREFIX", None)
    return subprocess.run(["bash", str(clone / "systemd" / script), *args], capture_output=True, text=True,
                          timeout=300, env=env, stdin=subprocess.DEVNULL)


def snapshot(root: Path) -> dict[str, tuple[int, int, int]]:
    """Every file and folder under `root`: (size, mtime in ns, mode)."""
    seen = {}
    for path in [root, *root.rglob("*")]:
        stat = path.lstat()
        seen[str(path.relative_to(root))] = (stat.st_size, stat.st_mtime_ns, stat.st_mode)
    return seen


@pytest.fixture(scope="module")
def first_install(tmp_path_factory, clone) -> tuple[Path, str]:
    prefix = tmp_path_factory.mktemp("install") / "root"
    result = run(clone, "install.sh", "--prefix", str(prefix))
    assert result.returncode == 0, result.stdout + result.stderr
    return prefix, result.stdout


@pytest.fixture
def prefix(first_install, tmp_path) -> Path:
    """A copy of the installed tree (the venv still works from it: its python is a symlink)."""
    copy = tmp_path / "root"
    shutil.copytree(first_install[0], copy, symlinks=True)
    return copy


def test_first_run_installs_everything_under_the_prefix(first_install, clone):
    prefix, output = first_install
    for relative in INSTALLED:
        assert (prefix / relative).exists(), relative
    assert (prefix / "var/lib/companion").is_dir()
    assert (prefix / "opt/companion/bin/companion-desktop-start").stat().st_mode & 0o111
    assert (prefix / "etc/systemd/system/companion.service").read_bytes() == (SYSTEMD_DIR / "companion.service").read_bytes()
    venv_python = prefix / "opt/companion/venv/bin/python"
    check = subprocess.run([str(venv_python), "-c", "import companion, hardware, companion.doctor; print(companion.__version__)"],
                           capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
    # The service's user reads what root installed, whatever root's umask was.
    installed_init = next((prefix / "opt/companion/venv/lib").glob("python3*/site-packages/companion/__init__.py"))
    assert installed_init.stat().st_mode & 0o004
    # Nothing of the running system was touched: every such step is only printed.
    for step in ("apt-get install", "groupadd --system gpio", "useradd --system", "usermod -aG gpio,i2c,dialout,input,video,render companion",
                 "systemctl daemon-reload", "udevadm control --reload", "systemctl enable companion.service"):
        assert f"install: skipped (--prefix): {step}" in output, step
    assert "mode: console (found by --mode auto)" in output
    assert "wrote /etc/udev/rules.d/70-companion.rules" in output
    assert output.splitlines()[-1].startswith("install: done in ")
    # pip built from a copy of its own: the clone gained no build/ or egg-info.
    assert not (clone / "build").exists() and not list(clone.glob("*.egg-info"))


def test_second_run_changes_nothing_and_says_so(prefix, clone):
    before = snapshot(prefix)
    result = run(clone, "install.sh", "--prefix", str(prefix))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == \
        "install: nothing changed: companion is installed (console mode, runs as companion)"
    assert "wrote " not in result.stdout and "created " not in result.stdout
    assert snapshot(prefix) == before


def test_an_edited_unit_is_put_back_and_counted(prefix, clone):
    unit = prefix / "etc/systemd/system/companion.service"
    unit.write_text(unit.read_text().replace("RestartSec=2", "RestartSec=30"))
    result = run(clone, "install.sh", "--prefix", str(prefix))
    assert "install: wrote /etc/systemd/system/companion.service" in result.stdout
    assert "install: skipped (--prefix): systemctl daemon-reload" in result.stdout
    assert ": 1 change (console mode" in result.stdout.splitlines()[-1]
    assert unit.read_bytes() == (SYSTEMD_DIR / "companion.service").read_bytes()


def test_scanner_id_is_written_and_kept_by_later_runs(prefix, clone):
    rules = prefix / "etc/udev/rules.d/70-companion.rules"
    assert 'ATTRS{idVendor}=="2e8a", ATTRS{idProduct}=="000a"' in rules.read_text()
    result = run(clone, "install.sh", "--prefix", str(prefix), "--scanner-id", "303A:1001")
    assert result.returncode == 0 and "wrote /etc/udev/rules.d/70-companion.rules" in result.stdout
    assert 'ATTRS{idVendor}=="303a", ATTRS{idProduct}=="1001", SYMLINK+="dice-scanner"' in rules.read_text()
    again = run(clone, "install.sh", "--prefix", str(prefix))
    assert again.stdout.splitlines()[-1].startswith("install: nothing changed")
    assert 'ATTRS{idVendor}=="303a"' in rules.read_text()


def test_an_adapters_scanner_id_names_its_ttyusb_and_an_old_ttyacm_only_rule_is_widened(prefix, clone):
    from test_udev_rules import applied, parse_rules, usb_serial

    rules = prefix / "etc/udev/rules.d/70-companion.rules"
    result = run(clone, "install.sh", "--prefix", str(prefix), "--scanner-id", "1a86:7523")  # a CH340
    assert result.returncode == 0, result.stderr
    installed = parse_rules(rules.read_text())
    for kernel in ("ttyUSB0", "ttyACM0"):  # an adapter's tty, or the same IDs on a CDC-ACM port
        named = applied(installed, usb_serial(kernel, "1a86", "7523"))
        assert named["SYMLINK"] == ["dice-scanner"] and named["GROUP"] == ["dialout"] and named["MODE"] == ["0660"]
        assert named["ENV{ID_MM_DEVICE_IGNORE}"] == ["1"]
    assert "SYMLINK" not in applied(installed, usb_serial("ttyACM0", "2e8a", "000a"))  # the Pico's IDs are gone
    assert "SYMLINK" not in applied(installed, usb_serial("ttyUSB1", "10c4", "ea60"))  # another adapter
    # A rule installed before ttyUSB was matched, with its own IDs: the next run keeps the IDs and
    # widens the match.
    old = (SYSTEMD_DIR / "70-companion.rules").read_text().replace(
        'KERNEL=="ttyACM[0-9]*|ttyUSB[0-9]*", ATTRS{idVendor}=="2e8a", ATTRS{idProduct}=="000a"',
        'KERNEL=="ttyACM[0-9]*", ATTRS{idVendor}=="10c4", ATTRS{idProduct}=="ea60"')
    assert 'KERNEL=="ttyACM[0-9]*", ATTRS{idVendor}=="10c4"' in old
    rules.write_text(old)
    again = run(clone, "install.sh", "--prefix", str(prefix))
    assert again.returncode == 0 and "wrote /etc/udev/rules.d/70-companion.rules" in again.stdout
    assert "skipped (--prefix): udevadm trigger" in again.stdout
    named = applied(parse_rules(rules.read_text()), usb_serial("ttyUSB0", "10c4", "ea60"))  # a CP2102
    assert named["SYMLINK"] == ["dice-scanner"]


def test_desktop_mode_runs_as_the_desktop_user(prefix, clone):
    result = run(clone, "install.sh", "--prefix", str(prefix), "--mode", "desktop", "--user", "alice")
    assert result.returncode == 0, result.stderr
    assert "install: skipped (--prefix): usermod -aG gpio,i2c,dialout,input,video,render alice" in result.stdout
    assert "install: skipped (--prefix): systemctl disable companion.service" in result.stdout
    assert "useradd" not in result.stdout
    assert result.stdout.splitlines()[-1].endswith("(desktop mode, runs as alice)")


def test_a_file_that_cannot_be_written_ends_the_install_saying_which(prefix, clone):
    # It used to say "wrote /usr/local/bin/companion-doctor" and go on (put's status is tested by
    # its callers, which turns `set -e` off inside it).
    shutil.rmtree(prefix / "usr/local/bin")
    (prefix / "usr/local/bin").write_text("a file where the folder should be")
    result = run(clone, "install.sh", "--prefix", str(prefix))
    assert result.returncode == 1
    assert "install: cannot write /usr/local/bin/companion-doctor: is /usr/local/bin read-only?" in result.stderr
    assert "wrote /usr/local/bin/companion-doctor" not in result.stdout


@pytest.mark.parametrize("args, message", [
    (("--mode", "kiosk"), "--mode must be auto, console or desktop"),
    (("--scanner-id", "2e8a-000a"), "--scanner-id must be VVVV:PPPP"),
    (("--colour",), "unknown argument: --colour"),
])
def test_bad_arguments_are_refused(tmp_path, clone, args, message):
    result = run(clone, "install.sh", "--prefix", str(tmp_path / "root"), *args)
    assert result.returncode != 0 and message in result.stderr
    assert not (tmp_path / "root/opt").exists()


def test_installed_units_verify_under_the_prefix(prefix):
    root = make_verify_root(prefix)  # the real venv's companion is there; adds systemd's units and /bin/sh
    result = verify_system_unit(root, "companion.service")
    assert result.returncode == 0 and not (result.stdout + result.stderr).strip(), result.stderr


def test_uninstall_keeps_the_players_data(prefix, clone):
    game = prefix / "var/lib/companion/games/20250101-trajan.journal"
    game.parent.mkdir(parents=True)
    game.write_bytes(b"a game")
    (prefix / "var/lib/companion/config.toml").write_text('language = "zh-Hans"\n')
    result = run(clone, "uninstall.sh", "--prefix", str(prefix))
    assert result.returncode == 0, result.stderr
    for relative in INSTALLED:
        assert not (prefix / relative).exists(), relative
    assert not (prefix / "opt/companion").exists()
    assert game.read_bytes() == b"a game"
    assert (prefix / "var/lib/companion/config.toml").exists()
    assert "kept the players' games and config in /var/lib/companion" in result.stdout
    assert "skipped (--prefix): systemctl disable --now companion.service" in result.stdout


def test_purging_data_needs_a_yes(prefix, clone):
    data = prefix / "var/lib/companion"
    (data / "games").mkdir()
    refused = run(clone, "uninstall.sh", "--prefix", str(prefix), "--purge-data")  # stdin: not a terminal
    assert refused.returncode != 0 and "add --yes to confirm (nothing was removed)" in refused.stderr
    assert (data / "games").is_dir() and (prefix / "opt/companion/venv").is_dir()
    purged = run(clone, "uninstall.sh", "--prefix", str(prefix), "--purge-data", "--yes")
    assert purged.returncode == 0, purged.stderr
    assert not data.exists() and not (prefix / "opt/companion").exists()
    assert "removed /var/lib/companion" in purged.stdout


# -- a system root with no running systemd and no udevd (a chroot, an image being built) ------------------

STUBS = {
    # Every package is there: nothing to install (and nothing fetched from the network).
    "dpkg-query": "echo 'install ok installed'",
    "apt-get": "exit 1",
    # udevadm as it answers where no udevd runs: the ping finds no control socket.
    "udevadm": "echo 'Failed to send ping request: No such file or directory' >&2; exit 1",
}

MOUNT_AND_RUN = """set -eu
root="$1"; script="$2"; shift 2
mount --rbind /usr "$root/usr" && mount -o remount,bind,ro "$root/usr"
mount --bind "$root/../usr-local" "$root/usr/local"
mount --rbind /dev "$root/dev"
mount -t proc proc "$root/proc"
exec chroot "$root" /usr/bin/env -i PATH=/stubs:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin HOME=/root \
    COMPANION_PIP_ARGS=--no-deps bash "/clone/systemd/$script" "$@"
"""


def scratch_root(tmp_path: Path, first_install: tuple[Path, str], clone: Path) -> Path:
    """A root to chroot into: this machine's /usr (read-only, but for an empty /usr/local) and a copy
    of its /etc; an empty /run
    (no /run/systemd/system: systemd is not running; no udevd); the venv of the --prefix install (it
    is up to date, so pip has nothing to do); stand-ins for dpkg-query, apt-get and udevadm that log
    their calls."""
    root = tmp_path / "scratch"
    for folder in ("usr", "dev", "proc", "run", "tmp", "root", "opt", "var/lib", "var/cache", "var/tmp", "var/log", "stubs"):
        (root / folder).mkdir(parents=True)
    (tmp_path / "usr-local").mkdir()  # the root's /usr/local, writable (the rest of /usr is this machine's, read-only)
    (root / "tmp").chmod(0o1777)
    for name in ("bin", "sbin", "lib", "lib32", "lib64", "libx32"):
        if Path("/", name).is_symlink():
            (root / name).symlink_to(os.readlink(Path("/", name)))
        elif Path("/", name).exists():
            pytest.skip(f"/{name} is not a link into /usr here (no merged /usr): the scratch root would need it too")
    shutil.copytree("/etc", root / "etc", symlinks=True, ignore_dangling_symlinks=True)
    shutil.copytree(first_install[0] / "opt/companion", root / "opt/companion", symlinks=True)
    shutil.copytree(clone, root / "clone", symlinks=True)
    for name, body in STUBS.items():
        stub = root / "stubs" / name
        stub.write_text(f'#!/bin/sh\necho "{name} $*" >>/stubs/calls\n{body}\n')
        stub.chmod(0o755)
    return root


def run_in(root: Path, script: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["unshare", "--mount", "--fork", "sh", "-c", MOUNT_AND_RUN, "sh", str(root), script, *args],
                          capture_output=True, text=True, timeout=300, stdin=subprocess.DEVNULL)


def system_snapshot(root: Path) -> dict[str, tuple[int, int, int]]:
    seen = {}
    for top in ("etc", "opt", "var", "../usr-local"):
        for path in (root / top).rglob("*"):
            stat = path.lstat()
            seen[str(path.relative_to(root))] = (stat.st_size, stat.st_mtime_ns, stat.st_mode)
    return seen


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("unshare") is None or shutil.which("systemctl") is None,
                    reason="needs root, unshare and systemctl: install.sh runs for real in a chroot (in a private mount namespace)")
def test_where_neither_systemd_nor_udevd_runs_install_skips_their_reloads_saying_so_and_changes_nothing_the_second_time(
        tmp_path, first_install, clone):
    root = scratch_root(tmp_path, first_install, clone)
    first = run_in(root, "install.sh", "--mode", "console")
    assert first.returncode == 0, first.stdout + first.stderr
    lines = first.stdout.splitlines()
    assert not [line for line in lines if "venv" in line or "installed companion" in line], first.stdout  # no pip
    assert ("install: skipped (systemd is not running here: a chroot, an image being built or a container without it): "
            "systemctl daemon-reload; systemd reads the units when it starts") in lines
    assert ("install: skipped (no udevd runs here: a chroot, an image being built or a container): "
            "udevadm control --reload and udevadm trigger; udevd reads the rules when it starts") in lines
    # Enabling needs no running systemd: the link is made.
    assert "install: enabled companion.service (starts at boot on tty1)" in lines
    link = root / "etc/systemd/system/multi-user.target.wants/companion.service"
    assert os.readlink(link) == "/etc/systemd/system/companion.service"
    assert (root / "etc/systemd/system/companion.service").read_bytes() == (SYSTEMD_DIR / "companion.service").read_bytes()
    assert lines[-1] == "install: systemd is not running here: companion starts when this system boots; check it then: sudo companion-doctor"
    assert (tmp_path / "usr-local/bin/companion-doctor").read_bytes() == (SYSTEMD_DIR / "companion-doctor").read_bytes()
    data = root / "var/lib/companion"
    assert data.is_dir() and data.stat().st_mode & 0o777 == 0o700
    calls = [call for call in (root / "stubs/calls").read_text().splitlines() if not call.startswith("dpkg-query ")]
    assert calls == ["udevadm control --ping --timeout=5"], calls  # no reload, no trigger, no apt-get

    before = system_snapshot(root)
    second = run_in(root, "install.sh", "--mode", "console")
    assert second.returncode == 0, second.stdout + second.stderr
    assert second.stdout.splitlines()[-1] == "install: nothing changed: companion is installed (console mode, runs as companion)"
    assert "skipped" not in second.stdout and second.stderr == ""
    assert system_snapshot(root) == before
    again = [call for call in (root / "stubs/calls").read_text().splitlines() if not call.startswith("dpkg-query ")]
    assert again == calls  # nothing to reload: udevd is not even asked after

    removed = run_in(root, "uninstall.sh")
    assert removed.returncode == 0, removed.stdout + removed.stderr
    assert "uninstall: skipped (systemd is not running here): stopping companion.service (disabled it)" in removed.stdout
    assert "uninstall: skipped (no udevd runs here): udevadm control --reload" in removed.stdout
    assert not link.is_symlink() and not (root / "etc/systemd/system/companion.service").exists()
    assert removed.stderr == ""
