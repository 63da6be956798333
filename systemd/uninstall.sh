#!/usr/bin/env bash
# Remove what systemd/install.sh installed: the units, the desktop autostart entry, the udev rules,
# /usr/local/bin/companion-doctor and /opt/companion (the venv). The players' games and config in
# /var/lib/companion stay, and so does the `companion` user that owns them, unless --purge-data.
#
#   sudo bash systemd/uninstall.sh                  keeps /var/lib/companion (games and config)
#   sudo bash systemd/uninstall.sh --purge-data     deletes them too: asks you to type "delete" first
#   sudo bash systemd/uninstall.sh --purge-data --yes   (no question: for scripts)
#   bash systemd/uninstall.sh --prefix DIR [...]    removes what install.sh --prefix DIR put there
#
# A desktop user's own games (~/.local/share/companion) are never touched. The boot target
# (console or desktop) is left as it is.
set -euo pipefail

say() { printf 'uninstall: %s\n' "$*"; }
die() { printf 'uninstall: %s\n' "$*" >&2; exit 1; }
usage() {
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2
    exit 2
}

PREFIX="${COMPANION_PREFIX:-}"
PURGE=0
YES=0
while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) [ $# -ge 2 ] || usage; PREFIX="$2"; shift 2 ;;
        --prefix=*) PREFIX="${1#*=}"; shift ;;
        --purge-data) PURGE=1; shift ;;
        --yes) YES=1; shift ;;
        -h | --help) usage ;;
        *) printf 'uninstall: unknown argument: %s\n' "$1" >&2; usage ;;
    esac
done
if [ -n "$PREFIX" ]; then
    [ -d "$PREFIX" ] || die "--prefix $PREFIX: no such folder"
    PREFIX="$(cd "$PREFIX" && pwd)"
elif [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || die "run as root (or with --prefix DIR)"
    args=()
    [ "$PURGE" = 1 ] && args+=(--purge-data)
    [ "$YES" = 1 ] && args+=(--yes)
    exec sudo bash "${BASH_SOURCE[0]}" ${args[@]+"${args[@]}"}
fi

DATA="$PREFIX/var/lib/companion"

# Asked before anything is removed, so a "no" leaves everything as it was.
if [ "$PURGE" = 1 ] && [ "$YES" = 0 ] && [ -d "$DATA" ]; then
    if [ ! -t 0 ]; then
        die "--purge-data deletes the players' games in ${DATA#"$PREFIX"}: add --yes to confirm (nothing was removed)"
    fi
    printf 'uninstall: --purge-data deletes every game and the config in %s. Type "delete" to go on: ' "${DATA#"$PREFIX"}"
    read -r answer || answer=""
    [ "$answer" = delete ] || die "not confirmed: nothing was removed"
fi

system() {
    if [ -n "$PREFIX" ]; then
        say "skipped (--prefix): $*"
    else
        "$@" || true
    fi
}

remove() {
    local path="$PREFIX$1"
    if [ -e "$path" ] || [ -L "$path" ]; then
        rm -rf -- "$path"
        say "removed $1"
    fi
}

# Where no systemd or no udevd runs (a chroot, an image being built, a container), there is nothing
# to stop or reload: say so instead of printing their errors.
if [ -n "$PREFIX" ] || [ -d /run/systemd/system ]; then
    system systemctl disable --now companion.service
elif command -v systemctl >/dev/null 2>&1; then
    systemctl --quiet disable companion.service 2>/dev/null || true
    say "skipped (systemd is not running here): stopping companion.service (disabled it)"
fi
remove /etc/systemd/system/companion.service
remove /etc/systemd/user/companion-desktop.service
remove /etc/xdg/autostart/companion.desktop
remove /usr/local/bin/companion-doctor
remove /etc/udev/rules.d/70-companion.rules
remove /opt/companion
remove /var/cache/companion
if [ -n "$PREFIX" ] || [ -d /run/systemd/system ]; then
    system systemctl daemon-reload
else
    say "skipped (systemd is not running here): systemctl daemon-reload"
fi
if [ -n "$PREFIX" ] || { command -v udevadm >/dev/null 2>&1 && udevadm control --ping --timeout=5 >/dev/null 2>&1; }; then
    system udevadm control --reload
else
    say "skipped (no udevd runs here): udevadm control --reload"
fi

if [ "$PURGE" = 1 ]; then
    remove /var/lib/companion
    if [ -n "$PREFIX" ]; then
        system userdel companion
    elif getent passwd companion >/dev/null; then
        userdel companion && say "removed the user companion"
    fi
elif [ -d "$DATA" ]; then
    say "kept the players' games and config in ${DATA#"$PREFIX"} (and the user companion that owns them);"
    say "  to delete them too: sudo bash systemd/uninstall.sh --purge-data"
fi
say "a desktop user's own games (~/.local/share/companion) were not touched; an app still running on the desktop stops at logout"
