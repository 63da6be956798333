#!/usr/bin/env bash
# Install companion as a kiosk on a Raspberry Pi (Raspberry Pi OS Bookworm): the app starts at boot,
# full screen, and is started again if it fails.
#
#   sudo bash systemd/install.sh [--mode auto|console|desktop] [--user NAME] [--scanner-id VVVV:PPPP]
#   bash systemd/install.sh --prefix DIR [...]      (no root: everything under DIR, nothing else touched)
#
# What it does, each step only when needed (run it again: it says "nothing changed"):
#   1. system packages: Mesa GL/EGL, libmtdev1, the CJK font fonts-wqy-microhei, python3-venv, i2c-tools;
#   2. groups gpio i2c dialout input video render (created when missing); the user that runs the app
#      joins them: `companion` (a system user, created) on the console, the desktop's user on the desktop;
#   3. /opt/companion/venv with companion and its Pi extras (.[pi]) installed from this clone, not
#      editable, so the service never reads the clone (which may be in a home directory it cannot see);
#   4. files: /etc/systemd/system/companion.service (console kiosk), /etc/systemd/user/
#      companion-desktop.service with /etc/xdg/autostart/companion.desktop (desktop kiosk),
#      /etc/udev/rules.d/70-companion.rules, /usr/local/bin/companion-doctor, /opt/companion/docs;
#      the rule names the dice scanner /dev/dice-scanner by its USB IDs (--scanner-id, else the ones
#      installed before, else a Raspberry Pi Pico's 2e8a:000a), whether it is a CDC-ACM board
#      (ttyACM) or behind a USB-serial adapter (ttyUSB: CH340 1a86:7523, CP2102 10c4:ea60, FTDI 0403:6001);
#   5. the mode: "console" enables companion.service (and boots to the console rather than the
#      desktop); "desktop" leaves it to the desktop's autostart. "auto": desktop when the Pi boots to
#      a desktop, else console.
#
# --prefix DIR (or COMPANION_PREFIX) treats DIR as the root: files go where they would go under /,
# and every step that would change the running system (apt-get, groupadd, useradd, usermod,
# systemctl, udevadm) is printed as "skipped (--prefix): ..." instead. CI installs this way.
# COMPANION_PYTHON picks the Python the venv is made with (default python3); COMPANION_PIP_ARGS adds
# arguments to pip (e.g. "--no-index --find-links /media/wheels" to install offline).
set -euo pipefail
# Everything installed is read by the service's own user: never let root's umask make it private.
umask 022

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SRC="$REPO/systemd"
GROUPS_NEEDED=(gpio i2c dialout input video render)
PACKAGES=(python3 python3-venv python3-pip libgl1 libegl1 libegl-mesa0 libgl1-mesa-dri libgbm1 libmtdev1 fonts-wqy-microhei i2c-tools
          espeak-ng)
SERVICE_USER=companion
DEFAULT_SCANNER_ID=2e8a:000a

say() { printf 'install: %s\n' "$*"; }
die() { printf 'install: %s\n' "$*" >&2; exit 1; }
usage() {
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2
    exit 2
}

PREFIX="${COMPANION_PREFIX:-}"
MODE=auto
DESKTOP_USER="${SUDO_USER:-}"
SCANNER_ID=""
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || usage; PREFIX="$2"; shift 2 ;;
        --prefix=*) PREFIX="${1#*=}"; shift ;;
        --mode) [ $# -ge 2 ] || usage; MODE="$2"; shift 2 ;;
        --mode=*) MODE="${1#*=}"; shift ;;
        --user) [ $# -ge 2 ] || usage; DESKTOP_USER="$2"; shift 2 ;;
        --user=*) DESKTOP_USER="${1#*=}"; shift ;;
        --scanner-id) [ $# -ge 2 ] || usage; SCANNER_ID="$2"; shift 2 ;;
        --scanner-id=*) SCANNER_ID="${1#*=}"; shift ;;
        -h | --help) usage ;;
        *) printf 'install: unknown argument: %s\n' "$1" >&2; usage ;;
    esac
done
case "$MODE" in auto | console | desktop) ;; *) die "--mode must be auto, console or desktop, not \"$MODE\"" ;; esac
if [ -n "$SCANNER_ID" ] && ! [[ "$SCANNER_ID" =~ ^[0-9a-fA-F]{4}:[0-9a-fA-F]{4}$ ]]; then
    die "--scanner-id must be VVVV:PPPP in hex (udevadm info shows idVendor and idProduct), not \"$SCANNER_ID\""
fi
SCANNER_ID="$(printf '%s' "$SCANNER_ID" | tr 'A-F' 'a-f')"
if [ -n "$PREFIX" ]; then
    mkdir -p "$PREFIX"
    PREFIX="$(cd "$PREFIX" && pwd)"
elif [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || die "run as root (or with --prefix DIR to install into a folder)"
    exec sudo --preserve-env=COMPANION_PYTHON,COMPANION_PIP_ARGS bash "${BASH_SOURCE[0]}" \
        --mode "$MODE" ${DESKTOP_USER:+--user "$DESKTOP_USER"} ${SCANNER_ID:+--scanner-id "$SCANNER_ID"}
fi

OPT="$PREFIX/opt/companion"
VENV="$OPT/venv"
ETC="$PREFIX/etc"
DATA="$PREFIX/var/lib/companion"
CHANGES=0

changed() { CHANGES=$((CHANGES + 1)); say "$*"; }

# A step that changes the running system: done as root, or only printed under --prefix.
system() {
    if [ -n "$PREFIX" ]; then
        say "skipped (--prefix): $*"
        return 0
    fi
    "$@"
}

# -- 1. system packages ---------------------------------------------------------------------------
install_packages() {
    if [ -n "$PREFIX" ]; then
        say "skipped (--prefix): apt-get install ${PACKAGES[*]}"
        return
    fi
    if ! command -v dpkg-query >/dev/null 2>&1; then
        say "no dpkg-query (not Debian?): install these yourself: ${PACKAGES[*]}"
        return
    fi
    local missing=() pkg
    for pkg in "${PACKAGES[@]}"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
    done
    [ ${#missing[@]} -eq 0 ] && return
    local log
    log="$(mktemp)"
    if ! { DEBIAN_FRONTEND=noninteractive apt-get update -q &&
        DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"; } >"$log" 2>&1; then
        cat "$log" >&2
        rm -f "$log"
        die "apt-get failed (output above); install by hand: sudo apt-get install ${missing[*]}"
    fi
    rm -f "$log"
    changed "installed system packages: ${missing[*]}"
}

# -- mode -----------------------------------------------------------------------------------------
boots_to_desktop() {
    [ -e "$ETC/systemd/system/display-manager.service" ] || return 1
    [ -n "$PREFIX" ] && return 0
    [ "$(systemctl get-default 2>/dev/null)" = graphical.target ]
}

resolve_mode() {
    if [ "$MODE" = auto ]; then
        if boots_to_desktop; then MODE=desktop; else MODE=console; fi
        say "mode: $MODE (found by --mode auto)"
    else
        say "mode: $MODE"
    fi
    if [ "$MODE" = desktop ]; then
        if [ -z "$DESKTOP_USER" ] || [ "$DESKTOP_USER" = root ]; then
            DESKTOP_USER="$(getent passwd 1000 | cut -d: -f1 || true)"
        fi
        if [ -z "$DESKTOP_USER" ] && [ -n "$PREFIX" ]; then
            DESKTOP_USER="$(id -un)"
        fi
        [ -n "$DESKTOP_USER" ] || die "--mode desktop: name the desktop's user with --user NAME"
        [ -n "$PREFIX" ] || getent passwd "$DESKTOP_USER" >/dev/null || die "no user \"$DESKTOP_USER\" (--user)"
        RUN_AS="$DESKTOP_USER"
    else
        RUN_AS="$SERVICE_USER"
    fi
}

# -- 2. groups and the user -----------------------------------------------------------------------
in_group() { id -nG "$1" 2>/dev/null | tr ' ' '\n' | grep -qx "$2"; }

setup_user() {
    local group
    for group in "${GROUPS_NEEDED[@]}"; do
        if [ -n "$PREFIX" ]; then
            system groupadd --system "$group"
        elif ! getent group "$group" >/dev/null; then
            groupadd --system "$group"
            changed "created group $group"
        fi
    done
    if [ "$MODE" = console ]; then
        if [ -n "$PREFIX" ]; then
            system useradd --system --user-group --home-dir /var/lib/companion --no-create-home \
                --shell /usr/sbin/nologin "$SERVICE_USER"
        elif ! getent passwd "$SERVICE_USER" >/dev/null; then
            useradd --system --user-group --home-dir /var/lib/companion --no-create-home \
                --shell /usr/sbin/nologin --comment "companion kiosk" "$SERVICE_USER"
            changed "created system user $SERVICE_USER"
        fi
    fi
    local wanted=()
    for group in "${GROUPS_NEEDED[@]}"; do
        [ -z "$PREFIX" ] && in_group "$RUN_AS" "$group" && continue
        wanted+=("$group")
    done
    if [ ${#wanted[@]} -gt 0 ]; then
        local list
        list="$(IFS=,; printf '%s' "${wanted[*]}")"
        system usermod -aG "$list" "$RUN_AS"
        [ -n "$PREFIX" ] || changed "added $RUN_AS to the groups $list (a desktop user: log out and in again)"
    fi
}

# -- 3. the venv ----------------------------------------------------------------------------------
make_venv() {
    local python="${COMPANION_PYTHON:-python3}"
    command -v "$python" >/dev/null 2>&1 || die "no $python: sudo apt-get install python3"
    "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
        die "companion needs Python 3.11 or newer; $python is $("$python" -V 2>&1)"
    if [ -x "$VENV/bin/python" ] && "$VENV/bin/python" -c 'import pip' >/dev/null 2>&1; then
        return
    fi
    rm -rf -- "$VENV"
    mkdir -p "$OPT"
    "$python" -m venv "$VENV" || { rm -rf -- "$VENV"; die "could not create $VENV: sudo apt-get install python3-venv"; }
    changed "created the venv $VENV ($("$VENV/bin/python" -V 2>&1))"
}

# The package is installed from a copy of exactly what pip needs, never built inside the clone (other
# work there is left alone); a stamp of that copy's contents makes a second run a no-op.
install_package() {
    local stage="$STAGE" stamp_file="$VENV/.companion-install" want
    local parts=(pyproject.toml README.md companion hardware)
    [ -d "$REPO/firmware_tools" ] && parts+=(firmware_tools)
    tar -C "$REPO" --exclude=__pycache__ --exclude='*.pyc' --exclude='*.egg-info' -cf - "${parts[@]}" | tar -C "$stage" -xf -
    want="$(cd "$stage" && find . -type f -print0 | LC_ALL=C sort -z | xargs -0 sha256sum |
        { cat; echo "extras=pi"; echo "pip=${COMPANION_PIP_ARGS:-}"; "$VENV/bin/python" -V 2>&1; } | sha256sum | cut -d' ' -f1)"
    if [ -f "$stamp_file" ] && [ "$(cat "$stamp_file")" = "$want" ] &&
        "$VENV/bin/python" -c 'import companion, hardware' >/dev/null 2>&1; then
        return
    fi
    local log="$OPT/pip-install.log"
    # shellcheck disable=SC2086
    if ! { "$VENV/bin/python" -m pip uninstall --quiet --yes companion &&
        "$VENV/bin/python" -m pip install --quiet ${COMPANION_PIP_ARGS:-} "$stage[pi]"; } >"$log" 2>&1; then
        cat "$log" >&2
        die "pip install failed (log above, also in $log)"
    fi
    printf '%s\n' "$want" >"$stamp_file"
    changed "installed companion $("$VENV/bin/python" -c 'import companion; print(companion.__version__)') into $VENV"
}

# -- 4. files -------------------------------------------------------------------------------------
UNITS_CHANGED=0
RULES_CHANGED=0

# put SOURCE_FILE DEST MODE: writes DEST (atomically) only when its content differs; status 1 when
# it was already so. A file it cannot write ends the install (put's callers test its status, which
# turns `set -e` off inside it: every step is checked here).
put() {
    local source="$1" dest="$2" mode="$3" temp
    if [ -f "$dest" ] && cmp -s "$source" "$dest" && [ "$(stat -c %a "$dest")" = "${mode#0}" ]; then
        return 1
    fi
    mkdir -p "$(dirname "$dest")" 2>/dev/null && temp="$(mktemp "$dest.XXXXXX" 2>/dev/null)" ||
        die "cannot write ${dest#"$PREFIX"}: is $(dirname "${dest#"$PREFIX"}") read-only? (nothing after it was installed)"
    if ! { cat "$source" >"$temp" && chmod "$mode" "$temp" && mv -f "$temp" "$dest"; }; then
        rm -f -- "$temp"
        die "cannot write ${dest#"$PREFIX"} (nothing after it was installed)"
    fi
    changed "wrote ${dest#"$PREFIX"}"
}

# The scanner's IDs: --scanner-id, else those already installed (an earlier --scanner-id is kept),
# else the default.
scanner_rules() {
    local installed="$ETC/udev/rules.d/70-companion.rules" id="$SCANNER_ID"
    if [ -z "$id" ] && [ -f "$installed" ]; then
        id="$(sed -n 's/.*ATTRS{idVendor}=="\([0-9a-f]\{4\}\)", ATTRS{idProduct}=="\([0-9a-f]\{4\}\)".*dice-scanner.*/\1:\2/p' "$installed" | head -n1)"
    fi
    id="${id:-$DEFAULT_SCANNER_ID}"
    sed "s/ATTRS{idVendor}==\"${DEFAULT_SCANNER_ID%:*}\", ATTRS{idProduct}==\"${DEFAULT_SCANNER_ID#*:}\"/ATTRS{idVendor}==\"${id%:*}\", ATTRS{idProduct}==\"${id#*:}\"/" \
        "$SRC/70-companion.rules"
}

install_files() {
    put "$SRC/companion.service" "$ETC/systemd/system/companion.service" 0644 && UNITS_CHANGED=1
    put "$SRC/companion-desktop.service" "$ETC/systemd/user/companion-desktop.service" 0644 && UNITS_CHANGED=1
    put "$SRC/companion.desktop" "$ETC/xdg/autostart/companion.desktop" 0644 || true
    put "$SRC/companion-desktop-start" "$OPT/bin/companion-desktop-start" 0755 || true
    put "$SRC/companion-doctor" "$PREFIX/usr/local/bin/companion-doctor" 0755 || true
    put "$REPO/docs/kiosk.md" "$OPT/docs/kiosk.md" 0644 || true
    put "$REPO/docs/hardware.md" "$OPT/docs/hardware.md" 0644 || true
    local rules
    rules="$(mktemp)"
    scanner_rules >"$rules"
    put "$rules" "$ETC/udev/rules.d/70-companion.rules" 0644 && RULES_CHANGED=1
    rm -f "$rules"
    if [ "$MODE" = console ] && [ ! -d "$DATA" ]; then
        mkdir -p "$DATA"
        chmod 0700 "$DATA"
        [ -n "$PREFIX" ] || chown "$SERVICE_USER:$SERVICE_USER" "$DATA"
        changed "created the data directory ${DATA#"$PREFIX"}"
    fi
    return 0
}

# -- 5. systemd and udev --------------------------------------------------------------------------
# In a chroot, while an image is built, or in a container, no systemd or no udevd may be running:
# their reloads are skipped then, saying so (they read the new units and rules when they start, at
# the next boot). Enabling needs no running systemd: systemctl then only makes the links.
systemd_runs() { [ -d /run/systemd/system ]; }
udevd_runs() { command -v udevadm >/dev/null 2>&1 && udevadm control --ping --timeout=5 >/dev/null 2>&1; }
NO_SYSTEMD="systemd is not running here: a chroot, an image being built or a container without it"
NO_UDEVD="no udevd runs here: a chroot, an image being built or a container"

activate() {
    if [ "$UNITS_CHANGED" = 1 ]; then
        if [ -n "$PREFIX" ] || systemd_runs; then
            system systemctl daemon-reload
        else
            say "skipped ($NO_SYSTEMD): systemctl daemon-reload; systemd reads the units when it starts"
        fi
    fi
    if [ "$RULES_CHANGED" = 1 ]; then
        if [ -n "$PREFIX" ] || udevd_runs; then
            system udevadm control --reload
            system udevadm trigger --subsystem-match=tty --subsystem-match=gpio --subsystem-match=i2c-dev
        else
            say "skipped ($NO_UDEVD): udevadm control --reload and udevadm trigger; udevd reads the rules when it starts"
        fi
    fi
    if [ -n "$PREFIX" ]; then
        if [ "$MODE" = console ]; then
            system systemctl enable companion.service
        else
            system systemctl disable companion.service
        fi
        return
    fi
    if ! command -v systemctl >/dev/null 2>&1; then
        say "skipped (no systemctl here: this system does not boot with systemd): systemctl $([ "$MODE" = console ] && echo enable || echo disable) companion.service"
        return
    fi
    if [ "$MODE" = console ]; then
        if ! systemctl --quiet is-enabled companion.service 2>/dev/null; then
            systemctl --quiet enable companion.service
            changed "enabled companion.service (starts at boot on tty1)"
        fi
        if [ "$(systemctl get-default)" = graphical.target ] && [ -e /etc/systemd/system/display-manager.service ]; then
            systemctl --quiet set-default multi-user.target
            changed "boots to the console now, not the desktop (back: sudo raspi-config nonint do_boot_behaviour B4)"
        fi
    elif systemctl --quiet is-enabled companion.service 2>/dev/null; then
        systemctl --quiet disable companion.service
        changed "disabled companion.service (the desktop starts the app now)"
    fi
}

STAGE="$(mktemp -d)"
trap 'rm -rf -- "$STAGE"' EXIT
started=$SECONDS
[ -n "$PREFIX" ] && say "installing under $PREFIX (as if it were /); the running system is not touched"
install_packages
resolve_mode
setup_user
make_venv
install_package
install_files
activate
if [ "$CHANGES" -eq 0 ]; then
    say "nothing changed: companion is installed ($MODE mode, runs as $RUN_AS)"
else
    say "done in $((SECONDS - started)) s: $CHANGES change$([ "$CHANGES" -eq 1 ] || echo s) ($MODE mode, runs as $RUN_AS)"
    if [ -z "$PREFIX" ]; then
        if [ "$MODE" = console ] && ! systemd_runs; then
            say "systemd is not running here: companion starts when this system boots; check it then: sudo companion-doctor"
        elif [ "$MODE" = console ]; then
            say "start it now: sudo systemctl restart companion   (or reboot); check it: sudo companion-doctor"
        else
            say "it starts with the desktop; boot straight into it: sudo raspi-config nonint do_boot_behaviour B4"
        fi
    fi
fi
