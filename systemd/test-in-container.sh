#!/usr/bin/env bash
# The console kiosk under a real systemd: boot a Debian bookworm root with systemd as PID 1
# (systemd-nspawn), install companion into it from this clone with systemd/install.sh, and check
# companion.service there, each check printed as "ok" or "FAIL" with its figure:
#   - install.sh runs where no udevd runs (it says what it skipped) and a second run changes nothing;
#   - the unit starts (a drop-in sets SDL_VIDEODRIVER=offscreen: a container has no screen);
#   - it is back within 5 s after SIGKILL, SIGHUP, SIGTERM and another unit hanging up tty1, and a
#     crash loop still ends (the start limit);
#   - with no screen it stops: exit 3 ("no screen found"), no restart;
#   - beside a running display manager it stands down and says why; with no /dev/tty1 likewise;
#   - the sandbox, tried for real, not read off the settings: what the running app may write (in its
#     own mount namespace), which sockets, devices and system calls a process under the unit's
#     settings gets (a probe unit: the installed unit, another ExecStart), each beside a control
#     without the sandbox that shows the check can fail; `systemd-analyze security` at most 1.5.
#
#   sudo bash systemd/test-in-container.sh [--keep] [--rebuild]
#
#   --keep      leave the container running at the end (it prints how to get a shell in it)
#   --rebuild   build the cached bookworm root again
#
# Needs root, systemd-nspawn and mmdebstrap (sudo apt-get install systemd-container mmdebstrap),
# the network (Debian's mirror once, PyPI for pip unless COMPANION_PIP_ARGS says otherwise) and
# /dev/tty1. COMPANION_CONTAINER_CACHE (default /var/cache/companion-container) holds the bookworm
# root, built once (about 1-5 min) and copied for each run, pip's download cache, the copy being
# booted, and last-run/ (the container's console, install.sh's output). A run takes about 2 minutes
# once the root is built. Exit status 0 when every check
# passed. tests/systemd/test_container.py runs this when COMPANION_TEST_CONTAINER=1.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="${COMPANION_CONTAINER_CACHE:-/var/cache/companion-container}"
KEEP=0
REBUILD=0

say() { printf 'container: %s\n' "$*"; }
die() { printf 'container: %s\n' "$*" >&2; exit 1; }
usage() {
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2
    exit 2
}

while [ $# -gt 0 ]; do
    case "$1" in
        --keep) KEEP=1; shift ;;
        --rebuild) REBUILD=1; shift ;;
        -h | --help) usage ;;
        *) printf 'container: unknown argument: %s\n' "$1" >&2; usage ;;
    esac
done

[ "$(id -u)" -eq 0 ] || die "needs root (systemd-nspawn boots the container): sudo bash systemd/test-in-container.sh"
for tool in systemd-nspawn mmdebstrap nsenter; do
    command -v "$tool" >/dev/null 2>&1 || die "no $tool here: sudo apt-get install -y systemd-container mmdebstrap"
done
[ -c /dev/tty1 ] || die "no /dev/tty1 on this machine: the kiosk unit's terminal is handed to the container from here"

FAILED=()
PASSED=0
ok() { PASSED=$((PASSED + 1)); printf '  ok    %s\n' "$*"; }
bad() { FAILED+=("$1"); printf '  FAIL  %s\n' "$*"; }
# verdict yes|no "what: figure". Each check sets its answer with `answer=no; CONDITION && answer=yes`
# (a bare failing test would end the script under set -e).
verdict() { if [ "$1" = yes ]; then ok "$2"; else bad "$2"; fi; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
first() { grep -o -m1 -- "$1" | head -n1 || true; }  # the first match of a pattern, or nothing (no failure)
at_most() { [ "$(awk -v x="$1" -v limit="$2" 'BEGIN { print (x <= limit) }')" = 1 ]; }

# -- the cached root ------------------------------------------------------------------------------
# What the root holds: a booting systemd with D-Bus, and the system packages install.sh installs
# (taken from it), so that a run does not download Mesa again.
INSTALL_PACKAGES="$(sed -n 's/^PACKAGES=(\(.*\))$/\1/p' "$REPO/systemd/install.sh")"
[ -n "$INSTALL_PACKAGES" ] || die "cannot read PACKAGES=(...) from systemd/install.sh"
INCLUDE="systemd,systemd-sysv,dbus,libpam-systemd,procps,util-linux,sudo,git,ca-certificates,$(printf '%s' "$INSTALL_PACKAGES" | tr ' ' ',')"
CA_FILES=(/usr/local/share/ca-certificates/*.crt)
[ -e "${CA_FILES[0]}" ] || CA_FILES=()
KEY="$({ echo "bookworm $INCLUDE"; [ ${#CA_FILES[@]} -eq 0 ] || cat "${CA_FILES[@]}"; } | sha256sum | cut -c1-12)"
BASE="$CACHE/bookworm-$KEY"
LOGS="$CACHE/last-run"  # the container's console, install.sh's output: kept until the next run
mkdir -p "$CACHE/pip"
exec 9>"$CACHE/.lock"
flock -n 9 || die "another test-in-container.sh is running (it holds $CACHE/.lock)"
rm -rf -- "$LOGS" "$CACHE"/build.* "$CACHE"/run.*  # what an interrupted run left
mkdir -p "$LOGS"

build_base() {
    local build="$CACHE/build.$$"
    rm -rf -- "$build"
    say "building the bookworm root in $BASE (mmdebstrap, a few minutes; kept for later runs)"
    local started=$SECONDS
    if ! mmdebstrap --variant=apt --include="$INCLUDE" bookworm "$build" >"$CACHE/mmdebstrap.log" 2>&1; then
        tail -n 30 "$CACHE/mmdebstrap.log" >&2
        rm -rf -- "$build"
        die "mmdebstrap failed (the end of its log above; all of it in $CACHE/mmdebstrap.log)"
    fi
    # The host's own certificate authorities (a proxy's), or pip inside fails with CERTIFICATE_VERIFY_FAILED.
    if [ ${#CA_FILES[@]} -gt 0 ]; then
        cp "${CA_FILES[@]}" "$build/usr/local/share/ca-certificates/"
        chroot "$build" update-ca-certificates >/dev/null 2>&1 || die "update-ca-certificates failed in $build"
    fi
    echo companion-test >"$build/etc/hostname"
    touch "$build/.companion-base-ready"
    rm -rf -- "$BASE"
    mv "$build" "$BASE"
    local old
    for old in "$CACHE"/bookworm-*; do
        [ "$old" = "$BASE" ] || { rm -rf -- "$old"; say "removed an older root: $old"; }
    done
    say "built the root in $((SECONDS - started)) s"
}

if [ "$REBUILD" = 1 ] || [ ! -e "$BASE/.companion-base-ready" ]; then
    build_base
else
    say "reusing the bookworm root $BASE (--rebuild builds it again)"
fi

# -- a fresh copy, with this clone in it ------------------------------------------------------------
RUN="$(mktemp -d "$CACHE/run.XXXXXX")"
cp -a --reflink=auto "$BASE/." "$RUN"
chmod 0755 "$RUN"  # the container's /
mkdir -p "$RUN/root/companion"
# The clone's files as they are now (committed or not), without what git ignores.
(cd "$REPO" && git ls-files -z --cached --others --exclude-standard |
    while IFS= read -r -d '' file; do [ -e "$file" ] && printf '%s\0' "$file"; done |
    tar --null -T - -cf -) | tar -C "$RUN/root/companion" -xf -
mkdir -p "$RUN/usr/local/lib/companion-probe"
cp "$REPO/systemd/container-probe.py" "$RUN/usr/local/lib/companion-probe/probe.py"

# -- boot -------------------------------------------------------------------------------------------
LOG="$LOGS/console.log"
SYSTEMD_NSPAWN_UNIFIED_HIERARCHY=1 systemd-nspawn -b -D "$RUN" --machine=companion-test \
    --console=pipe --register=no --keep-unit --resolv-conf=copy-host \
    --bind=/dev/tty1 --bind="$CACHE/pip:/root/.cache/pip" \
    --system-call-filter=bpf --capability=CAP_BPF,CAP_NET_ADMIN >"$LOG" 2>&1 </dev/null &
NSPAWN=$!

stop_container() {
    kill -0 "$NSPAWN" 2>/dev/null || return 0
    kill -TERM "$NSPAWN" 2>/dev/null || true
    local i
    for i in $(seq 60); do
        kill -0 "$NSPAWN" 2>/dev/null || return 0
        sleep 0.5
    done
    kill -KILL "$NSPAWN" 2>/dev/null || true
    wait "$NSPAWN" 2>/dev/null || true
}
finish() {
    if [ "$KEEP" = 1 ] && kill -0 "$NSPAWN" 2>/dev/null; then
        say "kept running (--keep) in $RUN: a shell inside: sudo nsenter -t ${INIT:-PID} -m -u -i -n -p -C bash;"
        say "  stop it: sudo kill $NSPAWN, then sudo rm -rf $RUN (the next run removes it too)"
        return
    fi
    stop_container
    rm -rf -- "$RUN"
}
trap finish EXIT

INIT=""
for _ in $(seq 100); do
    INIT="$(pgrep -P "$NSPAWN" -x systemd || true)"
    [ -n "$INIT" ] && break
    kill -0 "$NSPAWN" 2>/dev/null || { cat "$LOG" >&2; die "systemd-nspawn ended (its output above)"; }
    sleep 0.2
done
[ -n "$INIT" ] || die "no systemd in the container after 20 s (see $LOG)"

# A command inside the container, with a clean environment (nothing of this machine's pip or locale).
INSIDE_ENV=(PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 SYSTEMD_COLORS=0 SYSTEMD_PAGER=)
[ -z "${COMPANION_PIP_ARGS:-}" ] || INSIDE_ENV+=("COMPANION_PIP_ARGS=$COMPANION_PIP_ARGS")
inside() { nsenter -t "$INIT" -m -u -i -n -p -C -- env -i "${INSIDE_ENV[@]}" "$@"; }
booted=$(now)
state=""
for _ in $(seq 120); do
    state="$(inside systemctl is-system-running 2>/dev/null || true)"
    case "$state" in running | degraded) break ;; esac
    sleep 0.5
done
case "$state" in
    running) say "booted: systemd $(inside systemctl --version | sed -n '1s/^systemd \([0-9]*\).*/\1/p') is PID 1, the system is running ($(since "$booted") s)" ;;
    degraded) say "booted, degraded: $(inside systemctl --failed --no-legend --plain | cut -d' ' -f1 | tr '\n' ' ')" ;;
    *) die "the container did not finish booting in 60 s (is-system-running: ${state:-no answer}; see $LOG)" ;;
esac

unit() { inside systemctl show companion.service -p "$1" --value; }
# The unit's journal from the whole second T on (the container's clock is this machine's).
journal_since() { inside journalctl -u "${2:-companion.service}" --since "@${1%.*}" -o cat --no-pager 2>/dev/null || true; }
# wait_for SECONDS COMMAND...: until COMMAND succeeds (status 0) or SECONDS pass (status 1).
wait_for() {
    local limit="$1" start
    shift
    start=$(now)
    until "$@"; do
        at_most "$(since "$start")" "$limit" || return 1
        sleep 0.1
    done
}
state_is() { [ "$(unit ActiveState)" = "$1" ]; }
running() { [ "$(unit ActiveState)/$(unit SubState)" = active/running ]; }
running_not() { running && [ "$(unit MainPID)" != "$1" ] && [ "$(unit MainPID)" != 0 ]; }
stays_running() {  # the same main process, running, SECONDS later
    local pid
    pid="$(unit MainPID)"
    sleep "$1"
    running && [ "$(unit MainPID)" = "$pid" ]
}

# -- install.sh -------------------------------------------------------------------------------------
install_run() {  # install_run N: install.sh inside, as root; its output in last-run/install-N.log
    local status=0
    inside bash /root/companion/systemd/install.sh --mode console >"$LOGS/install-$1.log" 2>&1 || status=$?
    return "$status"
}
say "install.sh inside the container, as root (its output indented):"
status=0
install_run 1 || status=$?
sed 's/^/    /' "$LOGS/install-1.log"
answer=no; [ "$status" = 0 ] && answer=yes
verdict $answer "install.sh: exit status $status"
skipped="$(grep -o '^install: skipped (no udevd runs here[^)]*): .*' "$LOGS/install-1.log" || true)"
answer=no; [ -n "$skipped" ] && answer=yes
verdict $answer "install.sh says what it skipped: ${skipped:-no line for udevd}"
enabled="$(inside systemctl is-enabled companion.service 2>&1 || true)"
answer=no; [ "$enabled" = enabled ] && answer=yes
verdict $answer "install.sh enabled companion.service: $enabled"
status=0
install_run 2 || status=$?
last="$(tail -n1 "$LOGS/install-2.log")"
answer=no; [ "$status" = 0 ] && [ "$last" = "install: nothing changed: companion is installed (console mode, runs as companion)" ] && answer=yes
verdict $answer "install.sh run again: $last"
lint="$(inside systemd-analyze verify companion.service 2>&1 || true)"
answer=no; [ -z "$lint" ] && answer=yes
verdict $answer "systemd-analyze verify companion.service, as installed: ${lint:-no output}"

# -- starting, and coming back ------------------------------------------------------------------------
DROPINS="$RUN/etc/systemd/system/companion.service.d"
offscreen() {
    mkdir -p "$DROPINS"
    printf '[Service]\n# A container has no screen: Kivy draws offscreen (Mesa llvmpipe), under the same sandbox.\nEnvironment=SDL_VIDEODRIVER=offscreen\n' \
        >"$DROPINS/offscreen.conf"
    inside systemctl daemon-reload
}
offscreen
say "companion.service, with the drop-in ${DROPINS#"$RUN"}/offscreen.conf:"
t0=$(now)
inside systemctl start companion.service || true
answer=no; took=""
wait_for 15 running && took="$(since "$t0")" && stays_running 5 && answer=yes
verdict $answer "the unit starts: running ${took:-never (in 15 s)} s after systemctl start; 5 s later $(unit ActiveState)/$(unit SubState), the same process"
[ $answer = yes ] || journal_since "$t0" | tail -n 30 | sed 's/^/    journal: /'
traceback="$(journal_since "$t0" | grep -c Traceback || true)"
answer=no; [ "$traceback" = 0 ] && answer=yes
verdict $answer "the app's journal holds no traceback ($traceback)"
[ $answer = yes ] || journal_since "$t0" | tail -n 40 | sed 's/^/    journal: /'

# back_after "what" COMMAND...: the time from COMMAND to a new main process, running, which is
# still the running one 3 s later.
back_after() {
    local what="$1" pid t back
    shift
    inside systemctl reset-failed companion.service  # every check starts with the start limit's count at 0
    pid="$(unit MainPID)"
    t=$(now)
    "$@" >/dev/null 2>&1 || true
    if ! wait_for 15 running_not "$pid"; then
        bad "back after $what: not within 15 s: $(unit ActiveState)/$(unit SubState), result $(unit Result)"
        return
    fi
    back="$(since "$t")"
    if ! stays_running 3; then
        bad "back after $what: $back s, but gone again: $(unit ActiveState)/$(unit SubState)"
        return
    fi
    answer=no; at_most "$back" 5 && answer=yes
    verdict $answer "back after $what: $back s (at most 5), still running 3 s later"
}
back_after "SIGKILL (systemctl kill -s KILL)" inside systemctl kill -s KILL companion.service
back_after "SIGHUP (systemctl kill -s HUP)" inside systemctl kill -s HUP companion.service
back_after "another unit hanging up tty1 (a unit with TTYVHangup=yes)" \
    inside systemd-run --wait -q -p TTYPath=/dev/tty1 -p TTYVHangup=yes -p StandardInput=tty-force /bin/true
back_after "SIGTERM from outside systemd (systemctl kill -s TERM)" inside systemctl kill -s TERM companion.service

# A crash loop still ends: StartLimitBurst=5 within StartLimitIntervalSec=60.
inside systemctl reset-failed companion.service
t0=$(now)
kills=0
for _ in 1 2 3 4 5 6; do
    running || wait_for 10 running || break
    inside systemctl kill -s KILL companion.service
    kills=$((kills + 1))
    sleep 0.3
done
wait_for 10 state_is failed || true
took="$(since "$t0")"
sleep 3  # a restart would come within 3 s (RestartSec=2)
limit="$(journal_since "$t0" | first 'Start request repeated too quickly')"
answer=no; state_is failed && [ -n "$limit" ] && answer=yes
verdict $answer "a crash loop ends: $kills SIGKILLs in $took s leave it $(unit ActiveState) 3 s later (\"${limit:-no start limit in the journal}\")"

# -- standing down, and saying why -----------------------------------------------------------------------
inside systemctl reset-failed companion.service
rm -f "$DROPINS/offscreen.conf"
inside systemctl daemon-reload
t0=$(now)
inside systemctl start companion.service >/dev/null 2>&1 || true
wait_for 25 state_is failed || true
took="$(since "$t0")"
sleep 3  # a restart would come within 3 s (RestartSec=2)
said="$(journal_since "$t0" | first 'no screen found')"
answer=no
state_is failed && [ "$(unit ExecMainStatus)" = 3 ] && [ "$(unit NRestarts)" = 0 ] && [ -n "$said" ] && answer=yes
verdict $answer "with no screen it stops: $(unit ActiveState) $took s after start, exit status $(unit ExecMainStatus) (\"${said:-nothing in the journal}\"), $(unit NRestarts) restarts 3 s later"
journal_since "$t0" | { grep -E "waiting up to|no screen found|Failed with" || true; } | sed 's/^/    journal: /'
offscreen

inside systemctl reset-failed companion.service
inside systemd-run -q --unit=display-manager.service /bin/sleep infinity
t0=$(now)
inside systemctl start companion.service || true
sleep 1
why="$(journal_since "$t0" | first '.*stands down.*')"
answer=no; state_is inactive && [ -n "$why" ] && answer=yes
verdict $answer "beside a running display manager it stands down: $(unit ActiveState), the journal says \"${why:-nothing}\""
inside systemctl stop display-manager.service

# -- the sandbox -----------------------------------------------------------------------------------------
inside systemctl reset-failed companion.service
inside systemctl start companion.service || true
wait_for 15 running || true
MAIN="$(unit MainPID)"
say "the sandbox, tried from inside: the running app (PID $MAIN), and probes under the unit's settings:"
status_of() { inside awk -v key="$1:" '$1 == key { print $2 }' "/proc/$MAIN/status"; }
answer=no
[ "$(status_of NoNewPrivs)" = 1 ] && [ "$(status_of Seccomp)" = 2 ] && [ "$(status_of CapEff)" = 0000000000000000 ] &&
    [ "$(status_of CapBnd)" = 0000000000000000 ] && answer=yes
verdict $answer "the running app: NoNewPrivs $(status_of NoNewPrivs), Seccomp $(status_of Seccomp) (a filter), CapEff $(status_of CapEff), CapBnd $(status_of CapBnd)"

# Places a careless system might leave writable for everyone: the sandbox keeps them read-only.
mkdir -p "$RUN/srv/planted" && chmod 1777 "$RUN/srv/planted"
touch "$RUN/etc/companion-planted" && chmod 0666 "$RUN/etc/companion-planted"
PROBE=/usr/local/lib/companion-probe/probe.py
EXPECTED_WRITABLE="/dev/mqueue /dev/shm /run/companion /tmp /var/cache/companion /var/lib/companion /var/tmp"
one_line() { sed 's/^writable //' | tr '\n' ' ' | sed 's/ $//'; }
in_app="$(inside nsenter -t "$MAIN" -m -- setpriv --reuid=companion --regid=companion --init-groups \
    /usr/bin/python3 "$PROBE" writable | one_line || true)"
answer=no; [ "$in_app" = "$EXPECTED_WRITABLE" ] && answer=yes
verdict $answer "writable in the running app's mount namespace (as companion, with its groups): $in_app"
say "    that is: the data directory /var/lib/companion; Mesa's shader cache /var/cache/companion; in RAM or private"
say "    to the unit: /run/companion, its own /tmp and /var/tmp (gone when it stops), /dev/shm and /dev/mqueue (RemoveIPC=)"
control() { inside systemd-run --wait -q --pipe -p User=companion /usr/bin/python3 "$PROBE" "$@"; }
free_writable="$(control writable | one_line || true)"
answer=no
case " $free_writable " in *" /etc/companion-planted "*) case " $free_writable " in *" /srv/planted "*) answer=yes ;; esac ;; esac
verdict $answer "the check bites: without the sandbox companion may write $free_writable"
rm -rf -- "$RUN/srv/planted" "$RUN/etc/companion-planted"

# A probe unit: the installed companion.service with its drop-ins, and a drop-in that makes it a
# one-off probe; the sandbox lines are the unit's own.
probe_unit() {  # probe_unit EXTRA-LINE PROBE-ARGS...
    local extra="$1" system="$RUN/etc/systemd/system"
    shift
    rm -rf -- "$system/companion-probe.service" "$system/companion-probe.service.d"
    cp "$system/companion.service" "$system/companion-probe.service"
    mkdir -p "$system/companion-probe.service.d"
    cp "$DROPINS"/*.conf "$system/companion-probe.service.d/"
    cat >"$system/companion-probe.service.d/zz-probe.conf" <<EOF
# Not on tty1 (it would hang up the app's terminal); /run/companion is left to the app.
[Service]
Type=oneshot
Restart=no
ExecStartPre=
ExecStart=
ExecStart=/usr/bin/python3 $PROBE $*
StandardInput=null
StandardOutput=truncate:/run/companion-probe.out
TTYPath=
TTYReset=no
TTYVHangup=no
TTYVTDisallocate=no
RuntimeDirectoryPreserve=yes
$extra
EOF
    inside systemctl daemon-reload
    inside systemctl start companion-probe.service || true
    inside cat /run/companion-probe.out 2>/dev/null || true
}
field() { awk -v kind="$1" -v what="$2" '$1 == kind && $2 == what { $1 = ""; $2 = ""; sub(/^  /, ""); print }'; }
probe="$(probe_unit "" sockets devices syscalls || true)"
opened="$(printf '%s\n' "$probe" | awk '$1 == "socket" && $3 == "opened" { print $2 }' | tr '\n' ' ' | sed 's/ $//')"
refused="$(printf '%s\n' "$probe" | awk '$1 == "socket" && $3 == "refused"' | wc -l)"
answer=no; [ "$opened" = "AF_UNIX AF_NETLINK" ] && answer=yes
verdict $answer "sockets under the unit's settings: $refused address families refused; opened: $opened only (the journal, D-Bus; udev's device events)"
tun="$(printf '%s\n' "$probe" | field device /dev/net/tun)"
answer=no; [ "$tun" = "refused EPERM" ] && answer=yes
verdict $answer "devices (DevicePolicy=closed, a BPF program): /dev/net/tun (mode 0666, not in DeviceAllow=) $tun; /dev/null $(printf '%s\n' "$probe" | field device /dev/null)"
nice="$(printf '%s\n' "$probe" | field syscall setpriority)"
answer=no; [ "$nice" = "refused EPERM" ] && answer=yes
verdict $answer "system calls (SystemCallFilter=~@resources): setpriority $nice"
ip="$(probe_unit "RestrictAddressFamilies=" ip | field ip 127.0.0.1 || true)"
answer=no; [ "$ip" = "refused EPERM" ] && answer=yes
verdict $answer "IPAddressDeny=any (a BPF program), RestrictAddressFamilies= lifted to reach it: a UDP datagram to 127.0.0.1 $ip"
rm -rf -- "$RUN/etc/systemd/system/companion-probe.service" "$RUN/etc/systemd/system/companion-probe.service.d"
inside systemctl daemon-reload
free="$(control sockets ip devices syscalls || true)"
free_inet="$(printf '%s\n' "$free" | field socket AF_INET)"
free_ip="$(printf '%s\n' "$free" | field ip 127.0.0.1)"
free_tun="$(printf '%s\n' "$free" | field device /dev/net/tun)"
free_nice="$(printf '%s\n' "$free" | field syscall setpriority)"
answer=no; [ "$free_inet/$free_ip/$free_tun/$free_nice" = opened/sent/opened/ok ] && answer=yes
verdict $answer "the checks bite: without the sandbox companion gets AF_INET $free_inet, UDP $free_ip, /dev/net/tun $free_tun, setpriority $free_nice"

exposure="$(inside systemd-analyze security companion.service --no-pager 2>&1 |
    sed -n 's/.*Overall exposure level for companion.service: \([0-9.]*\) \([A-Z]*\).*/\1 \2/p')"
answer=no; [ -n "$exposure" ] && at_most "${exposure%% *}" 1.5 && answer=yes
verdict $answer "systemd-analyze security companion.service (the loaded unit, drop-in included): ${exposure:-no figure} (at most 1.5)"
answer=no; running && [ "$(unit MainPID)" = "$MAIN" ] && answer=yes
verdict $answer "the app ran on through the probes: PID $(unit MainPID), $(unit ActiveState)/$(unit SubState)"

# -- no tty1 (last: the terminal does not come back in this container) --------------------------------------
inside systemctl stop companion.service
inside sh -c 'umount /dev/tty1; rm -f /dev/tty1' || true
t0=$(now)
inside systemctl start companion.service || true
sleep 1
why="$(journal_since "$t0" | first 'unmet condition check ([^)]*)')"
answer=no; state_is inactive && [ -n "$why" ] && answer=yes
verdict $answer "with no /dev/tty1 it stands down: $(unit ActiveState), the journal says \"skipped because of an ${why:-(nothing)}\""

echo
if [ ${#FAILED[@]} -eq 0 ]; then
    say "all $PASSED checks passed"
else
    say "${#FAILED[@]} of $((PASSED + ${#FAILED[@]})) checks FAILED:"
    printf '  %s\n' "${FAILED[@]}"
    exit 1
fi
