"""The secret bid's demo states (what its documentation pictures show) are reached by legal intents,
and a picture of one comes out of its own process at the profile's size, not blank."""

from __future__ import annotations

import pytest

from companion.demo import demo_game_session
from companion.games import built_games
from companion.ui.secretbid.demo import SECRETBID_PRIVATE_DRAFT, SECRETBID_PRIVATE_SEAT, SECRETBID_STATES

pytestmark = pytest.mark.timeout(90)


@pytest.mark.parametrize("state", SECRETBID_STATES)
def test_every_demo_state_is_reached(tmp_path, state):
    session = demo_game_session(tmp_path, "zh-Hans", "secretbid", state, built_games())
    try:
        view = session.table_view().view
        assert [p["name"] for p in view["players"]] == ["王芳", "李伟", "张敏", "刘洋"]
        locked = [p["locked"] for p in view["players"]]
        if state == "setup":
            assert view["phase"] == "bidding" and not any(locked)
        elif state == "result":
            assert view["phase"] == "revealed" and view["results"][0]["forced"]
        else:
            assert view["phase"] == "bidding" and locked == [True, True, False, False]
            assert session.seat_view(SECRETBID_PRIVATE_SEAT)["draft"] == SECRETBID_PRIVATE_DRAFT
    finally:
        session.shutdown()


def test_a_picture_of_the_private_entry(tmp_path):
    from PIL import Image

    from companion.ui.shell.screenshot import demo_doc_name, demo_screenshot_in_subprocess

    out = tmp_path / demo_doc_name("secretbid", "private", "en")
    assert demo_screenshot_in_subprocess(out, "secretbid", "private", "en", "800x480") == out
    assert sorted(p.name for p in tmp_path.iterdir()) == [out.name]
    with Image.open(out) as image:
        assert image.size == (800, 480)
        colours = image.convert("RGB").getcolors(maxcolors=1 << 16)
        assert colours is None or len(colours) > 20, "the picture is (nearly) one colour"


def test_the_docs_picture_every_demo_state():
    from companion.ui.secretbid.gameui import SecretBidGameUI

    assert SecretBidGameUI.demo.states == SECRETBID_STATES
