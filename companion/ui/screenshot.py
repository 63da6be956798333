"""Screenshots of any screen, in any language and display profile, rendered offscreen.

For the docs, the tests and `companion screenshot`. One app per process: `take_screenshot` runs the
app in this process (call it from a fresh process, as the CLI and `regenerate_docs` do). The CLI
gives it a demo session over a scratch data directory (companion.demo), so a picture never touches
real games; `companion screenshot --docs DIR` regenerates every documentation picture.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable, Sequence

from companion.ui import environment

SCREENS = ("home", "setup", "table", "history", "settings", "trajan_setup", "trajan_table", "secretbid_setup",
           "secretbid_table", "secretbid_private", "tribune_setup", "tribune_table", "tribune_private", "dice_tray")
#: `--docs` pictures the app's own screens; Trajan's are `--docs-trajan` (docs/screenshots/trajan).
DOC_SCREENS = ("home", "setup", "table", "history", "settings")
DOC_LANGUAGES = ("zh-Hans", "en")
DOC_PROFILE = "800x480"
#: The documentation's pictures show the demo journals' times (companion.demo.DemoClock) in this
#: zone, whatever the machine's, so they regenerate identically anywhere.
DOC_TIMEZONE = "UTC"
#: Trajan's documentation pictures: demo state (companion.demo.TRAJAN_STATES) → the screen showing it.
TRAJAN_DOC_STATES = {"setup": "trajan_setup", "preview": "trajan_table", "choices": "trajan_table",
                     "season": "trajan_table", "final": "trajan_table", "board": "trajan_table",
                     "details": "trajan_table", "history": "history", "draws": "trajan_setup",
                     "found": "trajan_table"}

def take_screenshot(out: Path, screen: str, language: str, profile: str, session: Any,
                    games: Sequence[Any], prepare: Callable[[Any], None] | None = None) -> Path:
    """Renders `screen` offscreen over `session` and writes exactly `out` (a PNG of the profile's size).

    `games` is the home screen's list (`GameChoice`s); the CLI passes both, with a demo session.
    `prepare(app)` runs once the app is up, before the picture (e.g. opening a panel).
    """
    if screen not in SCREENS:
        raise ValueError(f"unknown screen {screen!r}; choose one of {', '.join(SCREENS)}")
    environment.prepare(offscreen=True)
    # Not `kivy.core.window` yet: importing it creates the window, and it must be created at the
    # profile's size (an offscreen window resized later keeps rendering into its first buffer).
    from kivy.clock import Clock

    from companion.ui.app import run_app

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
    return f"{screen}-{language}-{profile}.png"


def screenshot_in_subprocess(out: Path, screen: str, language: str, profile: str, timeout: float = 60,
                             trajan_state: str | None = None) -> Path:
    """`take_screenshot` in a fresh Python process (one Kivy window per process)."""
    root = str(Path(__file__).resolve().parents[2])
    env = dict(os.environ)
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["SDL_VIDEODRIVER"] = "offscreen"
    env["TZ"] = DOC_TIMEZONE
    cmd = [sys.executable, "-m", "companion", "screenshot", str(out), "--screen", screen, "--lang", language,
           "--profile", profile]
    if trajan_state:
        cmd += ["--trajan-state", trajan_state]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError(f"screenshot of {screen} failed (rc {proc.returncode}):\n{proc.stderr[-3000:]}")
    return Path(out)


def regenerate_docs(out_dir: Path | str, games: Sequence[Any], profile: str = DOC_PROFILE) -> list[Path]:
    """Writes every screen in zh-Hans and en to `out_dir` as <screen>-<lang>-<profile>.png, and
    each of `games` (the home screen's `GameChoice`s) whose GameUI has `doc_states` into
    `out_dir/<id>`, each picture in its own process (two at a time)."""
    from companion.ui.gameui import game_ui_class

    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    jobs = [(out_dir / doc_name(s, lang, profile), s, lang) for s in DOC_SCREENS for lang in DOC_LANGUAGES]
    with ThreadPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:
        futures = [pool.submit(screenshot_in_subprocess, out, s, lang, profile) for out, s, lang in jobs]
        written = [f.result() for f in futures]
    for choice in games:
        states = game_ui_class(choice).doc_states if choice.ui else ()
        if states:
            written += regenerate_demo_docs(out_dir / choice.id, choice.id, states, profile)
    return written


def demo_doc_name(game: str, state: str, language: str, profile: str = DOC_PROFILE) -> str:
    return f"{game}-{state}-{language}-{profile}.png"


def demo_screenshot_in_subprocess(out: Path, game: str, state: str, language: str, profile: str,
                                  timeout: float = 60) -> Path:
    """One picture of a demo game (secret bid, Tribune, dice tray) in a fresh Python process
    (`python -m companion.demo`, which builds the demo session: the UI may not import the games)."""
    root = str(Path(__file__).resolve().parents[2])
    env = dict(os.environ)
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["SDL_VIDEODRIVER"] = "offscreen"
    env["TZ"] = DOC_TIMEZONE
    cmd = [sys.executable, "-m", "companion.demo", str(out), "--game", game, "--state", state, "--lang", language,
           "--profile", profile]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError(f"screenshot of the {game} {state} failed (rc {proc.returncode}):\n{proc.stderr[-3000:]}")
    return Path(out)


def regenerate_demo_docs(out_dir: Path | str, game: str, states: Sequence[str],
                         profile: str = DOC_PROFILE) -> list[Path]:
    """Writes `game`'s pictures of `states` (its GameUI's `doc_states`) in zh-Hans and en to `out_dir`."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    jobs = [(out_dir / demo_doc_name(game, state, lang, profile), state, lang)
            for state in states for lang in DOC_LANGUAGES]
    with ThreadPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:
        futures = [pool.submit(demo_screenshot_in_subprocess, out, game, state, lang, profile)
                   for out, state, lang in jobs]
        return [f.result() for f in futures]


def trajan_doc_name(state: str, language: str, profile: str = DOC_PROFILE) -> str:
    return f"trajan-{state}-{language}-{profile}.png"


def regenerate_trajan_docs(out_dir: Path | str, profile: str = DOC_PROFILE) -> list[Path]:
    """Writes every Trajan screen state (set-up, table before a pick-up, mid-turn choices, season
    summary, game end) in zh-Hans and en to `out_dir`, each in its own process."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    jobs = [(out_dir / trajan_doc_name(state, lang, profile), screen, lang, state)
            for state, screen in TRAJAN_DOC_STATES.items() for lang in DOC_LANGUAGES]
    with ThreadPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:
        futures = [pool.submit(screenshot_in_subprocess, out, screen, lang, profile, 60, state)
                   for out, screen, lang, state in jobs]
        return [f.result() for f in futures]
