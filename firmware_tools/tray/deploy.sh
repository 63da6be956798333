#!/usr/bin/env bash
# Sets a fresh Raspberry Pi OS Lite (Bookworm) on a Pi Zero 2 W up as the dice tray: USB gadget
# mode (configfs CDC-ACM, with the USB ids systemd/70-companion.rules expects, so the table's Pi
# names it /dev/dice-scanner), the camera, the tray's program in /opt/dice-tray, and systemd units
# that start it at boot. Idempotent: run it again after a `git pull` to update, nothing doubles.
#
#   sudo bash firmware_tools/tray/deploy.sh             # on the Zero, from a checkout of this repo
#   bash firmware_tools/tray/deploy.sh --root DIR --config-only   # write the files under DIR (tests)
#
# docs/scanner-build.md walks through it. --config-only skips apt, pip, users and systemctl: it
# only writes files (config.txt, modules, the gadget script, the units, the program).
set -euo pipefail

ROOT=/
CONFIG_ONLY=0
while [ $# -gt 0 ]; do
    case "$1" in
        --root) ROOT="${2:?--root needs a directory}"; shift 2 ;;
        --config-only) CONFIG_ONLY=1; shift ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        *) echo "deploy.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
ROOT="${ROOT%/}"
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
RULES="$REPO/systemd/70-companion.rules"
PREFIX=/opt/dice-tray

say() { printf 'deploy: %s\n' "$*"; }
die() { printf 'deploy: %s\n' "$*" >&2; exit 1; }

# The USB ids: the udev rule's, so that the rule and the gadget cannot disagree.
rule_line="$(grep -m1 'SYMLINK+="dice-scanner"' "$RULES" || true)"
VID="$(printf '%s' "$rule_line" | sed -n 's/.*ATTRS{idVendor}=="\([0-9a-fA-F]\{4\}\)".*/\1/p')"
PID="$(printf '%s' "$rule_line" | sed -n 's/.*ATTRS{idProduct}=="\([0-9a-fA-F]\{4\}\)".*/\1/p')"
[ -n "$VID" ] && [ -n "$PID" ] || die "no dice-scanner line with idVendor and idProduct in $RULES"

if [ "$CONFIG_ONLY" = 0 ] && [ "$(id -u)" != 0 ]; then
    die "run it as root: sudo bash $0"
fi

# Writes stdin to a file only if it differs (so a second run changes nothing, not even mtimes).
put() {
    local target="$ROOT$1" mode="$2" new
    new="$(cat)"
    mkdir -p "$(dirname "$target")"
    if [ -f "$target" ] && [ "$(cat "$target")" = "$new" ]; then
        return 1
    fi
    printf '%s\n' "$new" >"$target"
    chmod "$mode" "$target"
    say "wrote $1"
}

# A line in config.txt's [all] section, once. Returns 0 if it was added.
config_line() {
    local config="$1" line="$2"
    if grep -qxF "$line" "$config"; then
        return 1
    fi
    if ! tail -n 20 "$config" | grep -qx '\[all\]'; then
        printf '\n[all]\n' >>"$config"
    fi
    printf '%s\n' "$line" >>"$config"
    say "added '$line' to ${config#"$ROOT"}"
}

reboot_needed=0

# -- the boot config: the USB controller in device mode, the camera found by itself ----------------
config="$ROOT/boot/firmware/config.txt"
[ -f "$config" ] || config="$ROOT/boot/config.txt"  # before Bookworm
[ -f "$config" ] || die "no /boot/firmware/config.txt: is this Raspberry Pi OS?"
if config_line "$config" "dtoverlay=dwc2,dr_mode=peripheral"; then reboot_needed=1; fi
if ! grep -qx 'camera_auto_detect=1' "$config"; then
    if config_line "$config" "camera_auto_detect=1"; then reboot_needed=1; fi
fi

put /etc/modules-load.d/dice-tray.conf 644 <<'EOF' || true
# The dice tray: the Zero's USB controller in device mode, and configfs gadgets.
dwc2
libcomposite
EOF

# -- the gadget: one CDC-ACM serial port, /dev/ttyGS0 here, /dev/ttyACM0 (dice-scanner) there ----
put /usr/local/sbin/dice-tray-gadget 755 <<EOF || true
#!/bin/sh
# Made by firmware_tools/tray/deploy.sh: the dice tray as a USB serial device (configfs CDC-ACM).
# Idempotent: a gadget already bound is left alone. CONFIGFS and UDC_DIR are for tests.
set -eu
CONFIGFS="\${CONFIGFS:-/sys/kernel/config}"
UDC_DIR="\${UDC_DIR:-/sys/class/udc}"
G="\$CONFIGFS/usb_gadget/dicetray"
if [ ! -d "\$CONFIGFS/usb_gadget" ]; then
    modprobe libcomposite 2>/dev/null || true
    mountpoint -q "\$CONFIGFS" || mount -t configfs none "\$CONFIGFS"
fi
if [ -s "\$G/UDC" ]; then
    exit 0
fi
mkdir -p "\$G"
echo 0x$VID >"\$G/idVendor"
echo 0x$PID >"\$G/idProduct"
echo 0x0100 >"\$G/bcdDevice"
echo 0x0200 >"\$G/bcdUSB"
mkdir -p "\$G/strings/0x409"
serial="\$(sed -n 's/^Serial[[:space:]]*: *//p' /proc/cpuinfo 2>/dev/null | tail -c 17)"
echo "\${serial:-0000000000000000}" >"\$G/strings/0x409/serialnumber"
echo "companion" >"\$G/strings/0x409/manufacturer"
echo "Dice tray" >"\$G/strings/0x409/product"
mkdir -p "\$G/configs/c.1/strings/0x409"
echo "CDC ACM" >"\$G/configs/c.1/strings/0x409/configuration"
echo 500 >"\$G/configs/c.1/MaxPower"
mkdir -p "\$G/functions/acm.usb0"
[ -e "\$G/configs/c.1/acm.usb0" ] || ln -s "\$G/functions/acm.usb0" "\$G/configs/c.1/"
udc="\$(ls "\$UDC_DIR" 2>/dev/null | head -n 1)"
[ -n "\$udc" ] || { echo "dice-tray-gadget: no USB device controller (dtoverlay=dwc2 and a reboot?)" >&2; exit 1; }
echo "\$udc" >"\$G/UDC"
EOF

put /etc/systemd/system/dice-tray-gadget.service 644 <<'EOF' || true
[Unit]
Description=Dice tray: USB serial gadget (CDC-ACM)
After=sys-kernel-config.mount systemd-modules-load.service
Wants=sys-kernel-config.mount

[Service]
Type=oneshot
RemainAfterExit=yes
ExecStart=/usr/local/sbin/dice-tray-gadget

[Install]
WantedBy=multi-user.target
EOF

put /etc/systemd/system/dice-tray.service 644 <<EOF || true
[Unit]
Description=Dice tray: reads dice with the camera, reports them over USB serial
After=dice-tray-gadget.service
Requires=dice-tray-gadget.service

[Service]
Type=simple
User=dicetray
Group=dicetray
SupplementaryGroups=video dialout
Environment=PYTHONPATH=$PREFIX/src
Environment=PYTHONUNBUFFERED=1
ExecStart=$PREFIX/venv/bin/python -m firmware_tools.tray run --device /dev/ttyGS0
Restart=always
RestartSec=2

[Install]
WantedBy=multi-user.target
EOF

put /usr/local/bin/dice-tray 755 <<EOF || true
#!/bin/sh
# The tray's command (firmware_tools/tray): dice-tray calibrate --dice "...", dice-tray look FILE
PYTHONPATH=$PREFIX/src exec $PREFIX/venv/bin/python -m firmware_tools.tray "\$@"
EOF

# -- the program: the tray and the protocol code it shares with the app (plain Python files) ------
src="$ROOT$PREFIX/src"
mkdir -p "$src/hardware" "$src/firmware_tools"
copy() {  # FROM TO [NAME...]: a folder's .py/.md/.sh files (or the NAMEs), each only if it differs
    local from="$1" to="$2" f name
    shift 2
    local files=()
    if [ $# -gt 0 ]; then
        for name in "$@"; do files+=("$from/$name"); done
    else
        files=("$from"/*.py "$from"/*.md "$from"/*.sh)
    fi
    mkdir -p "$to"
    for f in "${files[@]}"; do
        [ -f "$f" ] || continue
        name="$(basename "$f")"
        if ! cmp -s "$f" "$to/$name"; then
            cp "$f" "$to/$name"
            say "copied ${to#"$ROOT"}/$name"
        fi
    done
    for f in "$to"/*.py; do  # a module gone from the repo goes from the Zero too
        [ -f "$f" ] || continue
        [ -f "$from/$(basename "$f")" ] || { rm -f "$f"; say "removed ${f#"$ROOT"}"; }
    done
}
copy "$REPO/hardware" "$src/hardware" __init__.py  # of the app's adapters, only the scanner's codec
copy "$REPO/hardware/scanner" "$src/hardware/scanner"
copy "$REPO/firmware_tools" "$src/firmware_tools" __init__.py PROTOCOL.md
copy "$REPO/firmware_tools/tray" "$src/firmware_tools/tray"
mkdir -p "$ROOT/etc/dice-tray"

if [ "$CONFIG_ONLY" = 1 ]; then
    say "files written under $ROOT (--config-only: no packages, users or services)"
    exit 0
fi

# -- packages, the user, the venv, the services ----------------------------------------------------
say "apt: python3-picamera2 python3-numpy python3-venv"
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
    python3-picamera2 python3-numpy python3-venv python3-pip
if ! id dicetray >/dev/null 2>&1; then
    useradd --system --no-create-home --shell /usr/sbin/nologin --groups video,dialout dicetray
    say "made the system user dicetray (groups video, dialout)"
fi
if [ ! -x "$PREFIX/venv/bin/python" ]; then
    # The system's site packages: picamera2 and its numpy come from apt, built for each other.
    python3 -m venv --system-site-packages "$PREFIX/venv"
    say "made $PREFIX/venv"
fi
numpy_version="$(python3 -c 'import numpy; print(numpy.__version__)')"
# OpenCV without a GUI, against apt's numpy (opencv-python-headless 4.12 and later want numpy 2).
"$PREFIX/venv/bin/python" -m pip install --quiet "opencv-python-headless>=4.8,<4.12" "numpy==$numpy_version"
"$PREFIX/venv/bin/python" -c 'import cv2, numpy; print("deploy: OpenCV", cv2.__version__, "numpy", numpy.__version__)'
# No login prompt on the gadget's port: it carries the protocol.
systemctl mask serial-getty@ttyGS0.service >/dev/null 2>&1 || true
systemctl daemon-reload
systemctl enable dice-tray-gadget.service dice-tray.service
if [ "$reboot_needed" = 1 ]; then
    say "done: reboot now (sudo reboot) to switch the USB port to device mode; then plug the Zero's USB"
    say "port (the one marked USB, not PWR) into the table's Pi and run scanner-check /dev/dice-scanner there"
else
    systemctl restart dice-tray-gadget.service dice-tray.service || true
    say "done: the tray restarted (journalctl -u dice-tray -f shows it)"
fi
