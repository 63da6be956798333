"""The simulated scanner on a pseudo-terminal: a `ScannerTwin` behind a real tty, so the app's
reader (or any serial program) talks to it exactly as to the USB device.

`PtyScanner` owns the pty and one thread that moves bytes between the twin and the pty's master
side, wakes the twin at its deadlines, and plays the link faults: damaged lines (`faults`),
a hung firmware (`mute`), a cable pulled and put back (`disconnect`: the scanner kept power), a
power cut (`unplug`: it boots again with a new boot id), a reboot in place (`restart`).

With `link` (e.g. /tmp/dice-scanner) the pty is also reachable under a stable name, swapped
atomically whenever a new pty replaces the old one — as udev's /dev/dice-scanner is — so a
reader that reopens the name finds the scanner again, even after this process is killed and
another simulator takes its place. A pulled cable removes the name until it is back.

The host keeps the slave side open itself, raw: no echo of its own output, and no EIO on the
master while no reader is attached (output then waits in the tty's buffer, and the oldest is
dropped when that overflows, like a device FIFO). All actions are thread-safe: they run on the
host's thread.
"""

from __future__ import annotations

import concurrent.futures
import errno
import logging
import os
import queue
import select
import threading
import time
import tty
from pathlib import Path
from typing import Any, Callable, Sequence

from hardware.scanner.faults import FaultInjector, FaultRates
from hardware.scanner.twin import DieSpec, ScannerTwin

log = logging.getLogger("hardware.scanner.sim")

OUTPUT_LIMIT = 16384
"""Bytes queued for a reader that is not reading before the oldest are thrown away."""


def replace_symlink(link: Path, target: str) -> None:
    """Points `link` at `target` in one step (a reader never sees it missing halfway)."""
    temporary = link.with_name(f".{link.name}.{os.getpid()}.{threading.get_ident()}")
    try:
        temporary.unlink()
    except FileNotFoundError:
        pass
    os.symlink(target, temporary)
    os.replace(temporary, link)


class PtyScanner:
    """A simulated dice scanner on a pty. `port` is what a reader opens. Use as a context manager
    or call `start()` and `close()`."""

    def __init__(self, twin: ScannerTwin | None = None, *, link: str | os.PathLike[str] | None = None,
                 faults: FaultInjector | None = None, clock: Callable[[], float] = time.monotonic,
                 name: str = "scanner-sim") -> None:
        self.twin = twin or ScannerTwin()
        self.link = Path(link) if link is not None else None
        self.faults = faults or FaultInjector()
        self.clock = clock
        self._master: int | None = None
        self._slave: int | None = None
        self._slave_path = ""
        self._out = b""
        self._actions: "queue.SimpleQueue[tuple[Callable[[float], Any], bool, concurrent.futures.Future[Any]]]" = \
            queue.SimpleQueue()
        self._wake_r, self._wake_w = os.pipe()
        os.set_blocking(self._wake_r, False)
        os.set_blocking(self._wake_w, False)
        self._wake_lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._link_back_at: float | None = None
        self._power_back = False
        self._muted_until = float("-inf")
        self.bytes_written = 0
        self.overflowed = 0

    # -- life --------------------------------------------------------------------------------

    @property
    def port(self) -> str:
        """The path to open: the stable link if there is one, else the pty's own name."""
        return str(self.link) if self.link is not None else self._slave_path

    @property
    def pty_path(self) -> str:
        """The current pty's own name ("" while the cable is out)."""
        return self._slave_path

    def start(self) -> "PtyScanner":
        self._open_pty()
        self._send(self.twin.power_on(self.clock()))
        self._thread.start()
        return self

    def close(self) -> None:
        """Stops the thread, closes the pty and removes the link (if it is still ours). Closing
        twice is harmless (a descriptor number closed twice could be someone else's by then)."""
        if self._stop.is_set():
            return
        self._stop.set()
        self._wake()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(2.0)
        self._close_pty()
        with self._wake_lock:
            for fd in (self._wake_r, self._wake_w):
                os.close(fd)
            self._wake_r = self._wake_w = -1

    def __enter__(self) -> "PtyScanner":
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- actions (any thread) ----------------------------------------------------------------

    def call(self, action: Callable[[float], list[bytes] | None], timeout: float = 5.0) -> None:
        """Runs `action(now)` on the host thread; the lines it returns are sent."""
        self._on_thread(action, True, timeout)

    def query(self, question: Callable[[float], Any], timeout: float = 5.0) -> Any:
        """Runs `question(now)` on the host thread and returns its answer (nothing is sent)."""
        return self._on_thread(question, False, timeout)

    def _on_thread(self, action: Callable[[float], Any], send: bool, timeout: float) -> Any:
        if threading.current_thread() is self._thread or not self._thread.is_alive() or self._stop.is_set():
            return self._do(action, send)
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        self._actions.put((action, send, future))
        self._wake()
        return future.result(timeout)

    def roll(self, dice: Sequence[DieSpec] | None = None) -> None:
        """Throws `dice` (default: the twin's dice set); frames follow as they tumble and settle."""
        self.call(lambda now: self.twin.roll(dice, now))

    def place(self, dice: Sequence[DieSpec]) -> None:
        self.call(lambda now: self.twin.place(dice, now))

    def clear(self) -> None:
        self.call(self.twin.clear)

    def nudge(self) -> None:
        self.call(self.twin.nudge)

    def error(self, code: str, text: str) -> None:
        self.call(lambda now: self.twin.error(code, text))

    def garbage(self, length: int) -> None:
        """Noise on the line: `length` random bytes (sent as they are, no faults applied)."""
        self.query(lambda now: self._write(self.faults.noise(length)))

    def set_faults(self, rates: FaultRates) -> None:
        self.query(lambda now: setattr(self.faults, "rates", rates))

    def once(self, kind: str, line_type: str = "D") -> None:
        self.query(lambda now: self.faults.once(kind, line_type))

    def mute(self, seconds: float) -> None:
        """The firmware hangs for `seconds`: nothing out, requests unanswered."""
        def hang(now: float) -> None:
            self._muted_until = now + seconds
        self.call(hang)

    def disconnect(self, seconds: float) -> None:
        """The cable is out for `seconds`; the scanner keeps power, so its numbering goes on."""
        self._require_link("disconnect")
        def pull(now: float) -> None:
            self._close_pty()
            self._link_back_at, self._power_back = now + seconds, False
        self.call(pull)

    def unplug(self, seconds: float) -> None:
        """USB power and data gone for `seconds`: it boots again when plugged in (new boot id)."""
        self._require_link("unplug")
        def pull(now: float) -> None:
            self._close_pty()
            self.twin.power_off()
            self._link_back_at, self._power_back = now + seconds, True
        self.call(pull)

    def plug_back(self) -> None:
        """Ends a `disconnect` or `unplug` now, however long it had left (nothing if none is under
        way). Lets a test put the cable back once the reader has seen it gone, rather than guess
        a duration long enough for a slow machine."""
        def back(now: float) -> None:
            if self._link_back_at is not None:
                self._link_back_at = now
        self.call(back)

    def restart(self) -> None:
        """Reboots where it is (a watchdog reset): new boot id, numbering from 1, same pty."""
        def reboot(now: float) -> list[bytes]:
            self.twin.power_off()
            return self.twin.power_on(now)
        self.call(reboot)

    def wait_idle(self, timeout: float = 5.0) -> bool:
        """Waits until no roll is under way. False if it still is after `timeout`."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if not self.query(lambda now: self.twin.is_busy or self._link_back_at is not None):
                return True
            time.sleep(0.01)
        return False

    def history(self) -> list[tuple[str, Any]]:
        """(boot, DiceFrame) for every dice frame the twin has sent, in order."""
        return self.query(lambda now: list(self.twin.history))

    def _require_link(self, what: str) -> None:
        if self.link is None:
            raise RuntimeError(f"{what} needs a stable link name: the pty's own name changes when it is replaced")

    # -- the thread --------------------------------------------------------------------------

    def _wake(self) -> None:
        with self._wake_lock:
            if self._wake_w >= 0:
                try:
                    os.write(self._wake_w, b"!")
                except BlockingIOError:
                    pass  # the pipe is full of wake-ups already

    def _do(self, action: Callable[[float], Any], send: bool) -> Any:
        result = action(self.clock())
        if send and result:
            self._send(result)
        return result

    def _run(self) -> None:
        while not self._stop.is_set():
            now = self.clock()
            deadlines = [d for d in (self.twin.next_deadline(), self._link_back_at) if d is not None]
            if self._muted_until > now:
                deadlines.append(self._muted_until)
            timeout = min([0.5] + [max(0.0, d - now) for d in deadlines])
            readable = [self._wake_r] + ([self._master] if self._master is not None else [])
            writable = [self._master] if self._master is not None and self._out else []
            try:
                ready, can_write, _ = select.select(readable, writable, [], timeout)
            except (OSError, ValueError):  # a descriptor closed by close(): we are stopping
                continue
            if self._wake_r in ready:
                self._run_actions()
            if self._master is not None and self._master in ready:
                self._read_host()
            if self._master is not None and can_write:
                self._flush()
            now = self.clock()
            if self._link_back_at is not None and now >= self._link_back_at:
                self._link_back_at = None
                self._open_pty()
                if self._power_back:
                    self._send(self.twin.power_on(now))
            self._send(self.twin.tick(now))

    def _run_actions(self) -> None:
        try:
            while os.read(self._wake_r, 512):
                pass
        except BlockingIOError:
            pass
        while True:
            try:
                action, send, future = self._actions.get_nowait()
            except queue.Empty:
                return
            try:
                future.set_result(self._do(action, send))
            except Exception as exc:  # handed to the caller, who asked
                future.set_exception(exc)

    def _read_host(self) -> None:
        try:
            data = os.read(self._master, 4096)  # type: ignore[arg-type]
        except BlockingIOError:
            return
        except OSError as exc:
            if exc.errno != errno.EIO:
                raise
            return
        if data and self._muted_until <= self.clock():
            self._send(self.twin.on_bytes(data, self.clock()))

    def _send(self, lines: list[bytes]) -> None:
        if not lines or self._muted_until > self.clock():
            return
        self._write(b"".join(self.faults.apply(line) for line in lines))

    def _write(self, data: bytes) -> None:
        if self._master is None or not data:
            return  # the cable is out: gone
        self._out += data
        if len(self._out) > OUTPUT_LIMIT:
            self.overflowed += len(self._out) - OUTPUT_LIMIT
            self._out = self._out[-OUTPUT_LIMIT:]
        self._flush()

    def _flush(self) -> None:
        while self._out and self._master is not None:
            try:
                written = os.write(self._master, self._out)
            except BlockingIOError:
                return
            except OSError:
                self._out = b""
                return
            self.bytes_written += written
            self._out = self._out[written:]

    # -- the pty -----------------------------------------------------------------------------

    def _open_pty(self) -> None:
        master, slave = os.openpty()
        tty.setraw(master)
        tty.setraw(slave)
        os.set_blocking(master, False)
        self._master, self._slave, self._slave_path = master, slave, os.ttyname(slave)
        self._out = b""
        if self.link is not None:
            replace_symlink(self.link, self._slave_path)
        log.info("simulated scanner on %s%s", self._slave_path, f" ({self.link})" if self.link else "")

    def _close_pty(self) -> None:
        if self.link is not None and self._slave_path:
            try:
                if os.readlink(self.link) == self._slave_path:
                    self.link.unlink()
            except OSError:
                pass
        for fd in (self._master, self._slave):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._master = self._slave = None
        self._slave_path = ""
        self._out = b""
