"""The table status display wired into the app: what it shows for each game (pure, from the public
view only), which display each mode opens, the feed that draws on a writer thread, and through the
real offscreen app: the PNG twin follows a Trajan move, follows a language switch, is cleared at
exit; a failing display is reported and the game goes on; a seat's draft never reaches it.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import logging
import sys
import time
from pathlib import Path

import pytest
from PIL import Image

from companion.cli import build_parser, game_choices, status_png_path
from companion.config import Config, StatusDisplayConfig
from companion.core.store import JournalStore
from companion.games import all_rules
from companion.presenters import game
from companion.presenters.status_screens import ENGLISH, StatusWords
from companion.session import Intent, Session, TableView
from companion.ui.gameui import game_presenters
from companion.wiring.status import MODES, StatusFeed, StatusPlan, plan_status
from hardware.detect import FOUND, MISSING, Probe
from hardware.facts import ButtonPressed, DeviceStatus, DiceLive, DiceRead
from hardware.status_display.render import render
from hardware.status_display.screen import StatusScreen
from tests.waiting import TIMEOUT

pytestmark = pytest.mark.timeout(90)

PLAYERS = ["Ann", "Bo", "Cy"]
PRESENTERS = game_presenters(game_choices())
"""Every game's presenter, as the app hands them to the feed."""
status_screen = functools.partial(game.status_screen, presenters=PRESENTERS)


@pytest.fixture
def session(tmp_path):
    s = Session(all_rules(), JournalStore(tmp_path / "data"))
    yield s
    s.shutdown()


def trajan_game(session, mode="light", **setup):
    session.handle(Intent("new_game", {"game": "trajan", "setup": {
        "players": PLAYERS, "colours": ["red", "blue", "green"], "seed": 3, "start_player": 0, "mode": mode,
        **setup}}))
    assert session.notice is None, session.notice


def light_step(session):
    """One intent of a quick light-mode policy: the longest move, then no action, then end the turn."""
    choices = session.table_view().view["choices"]
    names = [c["name"] for c in choices]
    moves = [c for c in choices if c["name"] == "move"]
    if moves:
        choice = max(moves, key=lambda c: c["args"]["markers"])
    else:
        choice = next((c for c in choices if c["name"] in ("end_turn", "pass")), choices[0])
    session.handle(Intent(choice["name"], dict(choice["args"])))
    assert session.notice is None or session.notice.level == "info", session.notice
    return choice


def play_until(session, condition, limit=300):
    for _ in range(limit):
        if condition(session.table_view().view):
            return session.table_view().view
        light_step(session)
    raise AssertionError("the game never got there")


def trajan(**fields):
    """The Trajan screen in English, with the labels every Trajan screen has."""
    return StatusScreen(title="Trajan", season_label="Season", round_label="Round", **fields)


def texts(screen: StatusScreen) -> str:
    return " ".join((screen.title, screen.season_label, screen.round_label, screen.status))


# -- what the display shows (pure) ------------------------------------------------------------------


def test_no_game_clears_the_display(session):
    assert status_screen(session.table_view()).is_blank


def test_a_trajan_game_shows_season_round_time_track_and_whose_turn(session):
    trajan_game(session)
    assert status_screen(session.table_view()) == trajan(season=1, round=1, time=0, lap=16, status="Ann's turn")
    light_step(session)  # Ann moves 3 markers: the time marker moves 3 spaces
    assert status_screen(session.table_view()) == trajan(season=1, round=1, time=3, lap=16, status="Ann's turn")


def test_the_round_end_is_marked_until_the_turn_ends_and_the_surplus_carries(session):
    trajan_game(session)
    view = play_until(session, lambda v: v["round_ending"])
    screen = status_screen(session.table_view())
    assert screen.round_ending and screen.time == view["time"] >= 16 and screen.round == 1
    view = play_until(session, lambda v: v["round"] == 2)
    screen = status_screen(session.table_view())
    assert (screen.round, screen.round_ending, screen.time) == (2, False, view["time"])
    assert view["time"] < 16


def test_the_consul_choosing_a_bonus_tile_is_named_after_a_season(session):
    trajan_game(session)
    view = play_until(session, lambda v: v["phase"] == "consul")
    consul = PLAYERS[view["consul"]]
    screen = status_screen(session.table_view())
    assert (screen.season, screen.round, screen.status) == (2, 1, f"{consul} · bonus tile")


def test_the_table_drawing_the_senates_bonus_tiles_is_said_in_one_legible_line(session):
    """With the table's draws, after a season's refill the table draws the senate's 2 bonus tiles
    (Trajan 1.6 step 4, 1.11): the status line says so, whole, in every language."""
    from hardware.handheld.render import CJK_FONT, cjk_font, fit, is_latin, latin_font
    from hardware.status_display.render import STATUS_Y, WIDTH

    from companion.ui.text import i18n
    from companion.ui.shell.status_display import status_words

    trajan_game(session, digital_draws=False)
    view = play_until(session, lambda v: v["phase"] == "bonus_draw")
    screen = status_screen(session.table_view())
    assert (screen.season, screen.status) == (view["season"], "Draw the bonus tiles")
    for language, status in (("en", "Draw the bonus tiles"), ("zh-Hans", "为元老院抽奖励板块"),
                             ("zh-Hant", "為元老院抽獎勵板塊")):
        try:
            i18n.set_language(language)
            screen = status_screen(session.table_view(), status_words())
        finally:
            i18n.set_language("en")
        assert screen.status == status
        font = latin_font() if is_latin(status) else cjk_font(CJK_FONT)
        if font is not None:
            assert fit(status, font, WIDTH) == status, "the whole line fits the 128 px display"
        assert render(screen).crop((0, STATUS_Y, WIDTH, 64)).getbbox() is not None
    session.handle(Intent("reveal_bonus", {"tile": session.table_view().view["choices"][0]["args"]["tile"]}))
    if session.table_view().view["phase"] == "bonus_draw":  # one more to draw: the same line
        assert status_screen(session.table_view()).status == "Draw the bonus tiles"


def test_impossible_values_leave_their_part_out_instead_of_stopping_the_display():
    table = TableView("trajan", {"game": "trajan", "phase": "turn", "season": 9, "round": 0, "time": 3,
                                 "lap": 99, "round_ending": True, "current": 7, "players": []}, False, False,
                      False, None, None, 0)
    assert status_screen(table) == trajan(status="8's turn")


def test_a_score_pad_shows_its_name_and_who_leads(session):
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo"], "start_player": 0}}))
    assert status_screen(session.table_view()) == StatusScreen(title="Score pad")
    session.handle(Intent("add_points", {"seat": 1, "points": 7}))
    assert status_screen(session.table_view()) == StatusScreen(title="Score pad", status="1. Bo 7")
    session.handle(Intent("add_points", {"seat": 0, "points": 7}))
    assert status_screen(session.table_view()).status == "1. Ann, Bo 7"
    session.handle(Intent("finish"))
    assert status_screen(session.table_view()).status == "game over"


def test_a_secret_bid_shows_its_round_whom_the_table_waits_for_then_the_winner(session):
    session.handle(Intent("new_game", {"game": "secretbid", "setup": {"players": PLAYERS}}))
    assert status_screen(session.table_view()) == StatusScreen(title="Secret bid · round 1", status="waiting for 3")
    for seat, presses in ((0, 3), (1, 5), (2, 1)):
        for _ in range(presses):
            session.handle(ButtonPressed(seat, "plus"))
        session.handle(ButtonPressed(seat, "ok"))
    assert status_screen(session.table_view()) == StatusScreen(title="Secret bid · round 1", status="Bo wins: 5")


def test_the_dice_tray_shows_its_name_and_the_reads_counted(session):
    session.handle(Intent("new_game", {"game": "dicetray", "setup": {}}))
    assert status_screen(session.table_view()) == StatusScreen(title="Dice tray", status="Reads counted: 0")
    session.handle(DiceRead(6, (("red", 4), ("white", 2)), "3F2A9C01"))
    session.handle(DiceLive(7, (("red", 3, "rolling"),), "3F2A9C01"))  # a throw under way counts nothing yet
    session.handle(Intent("enter_dice", {"dice": [["black", 5]]}))
    assert status_screen(session.table_view()) == StatusScreen(title="Dice tray", status="Reads counted: 2")
    session.handle(Intent("undo"))
    assert status_screen(session.table_view()).status == "Reads counted: 1"
    session.handle(Intent("finish"))  # closed, the tally is still what the table wants to see
    assert status_screen(session.table_view()) == StatusScreen(title="Dice tray", status="Reads counted: 1")
    from companion.ui.text import i18n
    from companion.ui.shell.status_display import status_words

    for language, title, status in (("zh-Hans", "掷骰盘", "已计入 1 次"), ("zh-Hant", "擲骰盤", "已計入 1 次")):
        try:
            i18n.set_language(language)
            screen = status_screen(session.table_view(), status_words())
        finally:
            i18n.set_language("en")
        assert (screen.title, screen.status) == (title, status)
        assert render(screen).getbbox() is not None  # drawn, nothing refused


def test_a_seats_draft_never_reaches_the_status_display_even_from_a_seat_view(session):
    session.handle(Intent("new_game", {"game": "secretbid", "setup": {"players": PLAYERS, "limits": [99, 99, 99]}}))
    for _ in range(37):
        session.handle(ButtonPressed(0, "plus"))
    session.handle(ButtonPressed(1, "plus"))
    session.handle(ButtonPressed(1, "ok"))  # locked: its amount is in the round, still secret
    public = session.table_view()
    screen = status_screen(public)
    assert screen == StatusScreen(title="Secret bid · round 1", status="waiting for 2")
    for seat in range(3):  # a seat's view handed over by mistake shows exactly the public screen
        assert status_screen(dataclasses.replace(public, view=session.seat_view(seat))) == screen
    assert "37" not in texts(screen)


def test_the_words_are_the_ui_catalogs_msgids_word_for_word():
    from companion.ui.shell.status_display import status_words

    assert status_words() == ENGLISH


def test_translated_words_reach_the_screen(session):
    from companion.ui.text import i18n
    from companion.ui.shell.status_display import status_words

    trajan_game(session)
    try:
        i18n.set_language("zh-Hans")
        screen = status_screen(session.table_view(), status_words())
    finally:
        i18n.set_language("en")
    assert (screen.title, screen.season_label, screen.round_label) == ("图拉真", "季", "轮")
    assert screen.status == "轮到 Ann"


# -- which display opens --------------------------------------------------------------------------


def probe_says(status, detail):
    calls = []

    def probe(bus, address):
        calls.append((bus, address))
        return Probe("status display", status, detail)

    probe.calls = calls
    return probe


def test_auto_is_real_where_the_display_answers_else_the_png_twin(tmp_path):
    config = StatusDisplayConfig(bus=3, address=0x3C, driver="sh1106")
    found = probe_says(FOUND, "0x3C on /dev/i2c-3")
    plan = plan_status(config, png_path=tmp_path / "s.png", probe=found)
    assert (plan.mode, plan.driver, plan.bus, plan.address, plan.reason) == ("real", "sh1106", 3, 0x3C,
                                                                              "real: 0x3C on /dev/i2c-3")
    assert found.calls == [(3, 0x3C)]
    plan = plan_status(config, png_path=tmp_path / "s.png", probe=probe_says(MISSING, "no /dev/i2c-3"))
    assert (plan.mode, plan.png_path, plan.reason) == ("simulated", tmp_path / "s.png", "simulated: no /dev/i2c-3")


def test_only_auto_probes_and_the_command_line_overrides_the_config(tmp_path):
    never = probe_says(FOUND, "")
    config = StatusDisplayConfig(mode="real")
    assert plan_status(config, probe=never) == StatusPlan("real", reason="real, by config")
    assert plan_status(config, mode="simulated", probe=never).reason == "simulated, by the command line"
    assert plan_status(config, mode="off", probe=never).mode == "off"
    assert never.calls == []
    with pytest.raises(ValueError, match="status display mode"):
        plan_status(config, mode="sometimes")


def test_the_command_line_offers_every_mode_and_a_png_path(tmp_path, monkeypatch):
    args = build_parser().parse_args(["--status-display", "off", "--status-png", str(tmp_path / "x.png")])
    assert (args.status_display, args.status_png) == ("off", tmp_path / "x.png")
    assert build_parser().parse_args([]).status_display is None
    assert set(MODES) == {"auto", "real", "simulated", "off"}
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    assert status_png_path(Config()) == tmp_path / "companion" / "status.png"
    monkeypatch.delenv("XDG_RUNTIME_DIR")
    assert status_png_path(Config()) == Config().data_path() / "status.png"
    assert status_png_path(Config(), tmp_path / "x.png") == tmp_path / "x.png"


def test_off_opens_nothing():
    assert StatusFeed.open(StatusPlan("off", reason="off, by the command line"), lambda fact: None) is None


# -- the feed ---------------------------------------------------------------------------------------


def png(path: Path) -> bytes:
    return Image.open(path).convert("1").tobytes()


def test_the_feed_draws_each_update_on_the_twin_and_clears_it_when_closed(session, tmp_path):
    path = tmp_path / "run" / "status.png"
    reports = []
    feed = StatusFeed.open(StatusPlan("simulated", png_path=path), reports.append, presenters=PRESENTERS)
    try:
        trajan_game(session)
        feed.update(session.table_view())
        assert feed.flush(TIMEOUT)
        assert png(path) == render(trajan(season=1, round=1, time=0, lap=16, status="Ann's turn")).tobytes()
        light_step(session)
        feed.update(session.table_view())
        assert feed.flush(TIMEOUT)
        assert png(path) == render(feed.screen).tobytes() == render(
            trajan(season=1, round=1, time=3, lap=16, status="Ann's turn")).tobytes()
        light_step(session)  # "pass": the status stays as it was, so nothing is drawn again
        feed.update(session.table_view())
        assert feed.flush(TIMEOUT) and feed.submitted == 2 and feed.display.writes == 2
    finally:
        feed.close()
    assert png(path) == render(StatusScreen()).tobytes(), "closing clears the display"
    assert reports == []
    feed.update(session.table_view())  # after closing: ignored, never raises


def test_a_real_display_that_is_not_there_is_reported_once_and_nothing_raises(session, caplog):
    reports = []
    feed = StatusFeed.open(StatusPlan("real", bus=97), reports.append,  # no /dev/i2c-97 anywhere
                           presenters=PRESENTERS)
    try:
        trajan_game(session)
        for _ in range(3):
            feed.update(session.table_view())
            light_step(session)
        assert feed.flush(TIMEOUT)
    finally:
        feed.close()
    assert [(r.device, r.status) for r in reports] == [("status display", "missing")]
    assert feed.submitted == 3, "a display in trouble gets every update, to be tried again"
    assert "I2C bus 97" in reports[0].detail
    assert any("status display: missing" in r.getMessage() for r in caplog.records)


def test_words_that_fail_blank_the_display_and_log_only_the_kind_of_error(session, tmp_path, caplog):
    def broken() -> StatusWords:
        raise KeyError("Bo's secret 37")

    feed = StatusFeed.open(StatusPlan("simulated", png_path=tmp_path / "s.png"), lambda fact: None, words=broken)
    try:
        trajan_game(session)
        feed.update(session.table_view())
        assert feed.screen == StatusScreen()
        assert feed.flush(TIMEOUT)
    finally:
        feed.close()
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR] == [
        "status display: no screen for this table (KeyError)"]


# -- in the running app (offscreen window) ----------------------------------------------------------


def run_ui(*args, **kwargs):
    """The UI tests' driver (tests/ui/uiharness.py): the real app, a script stepped per frame."""
    sys.path.insert(0, str(Path(__file__).parent / "ui"))
    try:
        from uiharness import run_ui as run
    finally:
        sys.path.pop(0)
    return run(*args, **kwargs)


def frames_until(condition, timeout=TIMEOUT):
    """Lets frames pass until `condition()` holds. Bounded by seconds, not frames: what it waits
    for may come from another thread (a display writer), and a fast machine draws many frames."""
    end = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > end:
            raise AssertionError("timed out")
        yield


def twin(tmp_path):
    return StatusPlan("simulated", png_path=tmp_path / "status.png", reason="simulated, by the test")


def test_the_apps_png_twin_follows_a_trajan_move_and_the_language_and_is_cleared_at_exit(session, tmp_path):
    path = tmp_path / "status.png"
    seen = {}

    def script(ui):
        hook = ui.app.status_display
        assert hook is not None, "opened after the first frame"
        assert hook.feed.flush(TIMEOUT)
        assert png(path) == render(StatusScreen()).tobytes()  # no game yet: dark
        trajan_game_intent = {"game": "trajan", "setup": {"players": PLAYERS, "colours": ["red", "blue", "green"],
                                                          "seed": 3, "start_player": 0, "mode": "light"}}
        ui.app.post(Intent("new_game", trajan_game_intent))
        yield from frames_until(lambda: session.engine is not None)
        assert hook.feed.flush(TIMEOUT)
        before = png(path)
        assert before == render(trajan(season=1, round=1, time=0, lap=16, status="Ann's turn")).tobytes()
        choice = next(c for c in session.table_view().view["choices"] if c["args"].get("markers") == 3)
        ui.app.post(Intent(choice["name"], dict(choice["args"])))
        yield from frames_until(lambda: session.table_view().view["time"] == 3)
        assert hook.feed.flush(TIMEOUT)
        after = png(path)
        assert after != before
        assert after == render(trajan(season=1, round=1, time=3, lap=16, status="Ann's turn")).tobytes()
        ui.app.set_language("zh-Hans")
        assert hook.feed.flush(TIMEOUT)
        assert hook.feed.screen.title == "图拉真"
        assert png(path) == render(hook.feed.screen).tobytes() != after
        ui.app.set_language("en")
        seen["ran"] = True

    run_ui(session, script, status_plan=twin(tmp_path))
    assert seen["ran"]
    assert png(path) == render(StatusScreen()).tobytes(), "closing the app clears the status display"
    assert all(getattr(listener, "__self__", None).__class__.__name__ != "StatusFeed"
               for listener in session.listeners), "the feed stopped listening"


def test_a_failing_status_display_is_reported_and_the_game_goes_on(session, tmp_path, monkeypatch):
    facts = []
    handle = session.handle

    def recording(fact):
        facts.append(fact)
        handle(fact)

    monkeypatch.setattr(session, "handle", recording)  # the bridge hands every fact to this
    trajan_game(session)

    def script(ui):
        hook = ui.app.status_display
        assert hook.feed.flush(TIMEOUT)
        hook.feed.display.device.unplug()  # the twin's writes fail from now on, as a real bus would
        light_step(session)  # the move (the session's own handling, as the bridge does)
        assert hook.feed.flush(TIMEOUT)
        yield from frames_until(lambda: any(isinstance(f, DeviceStatus) for f in facts))
        status = [f for f in facts if isinstance(f, DeviceStatus)]
        assert [(f.device, f.status) for f in status] == [("status display", "failed")]
        assert session.notice is not None and session.notice.params == {"device": "status display",
                                                                         "status": "failed"}
        step = session.table_view().step
        for _ in range(3):
            light_step(session)  # the game goes on without the display
            yield
        assert session.table_view().step == step + 3
        assert not hook.feed.display.is_working
        seen["ran"] = True

    seen = {}
    run_ui(session, script, status_plan=twin(tmp_path))
    assert seen["ran"]


def test_the_status_display_never_asks_for_a_seat_view(session, tmp_path, monkeypatch):
    asked = []
    seat_view = session.seat_view

    def watched(seat):
        callers = {Path(frame.filename).name for frame in inspect.stack()[1:8]}
        asked.append(callers & {"status.py", "status_screens.py", "status_display.py"})
        return seat_view(seat)

    monkeypatch.setattr(session, "seat_view", watched)
    seen = {}

    def script(ui):
        ui.app.post(Intent("new_game", {"game": "secretbid", "setup": {"players": PLAYERS, "limits": [99, 99, 99]}}))
        yield from frames_until(lambda: session.engine is not None)
        for _ in range(37):
            ui.app.bridge.post(ButtonPressed(0, "plus"))
        yield from frames_until(lambda: seat_view(0)["draft"] == 37)
        yield from ui.frames(3)
        hook = ui.app.status_display
        assert hook.feed.flush(TIMEOUT)
        assert hook.feed.screen == StatusScreen(title="Secret bid · round 1", status="waiting for 3")
        assert png(tmp_path / "status.png") == render(hook.feed.screen).tobytes()
        seen["ran"] = True

    run_ui(session, script, status_plan=twin(tmp_path))
    assert seen["ran"]
    assert not any(asked), "the status display reads only the public TableView"
