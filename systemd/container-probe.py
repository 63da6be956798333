"""What a process may do, tried for real: run by systemd/test-in-container.sh inside the kiosk unit's
sandbox (and, to show each check can fail, in a unit without it). Only the standard library: it
runs with the container's /usr/bin/python3, as the service's user. It changes nothing: every file
it makes to prove a place writable is removed at once, and files are opened without truncating.

    python3 container-probe.py writable   one line per place it can write: "writable PATH"
    python3 container-probe.py sockets    "socket FAMILY opened|refused ERRNO" for every address family
    python3 container-probe.py ip         "ip 127.0.0.1 sent|refused ERRNO" (a UDP datagram to loopback)
    python3 container-probe.py devices    "device PATH opened|refused ERRNO" for /dev/net/tun and /dev/null
    python3 container-probe.py syscalls   "syscall setpriority ok|refused ERRNO" (os.nice: in @resources)
"""

from __future__ import annotations

import errno
import os
import socket
import stat
import sys

SKIP = ("/proc", "/sys")


def _errname(exc: OSError) -> str:
    return errno.errorcode.get(exc.errno or 0, str(exc.errno))


def writable() -> None:
    """Every directory where a new file can be made and every regular file that opens for writing,
    reported as the topmost such path (what lies under a writable directory is not repeated)."""
    found: list[str] = []
    marker = f".companion-probe-{os.getpid()}"

    def covered(path: str) -> bool:
        return any(path == top or path.startswith(top.rstrip("/") + "/") for top in found)

    for top, dirs, files in os.walk("/", onerror=lambda _exc: None):
        dirs[:] = sorted(d for d in dirs if os.path.join(top, d) not in SKIP)
        if not covered(top):
            probe = os.path.join(top, marker)
            try:
                fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600)
            except OSError:
                pass
            else:
                os.close(fd)
                os.unlink(probe)
                found.append(top)
                continue
        for name in sorted(files):
            path = os.path.join(top, name)
            if covered(path):
                continue
            try:
                if not stat.S_ISREG(os.lstat(path).st_mode):
                    continue
                fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_NOFOLLOW)
            except OSError:
                continue
            os.close(fd)
            found.append(path)
    for path in found:
        print(f"writable {path}")


def sockets() -> None:
    """Every address family the kernel knows, each kind of socket: opened, or refused and why."""
    for number in range(1, 46):
        try:
            name = socket.AddressFamily(number).name
        except ValueError:
            name = f"AF_{number}"
        refusals: list[str] = []
        for kind in (socket.SOCK_STREAM, socket.SOCK_DGRAM, socket.SOCK_SEQPACKET, socket.SOCK_RAW):
            try:
                socket.socket(number, kind).close()
            except OSError as exc:
                if _errname(exc) not in refusals:
                    refusals.append(_errname(exc))
            else:
                refusals = []
                break
        outcome = f"refused {','.join(refusals)}" if refusals else "opened"
        print(f"socket {name} {outcome}")


def ip() -> None:
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.sendto(b"companion", ("127.0.0.1", 9))
    except OSError as exc:
        print(f"ip 127.0.0.1 refused {_errname(exc)}")
    else:
        print("ip 127.0.0.1 sent")


def devices() -> None:
    for path in ("/dev/net/tun", "/dev/null"):
        try:
            os.close(os.open(path, os.O_RDWR | os.O_NONBLOCK))
        except OSError as exc:
            print(f"device {path} refused {_errname(exc)}")
        else:
            print(f"device {path} opened")


def syscalls() -> None:
    try:
        os.nice(1)  # setpriority(2), in @resources: the unit's filter refuses it with EPERM
    except OSError as exc:
        print(f"syscall setpriority refused {_errname(exc)}")
    else:
        print("syscall setpriority ok")


if __name__ == "__main__":
    checks = {"writable": writable, "sockets": sockets, "ip": ip, "devices": devices, "syscalls": syscalls}
    for arg in sys.argv[1:] or list(checks):
        checks[arg]()
    sys.stdout.flush()
