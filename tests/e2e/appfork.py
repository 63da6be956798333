"""App processes started from one warm parent, so that fifty kill trials do not import Kivy and
companion fifty times (tests/e2e/test_crash_resume.py).

`AppForker(env, log)` starts this file as a helper process with the trials' environment. The
helper does what `python -m companion` does before its window opens (the logging and Kivy set-up
of `companion.cli.main`, then the imports of the app, the session, the games and the UI shell; no
window, no thread, no file opened), and then, for each `start(args)`, forks a child that runs
`companion.cli.main(args)` with its stderr on a FIFO the test reads and its stdout and stdin on
/dev/null. From there the child is `python -m companion ARGS`: the real main, in its own
process, opening its own window, journal and devices, and killed with SIGKILL like any other. Only
what was imported is shared; an import that opened a window in the helper fails the start.

A child's exit status comes from the helper, its parent, which reaps it: `wait()` gives what
`subprocess.Popen.returncode` gives (a negative signal number after a kill).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import IO, Any

HERE = Path(__file__).resolve()
ROOT = HERE.parents[2]


class ForkedApp:
    """One app child: `stderr` (its lines, to EOF at its death), `send_signal`, `wait`, `returncode`."""

    def __init__(self, forker: "AppForker", pid: int, stderr: IO[str]) -> None:
        self.forker = forker
        self.pid = pid
        self.stderr = stderr
        self.returncode: int | None = None

    def send_signal(self, signum: int) -> None:
        os.kill(self.pid, signum)

    def wait(self, timeout: float | None = None) -> int:
        """The child's exit status, once it has ended (the helper reaps it)."""
        if self.returncode is None:
            self.returncode = self.forker._ask(f"wait {self.pid}", timeout)
        return self.returncode


class AppForker:
    """The helper process; `start(args)` → a `ForkedApp`. Close it (or use `with`) at the end."""

    def __init__(self, env: dict[str, str], log: Path, fifos: Path) -> None:
        self.log = log
        self.fifos = fifos
        self.count = 0
        fifos.mkdir(parents=True, exist_ok=True)
        with open(log, "w") as err:
            self.helper = subprocess.Popen([sys.executable, str(HERE)], env=env, cwd=ROOT, stdin=subprocess.PIPE,
                                           stdout=subprocess.PIPE, stderr=err, text=True, bufsize=1)
        ready = self.helper.stdout.readline()  # type: ignore[union-attr]
        assert ready.strip() == "ready", f"the app helper did not start: {ready!r} {self.log.read_text()[-3000:]}"

    def _ask(self, line: str, timeout: float | None = None) -> int:
        self.helper.stdin.write(line + "\n")  # type: ignore[union-attr]
        self.helper.stdin.flush()  # type: ignore[union-attr]
        answer = self.helper.stdout.readline()  # type: ignore[union-attr]
        assert answer, f"the app helper ended: {self.log.read_text()[-3000:]}"
        return int(answer)

    def start(self, args: list[str]) -> ForkedApp:
        self.count += 1
        fifo = self.fifos / f"stderr{self.count}"
        os.mkfifo(fifo)
        # Opened for reading before the helper opens it for writing (else either open would block);
        # blocking again once the child holds the writing end, so that reads wait for its lines.
        fd = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
        pid = self._ask(f"run {fifo} {json.dumps(args)}")
        os.set_blocking(fd, True)
        return ForkedApp(self, pid, os.fdopen(fd, "r"))

    def close(self) -> None:
        if self.helper.poll() is None:
            self.helper.stdin.close()  # type: ignore[union-attr]
            self.helper.wait(timeout=30)
        self.helper.stdout.close()  # type: ignore[union-attr]

    def __enter__(self) -> "AppForker":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


# -- the helper -------------------------------------------------------------------------------------

def _warm() -> None:
    """What `companion.cli.main` does before its window opens, minus anything a child must do itself."""
    from companion import cli

    cli._setup_logging()
    cli._prepare_kivy()
    import companion.core.owner  # noqa: F401
    import companion.games  # noqa: F401
    import companion.session  # noqa: F401
    import companion.start_data  # noqa: F401
    import companion.ui.shell.app  # noqa: F401

    cli.game_choices()  # imports every game's rules and UI, as the home screen's list does
    assert "kivy.core.window" not in sys.modules, "an import opened Kivy's window in the helper"
    import threading

    assert threading.active_count() == 1, f"threads in the helper: {threading.enumerate()}"


def _child(err: int, args: list[str]) -> None:
    """In the forked child: stderr on the FIFO (`err`), stdout and stdin on /dev/null, then the app's main."""
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(err, 2)
    os.dup2(null, 1)
    os.dup2(null, 0)
    os.close(err)
    os.close(null)
    code = 1
    try:
        from companion import cli

        sys.argv = ["companion", *args]
        code = cli.main(args)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    except BaseException:  # noqa: BLE001 - reported on stderr, as an uncaught exception would be
        import traceback

        traceback.print_exc()
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
    os._exit(code)


def _helper() -> None:
    _warm()
    print("ready", flush=True)
    for line in sys.stdin:
        command, rest = line.rstrip("\n").split(" ", 1)
        if command == "run":
            fifo, args = rest.split(" ", 1)
            # Opened here, before the fork (the test's reading end is open already): the writing end
            # exists before the test reads, so its first read waits for a line instead of an EOF.
            err = os.open(fifo, os.O_WRONLY)
            pid = os.fork()
            if pid == 0:
                sys.stdin.close()
                _child(err, json.loads(args))
            os.close(err)  # the child's copy is the only one: its death is the reader's EOF
            print(pid, flush=True)
        elif command == "wait":
            _, status = os.waitpid(int(rest), 0)
            print(os.waitstatus_to_exitcode(status), flush=True)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    _helper()
