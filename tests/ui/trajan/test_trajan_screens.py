"""Trajan through a real offscreen window: whole games played by touches only (each tap picked with
a seeded random choice among the buttons the screen offers), the final breakdown on screen checked
against the engine's; every screen state fits each display profile with big, named targets."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion.session import Intent  # noqa: E402
from uiharness import LayoutProblems, duplicate_wids, run_ui, settle, until  # noqa: E402

pytestmark = pytest.mark.timeout(150)

#: The buttons a player taps to play Trajan (not navigation, undo or the light-mode keypad).
PLAY_PREFIXES = ("trajan.tray.", "trajan.choice.", "trajan.end_turn", "trajan.bonus.", "trajan.reveal.",
                 "trajan.seaport.")
COMMODITIES = ("columns", "furs", "scrolls", "oils", "fruit", "ceramics", "wine", "fish", "jewelry", "gems",
               "cattle", "wheat")


def offered(ui, prefixes=PLAY_PREFIXES):
    """Wids of the enabled buttons on screen now whose wid starts with one of `prefixes`."""
    from kivy.uix.behaviors import ButtonBehavior

    from companion.ui.widgets import is_shown, iter_widgets

    out = []
    for w in iter_widgets(ui.app.root):
        wid = getattr(w, "wid", "")
        if (wid.startswith(prefixes) and isinstance(w, ButtonBehavior) and not w.disabled and w.opacity > 0
                and w.width > 1 and is_shown(w)):
            out.append(wid)
    return out


def fast_frames():
    """No 60 fps cap while a whole game is tapped through (restored by the returned function)."""
    from kivy.clock import Clock

    saved = Clock._max_fps
    Clock._max_fps = 0
    return lambda: setattr(Clock, "_max_fps", saved)


def play_to_the_end(ui, seed, limit=1500, undo_at=(25,)):
    """Taps offered buttons (seeded choice) until the game is over; returns the number of taps.
    At the first button tap at or after each count in `undo_at` it taps Undo then Redo and checks
    the table came back (the card composer takes several taps at once, so an exact count may be
    stepped over; which buttons are offered, and so the path, can vary with the frames)."""
    rnd = random.Random(seed)
    vm = ui.app.trajan_vm
    taps = 0
    undo_marks = sorted(undo_at)
    while vm.phase != "over":
        if vm.cards_entry:  # the seaport's card composer: name the cards as a player would
            taps += yield from name_cards(ui, rnd)
            continue
        choices = offered(ui)
        assert choices, f"nothing to tap in phase {vm.phase}, entry {vm.entry}"
        wid = rnd.choice(sorted(choices))
        yield from ui.tap(wid)
        taps += 1
        assert ui.app.trajan_vm.notice_level != "refused", (wid, ui.app.trajan_vm.notice_text)
        if undo_marks and taps >= undo_marks[0]:
            undo_marks.pop(0)
            before = ui.app.session.table_view().view
            yield from ui.tap("trajan.undo")
            assert ui.app.session.table_view().view != before
            yield from ui.tap("trajan.redo")
            assert ui.app.session.table_view().view == before, "redo brings the table back"
        assert taps < limit, "the game does not end"
    return taps


def name_cards(ui, rnd):
    """In the card composer: a ship (when shipping), one commodity (twice for the pairs ship),
    Confirm; if the rules refuse (say, that commodity's 5 cards are all out), Cancel. Returns taps."""
    vm = ui.app.trajan_vm
    taps = 0
    ship = None
    if vm.cards_entry["kind"] == "ship":
        ship = rnd.choice(["pairs", "different", "identical"])
        yield from ui.tap(f"trajan.cards.ship.{ship}")
        taps += 1
    card = rnd.choice(COMMODITIES)
    for _ in range(2 if ship == "pairs" else 1):
        yield from ui.tap(f"trajan.cards.{card}")
        taps += 1
    yield from ui.tap("trajan.cards.confirm")
    taps += 1
    if vm.notice_level == "refused":
        assert vm.cards_entry, "a refused shipment keeps the composer open, with the reason shown"
        yield from ui.tap("trajan.cards.cancel")
        taps += 1
    return taps


def check_final_on_screen(ui):
    """Every category, total, the winner and the tie-break shown equal the engine's final breakdown."""
    final = ui.app.session.engine.view()["final"]
    for player in final["players"]:
        seat = player["seat"]
        for cat in player["categories"]:
            assert ui.text(f"trajan.final.{cat['id']}.{seat}") == str(cat["vp"]), (seat, cat)
        assert ui.text(f"trajan.final.total.{seat}") == str(player["total"])
    turn = ui.text("trajan.turn")
    assert all(name in turn for name in final["winners"]), (turn, final["winners"])
    return final


def test_a_whole_two_player_game_by_touch(session):
    seen = {}

    def script(ui):
        restore = fast_frames()
        try:
            yield from ui.tap("home.game.trajan")
            assert ui.screen == "trajan_setup"
            assert ui.find("trajan.setup.count.minus").disabled, "2 is the fewest"
            ui.find("trajan.setup.name.0").text = "Ann"  # what typing does (no keyboard here)
            ui.find("trajan.setup.name.1").text = "Bo"
            yield from ui.tap("trajan.setup.colour.1")  # blue → green (red is Ann's)
            yield from ui.tap("trajan.setup.first.1")
            yield from ui.tap("trajan.setup.settings")
            assert ui.shown("trajan.setup.setting.lap_length") and not ui.shown("trajan.setup.name.0")
            yield from ui.tap("trajan.setup.settings.done")
            yield from ui.tap("trajan.setup.start")
            assert ui.screen == "trajan_table"
            view = session.table_view().view
            assert [p["name"] for p in view["players"]] == ["Ann", "Bo"]
            assert [p["colour"] for p in view["players"]] == ["red", "green"] and view["current"] == 1
            assert ui.find("trajan.undo").disabled and ui.text("trajan.turn") == "Bo's turn"
            seen["taps"] = yield from play_to_the_end(ui, seed=20)
            seen["final"] = check_final_on_screen(ui)
            yield from ui.tap("trajan.final.details")
            yield from until(lambda: ui.shown("trajan.final.detail.cards.0"), what="How counted")
            for player in seen["final"]["players"]:
                cards = next(c["vp"] for c in player["categories"] if c["id"] == "cards")
                assert ui.text(f"trajan.final.detail.cards.{player['seat']}").endswith(f"{cards} in hand × 1[/color]")
                assert ui.shown(f"trajan.final.detail.bonus_tiles.{player['seat']}")
            assert not ui.shown("trajan.final.total.0"), "the details take the score table's place"
            yield from ui.tap("trajan.final.details")
            assert ui.shown("trajan.final.total.0")
            yield from ui.tap("trajan.history")
            assert ui.screen == "history" and ui.app.history_vm.rows[0]["text"].endswith("Game over: final scoring.")
            yield from ui.tap("history.back")
            assert ui.screen == "trajan_table"
            yield from ui.tap("trajan.new")
            assert ui.screen == "trajan_setup" and ui.app.trajan_setup_vm.players() == ["Ann", "Bo"]
        finally:
            restore()

    run_ui(session, script, watchdog=120)
    assert seen["final"] == session.engine.view()["final"]
    assert 60 < seen["taps"] < 400
    kinds = {e["kind"] for entry in session.history() for e in entry.events}
    assert {"trajan.sowed", "trajan.action", "trajan.season_scored", "trajan.bonus_chosen", "trajan.game_ended",
            "core.undo", "core.redo"} <= kinds


def test_a_whole_four_player_game_by_touch_in_chinese(session):
    seen = {}

    def script(ui):
        restore = fast_frames()
        try:
            yield from ui.tap("home.game.trajan")
            yield from ui.tap("trajan.setup.count.plus")
            yield from ui.tap("trajan.setup.count.plus")
            assert ui.find("trajan.setup.count.plus").disabled, "4 is the most"
            assert ui.find("trajan.setup.name.3").hint_text == "玩家 4"
            yield from ui.tap("trajan.setup.start")
            assert ui.screen == "trajan_table" and len(session.table_view().view["players"]) == 4
            assert ui.text("trajan.turn").startswith("轮到玩家 ")
            seen["taps"] = yield from play_to_the_end(ui, seed=41, undo_at=(10, 200))
            seen["final"] = check_final_on_screen(ui)
            assert ui.text("trajan.final.details") == "计分明细"
        finally:
            restore()

    run_ui(session, script, language="zh-Hans", watchdog=140)
    assert seen["final"] == session.engine.view()["final"]
    assert len(seen["final"]["players"]) == 4


def _drive(app, wanted, seed=3, limit=3000, avoid=()):
    """Posts demo moves (legal intents, none named in `avoid`) until `wanted(view)`: to reach a
    state worth checking."""
    from companion.ui.trajan.demo import _trajan_choice

    rnd = random.Random(seed)
    for _ in range(limit):
        view = app.session.table_view().view
        if wanted(view):
            return
        choice = _trajan_choice({**view, "choices": [c for c in view["choices"] if c["name"] not in avoid]}, rnd)
        app.post(Intent(choice["name"], dict(choice["args"])))
    raise AssertionError("state not reached")


def _unseen_choice(view, action):
    """The turn's leader move (military) or worker (construction) onto a place where the table laid
    a tile out unseen, if offered."""
    from companion.ui.trajan.format import tiles_to_name

    if view["phase"] != "turn" or view["turn"]["acted"]:
        return None
    return next((c for c in view["choices"] if c["name"] == action and tiles_to_name(view, c)), None)


def _new(app, players, **setup):
    names = [f"Player {i}" for i in range(1, players + 1)]
    app.post(Intent("new_game", {"game": "trajan", "setup": {
        "players": names, "colours": ["red", "blue", "green", "yellow"][:players], "seed": 7, **setup}}))


@pytest.mark.parametrize("profile", ["800x480", "1280x720", "720x1280"])
def test_every_trajan_screen_fits_with_wids_and_big_targets(session, profile):
    from companion.ui.trajan.demo import _trajan_wanted

    problems = LayoutProblems(profile)
    check = problems.check

    def script(ui):
        restore = fast_frames()
        try:
            for language in ("en", "zh-Hans"):
                app = ui.app
                app.set_language(language)
                app.open_game("trajan")
                app.trajan_setup_vm.set_count(2)
                yield from check(ui, "setup 2")
                app.trajan_setup_vm.set_count(4)
                yield from check(ui, "setup 4")
                yield from ui.tap("trajan.setup.settings")
                yield from check(ui, "settings")
                yield from ui.tap("trajan.setup.settings.done")
                _new(app, 4)
                yield from check(ui, "trays")
                _drive(app, lambda v: _trajan_wanted("preview", v))
                yield from check(ui, "preview")
                _drive(app, lambda v: _trajan_wanted("choices", v))
                yield from check(ui, "choices")
                yield from ui.tap("trajan.board")
                yield from check(ui, "board")
                yield from ui.tap("trajan.board")
                assert ui.shown("trajan.prompt")
                _drive(app, lambda v: _trajan_wanted("season", v))
                yield from check(ui, "season")
                app.post(Intent("choose_bonus", {"tile": session.table_view().view["senate_bonus"][0]}))
                yield from ui.tap("trajan.report")
                yield from check(ui, "report")
                yield from ui.tap("trajan.report.close")
                _drive(app, lambda v: v["phase"] == "over")
                yield from check(ui, "final")
                yield from ui.tap("trajan.final.details")
                yield from check(ui, "final details")
                yield from ui.tap("trajan.final.details")
                _new(app, 2, mode="light")
                yield from check(ui, "light")
                yield from ui.tap("trajan.light.markers.2")
                yield from check(ui, "light, 2 markers")
                _new(app, 3, digital_draws=False)
                _drive(app, lambda v: v["phase"] == "reveal", avoid=("trajan",))
                yield from check(ui, "reveal")
                _drive(app, lambda v: any(c["name"] == "trajan" for c in v["choices"]), avoid=("trajan",))
                yield from settle()  # the new buttons are laid out before a finger finds them
                stack = next(c for c in session.table_view().view["choices"] if c["name"] == "trajan")
                yield from ui.tap(next(r["wid"] for r in app.trajan_vm.choices if r["index"] ==
                                       session.table_view().view["choices"].index(stack)))
                yield from check(ui, "tile entry")
                assert ui.shown("trajan.tile.cancel") and app.trajan_vm.tile_entry
                yield from ui.tap("trajan.tile.cancel")
                # the forum offers every tile the box may still hold (the table laid them out)
                _drive(app, lambda v: not v["turn"]["acted"] and any(c["name"] == "forum" for c in v["choices"]),
                       avoid=("trajan",))
                yield from check(ui, "table-draws forum")
                for action, ask in (("military", "trajan.found.senate_2"), ("construction", "trajan.found.site.roof_5")):
                    _drive(app, lambda v, action=action: _unseen_choice(v, action) is not None, avoid=("trajan",))
                    choice = _unseen_choice(session.table_view().view, action)
                    app.post(Intent(choice["name"], dict(choice["args"])))  # which tile lay there?
                    yield from check(ui, f"{action}: the tile found")
                    assert ui.shown(ask) and ui.shown("trajan.found.cancel")
                    yield from ui.tap("trajan.found.cancel")
            assert not duplicate_wids(ui.app.root), duplicate_wids(ui.app.root)
        finally:
            restore()

    run_ui(session, script, profile=profile, watchdog=120)
    assert not problems, "\n".join(problems)


def test_a_whole_two_player_game_with_the_tables_own_draws_by_touch(session):
    """A table playing with its own components, from the set-up's "What the table drew" to the
    final scores, by touches only: the demands turned up, the senate's bonus tiles, each Trajan
    tile taken, and the forum and construction tiles named when taken (the app laid none out)."""
    from tests.ui.trajan.test_trajan_setup_draws import TILES, WHEEL

    other_wheel = ["pink", "blue", "yellow", "orange", "green", "white"] * 2
    other_tiles = ["plus2", "white", "white", "demand_bread", "blue", "pink", "legion2", "green", "orange"]
    entries = [*WHEEL, *TILES, "workers", *other_wheel, *other_tiles, "commodity_wine_fish",
               "legionnaires", "demand_bread"]
    seen = {}

    def script(ui):
        restore = fast_frames()
        try:
            app = ui.app
            yield from ui.tap("home.game.trajan")
            yield from ui.tap("trajan.setup.draws.table")
            yield from ui.tap("trajan.setup.start")  # "Next": what the table drew
            for value in entries:
                option = next(o for o in app.trajan_setup_vm.draws.options if o["value"] == value)
                yield from ui.tap(option["wid"])
            yield from ui.tap("trajan.setup.start")
            assert ui.screen == "trajan_table", app.trajan_setup_vm.notice_text
            rnd = random.Random(7)
            vm, taps, asked = app.trajan_vm, 0, set()
            while vm.phase != "over":
                if vm.cards_entry:
                    taps += yield from name_cards(ui, rnd)
                    continue
                if vm.found_entry:
                    asked.add("province" if "province" in vm.found_entry else "site")
                choices = [w for w in offered(ui, PLAY_PREFIXES + ("trajan.found.", "trajan.tile.kind.",
                                                                    "trajan.tile.colour."))
                           if w not in ("trajan.found.cancel",)]
                assert choices, f"nothing to tap in phase {vm.phase}, entry {vm.entry}"
                yield from ui.tap(rnd.choice(sorted(choices)))
                taps += 1
                assert taps < 2500, "the game does not end"
            seen["taps"], seen["asked"] = taps, asked
            seen["final"] = check_final_on_screen(ui)
        finally:
            restore()

    run_ui(session, script, watchdog=140)
    assert seen["final"] == session.engine.view()["final"]
    assert seen["asked"] == {"province", "site"}, "both questions came up and were answered by touch"
    events = [e for entry in session.history() for e in entry.events]
    kinds = {e["kind"] for e in events}
    assert {"trajan.demand", "trajan.bonus_revealed", "trajan.game_ended"} <= kinds
    found = [e["detail"]["found"] for e in events if e["kind"] == "trajan.action" and e["detail"].get("found")]
    assert len(found) >= 2
    forum = [e["detail"]["tile"] for e in events if e["kind"] == "trajan.action" and e["action"] == "forum"]
    assert forum and all(tile != "unseen" for tile in forum), "each forum tile taken was named"
