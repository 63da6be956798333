"""The history of finished plays by touch (issue 23): home → Finished plays → a play, whose QR
code, read back from the window's pixels by a QR decoder (zxing-cpp, a test dependency), is
exactly BG Stats' link of that play; the statistics per player; every screen fitting the three
profiles in English and Chinese; an unfinished game never listed."""

from __future__ import annotations

import pytest

from companion.core import bgstats
from companion.games import built_games
from companion.session import Intent

from tests.ui.uiharness import LayoutProblems, run_ui, settle, until

pytestmark = pytest.mark.timeout(300)


def decode_window(tmp_path) -> list[str]:
    """Every QR code in the window as it is drawn now (a screenshot decoded by zxing-cpp)."""
    import zxingcpp
    from kivy.core.window import Window
    from PIL import Image

    name = Window.screenshot(name=str(tmp_path / "shot.png"))
    return [r.text for r in zxingcpp.read_barcodes(Image.open(name)) if r.format == zxingcpp.BarcodeFormat.QRCode]


@pytest.fixture
def plays(tmp_path):
    from companion import demo

    session = demo.demo_session(tmp_path / "data", "en", "plays", built_games())
    # and one game left unfinished: the history of plays never lists it
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Eve", "Finn"], "seed": 1}}))
    session.handle(Intent("add_points", {"seat": 0, "points": 3}))
    session.handle(Intent("close"))
    yield session
    session.shutdown()


def test_a_play_is_opened_from_home_and_its_qr_code_reads_back_as_its_bg_stats_link(plays, tmp_path):
    records = plays.finished_plays()
    assert [r.game for r in records] == ["trajan", "tribune", "scorepad"]  # newest first, the unfinished one absent

    def script(ui):
        yield from ui.tap("home.plays")
        yield from until(lambda: ui.screen == "plays")
        yield from settle()
        assert "Trajan" in ui.text("plays.row.0") and "★" in ui.text("plays.row.0")
        assert ui.shown("plays.row.2") or ui.find("plays.row.2") is not None
        yield from ui.tap("plays.row.0")
        yield from until(lambda: ui.screen == "play")
        yield from settle()
        vm = ui.app.plays_vm
        expected = bgstats.push_link(bgstats.push_json(records[0], "Trajan", built_games()["trajan"].bgg))
        assert vm.link == expected
        assert decode_window(tmp_path) == [expected]
        data = bgstats.data_of(expected)
        assert data["game"]["bggId"] == 102680 and data["sourcePlayId"] == records[0].play_id
        # the breakdown: every category with its rule, the totals as the record has them
        cells = [row[0] for row in vm.grid[1:-1]]
        assert cells and all("[" in c and "]" in c for c in cells)
        assert vm.grid[-1][1:] == [str(p.score) for p in records[0].players]
        assert len(vm.series) == len(records[0].players) and len(vm.series[0]["points"]) > 1  # over the game
        yield from ui.tap("play.back")
        yield from until(lambda: ui.screen == "plays")
        yield from ui.tap("plays.row.1")  # Tribune: no points, its winner named
        yield from until(lambda: ui.app.plays_vm.opened == 1)
        yield from settle()
        tribune = bgstats.data_of(ui.app.plays_vm.link)
        assert tribune["game"]["noPoints"] is True
        assert [p["winner"] for p in tribune["players"]] == [False, True, False, False]
        assert decode_window(tmp_path) == [ui.app.plays_vm.link]

    run_ui(plays, script, watchdog=200)


def test_statistics_per_player_count_plays_wins_average_and_best(plays):
    def script(ui):
        yield from ui.tap("home.plays")
        yield from until(lambda: ui.screen == "plays")
        yield from settle()
        vm = ui.app.plays_vm
        alice = next(row["text"] for row in vm.stats if row["name"] == "Alice")
        trajan = plays.finished_plays()[0]
        score = trajan.players[0].score
        assert alice.splitlines()[0] == f"Alice: played 3, won {sum(1 for r in plays.finished_plays() for p in r.players if p.name == 'Alice' and p.winner)}"
        assert f"Trajan: played 1, average {score:.1f}, best {score}" in alice
        assert "Score pad: played 1, average 12.0, best 12" in alice
        assert "Tribune: played 1" in alice
        assert {b["label"]: (b["plays"]) for b in vm.bars}["Dave"] == 1
        assert ui.text("plays.stats.0") == vm.stats[0]["text"]

    run_ui(plays, script, watchdog=200)


@pytest.mark.parametrize("profile", ["800x480", "1280x720", "720x1280"])
def test_the_plays_screens_fit_every_profile_in_english_and_chinese(plays, profile):
    problems = LayoutProblems(profile)

    def script(ui):
        for language in ("en", "zh-Hans"):
            ui.app.set_language(language)
            ui.app.go("plays")
            yield from settle()
            yield from problems.check(ui, f"plays {language}")
            ui.app.open_play(0)
            yield from settle()
            yield from problems.check(ui, f"play {language}")
            assert ui.app.plays_vm.link
            ui.app.plays_vm.qr_large = True
            yield from settle()
            yield from problems.check(ui, f"play, larger code, {language}")
            ui.app.plays_vm.qr_large = False
            yield from settle()
            assert ui.shown("play.cell.1.0")  # the breakdown is back

    run_ui(plays, script, profile=profile, watchdog=200)
    assert not problems, "\n".join(problems)


def test_no_play_yet_says_so(tmp_path):
    from companion.core.store import JournalStore
    from companion.session import Session

    session = Session(built_games(), JournalStore(tmp_path / "data"))

    def script(ui):
        ui.app.go("plays")
        yield from settle()
        assert ui.shown("plays.none") and "No finished play yet" in ui.text("plays.none")
        assert ui.app.plays_vm.rows == []

    try:
        run_ui(session, script)
    finally:
        session.shutdown()


def test_eight_players_with_the_longest_chinese_names_scan_on_the_smallest_screen(tmp_path):
    """The longest link (8 players, 16 Chinese characters each) on the 7" screen: decoded from
    the window as drawn, and again with the code made larger (twice the pixels per module). Only
    at 800x480: an offscreen window keeps rendering into the buffer of its first size (the
    harness's windows all are 800x480 first), so another profile's screenshot is not its screen;
    the layout test covers the other profiles."""
    from companion.core.store import JournalStore
    from companion.session import Session

    session = Session(built_games(), JournalStore(tmp_path / "data"))
    names = [("张伟王芳李敏刘洋陈静杨帆赵雷" * 2)[:15] + str(i) for i in range(8)]
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": names, "seed": 3}}))
    for seat in range(8):
        session.handle(Intent("add_points", {"seat": seat, "points": 100 + seat}))
    session.handle(Intent("finish"))
    assert session.table_view().finished, session.notice

    def script(ui):
        ui.app.set_language("zh-Hans")
        ui.app.go("plays")
        yield from settle()
        yield from ui.tap("plays.row.0")
        yield from until(lambda: ui.screen == "play")
        yield from settle()
        link = ui.app.plays_vm.link
        assert len(link) > 2000 and bgstats.data_of(link)["players"][7]["name"] == names[7]
        small = ui.find("play.qr")
        assert decode_window(tmp_path) == [link]
        yield from ui.tap("play.qr_size")
        yield from until(lambda: ui.app.plays_vm.qr_large)
        yield from settle()
        assert min(small.size) >= 0.9 * min(ui.app.root_window.size) - 200 * ui.app.scale
        assert decode_window(tmp_path) == [link]

    try:
        run_ui(session, script, watchdog=200)
    finally:
        session.shutdown()
