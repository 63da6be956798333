"""The seats' colours on Augustus' screens: each tint reads at WCAG AA on every surface it is
drawn on (computed from the colours, as tests/ui/test_type_scale_contrast.py does); the set-up
chooses them by touch (the next free one per tap, never two seats alike) and the table writes each
name in its seat's tint."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uiharness import settle, run_ui  # noqa: E402
from companion.games.augustus.parts.setup import COLOURS as RULES_COLOURS  # noqa: E402
from companion.ui.augustus import colours  # noqa: E402
from companion.session import Intent  # noqa: E402
from companion.ui.widgets import theme  # noqa: E402

pytestmark = pytest.mark.timeout(240)


def test_the_screens_offer_the_rules_colours():
    assert colours.COLOURS == RULES_COLOURS and set(colours.TINTS) == set(RULES_COLOURS)


@pytest.mark.parametrize("colour", colours.COLOURS)
@pytest.mark.parametrize("surface", colours.SURFACES)
def test_a_seat_tint_reads_at_wcag_aa_on_every_surface(colour, surface):
    ratio = theme.contrast_ratio(colours.tint(colour), theme.named_colour(surface))
    assert ratio >= 4.5, f"{colour} on {surface}: {ratio:.2f}:1, WCAG AA asks ≥ 4.5:1"


def test_the_tints_are_told_apart_by_brightness_too():
    lum = sorted(theme.relative_luminance(colours.tint(c)) for c in colours.COLOURS)
    assert len(set(round(v, 2) for v in lum)) == len(lum), "no two tints of the same brightness"


def test_the_set_up_chooses_colours_and_the_table_writes_names_in_them(session):
    def script(ui):
        app = ui.app
        yield from ui.tap("home.game.augustus")
        while app.setup_vm.count > 3:
            yield from ui.tap("augustus.setup.count.minus")
        while app.setup_vm.count < 3:
            yield from ui.tap("augustus.setup.count.plus")
        for seat, name in enumerate(("Ann", "Bo", "Cy")):
            ui.find(f"augustus.setup.name.{seat}").text = name
        assert [ui.text(f"augustus.setup.colour.{s}") for s in range(3)] == ["red", "blue", "green"]
        yield from ui.tap("augustus.setup.colour.0")  # red → yellow (blue and green are taken)
        assert ui.text("augustus.setup.colour.0") == "yellow"
        assert list(ui.find("augustus.setup.colour.0").fg) == pytest.approx(list(colours.tint("yellow")))
        yield from settle()
        yield from ui.tap("augustus.setup.start")
        assert ui.screen == "augustus_table", ui.text("augustus.setup.notice")
        view = session.table_view().view
        assert [p["colour"] for p in view["players"]] == ["yellow", "blue", "green"]
        for seat in range(3):  # the start's objectives, so the players' cards show
            for number in range(3):
                n = 10 * seat + number + 1
                session.handle(Intent("take", {"seat": seat, "number": n, "card": {
                    "number": n, "kind": "green", "vp": 1, "symbols": ["dagger"], "power": None}}))
        yield from settle()
        assert app.augustus.table.content != "card"
        assert list(ui.find("augustus.player.0.name").color) == pytest.approx(list(colours.tint("yellow")))
        assert list(ui.find("augustus.player.1.name").color) == pytest.approx(list(colours.tint("blue")))

    run_ui(session, script)
