"""Troyes through a real offscreen window, by touch alone: the set-up (2 players, a colour changed,
the start player chosen), then a whole game — starting citizens, activity cards and events by
their buttons, every throw and the black dice by face taps, countering with the chosen dice,
agriculture with a die of one's own, passes — to the final breakdown, whose lines on screen are
the engine's, every category with its rule. At every step the shared screen shows no character
card and no VP total; the screens fit in all three profiles."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uiharness import LayoutProblems, duplicate_wids, run_ui, settle, texts_under, until  # noqa: E402

pytestmark = pytest.mark.timeout(300)


def strength(die):
    return die[2] * 2 if die[1] == "red" else die[2]


def next_taps(view, vm):
    """The wids a table would tap next, from the public view (and the buttons the screen offers)."""
    ask = view.get("ask")
    phase = view["phase"]
    if phase == "placement":
        return [vm.options[-1]["wid"]]
    if ask and ask["kind"] in ("troyes.activity_revealed", "troyes.event_drawn"):
        return [f"troyes.option.{ask['options'][-1]}"]
    if ask and ask["kind"] == "troyes.throw":
        count = sum(ask["about"]["due"].values())
        return [f"troyes.hand.face.{k % 6 + 1}" for k in range(count)] + ["troyes.hand.enter"]
    if ask and ask["kind"] == "troyes.black_throw":
        return [f"troyes.hand.face.{5 - k % 2}" for k in range(ask["about"]["count"])] + ["troyes.hand.enter"]
    seat = view["current"]
    own = [(i, d) for i, d in enumerate(view["square"]) if d[0] == seat]
    if phase == "counter":
        if not view["players"][seat]["can_counter"]:
            return ["troyes.action.no_counter"]
        chosen, total = [], 0
        for i, die in sorted(own, key=lambda x: strength(x[1]), reverse=True):
            chosen.append(f"troyes.square.{i}")
            total += strength(die)
            if total >= view["black"][0]:
                break
        return chosen + ["troyes.action.counter"]
    yellow = [i for i, d in own if d[1] == "yellow"]
    if yellow and not view["players"][seat]["passed"]:
        return [f"troyes.square.{yellow[0]}", "troyes.action.agriculture"]
    return ["troyes.action.pass"]


def into_view(ui, wid):
    """Scrolls the widget's ScrollView (if any) so that it is on screen, as a finger would."""
    from kivy.uix.scrollview import ScrollView

    widget = ui.find(wid)
    node = widget.parent
    while node is not None and node is not node.parent:
        if isinstance(node, ScrollView):
            # Only a widget outside the view is scrolled to (scrolling content shorter than its view
            # would leave Kivy's damped overscroll effect rescheduling itself for ever).
            x0, y0 = widget.to_window(widget.x, widget.y)
            x1, y1 = widget.to_window(widget.right, widget.top)
            v0, w0 = node.to_window(node.x, node.y)
            v1, w1 = node.to_window(node.right, node.top)
            if y0 < w0 - 1 or y1 > w1 + 1:
                node.scroll_to(widget, padding=4, animate=False)
                yield from settle()
            return
        node = node.parent


def tap(ui, wid):
    """A finger's tap on a button laid out where it is drawn (a grid just refilled is laid out on
    the next frame: its buttons' places are known once the layout has settled)."""
    yield from until(lambda: ui.shown(wid), what=wid)
    yield from settle()
    yield from into_view(ui, wid)
    yield from settle()
    yield from ui.tap(wid)


def final_on_screen(ui, secrets):
    """The game is over: the final breakdown on screen is the engine's (`view.final`, worded by
    `final_rows`), line by line, and the verdict reveals every character card."""
    from companion.ui.troyes.final import final_rows

    final = ui.app.session.table_view().view["final"]
    yield from until(lambda: ui.shown("troyes.final.0"), what="the final breakdown")
    for row in final_rows(final):
        assert ui.text(f"troyes.final.{row['seat']}") == f"{row['name']}: {row['total']}"
        for i, line in enumerate(row["lines"]):
            assert ui.text(f"troyes.final.{row['seat']}.{i}") == line
    assert [r["total"] for r in final_rows(final)] == [p["total"] for p in final["players"]]
    for name in secrets:
        assert name in ui.text("troyes.final.verdict"), "the characters are revealed at the end"


@pytest.fixture
def seeded(monkeypatch):
    """The set-up's seed (the session draws one when the screen gives none) fixed: one game each run."""
    import companion.session

    monkeypatch.setattr(companion.session.secrets, "randbits", lambda _bits: 20261202)


def test_a_whole_game_by_touch(session, seeded):
    problems = {}
    secrets: list[str] = []

    def check_secrets(ui, where):
        if ui.app.session.table_view().view["phase"] == "over":
            return
        texts = texts_under(ui.app.sm.get_screen("troyes_table"))
        for line in texts:
            assert not any(name in line for name in secrets), f"{where}: a character on the shared screen: {line}"
            text = line.split(": ", 1)[-1]
            assert " VP" not in text.replace("−2 VP", ""), f"{where}: a VP on the shared screen: {line}"

    def script(ui):
        s = ui.app.session
        yield from ui.tap("home.game.troyes")
        assert ui.screen == "troyes_setup"
        while int(ui.app.setup_vm.count) > 2:
            yield from ui.tap("troyes.setup.count.minus")
        yield from ui.tap("troyes.setup.colour.0")
        assert ui.text("troyes.setup.colour.0") == "green", "the next colour no other seat has"
        yield from ui.tap("troyes.setup.start.1")
        yield from ui.tap("troyes.setup.tie_break")
        yield from ui.tap("troyes.setup.begin")
        yield from until(lambda: ui.screen == "troyes_table", what="the table")
        view = s.table_view().view
        assert [p["colour"] for p in view["players"]] == ["green", "blue"] and view["start_player"] == 1
        secrets.extend(c["name"] for seat in (0, 1) for c in s.seat_view(seat)["me"]["characters"])
        assert len(secrets) == 4
        problems["800x480"] = LayoutProblems("800x480")
        checked = set()
        while s.table_view().view["phase"] != "over":
            view = s.table_view().view
            kind = (view.get("ask") or {}).get("kind") or view["phase"]
            if kind not in checked:
                checked.add(kind)
                yield from problems["800x480"].check(ui, kind)
                assert not duplicate_wids(ui.app.root)
            if kind == "actions" and view["round"] == 2 and "summary" not in checked:
                checked.add("summary")
                yield from tap(ui, "troyes.round_summary")
                yield from until(lambda: ui.shown("troyes.summary.0"), what="the round so far")
                lines = [ui.text(f"troyes.summary.{i}") for i in range(len(ui.app.troyes_vm.summary))]
                assert any("threw" in line for line in lines) and not any("Round 1 ended" in l for l in lines), lines
                yield from problems["800x480"].check(ui, "summary")
                check_secrets(ui, "summary")
                yield from tap(ui, "troyes.round_summary")
                yield from until(lambda: ui.shown("troyes.player.0"), what="the players again")
            check_secrets(ui, kind)
            before = s.engine.journal.last_step
            for wid in next_taps(view, ui.app.troyes_vm):
                yield from tap(ui, wid)
            yield from until(lambda: s.engine.journal.last_step > before or (
                s.notice is not None and s.notice.level == "refused"), what=f"the step after {next_taps(view, ui.app.troyes_vm)} in {kind}")
            assert s.notice is None or s.notice.level != "refused", s.notice.text
        assert {"placement", "troyes.activity_revealed", "troyes.throw", "troyes.event_drawn",
                "troyes.black_throw", "actions", "summary"} <= checked
        yield from problems["800x480"].check(ui, "final")
        yield from final_on_screen(ui, secrets)

    run_ui(session, script, watchdog=240)
    assert not problems["800x480"], "\n".join(problems["800x480"])


@pytest.mark.parametrize("profile", ["1280x720", "720x1280"])
@pytest.mark.parametrize("language", ["zh-Hans", "en"])
def test_the_table_fits_every_profile(session, seeded, profile, language):
    found = LayoutProblems(profile)

    def script(ui):
        s = ui.app.session
        yield from ui.tap("home.game.troyes")
        yield from ui.tap("troyes.setup.begin")
        yield from until(lambda: ui.screen == "troyes_table", what="the table")
        seen = set()
        while len(seen) < 5 and s.table_view().view["phase"] != "over":
            view = s.table_view().view
            kind = (view.get("ask") or {}).get("kind") or view["phase"]
            if kind not in seen:
                seen.add(kind)
                yield from found.check(ui, kind)
            before = s.engine.journal.last_step
            for wid in next_taps(view, ui.app.troyes_vm):
                yield from tap(ui, wid)
            yield from until(lambda: s.engine.journal.last_step > before, what="the step")
        yield from ui.tap("troyes.board_toggle")
        yield from found.check(ui, "board")

    run_ui(session, script, language=language, profile=profile, watchdog=200)
    assert not found, "\n".join(found)
