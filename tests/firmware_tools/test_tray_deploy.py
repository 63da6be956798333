"""firmware_tools/tray/deploy.sh, as far as it can be tried off a Zero: it parses; its file-writing
part (--config-only, against a temporary root) writes the boot config, the gadget, the units and
the program, and a second run changes nothing; the gadget script, against a stand-in configfs,
makes a CDC-ACM gadget with the udev rule's USB ids, once; the units parse (systemd-analyze, where
there is one); and the program it copies runs from there on its own."""

from __future__ import annotations

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "firmware_tools" / "tray" / "deploy.sh"
STOCK_CONFIG = """# For more options and information see http://rptl.io/configtxt
dtparam=audio=on
camera_auto_detect=1
display_auto_detect=1
auto_initramfs=1
dtoverlay=vc4-kms-v3d
max_framebuffers=2
disable_fw_kms_setup=1
arm_64bit=1
disable_overscan=1
arm_boost=1

[cm4]
otg_mode=1

[all]
"""


def rule_ids() -> tuple[str, str]:
    line = next(l for l in (ROOT / "systemd" / "70-companion.rules").read_text().splitlines()
                if 'SYMLINK+="dice-scanner"' in l)
    return (re.search(r'idVendor}=="(\w{4})"', line).group(1), re.search(r'idProduct}=="(\w{4})"', line).group(1))


def deploy(root: Path) -> str:
    done = subprocess.run(["bash", str(DEPLOY), "--root", str(root), "--config-only"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def tree(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "dir"
            for p in sorted(root.rglob("*"))}


@pytest.fixture
def deployed(tmp_path) -> Path:
    root = tmp_path / "root"
    (root / "boot" / "firmware").mkdir(parents=True)
    (root / "boot" / "firmware" / "config.txt").write_text(STOCK_CONFIG)
    deploy(root)
    return root


def test_the_script_parses():
    assert subprocess.run(["bash", "-n", str(DEPLOY)]).returncode == 0


def test_a_second_run_changes_nothing(deployed):
    before = tree(deployed)
    out = deploy(deployed)
    assert tree(deployed) == before
    assert not re.search(r"^deploy: (wrote|copied|added|removed)", out, re.M), out
    config = (deployed / "boot" / "firmware" / "config.txt").read_text()
    assert config.count("dtoverlay=dwc2,dr_mode=peripheral") == 1 and config.count("camera_auto_detect=1") == 1
    assert config.rstrip().endswith("[all]\ndtoverlay=dwc2,dr_mode=peripheral"), "in the [all] section"
    assert (deployed / "etc/modules-load.d/dice-tray.conf").read_text().split()[-2:] == ["dwc2", "libcomposite"]


def test_the_gadget_has_the_udev_rules_ids(deployed, tmp_path):
    configfs, udc = tmp_path / "configfs", tmp_path / "udc"
    (configfs / "usb_gadget").mkdir(parents=True)
    (udc / "3f980000.usb").mkdir(parents=True)
    env = {**os.environ, "CONFIGFS": str(configfs), "UDC_DIR": str(udc)}
    script = deployed / "usr/local/sbin/dice-tray-gadget"
    for _ in range(2):  # the second run finds it bound and leaves it
        done = subprocess.run(["sh", str(script)], env=env, capture_output=True, text=True, timeout=30)
        assert done.returncode == 0, done.stderr
    gadget = configfs / "usb_gadget" / "dicetray"
    vendor, product = rule_ids()
    assert (gadget / "idVendor").read_text().strip() == f"0x{vendor}"
    assert (gadget / "idProduct").read_text().strip() == f"0x{product}"
    assert (gadget / "configs/c.1/acm.usb0").resolve() == (gadget / "functions/acm.usb0").resolve()
    assert (gadget / "UDC").read_text().strip() == "3f980000.usb"


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze here")
def test_the_units_parse(deployed):
    units = [deployed / "etc/systemd/system/dice-tray-gadget.service", deployed / "etc/systemd/system/dice-tray.service"]
    done = subprocess.run(["systemd-analyze", "verify", "--man=no", *map(str, units)], capture_output=True,
                          text=True, timeout=60)
    # Only what exists on the Zero alone may be missing here: the program and the gadget script.
    allowed = re.compile(r"Command (/opt/dice-tray/venv/bin/python|/usr/local/sbin/dice-tray-gadget) is not executable"
                         r"|Unit dice-tray-gadget\.service not found")
    problems = [l for l in (done.stdout + done.stderr).splitlines() if l.strip() and not allowed.search(l)]
    assert not problems, problems
    unit = units[1].read_text()
    assert "ExecStart=/opt/dice-tray/venv/bin/python -m firmware_tools.tray run --device /dev/ttyGS0" in unit


def test_the_copied_program_runs_on_its_own(deployed):
    src = deployed / "opt/dice-tray/src"
    done = subprocess.run([sys.executable, "-c", "import firmware_tools.tray.runner as r, firmware_tools.tray.__main__ "
                           "as m; print(r.__file__); m.build_parser()"],
                          env={**os.environ, "PYTHONPATH": str(src)}, capture_output=True, text=True, timeout=60,
                          cwd=deployed)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().startswith(str(src))
    assert not (src / "companion").exists() and not (src / "hardware" / "detect.py").exists()


def test_the_build_guide_names_the_rules_ids_and_the_measured_table():
    doc = (ROOT / "docs" / "scanner-build.md").read_text(encoding="utf-8")
    vendor, product = rule_ids()
    assert f"`{vendor}:{product}`" in doc
    assert "MEASURED ON GENERATED IMAGES" in doc and "dice right" in doc, "the benchmark's own table, pasted"
