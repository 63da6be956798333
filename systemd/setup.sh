#!/usr/bin/env bash
# Set up companion from a clone of this repository, then start it or test it.
#
#   bash systemd/setup.sh app [ARGS...]   install what is missing, then run .venv/bin/companion ARGS...
#   bash systemd/setup.sh test [ARGS...]  install what is missing, then run the whole test suite
#                                         (ARGS, if any, go to pytest instead of `tests`)
#
# For Debian 12 / Raspberry Pi OS Bookworm, as root or as a user with sudo. Safe to run again: it
# installs only what is missing (system packages checked with dpkg-query, apt-get update only when
# something must be installed), reuses a working .venv and reinstalls into it only when
# pyproject.toml changed. pip's own configuration (index, constraints, find-links) is respected.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$REPO/.venv"

say() { printf 'setup: %s\n' "$*"; }
die() { printf 'setup: %s\n' "$*" >&2; exit 1; }

usage() {
    printf 'usage: bash systemd/setup.sh app [companion args...]\n       bash systemd/setup.sh test [pytest args...]\n' >&2
    exit 2
}

[ $# -ge 1 ] || usage
MODE="$1"
shift
case "$MODE" in
    app | test) ;;
    *) usage ;;
esac

is_pi() {
    grep -qa "Raspberry Pi" /proc/device-tree/model 2>/dev/null
}

# -- system packages ---------------------------------------------------------------------------------
# Mesa GL/EGL for Kivy's SDL2 (the kivy wheel bundles SDL2 itself), libmtdev1 (else Kivy prints a
# long traceback at start), a CJK font so Chinese never shows as boxes, python3-venv, and espeak-ng
# (Mandarin and English voices) for Augustus' spoken calls; the tests check its sound with sox.
PACKAGES=(python3 python3-venv python3-pip libgl1 libegl1 libegl-mesa0 libgl1-mesa-dri libgbm1 libmtdev1 fonts-wqy-microhei
          espeak-ng)
if [ "$MODE" = test ]; then
    PACKAGES+=(sox)
fi
if is_pi; then
    PACKAGES+=(i2c-tools)  # i2cdetect, which `companion doctor` suggests; lgpio comes with pip's .[pi]
fi

install_packages() {
    if ! command -v dpkg-query >/dev/null 2>&1; then
        say "no dpkg-query (not Debian?): skipping system packages; make sure these are installed: ${PACKAGES[*]}"
        return
    fi
    local missing=() pkg
    for pkg in "${PACKAGES[@]}"; do
        if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$pkg")
        fi
    done
    if [ ${#missing[@]} -eq 0 ]; then
        say "system packages: all present"
        return
    fi
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null 2>&1 || die "need root or sudo to install: ${missing[*]}"
        sudo=(sudo)
    fi
    say "installing system packages: ${missing[*]}"
    local log
    log="$(mktemp)"
    if ! ${sudo[@]+"${sudo[@]}"} env DEBIAN_FRONTEND=noninteractive apt-get update -q >"$log" 2>&1 ||
        ! ${sudo[@]+"${sudo[@]}"} env DEBIAN_FRONTEND=noninteractive \
            apt-get install -y -q --no-install-recommends "${missing[@]}" >>"$log" 2>&1; then
        cat "$log" >&2
        rm -f "$log"
        die "apt-get failed (output above); install by hand: sudo apt-get install ${missing[*]}"
    fi
    rm -f "$log"
    say "system packages: installed"
}

# -- the venv ----------------------------------------------------------------------------------------
make_venv() {
    command -v python3 >/dev/null 2>&1 || die "no python3 on PATH: sudo apt-get install python3"
    python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
        die "companion needs Python 3.11 or newer; python3 is $(python3 -V 2>&1)"
    if [ -x "$VENV/bin/python" ] && "$VENV/bin/python" -c 'import pip' >/dev/null 2>&1; then
        say "venv: $VENV (reused)"
        return
    fi
    if [ -e "$VENV" ]; then
        say "venv: $VENV is broken or incomplete; making it again"
        rm -rf -- "$VENV"
    fi
    say "venv: creating $VENV with $(command -v python3) ($(python3 -V 2>&1))"
    if ! python3 -m venv "$VENV"; then
        rm -rf -- "$VENV"
        die "could not create a venv: install python3-venv (sudo apt-get install python3-venv) and run this again"
    fi
}

install_companion() {
    local extras="test"
    if is_pi; then
        extras="test,pi"
    fi
    # Reinstall only when what pip would install changed: pyproject.toml, the extras, the Python.
    local stamp="$VENV/.companion-setup"
    local want
    want="$(cat "$REPO/pyproject.toml"; echo "extras=$extras"; "$VENV/bin/python" -V 2>&1)"
    want="$(printf '%s' "$want" | sha256sum | cut -d' ' -f1)"
    if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ] &&
        "$VENV/bin/python" -c 'import companion' >/dev/null 2>&1; then
        say "companion: already installed in the venv (.[${extras}])"
        return
    fi
    say "companion: pip install -e '.[${extras}]'"
    local log="$VENV/pip-install.log"
    if ! (cd "$REPO" && "$VENV/bin/python" -m pip install --quiet -e ".[${extras}]") >"$log" 2>&1; then
        cat "$log" >&2
        die "pip install failed (log above, also in $log)"
    fi
    printf '%s\n' "$want" >"$stamp"
    say "companion: installed"
}

started=$SECONDS
install_packages
make_venv
install_companion
say "ready in $((SECONDS - started)) s"

cd "$REPO"
if [ "$MODE" = app ]; then
    # Without a screen the app itself says so plainly (and what to do); no second guess here.
    say "starting: .venv/bin/companion${*:+ $*}"
    exec "$VENV/bin/companion" "$@"
fi
# Extra arguments replace the default `tests` (pyproject's testpaths still applies to options only).
if [ $# -eq 0 ]; then
    set -- tests
fi
# One worker per core this run may use (pytest-xdist counts the CPU affinity, so `taskset -c 0`
# gives one); COMPANION_TEST_WORKERS=N chooses, 0 runs everything in this one process. Each test
# file stays on one worker (--dist loadfile): a module's shared fixtures are made once.
workers="${COMPANION_TEST_WORKERS:-auto}"
say "running the tests: .venv/bin/python -m pytest -p no:cacheprovider -n $workers --dist loadfile $*"
exec "$VENV/bin/python" -m pytest -p no:cacheprovider -n "$workers" --dist loadfile "$@"
