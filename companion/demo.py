"""A demo table for screenshots: a finished game and an open score pad with points, an undo and a
redo-able step, in the language of the picture. Built over a scratch data directory by the caller,
so a picture never touches the players' real games.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from companion.core.store import JournalStore
from companion.session import Intent, Session

DEMO_NAMES = {
    "en": ["Alice", "Bob", "Carol", "Dave"],
    "zh-Hans": ["王芳", "李伟", "张敏", "刘洋"],
    "zh-Hant": ["王芳", "李偉", "張敏", "劉洋"],
}


def demo_session(data_dir: Path, language: str, screen: str, games: Mapping[str, Any]) -> Session:
    """A session over `data_dir` with a finished game and an open 4-player score pad game whose
    history has points, one undo and a redo-able step undone again; for `home` the open game is
    closed so the Resume button shows, as after a restart."""
    session = Session(games, JournalStore(data_dir))
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
