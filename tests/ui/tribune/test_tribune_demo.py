"""Tribune's demo states (what its documentation pictures show) are reached by legal intents, and a
picture of one comes out of its own process at the profile's size, not blank."""

from __future__ import annotations

import pytest

from companion.demo import demo_game_session
from companion.games import built_games
from companion.ui.tribune.demo import TRIBUNE_STATES, WHOLE_STATES

pytestmark = pytest.mark.timeout(90)


@pytest.mark.parametrize("state", TRIBUNE_STATES)
def test_every_demo_state_is_reached(tmp_path, state):
    session = demo_game_session(tmp_path, "zh-Hans", "tribune", state, built_games())
    try:
        view = session.table_view().view
        assert [p["name"] for p in view["players"]] == ["王芳", "李伟", "张敏", "刘洋"]
        results = view["results"]
        if state == "setup":
            assert view["round"] == 1 and results == [] and [p["money"] for p in view["players"]] == [12, 13, 14, 15]
        elif state == "result":
            assert view["phase"] == "round" and [r["kind"] for r in results] == ["region_v"]
            assert results[0]["payments"] == [{"from": 0, "to": 1, "amount": 9}]
        elif state == "bid":
            assert view["phase"] == "chariot" and [p["locked"] for p in view["players"]] == [True, True, False, False]
        elif state == "tie":
            assert results[-1]["kind"] == "chariot" and results[-1]["chariot_off"] and not view["chariot"]["on_board"]
        else:
            assert view["phase"] == "round" and view["round"] == 2 and view["chariot"]["holder"] == 1
            assert [p["money"] for p in view["players"]] == [10, 14, 11, 15]
    finally:
        session.shutdown()


@pytest.mark.parametrize("state", WHOLE_STATES)
def test_every_whole_game_demo_state_is_reached(tmp_path, state):
    """The whole game's pictures: the victory card entered (and the settings page), the 14th follower to place, Ann's
    take-over of the Vestals waiting, region VIII's pairs waiting for the third occupant, round 2."""
    session = demo_game_session(tmp_path, "en", "tribune", state, built_games())
    try:
        table = session.table_view()
        view, ask = table.view, table.ask
        assert view["mode"] == "full" and view["board"]["victory"]["needed"] == 3
        if state in ("victory_card", "whole_settings"):  # the set-up's pages: the game just begun
            assert view["board"]["stage"] == "placement" and len(view["board"]["occupants"] if "occupants" in
                                                                 view["board"] else ()) == 0
        elif state == "whole_place":
            assert ask.kind == "tribune.place" and sum(1 for s in view["board"]["spaces"] if s["seat"] is not None) \
                + len(view["board"]["bowl"]) + sum(f["space1"] is not None for f in view["board"]["factions"]) \
                + sum(f["space2"] is not None for f in view["board"]["factions"]) == 13
        elif state == "whole_takeover":
            assert ask.kind == "tribune.takeover" and ask.who == 0 and ask.about["faction"] == "vestals"
        elif state == "whole_pairs":
            assert view["phase"] == "region_viii" and [s["locked"] for s in view["bid"]["seats"]] == [True, True, False]
        else:
            assert view["round"] == 2 and ask.kind == "tribune.place" and len(view["board"]["checks"]) == 1
            vestals = next(f for f in view["board"]["factions"] if f["faction"] == "vestals")
            assert vestals["controller"] == 0 and view["board"]["chariot_at"] == "senators"
    finally:
        session.shutdown()


def test_a_picture_of_the_open_bid(tmp_path):
    from PIL import Image

    from companion.ui.shell.screenshot import demo_doc_name, demo_screenshot_in_subprocess

    out = tmp_path / demo_doc_name("tribune", "bid", "en")
    assert demo_screenshot_in_subprocess(out, "tribune", "bid", "en", "800x480") == out
    assert sorted(p.name for p in tmp_path.iterdir()) == [out.name]
    with Image.open(out) as image:
        assert image.size == (800, 480)
        colours = image.convert("RGB").getcolors(maxcolors=1 << 16)
        assert colours is None or len(colours) > 20, "the picture is (nearly) one colour"


def test_the_docs_picture_every_demo_state_and_a_secret_bid_state_is_no_tribune_state(tmp_path):
    import subprocess
    import sys

    from companion.ui.tribune.gameui import TribuneGameUI

    assert TribuneGameUI.demo.states == (*TRIBUNE_STATES, *WHOLE_STATES)
    proc = subprocess.run([sys.executable, "-m", "companion", "screenshot", str(tmp_path / "x.png"), "--game", "tribune",
                           "--state", "confirm"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2 and "the tribune demo has no state 'confirm'" in proc.stderr
