"""The table is told what just happened and what comes next, by touch through the window: the
prompt warns before the tap that ends a season ("This turn ends season 1: scoring follows"); the
notice line says a round's end with the demand it turned up, and a season scored; Undo and Redo
say, in the history's words, what they took back and put back. In English and Chinese."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from test_trajan_screens import _new, fast_frames, name_cards, offered  # noqa: E402
from uiharness import run_ui, settle, until  # noqa: E402

pytestmark = pytest.mark.timeout(300)


def _line(app, step):
    """Step `step`'s words as the Trajan history says them."""
    from companion.ui.trajan.gameui import TrajanUI

    return next(r["bare"] for r in TrajanUI.history_rows(app.session.history()) if r["step"] == step)


@pytest.mark.parametrize("language", ["en", "zh-Hans"])
def test_round_end_season_and_undo_are_told_on_the_table(session, language):
    from companion.ui.text.i18n import _
    from companion.ui.trajan import names

    told: dict[str, str] = {}

    def script(ui):
        restore = fast_frames()
        try:
            app = ui.app
            app.set_language(language)
            _new(app, 2)
            yield from until(lambda: app.trajan_vm.active and app.sm.current == "trajan_table", what="the table")
            rnd = random.Random(3)
            vm = app.trajan_vm
            taps = 0
            while not ("season" in told and "demand" in told and "warning" in told):
                assert taps < 900 and vm.phase != "over", f"not all told after {taps} taps: {sorted(told)}"
                if vm.cards.entry:
                    taps += yield from name_cards(ui, rnd)
                    continue
                view = app.session.table_view().view
                if vm.time_track.round_ending and view["round"] == 4 and "warning" not in told:
                    told["warning"] = ui.text("trajan.prompt")
                demands, season = len(view["demands"]), view["season"]
                yield from ui.tap(rnd.choice(sorted(offered(ui))))
                taps += 1
                yield from settle()
                after = app.session.table_view().view
                if len(after["demands"]) > demands and "demand" not in told:
                    told["demand"] = ui.text("trajan.notice")
                    told["demand_name"] = names.demand(after["demands"][-1])
                    # Undo says what it undid, Redo what it redid: the step's history words
                    undone = app.session.table_view().step
                    yield from ui.tap("trajan.undo")
                    yield from settle()
                    target = next(e["step"] for e in app.session.history()[-1].events if e["kind"] == "core.undo")
                    told["undo"] = ui.text("trajan.notice")
                    told["undo_line"] = _line(app, target)
                    assert undone >= target
                    yield from ui.tap("trajan.redo")
                    yield from settle()
                    told["redo"] = ui.text("trajan.notice")
                    told["redo_line"] = _line(app, target)
                elif after["phase"] == "consul" and view["phase"] != "consul" and "season" not in told:
                    told["season"] = ui.text("trajan.notice")
                    told["season_n"] = str(season)
        finally:
            restore()

    run_ui(session, script, language=language, watchdog=280)
    assert told["warning"].endswith(_("▲ This turn ends season {n}: scoring follows").format(n=told["season_n"])) \
        or _("▲ This turn ends season {n}: scoring follows").format(n=told["season_n"]) in told["warning"]
    assert told["demand"].startswith(_("Just now: {what}").format(what="")) and told["demand_name"] in told["demand"]
    assert told["undo"] == _("Undid: {what}").format(what=told["undo_line"]), told
    assert told["redo"] == _("Redid: {what}").format(what=told["redo_line"]), told
    assert told["undo_line"], "the undone step has words of its own"
    # the season scored is told too (or the consul's prompt, which names who chooses, when the
    # session has a notice of its own to show)
    assert told["season"], told


def test_the_score_pads_undo_and_redo_say_what_by_touch(session):
    """Any game's Undo and Redo: the notice is the step's history words, not a step number."""
    from companion.session import Intent
    from companion.ui.text.i18n import _

    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Ben"], "seed": 1}}))
    told: dict[str, str] = {}

    def script(ui):
        yield from ui.tap("table.seat.1.plus5")
        yield from settle()
        assert ui.text("table.notice") != _("Undid: {what}").format(what="")
        yield from ui.tap("table.undo")
        yield from settle()
        told["undo"] = ui.text("table.notice")
        yield from ui.tap("table.redo")
        yield from settle()
        told["redo"] = ui.text("table.notice")

    run_ui(session, script)
    from companion.ui.gameui import game_ui_for

    step = next(e["step"] for entry in session.history() for e in entry.events if e["kind"] == "core.undo")
    line = next(r["text"] for r in game_ui_for("scorepad").history_rows(session.history()) if r["step"] == step)
    assert "Ben" in line and "5" in line, line
    assert told == {"undo": _("Undid: {what}").format(what=line), "redo": _("Redid: {what}").format(what=line)}
