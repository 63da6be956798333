"""With "Table draws" the table lays out the forum, the extra-action spaces, the provinces and the
construction site from its own bags (companion/games/trajan/unseen.py): the forum's choices are
every tile the box may still hold, and a leader moving to a province or a worker to a space of the
site asks which tile the table found there. View-models over a real session, then the same by
touches through the window."""

from __future__ import annotations

import random

import pytest

from companion.session import Intent
from tests.games.trajan.table_draws import named_intent
from tests.ui.trajan.test_trajan_viewmodels import new_game, table_vm
from tests.ui.uiharness import run_ui, settle, until

pytestmark = pytest.mark.timeout(90)


def to_pick_up(session, action, seed=2, limit=3000):
    """Random legal steps (naming any tile the table must name) until the current player can pick
    up a tray whose markers end in `action`'s tray; returns that tray's number."""
    rnd = random.Random(seed)
    for _ in range(limit):
        view = session.table_view().view
        if view["phase"] == "turn" and view["turn"]["tray"] is None:
            trays = [p["tray"] for p in view.get("previews", ()) if p and p["target_action"] == action]
            if trays:
                return trays[0]
        options = [c for c in view["choices"] if c["name"] != "trajan"]
        choice = named_intent(view, rnd.choice(options), rnd)
        session.handle(Intent(choice["name"], dict(choice["args"])))
    raise AssertionError(f"never reached a pick-up for {action}")


def forum_of(session, seat):
    return session.table_view().view["players"][seat]["forum"]


def leader_move(session):
    """A table-draws game at its first leader move's choice: (the view-model, that choice, the
    province, the mover's seat)."""
    new_game(session, seed=5, digital_draws=False)
    vm = table_vm(session)
    tray = to_pick_up(session, "military")
    vm.choose(next(t["index"] for t in vm.trays.rows if t["tray"] == tray))
    move = next(c for c in vm.choices.rows if c["wid"].startswith("trajan.choice.military.move."))
    return vm, move, move["wid"].rsplit(".", 1)[-1], session.table_view().view["current"]


def named_senate_4(session):
    """The first leader move, the table naming Senate +4 as found: (its choice, the province, the
    mover's seat, its step), with no view-model listening any more."""
    vm, move, province, seat = leader_move(session)
    vm.press(move)
    vm.press(next(r for r in vm.choices.rows if r["wid"] == "trajan.found.senate_4"))
    session.listeners.remove(vm.update)
    step = next(e.step for e in reversed(session.history())
                if e.events[0]["kind"] == "trajan.action" and e.events[0]["detail"].get("found"))
    return move, province, seat, step


def test_the_leader_finds_a_tile_the_table_names(session):
    vm, move, province, seat = leader_move(session)
    before = forum_of(session, seat)
    vm.press(move)
    assert vm.found_tile.entry == {"province": province} and "Enter the forum tile found in" in vm.notice_text
    assert vm.prompt.endswith(f"which forum tile lay in {move['text'].split('→ ')[-1]}?")
    rows = vm.choices.rows
    assert rows[-1]["wid"] == "trajan.found.cancel" and rows[0]["wid"] == "trajan.found.demand_bread"
    assert [r["text"] for r in rows[:4]] == ["Bread tile", "Games tile", "Religion tile", "Senate +2"]
    # Cancel gives the action's choices back; the leader has not moved
    vm.press(rows[-1])
    assert not vm.found_tile.entry and any(c["wid"] == move["wid"] for c in vm.choices.rows)
    assert session.table_view().view["players"][seat]["leader"] == "camp"
    # asked again (a new refusal), the table names the tile: on disk, then on the screen
    vm.press(next(c for c in vm.choices.rows if c["wid"] == move["wid"]))
    vm.press(next(r for r in vm.choices.rows if r["wid"] == "trajan.found.senate_4"))
    assert not vm.found_tile.entry and session.notice is None
    step = session.history()[-1] if session.history()[-1].events[0]["kind"] == "trajan.action" else session.history()[-2]
    assert step.events[0]["detail"] == {"kind": "move", "province": province, "found": "senate_4"}
    view = session.table_view().view
    assert sorted(forum_of(session, seat)) == sorted(before + ["senate_4"])
    assert view["players"][seat]["leader"] == province
    assert {p["province"]: p["tile"] for p in view["provinces"]}[province] is None
    row = next(r for r in session.history() if r.step == step.step)
    from companion.ui.trajan.format import action_label
    assert action_label("military", row.events[0]["detail"]).endswith(", found Senate +4")


def test_the_forum_offers_every_tile_and_the_board_says_where_they_lie(session):
    new_game(session, seed=5, digital_draws=False)
    vm = table_vm(session)
    tray = to_pick_up(session, "forum")
    vm.choose(next(t["index"] for t in vm.trays.rows if t["tray"] == tray))
    texts = [c["text"] for c in vm.choices.rows]
    assert texts[:3] == ["Bread tile", "Games tile", "Religion tile"]
    assert "Yellow space: Military" in texts and texts[-1] == "Pass (no action)"
    seat = session.table_view().view["current"]
    before = forum_of(session, seat)
    vm.press(next(c for c in vm.choices.rows if c["text"] == "Commodity wildcard"))
    assert session.notice is None and sorted(forum_of(session, seat)) == sorted(before + ["wild_commodity"])
    vm.toggle_board()
    forum = vm.board.sections[0]["markup"]
    assert "On\u00a0the\u00a0table\u00a0×" in forum, forum
    provinces = vm.board.sections[1]["rows"]
    assert any(row["cells"][2] == "On the table" for row in provinces[1:])


def test_a_worker_finds_the_construction_tile_the_table_names(session):
    new_game(session, seed=5, digital_draws=False)
    vm = table_vm(session)
    tray = to_pick_up(session, "construction")
    vm.choose(next(t["index"] for t in vm.trays.rows if t["tray"] == tray))
    view = session.table_view().view
    seat = view["current"]
    assert view["players"][seat]["workers_camp"] >= 1, "this seed's first construction has a worker in the camp"
    assert vm.choices.site and {r["text"] for r in vm.choices.site} == {"?"}, "the table's site, unseen by the app"
    space = next(r for r in vm.choices.site if r["enabled"] and r["index"] >= 0)
    number = int(space["wid"].rsplit(".", 1)[-1])
    vm.press(space)
    assert vm.found_tile.entry == {"space": number, "row": number // 5 + 1, "column": number % 5 + 1} and not vm.choices.site
    assert vm.prompt.endswith(f"which construction tile lay in row {number // 5 + 1}, column {number % 5 + 1}?")
    rows = vm.choices.rows
    assert len(rows) == 21 and rows[0]["text"] == "Fountain 2" and rows[-1]["wid"] == "trajan.found.cancel"
    vm.press(next(r for r in rows if r["wid"] == "trajan.found.site.roof_4"))
    assert session.notice is None and not vm.found_tile.entry
    view = session.table_view().view
    assert view["players"][seat]["construction"] == [["roof", 4]]
    assert view["site"][number]["tile"] is None and ["roof", 4] not in view["site_tiles_left"]
    step = next(e for entry in reversed(session.history()) for e in entry.events if e["kind"] == "trajan.action")
    assert list(step["detail"]["found"]) == ["roof", 4]
    from companion.ui.trajan.format import action_label
    assert action_label("construction", step["detail"]) == f"Roof 4 · space {number + 1}"


def test_by_touch_the_leader_moves_and_the_found_tile_is_tapped(session):
    new_game(session, seed=5, digital_draws=False)
    tray = to_pick_up(session, "military")
    seen = {}

    def script(ui):
        yield from settle()
        app = ui.app
        yield from ui.tap(f"trajan.tray.{tray}")
        move = next(c for c in app.trajan_vm.choices.rows if c["wid"].startswith("trajan.choice.military.move."))
        seen["province"] = move["wid"].rsplit(".", 1)[-1]
        yield from settle()  # the new buttons are laid out before a finger finds them
        yield from ui.tap(move["wid"])
        yield from until(lambda: ui.shown("trajan.found.wild_demand"), what="the found tile's question")
        assert ui.shown("trajan.found.cancel")
        yield from settle()
        yield from ui.tap("trajan.found.wild_demand")
        yield from until(lambda: not ui.shown("trajan.found.cancel"), what="the question answered")

    run_ui(session, script, start_screen="trajan_table", watchdog=60)
    view = session.table_view().view
    mover = next(p for p in view["players"] if p["leader"] == seen["province"])
    assert "wild_demand" in mover["forum"]


def test_the_docs_demo_reaches_a_leader_waiting_for_the_found_tile(tmp_path):
    """`companion screenshot --game trajan --state found` (docs/screenshots/trajan/trajan-found-*): a
    table-draws game in season 2 or later, reached by legal intents, whose leader's move waits for
    the tile the table found; the view-model opens the question from that refusal."""
    from companion.demo import demo_game_session
    from companion.games import built_games
    from companion.ui.trajan.viewmodels import TrajanTableViewModel

    session = demo_game_session(tmp_path, "en", "trajan", "found", built_games())
    try:
        notice, view = session.notice, session.table_view().view
        assert notice.template == "Enter the forum tile found in {province}."
        assert view["season"] >= 2 and "unseen" in view["forum_display"]
        assert {p["province"]: p["tile"] for p in view["provinces"]}[notice.params["province"]] == "unseen"
        vm = TrajanTableViewModel(post=session.handle)
        vm.update(session.table_view())
        assert vm.found_tile.entry == {"province": notice.params["province"]}
        assert vm.choices.rows[-1]["wid"] == "trajan.found.cancel"
        assert vm.notice_level == "refused" and "Enter the forum tile" in vm.notice_text
        vm.press(vm.choices.rows[-1])  # Cancel: the question, and its "Enter the forum tile …", go
        assert not vm.found_tile.entry and (vm.notice_text, vm.notice_level) == ("", "")
        assert any(c["wid"].startswith("trajan.choice.military.move.") for c in vm.choices.rows), "choose again"
    finally:
        session.shutdown()


def test_a_tile_named_wrongly_is_corrected_from_the_history(session):
    """The table tapped the wrong tile for its leader's province: in the history, Correct... on that
    step, the same move, then the right tile; the later steps are entered again."""
    from companion.ui.trajan.format import correction_choices
    from companion.ui.shell.viewmodels import HistoryViewModel

    move, province, seat, step = named_senate_4(session)
    if session.table_view().view["current"] == seat:  # the turn did not end by itself: end it
        session.handle(Intent("end_turn", {}, automatic=True))
    later = session.table_view().step
    history = HistoryViewModel(choices_for=lambda s: correction_choices(session.correction_view(s)))
    history.refresh(session.history(), [], "trajan")
    history.open_fix(step)
    same = next(i for i, f in enumerate(history.fixes) if f["text"] == move["text"])
    assert history.pick_fix(same) is None, "one more answer: which tile"
    assert history.fix_title == f"Correct step {step}: which tile did the table find there?"
    assert history.fixes[0]["text"].endswith(", found Bread tile") and history.fix_then == 1
    right = next(i for i, f in enumerate(history.fixes) if f["text"].endswith(", found Religion tile"))
    intent = history.pick_fix(right)
    assert intent.name == "correct" and intent.args["args"] == {"kind": "move", "province": province,
                                                               "found": "demand_religion"}
    session.handle(intent)
    assert session.notice.template.startswith("Step {step} corrected"), session.notice
    view = session.table_view().view
    assert "demand_religion" in view["players"][seat]["forum"] and "senate_4" not in view["players"][seat]["forum"]
    assert view["forum_tiles_left"].count("senate_4") == 1 and session.table_view().step > later


def test_by_touch_the_history_asks_which_tile_when_correcting_a_found_tile(session):
    move, _province, seat, step = named_senate_4(session)
    seen = {}

    def script(ui):
        app = ui.app
        app.open_history()
        yield from settle()
        yield from ui.tap(f"history.correct.{step}")
        fix = next(i for i, f in enumerate(app.history_vm.fixes) if f["text"] == move["text"])
        yield from settle()
        yield from ui.tap(f"history.fix.{fix}")
        yield from settle()
        seen["title"] = app.history_vm.fix_title
        seen["shown"] = ui.text("history.fix.0")
        right = next(i for i, f in enumerate(app.history_vm.fixes) if f["text"].endswith(", found Religion tile"))
        yield from ui.tap(f"history.fix.{right}")
        yield from until(lambda: ui.screen == "trajan_table", what="the table after the correction")
        seen["screen"] = ui.screen

    run_ui(session, script, start_screen="trajan_table", watchdog=60)
    assert seen["title"] == f"Correct step {step}: which tile did the table find there?"
    assert seen["shown"].endswith(", found Bread tile")
    assert seen["screen"] == "trajan_table"
    assert "demand_religion" in session.table_view().view["players"][seat]["forum"]


def test_a_trajan_tile_entered_wrongly_is_corrected_from_the_history(session):
    """The same for the Trajan tile a table drew: the stack, then its kind, then its two colours."""
    from companion.ui.trajan import names
    from companion.ui.trajan.format import correction_choices
    from companion.ui.shell.viewmodels import HistoryViewModel

    new_game(session, seed=5, digital_draws=False)
    rnd = random.Random(4)
    for _ in range(3000):
        view = session.table_view().view
        stacks = [c for c in view["choices"] if c["name"] == "trajan"]
        if stacks and not view["turn"]["acted"]:
            break
        choice = named_intent(view, rnd.choice([c for c in view["choices"] if c["name"] != "trajan"]), rnd)
        session.handle(Intent(choice["name"], dict(choice["args"])))
    stack = stacks[0]["args"]["stack"]
    for kind in names.STACK_KINDS[stack]:
        session.handle(Intent("trajan", {"stack": stack, "tile": [kind, "pink", "blue"]}))
        if session.notice is None:
            break
    step = session.history()[-1].step
    history = HistoryViewModel(choices_for=lambda s: correction_choices(session.correction_view(s)))
    history.refresh(session.history(), [], "trajan")
    history.open_fix(step)
    assert history.pick_fix(next(i for i, c in enumerate(history._choices) if c["name"] == "trajan"
                                 and c["args"]["stack"] == stack)) is None
    assert [f["text"] for f in history.fixes] == [names.trajan_tile(k) for k in names.STACK_KINDS[stack]]
    assert history.pick_fix(names.STACK_KINDS[stack].index(kind)) is None
    assert len(history.fixes) == 21 and history.fix_then == 2, "6 colours, in pairs, the same twice too"
    pick = next(i for i, c in enumerate(history._choices) if c["args"]["tile"] == [kind, "yellow", "white"])
    intent = history.pick_fix(pick)
    assert intent.args["args"] == {"stack": stack, "tile": [kind, "yellow", "white"]}
    session.handle(intent)
    assert session.notice.template.startswith("Step {step} corrected"), session.notice
    taken = [e for entry in session.history() for e in entry.events
             if e["kind"] == "trajan.action" and e["action"] == "trajan" and not entry.undone]
    assert list(taken[-1]["detail"]["tile"]) == [kind, "yellow", "white"]
