"""The kiosk's unit files: `systemd-analyze verify` prints nothing, the console unit's offline security
exposure is at most 1.5, and the settings the sandbox stands on are there (and stay there)."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import time
from pathlib import Path

import pytest

from unitlint import (SYSTEMD_DIR, VENV_COMPANION, analyze, exposure, make_verify_root, unit_entries, values,
                      verify_system_unit, verify_user_unit)

CONSOLE = SYSTEMD_DIR / "companion.service"
DESKTOP = SYSTEMD_DIR / "companion-desktop.service"
GROUPS = {"gpio", "i2c", "dialout", "input", "video", "render"}


def assert_clean(result: subprocess.CompletedProcess[str]) -> None:
    """rc 0 and not a word of output: verify reports many problems as warnings with rc 0."""
    output = (result.stdout + result.stderr).strip()
    assert result.returncode == 0 and not output, f"rc {result.returncode}:\n{output}"


def test_console_unit_verifies_without_a_word(tmp_path):
    root = make_verify_root(tmp_path)
    (root / "etc/systemd/system").mkdir(parents=True)
    shutil.copy(CONSOLE, root / "etc/systemd/system")
    assert_clean(verify_system_unit(root, "companion.service"))


def test_the_lint_fails_on_a_warning_and_on_a_missing_program(tmp_path):
    root = make_verify_root(tmp_path)
    units = root / "etc/systemd/system"
    units.mkdir(parents=True)
    text = CONSOLE.read_text()
    (units / "typo.service").write_text(text.replace("Restart=always", "Restart=on-fail"))
    (units / "moved.service").write_text(text.replace("/opt/companion/venv", "/opt/elsewhere/venv"))
    typo = verify_system_unit(root, "typo.service")
    assert typo.returncode == 0 and "on-fail" in typo.stderr  # rc 0: only the output tells
    with pytest.raises(AssertionError):
        assert_clean(typo)
    moved = verify_system_unit(root, "moved.service")
    assert moved.returncode != 0 and "/opt/elsewhere/venv/bin/companion" in moved.stderr


# Debian bookworm's lightdm.service (Raspberry Pi OS's display manager), comments left out.
LIGHTDM = """[Unit]
Description=Light Display Manager
Documentation=man:lightdm(1)
After=systemd-user-sessions.service
Conflicts=plymouth-quit.service
After=plymouth-quit.service
OnFailure=plymouth-quit.service

[Service]
ExecStart=/usr/sbin/lightdm
Restart=always
BusName=org.freedesktop.DisplayManager

[Install]
Alias=display-manager.service
"""


def desktop_boot_root(root, lightdm: str):
    """A root booting to the desktop (graphical.target wants display-manager.service = lightdm)
    with companion.service enabled, as after a console install on a desktop image."""
    make_verify_root(root, executables=(VENV_COMPANION, "bin/sh", "usr/sbin/lightdm"))
    system = root / "etc/systemd/system"
    (system / "multi-user.target.wants").mkdir(parents=True)
    shutil.copy(CONSOLE, system)
    (system / "multi-user.target.wants/companion.service").symlink_to("/etc/systemd/system/companion.service")
    (root / "usr/lib/systemd/system/lightdm.service").write_text(lightdm)
    (system / "display-manager.service").symlink_to("/usr/lib/systemd/system/lightdm.service")
    return root


def test_a_desktop_boot_orders_the_console_unit_after_the_display_manager_without_a_cycle(tmp_path):
    # companion.service waits for the display manager, then stands down (ExecCondition) while it runs.
    assert_clean(verify_system_unit(desktop_boot_root(tmp_path / "ok", LIGHTDM), "graphical.target"))
    # The check bites: a display manager ordered after multi-user.target would make a cycle.
    looped = LIGHTDM.replace("After=systemd-user-sessions.service", "After=systemd-user-sessions.service multi-user.target")
    result = verify_system_unit(desktop_boot_root(tmp_path / "loop", looped), "graphical.target")
    assert "ordering cycle" in result.stderr


def test_desktop_user_unit_verifies_without_a_word(tmp_path):
    # `--root` does not work with `--user`: verify a copy whose ExecStart names a program that
    # exists here; the next assertion pins the real ExecStart to the path install.sh fills.
    program = tmp_path / "companion"
    program.write_text("#!/bin/sh\n")
    program.chmod(0o755)
    service = unit_entries(DESKTOP)["Service"]
    assert values(service, "ExecStart") == ["/opt/companion/venv/bin/companion --fullscreen"]
    copy = tmp_path / DESKTOP.name
    copy.write_text(DESKTOP.read_text().replace("/opt/companion/venv/bin/companion", str(program)))
    assert_clean(verify_user_unit(copy, tmp_path))


def test_console_unit_exposure_is_at_most_1_5(tmp_path):
    figure, word, output = exposure(CONSOLE)
    assert figure <= 1.5, output
    assert word == "OK"
    # Every line the rating counts against the unit: the ones docs/kiosk.md explains.
    against = {line.split()[1] for line in output.splitlines() if line.startswith("✗")}
    assert against <= {"RootDirectory=/RootImage=", "SupplementaryGroups=", "PrivateDevices=",
                       "MemoryDenyWriteExecute=", "RestrictAddressFamilies=~AF_NETLINK",
                       "RestrictAddressFamilies=~AF_UNIX", "ProcSubset=", "PrivateNetwork=",
                       "PrivateUsers=", "DeviceAllow="}, output


def test_desktop_unit_exposure_is_reported(tmp_path):
    figure, _, _ = exposure(DESKTOP, user=True, runtime_dir=tmp_path)
    assert 0.0 < figure <= 10.0  # a user unit cannot use the namespaces: docs/kiosk.md gives the figure


def test_console_unit_sandbox():
    unit = unit_entries(CONSOLE)
    service = unit["Service"]

    def one(key: str) -> str:
        found = values(service, key)
        assert len(found) == 1, f"{key}: {found}"
        return found[0]

    assert one("User") == "companion" and one("Group") == "companion"
    assert set(one("SupplementaryGroups").split()) == GROUPS
    for key in ("NoNewPrivileges", "PrivateTmp", "ProtectKernelTunables", "ProtectKernelModules",
                "ProtectKernelLogs", "ProtectControlGroups", "RestrictNamespaces", "LockPersonality",
                "RestrictSUIDSGID", "RestrictRealtime", "ProtectHome"):
        assert one(key) == "yes", key
    assert one("ProtectSystem") == "strict"
    assert one("StateDirectory") == "companion"
    assert one("CapabilityBoundingSet") == ""
    assert one("RestrictAddressFamilies").split() == ["AF_UNIX", "AF_NETLINK"]
    assert values(service, "SystemCallFilter")[0] == "@system-service"
    assert one("Restart") == "always"  # SIGHUP and SIGTERM too: test_the_unit_comes_back_after_any_signal
    assert not values(service, "MemoryDenyWriteExecute")  # Mesa's llvmpipe JIT: docs/kiosk.md
    assert one("DevicePolicy") == "closed"
    assert set(values(service, "DeviceAllow")) == {
        "char-drm rw", "char-input r", "char-gpiochip rw", "char-i2c rw", "char-ttyACM rw",
        "char-ttyUSB rw", "/dev/tty1 rw", "/dev/tty rw"}
    env = dict(value.split("=", 1) for value in values(service, "Environment"))
    assert env["SDL_VIDEODRIVER"] == "kmsdrm"
    # The data directory the app computes ($XDG_DATA_HOME/companion) is the writable StateDirectory.
    assert env["XDG_DATA_HOME"] + "/companion" == "/var/lib/" + one("StateDirectory")
    assert env["COMPANION_CONFIG"].startswith("/var/lib/companion/")
    # lgpio's notification pipe and Kivy's home land in RAM, in the one writable runtime directory.
    assert one("WorkingDirectory") == "/run/" + one("RuntimeDirectory") == "/run/companion"
    assert env["KIVY_HOME"].startswith("/run/companion/")
    assert one("TTYPath") == "/dev/tty1" and "getty@tty1.service" in values(unit["Unit"], "Conflicts")
    assert "display-manager.service" in " ".join(values(unit["Unit"], "After"))
    assert one("ExecCondition").startswith("/bin/sh -c 'if systemctl --quiet is-active display-manager.service; then")
    assert values(service, "ReadOnlyPaths") == ["/run"]  # /run/lock is writable by everyone otherwise
    assert values(unit["Install"], "WantedBy") == ["multi-user.target"]


def test_doctor_wrapper_runs_with_the_services_environment():
    service = unit_entries(CONSOLE)["Service"]
    env = dict(value.split("=", 1) for value in values(service, "Environment"))
    wrapper = (SYSTEMD_DIR / "companion-doctor").read_text()
    for name in ("COMPANION_CONFIG", "XDG_DATA_HOME", "XDG_CACHE_HOME"):
        assert re.search(rf"\b{name}={re.escape(env[name])}\s", wrapper), name
    assert "runuser -u companion" in wrapper
    assert "/opt/companion/venv/bin/companion doctor" in wrapper


def test_desktop_autostart_entry_starts_the_user_unit():
    entry = dict(unit_entries(SYSTEMD_DIR / "companion.desktop")["Desktop Entry"])
    assert entry["Type"] == "Application" and entry["Name"]
    assert entry["Exec"] == "/opt/companion/bin/companion-desktop-start"
    launcher = (SYSTEMD_DIR / "companion-desktop-start").read_text()
    assert "import-environment WAYLAND_DISPLAY" in launcher
    assert launcher.rstrip().endswith(f"systemctl --user start {DESKTOP.name}")
    env = dict(value.split("=", 1) for value in values(unit_entries(DESKTOP)["Service"], "Environment"))
    assert env["SDL_VIDEODRIVER"] == "wayland"


@pytest.mark.parametrize("script, shell", [
    ("install.sh", "bash"), ("uninstall.sh", "bash"), ("companion-doctor", "sh"), ("companion-desktop-start", "sh"),
    ("test-in-container.sh", "bash"),
])
def test_scripts_parse(script, shell):
    result = subprocess.run([shell, "-n", str(SYSTEMD_DIR / script)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_installer_installs_every_package_the_setup_script_does():
    def packages(name: str) -> set[str]:
        text = (SYSTEMD_DIR / name).read_text()
        return set(re.search(r"^PACKAGES=\(([^)]*)\)", text, re.M).group(1).split())

    assert packages("setup.sh") <= packages("install.sh")
    assert "fonts-wqy-microhei" in packages("install.sh")


def test_systemd_analyze_runs():
    assert "systemd" in analyze("--version").stdout


def console_service() -> list[tuple[str, str]]:
    return unit_entries(CONSOLE)["Service"]


def only(entries: list[tuple[str, str]], key: str) -> str:
    found = values(entries, key)
    assert len(found) == 1, f"{key}: {found}"
    return found[0]


@pytest.mark.parametrize("path", [CONSOLE, DESKTOP], ids=["console", "desktop"])
def test_the_unit_comes_back_after_any_signal_but_not_after_what_a_restart_cannot_fix(path):
    """Both kiosks alike (docs/kiosk.md's "starts again" row): the desktop's user unit ran
    Restart=on-failure, so a SIGHUP or SIGTERM left the desktop without the app."""
    service = unit_entries(path)["Service"]
    # Restart=on-failure counts SIGHUP, SIGINT, SIGTERM and SIGPIPE as a clean end: a SIGHUP (another
    # unit hanging up tty1) left the kiosk dark. "always" restarts after every end but `systemctl stop`.
    assert only(service, "Restart") == "always"
    assert only(service, "RestartSec") == "2"
    assert not values(service, "RestartForceExitStatus") and not values(service, "SuccessExitStatus")
    # ...except for the two exit codes a restart cannot fix.
    assert only(service, "RestartPreventExitStatus").split() == ["2", "3", "5"]
    # A crash loop still ends: five starts within a minute.
    unit = unit_entries(path)["Unit"]
    assert only(unit, "StartLimitBurst") == "5" and only(unit, "StartLimitIntervalSec") == "60"


def test_exit_status_3_is_the_apps_no_screen(tmp_path):
    """The code the unit does not restart is the one `companion` exits with when it finds no screen
    (2 is a config mistake: tests/test_config.py)."""
    import sys

    if any(Path("/dev/dri").glob("card*")):
        pytest.skip("this machine has a /dev/dri display: the app would open a window")
    env = {key: value for key, value in os.environ.items() if key not in ("DISPLAY", "WAYLAND_DISPLAY")}
    env["SDL_VIDEODRIVER"] = "kmsdrm"  # the unit's own
    result = subprocess.run([sys.executable, "-m", "companion.cli"], capture_output=True, text=True, env=env,
                            timeout=60, cwd=tmp_path)
    assert result.returncode == 3, result.stderr
    assert "no screen found" in result.stderr
    assert "3" in only(console_service(), "RestartPreventExitStatus").split()


def shell_of(line: str) -> list[str]:
    """An Exec line's argv, as systemd splits it (its quoting is the shell's for these lines); a
    leading ':' (no $VARIABLE expansion by systemd) is dropped."""
    return shlex.split(line[1:] if line.startswith(":") else line)


def fake_systemctl(directory: Path, status: int) -> dict[str, str]:
    directory.mkdir(exist_ok=True)
    program = directory / "systemctl"
    program.write_text(f"#!/bin/sh\necho \"$@\" >>{directory}/calls\nexit {status}\n")
    program.chmod(0o755)
    return {**os.environ, "PATH": f"{directory}:{os.environ['PATH']}"}


def test_the_exec_condition_says_why_it_stands_down(tmp_path):
    argv = shell_of(only(console_service(), "ExecCondition"))
    assert argv[:2] == ["/bin/sh", "-c"]
    # A display manager runs (is-active exits 0): skip (exit 1, not 255: that would be a failure),
    # and say why on stdout, which the unit sends to the journal.
    desktop = subprocess.run(argv, capture_output=True, text=True, env=fake_systemctl(tmp_path / "dm", 0), timeout=10)
    assert desktop.returncode == 1
    assert desktop.stdout.strip() == ("companion.service stands down: a display manager runs, "
                                      "so the desktop shows companion (companion-desktop.service)")
    assert (tmp_path / "dm/calls").read_text() == "--quiet is-active display-manager.service\n"
    # None runs (is-active exits 3): go on, without a word.
    console = subprocess.run(argv, capture_output=True, text=True, env=fake_systemctl(tmp_path / "none", 3), timeout=10)
    assert console.returncode == 0 and console.stdout == "" and console.stderr == ""
    assert only(console_service(), "StandardOutput") == "journal"


def test_no_tty1_is_a_condition_the_journal_names():
    # The ExecCondition's input is tty1 (StandardInput=tty-fail): without tty1 it cannot even start,
    # and systemd took that (exit 208, STDIN) for "condition not met": skipped, silently. A
    # ConditionPathExists= comes first, and systemd names it in the journal ("skipped because of an
    # unmet condition check (ConditionPathExists=/dev/tty1)": test-in-container.sh).
    service = console_service()
    assert only(service, "StandardInput") == "tty-fail"
    assert values(unit_entries(CONSOLE)["Unit"], "ConditionPathExists") == [only(service, "TTYPath")] == ["/dev/tty1"]


def wait_for_screen() -> list[str]:
    line = only(console_service(), "ExecStartPre")
    assert line.startswith(":/bin/sh -c "), "':': systemd must leave the shell's $variables alone"
    return shell_of(line)


def test_the_wait_for_a_late_display_driver_is_for_the_console_only(tmp_path):
    env = {**os.environ, "SDL_VIDEODRIVER": "offscreen"}
    started = time.monotonic()
    result = subprocess.run(wait_for_screen(), capture_output=True, text=True, env=env, timeout=10)
    assert result.returncode == 0 and result.stdout == ""
    assert time.monotonic() - started < 2
    assert "SDL_VIDEODRIVER=kmsdrm" in values(console_service(), "Environment")


@pytest.mark.skipif(os.geteuid() != 0 or shutil.which("unshare") is None,
                    reason="needs root and unshare: a private /dev to make a display appear in")
def test_the_wait_ends_when_the_display_driver_appears(tmp_path):
    script = shlex.join(wait_for_screen())
    # A private, empty /dev (this machine's is untouched); /dev/dri/card0 appears 1.5 s later.
    outer = ("mount -t tmpfs tmpfs /dev && mkdir /dev/dri && { sleep 1.5; : >/dev/dri/card0; } & "
             f"SDL_VIDEODRIVER=kmsdrm {script}")
    started = time.monotonic()
    result = subprocess.run(["unshare", "--mount", "--fork", "sh", "-c", outer], capture_output=True, text=True,
                            timeout=30)
    took = time.monotonic() - started
    assert result.returncode == 0, result.stderr
    assert result.stdout == "companion: no /dev/dri/card* yet: waiting up to 10 s for the display driver\n"
    assert 1.4 < took < 5, took
