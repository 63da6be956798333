"""A demo table for screenshots, built over a scratch data directory so a picture never touches
the players' real games: the shell's own (a finished game and an open score pad with points, an
undo and a redo-able step, in the language of the picture), and any game's demo states, which its
GameUI names (`GameUI.demo`, a `companion.ui.gamedemo.GameDemo`) and this module plays on a session
of its own making. `shoot` takes one picture (`companion screenshot` runs it, one process per
picture: one Kivy window per process).
"""

from __future__ import annotations

import dataclasses
import datetime as _dt
import functools
from pathlib import Path
from typing import Any, Mapping, Sequence

from companion.core.store import JournalStore
from companion.session import Intent, Session
from companion.ui.gamedemo import DemoTable, GameDemo

DEMO_NAMES = {
    "en": ["Alice", "Bob", "Carol", "Dave"],
    "zh-Hans": ["王芳", "李伟", "张敏", "刘洋"],
    "zh-Hant": ["王芳", "李偉", "張敏", "劉洋"],
}


class DemoClock:
    """The demo journals' clock: the same steps give the same times, on any machine and any day, so
    the documentation's pictures (the history shows each step's time) regenerate identically. An
    evening at the table, a step every 40 seconds."""

    START = _dt.datetime(2026, 11, 20, 19, 30, tzinfo=_dt.timezone.utc)
    STEP = _dt.timedelta(seconds=40)

    def __init__(self) -> None:
        self._next = self.START

    def __call__(self) -> _dt.datetime:
        now, self._next = self._next, self._next + self.STEP
        return now


def _handle(session: Session, fact: object) -> None:
    """Hands the demo's next intent or fact to the session; a refusal means the demo is wrong."""
    session.handle(fact)
    if session.notice is not None and session.notice.level != "info":
        raise RuntimeError(f"demo step {fact} refused: {session.notice.text}")


def demo_table(data_dir: Path, language: str, games: Mapping[str, Any]) -> DemoTable:
    """A new session over `data_dir` on the demo clock, with the players' names in `language`: what
    a game's demo plays on."""
    session = Session(games, JournalStore(data_dir, clock=DemoClock()))
    return DemoTable(session, tuple(DEMO_NAMES.get(language, DEMO_NAMES["en"])), functools.partial(_handle, session))


def demo_session(data_dir: Path, language: str, screen: str, games: Mapping[str, Any]) -> Session:
    """A session over `data_dir` with a finished game and an open 4-player score pad game whose
    history has points, one undo and a redo-able step undone again; for `home`, as after a
    restart, several unfinished games besides (a Trajan game in its second season, a Tribune
    game, the dice tray) and one damaged game set aside, with the open game closed."""
    table = demo_table(data_dir, language, games)
    session, names = table.session, list(table.names)
    if screen in ("plays", "play"):
        _finished_plays(table)
        return session
    if screen == "card_facts":
        _own_card_fact(session)
        return session
    if screen not in ("table", "history", "home"):
        return session
    if screen == "home":
        _home_games(table)
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
        table.handle(intent)
    if screen == "home":
        session.handle(Intent("close"))
    return session


def _own_card_fact(session: Session) -> None:
    """The card-facts screen's demo: the first game with card facts, the last number of its first
    entry (Troyes: the Blacksmith's divisor) set by the table to one more than its data's, so the
    picture shows the table's mark and the way back to the data's value."""
    games = session.data_games()
    sheet = session.data_sheet(games[0]) if games else None
    if sheet is None:
        return
    table = sheet.tables[0]
    entry = sheet.entries[table.id][0]
    field = [f for f in table.fields if f.kind == "number" and entry.values.get(f.name) is not None][-1]
    session.set_data(sheet.game, table.id, entry.id, field.name, min(field.high, entry.values[field.name] + 1))


def _finished_plays(table: DemoTable) -> None:
    """The history of plays' demo: a score pad game and a Tribune game finished (its winner named
    by the table), then a Trajan game played to its final scoring (its demo's "final" state), the
    newest, which the "play" picture opens."""
    names = list(table.names)
    for intent in (
        Intent("new_game", {"game": "scorepad", "setup": {"players": names[:3], "seed": 7}}),
        Intent("add_points", {"seat": 0, "points": 12}),
        Intent("add_points", {"seat": 1, "points": 9}),
        Intent("add_points", {"seat": 2, "points": 15}),
        Intent("finish"),
        Intent("new_game", {"game": "tribune", "setup": {"players": names[:4], "start_player": 1}}),
        Intent("take_money", {"seat": 0, "amount": 5, "reason": "coin bowl"}),
        Intent("finish", {"winners": [1]}),
    ):
        table.handle(intent)
    game_demo("trajan").play(table, "final")


def _home_games(table: DemoTable) -> None:
    """Home's other games: Trajan (its demo's "choices" state, season 2), a Tribune round, the dice
    tray with a read, and a score pad game whose journal is then damaged (a meta row changed
    behind the app's back), which the listing sets aside and offers to recover."""
    import sqlite3

    session, names = table.session, list(table.names)
    game_demo("trajan").play(table, "choices")
    for intent in (
        Intent("new_game", {"game": "tribune", "setup": {"players": names[:4], "start_player": 1}}),
        Intent("take_money", {"seat": 0, "amount": 5, "reason": "coin bowl"}),
        Intent("next_round"),
        Intent("new_game", {"game": "dicetray", "setup": {}}),
        Intent("enter_dice", {"dice": [["red", 3], ["white", 5], ["black", 2]]}),
        Intent("new_game", {"game": "scorepad", "setup": {"players": names[1:3], "seed": 5}}),
        Intent("add_points", {"seat": 0, "points": 4}),
    ):
        table.handle(intent)
    damaged = session.engine.journal.path
    session.handle(Intent("close"))
    conn = sqlite3.connect(damaged, isolation_level=None)
    try:
        conn.execute("UPDATE meta SET value = value || ' ' WHERE key = 'players'")
    finally:
        conn.close()


class DemoError(ValueError):
    """A picture asked of a screen, game or state there is no demo of (the CLI says which, exit 2)."""


def game_demos(choices: Sequence[Any] | None = None) -> dict[str, GameDemo]:
    """Game id → its demo (`GameUI.demo`), for each game of `choices` (the home screen's
    `GameChoice`s; by default the registry's) whose demo has states."""
    from companion.ui.gameui import game_ui_classes

    if choices is None:
        from companion.games import registry
        from companion.ui.shell.choices import choices_from_registry

        choices = choices_from_registry(registry())
    return {game: cls.demo for game, cls in game_ui_classes(choices).items() if cls.demo.states}


def game_demo(game: str, choices: Sequence[Any] | None = None, state: str | None = None) -> GameDemo:
    """`game`'s demo (see `game_demos`), which has `state` if one is named; else DemoError naming
    what there is."""
    demos = game_demos(choices)
    if game not in demos:
        raise DemoError(f"no demo of {game!r}; games with one: {', '.join(demos)}")
    demo = demos[game]
    if state is not None and state not in demo.states:
        raise DemoError(f"the {game} demo has no state {state!r}; choose one of {', '.join(demo.states)}")
    return demo


def demo_game_session(data_dir: Path, language: str, game: str, state: str, games: Mapping[str, Any]) -> Session:
    """A session over `data_dir` whose open `game` is in its demo's `state`, reached by the
    intents and facts its demo plays (`GameDemo.play`)."""
    table = demo_table(data_dir, language, games)
    game_demo(game, state=state).play(table, state)
    return table.session


@dataclasses.dataclass(frozen=True)
class Shot:
    """What one picture shows: `screen`, over `game`'s demo in `state` (both None: the shell's
    score pad demo)."""

    screen: str
    game: str | None = None
    state: str | None = None


def pick_shot(choices: Sequence[Any], screen: str | None = None, game: str | None = None,
              state: str | None = None) -> Shot:
    """The picture `companion screenshot` was asked for, each part defaulting from the others: a
    game's own screen shows that game's demo (in the first state shown on it, unless `state` says),
    a state is shown on its own screen (unless `screen` says), and a picture of no game is the
    shell's demo on `screen` (home by default)."""
    from companion.ui.gameui import game_ui_classes
    from companion.ui.shell.screenshot import screen_names

    if screen is not None and screen not in screen_names(choices):
        raise DemoError(f"unknown screen {screen!r}; choose one of {', '.join(screen_names(choices))}")
    demos = game_demos(choices)
    if game is None and screen is not None:
        owner = next((g for g, cls in game_ui_classes(choices).items() if screen in cls.screens), None)
        if owner in demos and (state is not None or screen in demos[owner].screens.values()):
            game = owner
    if game is None:
        if state is not None:
            raise DemoError(f"--state {state}: which game's? Give --game (one of {', '.join(demos)})")
        return Shot(screen or "home")
    demo = game_demo(game, choices, state)
    if state is None:
        state = next((s for s, shown in demo.screens.items() if shown == screen), demo.states[0])
    return Shot(screen or demo.screens[state], game, state)


def shoot(out: Path, language: str, profile: str, choices: Sequence[Any], shot: Shot) -> Path:
    """Writes the picture `shot` to `out`, over a demo session in a scratch directory, in this
    process (one Kivy window per process: call it once). `choices`: the home screen's list."""
    import tempfile

    from companion.games import built_games
    from companion.ui.shell.environment import prepare

    prepare(offscreen=True)
    from companion.ui.shell.screenshot import take_screenshot

    with tempfile.TemporaryDirectory(prefix="companion-demo-") as scratch:
        if shot.game is None:
            session, before = demo_session(Path(scratch), language, shot.screen, built_games()), None
        else:
            session = demo_game_session(Path(scratch), language, shot.game, shot.state, built_games())
            before = game_demo(shot.game, choices).prepare(shot.state)
        try:
            return take_screenshot(out, shot.screen, language, profile, session, choices, before)
        finally:
            session.shutdown()
