"""Screenshots of any screen, in any language and display profile, rendered offscreen.

For the docs, the tests and `companion screenshot`. One app per process: `take_screenshot` runs the
app in this process (call it from a fresh process, as the CLI and `regenerate_docs` do). Without a
session it builds a demo one in a temporary data directory, so a picture never touches real games.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from companion.ui import environment

SCREENS = ("home", "setup", "table", "history", "settings")
DOC_LANGUAGES = ("zh-Hans", "en")
DOC_PROFILE = "800x480"

DEMO_NAMES = {
    "en": ["Alice", "Bob", "Carol", "Dave"],
    "zh-Hans": ["王芳", "李伟", "张敏", "刘洋"],
    "zh-Hant": ["王芳", "李偉", "張敏", "劉洋"],
}


def demo_session(data_dir: Path, language: str, screen: str) -> Any:
    """A session over `data_dir` with a finished game and an open 4-player score pad game whose
    history has points, one undo and a redo-able step undone again; for `home` the open game is
    closed so the Resume button shows, as after a restart."""
    from companion.core.store import JournalStore
    from companion.games import built_games
    from companion.session import Intent, Session

    session = Session(built_games(), JournalStore(data_dir))
    names = DEMO_NAMES.get(language, DEMO_NAMES["en"])
    if screen not in ("table", "history", "home"):
        return session
    steps = [
        Intent("new_game", {"game": "scorepad", "setup": {"players": names[:3], "seed": 7}}),
        Intent("add_points", {"seat": 0, "points": 12}),
        Intent("add_points", {"seat": 1, "points": 9}),
        Intent("add_points", {"seat": 2, "points": 15}),
        Intent("finish"),
        Intent("new_game", {"game": "scorepad", "setup": {"players": names, "seed": 42}}),
        Intent("add_points", {"seat": 0, "points": 5}),
        Intent("add_points", {"seat": 1, "points": 3}),
        Intent("add_points", {"seat": 2, "points": 10}),
        Intent("undo"),
        Intent("add_points", {"seat": 2, "points": 1}),
        Intent("add_points", {"seat": 3, "points": 7}),
        Intent("add_points", {"seat": 1, "points": -2}),
    ]
    for intent in steps:
        session.handle(intent)
        if session.notice is not None and session.notice.level != "info":
            raise RuntimeError(f"demo step {intent} refused: {session.notice.text}")
    if screen == "home":
        session.handle(Intent("close"))
    return session


def take_screenshot(out: Path, screen: str, language: str, profile: str, session: Any = None) -> Path:
    """Renders `screen` offscreen and writes exactly `out` (a PNG of the profile's size)."""
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
    own_session = session is None
    try:
        if own_session:
            session = demo_session(scratch / "data", language, screen)
        written: list[Path] = []

        def on_ready(app: Any) -> None:
            target = Clock.frames_displayed + 1  # ≥ 2 frames: the first ones can still be black

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

        run_app(session, language=language, profile=profile, start_screen=screen, on_ready=on_ready)
        if not written:
            raise RuntimeError(f"no screenshot was taken of {screen}")
        return out
    finally:
        if own_session and session is not None:
            session.shutdown()
        shutil.rmtree(scratch, ignore_errors=True)


def doc_name(screen: str, language: str, profile: str = DOC_PROFILE) -> str:
    return f"{screen}-{language}-{profile}.png"


def screenshot_in_subprocess(out: Path, screen: str, language: str, profile: str, timeout: float = 60) -> Path:
    """`take_screenshot` in a fresh Python process (one Kivy window per process)."""
    root = str(Path(__file__).resolve().parents[2])
    env = dict(os.environ)
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env["SDL_VIDEODRIVER"] = "offscreen"
    cmd = [sys.executable, "-m", "companion.ui.screenshot", "--screen", screen, "--language", language,
           "--profile", profile, "--out", str(out)]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError(f"screenshot of {screen} failed (rc {proc.returncode}):\n{proc.stderr[-3000:]}")
    return Path(out)


def regenerate_docs(out_dir: Path | str, profile: str = DOC_PROFILE) -> list[Path]:
    """Writes every screen in zh-Hans and en to `out_dir` as <screen>-<lang>-<profile>.png, each in
    its own process (two at a time)."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    jobs = [(out_dir / doc_name(s, lang, profile), s, lang) for s in SCREENS for lang in DOC_LANGUAGES]
    with ThreadPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:
        futures = [pool.submit(screenshot_in_subprocess, out, s, lang, profile) for out, s, lang in jobs]
        return [f.result() for f in futures]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m companion.ui.screenshot", description=__doc__)
    parser.add_argument("--screen", choices=SCREENS, default="home")
    parser.add_argument("--language", default="en")
    parser.add_argument("--profile", default=DOC_PROFILE)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--docs", type=Path, help="regenerate every documentation screenshot into this folder")
    args = parser.parse_args(argv)
    if args.docs:
        for path in regenerate_docs(args.docs, args.profile):
            print(path)
        return 0
    out = args.out or Path(doc_name(args.screen, args.language, args.profile))
    print(take_screenshot(out, args.screen, args.language, args.profile))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
