"""Screenshots of any screen, in any language and display profile, rendered offscreen.

For the docs, the tests and `companion screenshot`. One app per process: `take_screenshot` runs the
app in this process (call it from a fresh process, as the CLI and `regenerate_docs` do). The CLI
gives it a demo session over a scratch data directory (companion.demo), so a picture never touches
real games; `companion screenshot --docs DIR` regenerates every documentation picture, the shell's
and each game's (its GameUI's demo states), `--docs GAME DIR` one game's.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from companion.ui.shell import environment

DOC_LANGUAGES = ("zh-Hans", "en")
DOC_PROFILE = "800x480"
#: The documentation's pictures show the demo journals' times (companion.demo.DemoClock) in this
#: zone, whatever the machine's, so they regenerate identically anywhere.
DOC_TIMEZONE = "UTC"


def screen_names(games: Sequence[Any]) -> tuple[str, ...]:
    """Every screen a picture may show: the shell's own (`companion.ui.shell.screens.SCREENS`), then each
    of `games`' own (its GameUI's `screens`); `games` are the home screen's `GameChoice`s."""
    from companion.ui.shell import screens
    from companion.ui.gameui import game_ui_classes

    names = dict.fromkeys(screens.SCREENS)
    for cls in game_ui_classes(games).values():
        names.update(dict.fromkeys(cls.screens))
    return tuple(names)


def take_screenshot(out: Path, screen: str, language: str, profile: str, session: Any,
                    games: Sequence[Any], prepare: Callable[[Any], None] | None = None) -> Path:
    """Renders `screen` offscreen over `session` and writes exactly `out` (a PNG of the profile's size).

    `games` is the home screen's list (`GameChoice`s); the CLI passes both, with a demo session.
    `prepare(app)` runs once the app is up, before the picture (e.g. opening a panel).
    """
    environment.prepare(offscreen=True)
    if screen not in screen_names(games):
        raise ValueError(f"unknown screen {screen!r}; choose one of {', '.join(screen_names(games))}")
    # Not `kivy.core.window` yet: importing it creates the window, and it must be created at the
    # profile's size (an offscreen window resized later keeps rendering into its first buffer).
    from kivy.clock import Clock

    from companion.ui.shell.app import run_app

    out = Path(out).resolve()
    out.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix="companion-shot-"))
    try:
        written: list[Path] = []

        def on_ready(app: Any) -> None:
            if prepare is not None:
                prepare(app)
            target = Clock.frames_displayed + 2  # ≥ 2 frames: the first ones can still be black

            def shoot(_dt: float) -> bool | None:
                from kivy.core.window import Window

                if Clock.frames_displayed < target:
                    return None
                # Window.screenshot appends a counter ("shot0001.png") and returns the real name.
                name = Window.screenshot(name=str(scratch / "shot.png"))
                shutil.move(name, out)
                written.append(out)
                app.stop()
                return False

            Clock.schedule_interval(shoot, 0)

        run_app(session, language=language, profile=profile, start_screen=screen, on_ready=on_ready, games=games)
        if not written:
            raise RuntimeError(f"no screenshot was taken of {screen}")
        return out
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def doc_name(screen: str, language: str, profile: str = DOC_PROFILE) -> str:
    """A shell screen's documentation picture."""
    return f"{screen}-{language}-{profile}.png"


def demo_doc_name(game: str, state: str, language: str, profile: str = DOC_PROFILE) -> str:
    """A game's documentation picture of one of its demo states."""
    return f"{game}-{state}-{language}-{profile}.png"


def screenshot_in_subprocess(out: Path, screen: str | None, language: str, profile: str, timeout: float = 60,
                             game: str | None = None, state: str | None = None) -> Path:
    """`companion screenshot` in a fresh Python process (one Kivy window per process): `screen`
    over the shell's demo, or `game`'s demo in `state` (on `screen`, None: the state's own)."""
    root = str(Path(__file__).resolve().parents[3])
    env = dict(os.environ)
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["SDL_VIDEODRIVER"] = "offscreen"
    env["TZ"] = DOC_TIMEZONE
    cmd = [sys.executable, "-m", "companion", "screenshot", str(out), "--lang", language, "--profile", profile]
    for option, value in (("--screen", screen), ("--game", game), ("--state", state)):
        if value is not None:
            cmd += [option, value]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        shown = " ".join(v for v in (game, state, screen) if v)
        raise RuntimeError(f"screenshot of {shown} failed (rc {proc.returncode}):\n{proc.stderr[-3000:]}")
    return Path(out)


def demo_screenshot_in_subprocess(out: Path, game: str, state: str, language: str, profile: str,
                                  timeout: float = 60) -> Path:
    """One picture of `game`'s demo in `state`, on the state's own screen, in a fresh process."""
    return screenshot_in_subprocess(out, None, language, profile, timeout, game, state)


def _shell_jobs(out_dir: Path, profile: str) -> list[dict[str, Any]]:
    from companion.ui.shell import screens

    return [{"out": out_dir / doc_name(screen, lang, profile), "screen": screen, "language": lang,
             "profile": profile} for screen in screens.SCREENS for lang in DOC_LANGUAGES]


def _demo_jobs(out_dir: Path, game: str, states: Sequence[str], profile: str) -> list[dict[str, Any]]:
    return [{"out": out_dir / demo_doc_name(game, state, lang, profile), "screen": None, "language": lang,
             "profile": profile, "game": game, "state": state} for state in states for lang in DOC_LANGUAGES]


def _run(jobs: Sequence[Mapping[str, Any]]) -> list[Path]:
    """Each picture in its own process, a few at a time; the paths in the jobs' order."""
    with ThreadPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:
        futures = [pool.submit(screenshot_in_subprocess, **job) for job in jobs]
        return [f.result() for f in futures]


def regenerate_docs(out_dir: Path | str, games: Sequence[Any], profile: str = DOC_PROFILE) -> list[Path]:
    """Writes every shell screen in zh-Hans and en to `out_dir` as <screen>-<lang>-<profile>.png,
    and the demo states of each of `games` (the home screen's `GameChoice`s) whose GameUI has a
    demo into `out_dir/<id>` as <id>-<state>-<lang>-<profile>.png."""
    from companion.ui.gameui import game_ui_classes

    out_dir = Path(out_dir)
    jobs = _shell_jobs(out_dir, profile)
    for game, cls in game_ui_classes(games).items():
        jobs += _demo_jobs(out_dir / game, game, cls.demo.states, profile)
    return _run(jobs)  # each picture's process makes its folder


def regenerate_demo_docs(out_dir: Path | str, game: str, states: Sequence[str],
                         profile: str = DOC_PROFILE) -> list[Path]:
    """Writes `game`'s pictures of `states` (its GameUI's demo states) in zh-Hans and en to `out_dir`."""
    return _run(_demo_jobs(Path(out_dir), game, states, profile))
