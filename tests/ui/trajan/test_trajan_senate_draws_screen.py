"""A table that draws by hand, through a real offscreen window: across a season's end the consul
takes a bonus tile, then the table taps the 2 bonus tiles it drew for the senate (the choices grid
offers those still in the bag), undo and redo go through each tap, and the screen fits."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uiharness import LayoutProblems, duplicate_wids, run_ui, settle  # noqa: E402

from tests.ui.trajan.test_trajan_screens import _drive, _new, fast_frames, offered  # noqa: E402

pytestmark = pytest.mark.timeout(150)


@pytest.mark.parametrize("language", ["en", "zh-Hant"])
def test_the_senate_tiles_drawn_at_a_season_end_are_entered_by_taps(session, language):
    problems = LayoutProblems("800x480")

    def script(ui):
        restore = fast_frames()
        try:
            app = ui.app
            _new(app, 2, digital_draws=False, start_player=0, senate_bonus=["legionnaires", "demand_games"])
            yield from settle()
            vm = app.trajan_vm  # Trajan's UI is made when its game starts (or at the first idle moment)
            assert ui.text("trajan.senate_bonus.0").endswith(app.trajan_vm.demands.senate_bonus[0]["text"])
            _drive(app, lambda v: v["phase"] == "consul", avoid=("trajan",))
            yield from settle()  # the consul's buttons are laid out before a finger finds them
            consul_tile = session.table_view().view["senate_bonus"][0]
            yield from ui.tap(f"trajan.bonus.{consul_tile}")
            assert session.table_view().view["phase"] == "bonus_draw"
            yield from problems.check(ui, "senate draw")
            assert ui.text("trajan.prompt") == vm.prompt and ui.shown("trajan.prompt")
            bag = sorted(c["args"]["tile"] for c in session.table_view().view["choices"])
            wids = sorted(offered(ui, ("trajan.reveal.", "trajan.tray.", "trajan.choice.")))
            assert wids == sorted(f"trajan.reveal.bonus.{t}" for t in bag), "only the bag's tiles"
            assert ui.text("trajan.senate_bonus.0") == "—"
            yield from ui.tap(f"trajan.reveal.bonus.{bag[-1]}")
            assert session.table_view().view["senate_bonus"] == [bag[-1]]
            assert f"trajan.reveal.bonus.{bag[-1]}" not in offered(ui, ("trajan.reveal.",))
            yield from ui.tap(f"trajan.reveal.bonus.{bag[0]}")
            view = session.table_view().view
            assert view["phase"] == "turn" and view["senate_bonus"] == [bag[-1], bag[0]] and vm.entry == "trays"
            assert ui.text("trajan.senate_bonus.1").endswith(vm.demands.senate_bonus[1]["text"])
            yield from ui.tap("trajan.undo")
            assert session.table_view().view["senate_bonus"] == [bag[-1]] and ui.shown(f"trajan.reveal.bonus.{bag[0]}")
            yield from ui.tap("trajan.redo")
            assert vm.entry == "trays" and ui.shown("trajan.tray.0")
            assert not duplicate_wids(app.root), duplicate_wids(app.root)
        finally:
            restore()

    run_ui(session, script, language=language, watchdog=120)
    assert not problems, "\n".join(problems)
    kinds = [e["kind"] for entry in session.history() for e in entry.events]
    assert kinds.count("trajan.bonus_revealed") == 2 and kinds[-2:] == ["core.undo", "core.redo"]
