"""Font discovery order and display profiles (no window)."""

from __future__ import annotations

import logging

import pytest

from companion.ui.shell import fonts
from companion.ui.shell import profiles

pytestmark = pytest.mark.timeout(10)


def test_font_preference_order(tmp_path):
    wqy, noto, noto_bold = tmp_path / "wqy.ttc", tmp_path / "noto.ttc", tmp_path / "noto-bold.ttc"
    candidates = ((str(wqy), None), (str(noto), str(noto_bold)))
    noto.write_bytes(b"x")
    noto_bold.write_bytes(b"x")
    assert fonts.find_cjk_font(None, candidates, ()) == (noto, noto_bold)
    wqy.write_bytes(b"x")
    assert fonts.find_cjk_font(None, candidates, ()) == (wqy, None)
    own = tmp_path / "own.otf"
    own.write_bytes(b"x")
    assert fonts.find_cjk_font(str(own), candidates, ()) == (own, None)


def test_a_missing_configured_font_warns_and_falls_back(tmp_path, caplog):
    wqy = tmp_path / "wqy.ttc"
    wqy.write_bytes(b"x")
    with caplog.at_level(logging.WARNING, logger="companion.ui.shell.fonts"):
        assert fonts.find_cjk_font(str(tmp_path / "typo.ttf"), ((str(wqy), None),), ()) == (wqy, None)
    assert "typo.ttf does not exist" in caplog.text


def test_fonts_are_searched_by_name_in_font_dirs(tmp_path):
    deep = tmp_path / "share" / "fonts" / "x"
    deep.mkdir(parents=True)
    (deep / "DroidSansFallbackFull.ttf").write_bytes(b"x")
    assert fonts.find_cjk_font(None, (), (str(tmp_path),)) == (deep / "DroidSansFallbackFull.ttf", None)


def test_no_font_says_what_to_install(tmp_path):
    with pytest.raises(fonts.FontNotFound, match="sudo apt install fonts-wqy-microhei"):
        fonts.find_cjk_font(None, ((str(tmp_path / "none.ttc"), None),), (str(tmp_path),))


def test_this_machine_has_a_cjk_font():
    path, _bold = fonts.find_cjk_font()
    assert path.is_file()


@pytest.mark.parametrize("name, size, scale, portrait", [
    ("800x480", (800, 480), 1.0, False), ("1280x720", (1280, 720), 1.5, False), ("720x1280", (720, 1280), 1.5, True),
])
def test_profiles(name, size, scale, portrait):
    p = profiles.get_profile(name)
    assert (p.width, p.height) == size and p.scale == scale and p.is_portrait is portrait
    assert profiles.TOUCH * p.scale >= 48  # ≥ 9 mm on the 7" display, and as large physically elsewhere


def test_unknown_profile_names_the_choices():
    with pytest.raises(ValueError, match="800x480, 1280x720, 720x1280"):
        profiles.get_profile("1024x600")


def test_scale_never_shrinks_below_the_design():
    assert profiles.scale_for(640, 400) == 1.0 and profiles.scale_for(1920, 1080) == 2.25
