"""Trajan view-models fed from a real session's public views, without any window: what each screen
would show, and what its taps post (through the session, so the rules decide)."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from companion.session import Intent
from companion.ui.text import i18n
from companion.ui.trajan import names

pytestmark = pytest.mark.timeout(60)

ROOT = Path(__file__).resolve().parents[3]


def new_game(session, players=("Ann", "Bo"), seed=3, **setup):
    setup = {"players": list(players), "colours": ["red", "blue", "green", "yellow"][:len(players)],
             "seed": seed, "start_player": 0, **setup}
    session.handle(Intent("new_game", {"game": "trajan", "setup": setup}))
    assert session.notice is None, session.notice


def table_vm(session):
    from companion.ui.trajan.viewmodels import TrajanTableViewModel

    vm = TrajanTableViewModel(post=session.handle)
    session.listeners.append(vm.update)
    vm.update(session.table_view())
    return vm


def play_a_tap(vm, rnd):
    """One step of a random table: End turn when it may end, else a tray, a choice or a bonus."""
    options = [t["index"] for t in vm.trays.rows if t["enabled"]] + [c["index"] for c in vm.choices.rows if c["index"] >= 0]
    options += [b["index"] for b in vm.bonus_choices()]
    if vm.choices.can_end_turn:
        vm.end_turn()
    else:
        vm.choose(rnd.choice(options))


def trajan_choice():
    from companion.cli import game_choices

    return next(c for c in game_choices() if c.id == "trajan")


# -- set-up ------------------------------------------------------------------------------------


def test_setup_defaults_need_no_tap_and_post_a_valid_game(session):
    from companion.ui.trajan.setup_vm import TrajanSetupViewModel

    vm = TrajanSetupViewModel()
    vm.configure(trajan_choice())
    assert (vm.count, vm.min_count, vm.max_count) == (2, 2, 4)
    assert vm.colours == ["red", "blue"] and vm.hints == ["Player 1", "Player 2"]
    assert vm.start_player == -1 and vm.start_options[0]["selected"] and vm.start_options[0]["text"] == "Random"
    assert vm.settings_summary == "Settings: all 10 at their defaults"
    intent = vm.intent()
    assert intent.args["setup"] == {"players": ["Player 1", "Player 2"], "colours": ["red", "blue"],
                                    "start_player": None, "mode": "full", "digital_draws": True}
    session.handle(intent)
    assert session.notice is None and session.table_view().game == "trajan"


def test_setup_count_colours_start_mode_draws_and_settings(session):
    from companion.ui.trajan.setup_vm import TrajanSetupViewModel

    vm = TrajanSetupViewModel()
    vm.configure(trajan_choice())
    vm.increase(), vm.increase(), vm.increase()
    assert vm.count == 4 and vm.colours == ["red", "blue", "green", "yellow"]
    vm.set_count(3)
    vm.next_colour(0)  # red → the next colour nobody has: yellow (blue and green are taken)
    assert vm.colours == ["yellow", "blue", "green"]
    vm.set_name(1, "Bo")
    vm.choose_start(1)
    assert [o["text"] for o in vm.start_options] == ["Random", "Player 1", "Bo", "Player 3"]
    assert vm.start_options[2]["selected"]
    vm.set_mode("light")
    vm.set_digital_draws(False)
    rows = {r["name"]: r for r in vm.settings_rows}
    assert rows["lap_length"]["value"] == "2p 11 / 3p 16 / 4p 21" and rows["lap_length"]["changeable"]
    assert not rows["senate_values"]["changeable"] and rows["senate_values"]["source"] == "Other source: check your box"
    vm.cycle_setting("lap_length")
    vm.cycle_setting("bonus_tile_counts_itself")
    assert vm.settings_summary == "Settings: 2 changed"
    assert vm.settings_overrides() == {"lap_length": {"2": 12, "3": 17, "4": 22}, "bonus_tile_counts_itself": False}
    setup = vm.intent().args["setup"]
    assert setup["players"] == ["Player 1", "Bo", "Player 3"] and setup["start_player"] == 1
    assert setup["mode"] == "light" and setup["digital_draws"] is False
    session.handle(vm.intent())
    view = session.table_view().view
    assert session.notice is None and view["lap"] == 17 and view["mode"] == "light"
    assert view["current"] == 1 and [p["colour"] for p in view["players"]] == ["yellow", "blue", "green"]
    vm.cycle_setting("lap_length")  # back to the default: nothing sent
    assert "lap_length" not in vm.settings_overrides()


def test_setup_in_chinese_and_remembered_names():
    from companion.ui.trajan.setup_vm import TrajanSetupViewModel

    vm = TrajanSetupViewModel()
    vm.configure(trajan_choice())
    vm.remember(["Ann", "Player 2", "Cy"], ["green", "red", "blue"])
    assert vm.count == 3 and vm.names == ["Ann", "", "Cy"] and vm.colours == ["green", "red", "blue"]
    i18n.set_language("zh-Hans")
    vm.relabel()
    assert vm.players() == ["Ann", "玩家 2", "Cy"] and vm.colour_names == ["绿色", "红色", "蓝色"]
    assert vm.title == "新的图拉真对局" and vm.settings_summary == "设置：10 项均为默认值"
    assert next(r for r in vm.settings_rows if r["name"] == "lap_length")["value"] == "2 人 11 / 3 人 16 / 4 人 21"


# -- the table -----------------------------------------------------------------------------------


def test_trays_show_every_preview_and_a_tap_picks_up(session):
    new_game(session)
    vm = table_vm(session)
    view = session.table_view().view
    assert vm.active and vm.entry == "trays" and vm.prompt == "Ann: pick up a tray"
    assert [t["wid"] for t in vm.trays.rows] == [f"trajan.tray.{i}" for i in range(6)]
    for tray, preview in zip(vm.trays.rows, view["previews"]):
        assert tray["enabled"]
        assert f"→ {preview['target_action'].capitalize()}" in tray["text"]
        assert f"+{preview['markers']} time" in tray["text"]
        assert bool(tray["completes"]) == bool(preview["completes"])
        assert tray["ends_round"] == preview["ends_round"]
    assert vm.time_track.season_text == "Season 1/4" and vm.time_track.round_text == "Round 1/4" and vm.time_track.time_text == "Time 0/11"
    assert [d["filled"] for d in vm.demands.slots] == [False, False, False]
    assert len(vm.demands.senate_bonus) == 2 and all(b["text"] for b in vm.demands.senate_bonus)
    assert [p["name"] for p in vm.players.rows] == ["Ann", "Bo"] and vm.players.rows[0]["is_current"]
    target = view["previews"][2]["target_action"]
    vm.choose(vm.trays.rows[2]["index"])
    view = session.table_view().view
    assert view["turn"]["tray"] == view["players"][0]["wheel"].index(view["players"][0]["wheel"][view["turn"]["tray"]])
    assert vm.entry == "choices" and vm.prompt.startswith(f"Ann: {target.capitalize()}")
    assert vm.choices.rows and all(c["text"] and c["wid"].startswith("trajan.choice.") for c in vm.choices.rows)
    assert vm.choices.rows[-1]["wid"] == "trajan.choice.pass" and vm.time_track.time == 2


def test_a_turn_ends_by_itself_when_nothing_else_is_possible_and_undo_takes_the_action_back(session):
    new_game(session, seed=9)
    vm = table_vm(session)
    rnd = random.Random(4)
    for _ in range(200):  # find a turn whose action leaves nothing but "end turn"
        if vm.entry == "choices" and not session.table_view().view["turn"]["acted"]:
            before = session.table_view()
            choice = next((c for c in vm.choices.rows if c["kind"] == "action"), None)
            if choice is not None:
                vm.choose(choice["index"])
                after = session.table_view().view
                if after["current"] != before.view["current"]:
                    break
                continue
        wids = [t["index"] for t in vm.trays.rows if t["enabled"]] + [c["index"] for c in vm.choices.rows if c["index"] >= 0]
        if vm.choices.can_end_turn and not wids:
            vm.end_turn()
        elif vm.entry == "consul":
            vm.choose(vm.bonus_choices()[0]["index"])
        else:
            vm.choose(rnd.choice(wids) if wids else 0)
    else:
        pytest.fail("no automatic end of turn in 200 taps")
    kinds = [e["kind"] for entry in session.history()[-2:] for e in entry.events]
    assert kinds[0] == "trajan.action" and kinds[1] == "trajan.turn_ended", kinds
    assert vm.players.rows[before.view["current"]]["is_current"] is False
    vm.undo()  # one tap: the automatic end of turn and the action go back together
    assert session.table_view().view == before.view
    assert vm.entry == "choices" and vm.can_redo
    vm.redo()  # and come back together
    assert session.table_view().view["current"] != before.view["current"]


def test_season_summary_and_the_consul_choice(session):
    new_game(session, seed=5)
    vm = table_vm(session)
    rnd = random.Random(2)
    while session.table_view().view["phase"] != "consul":
        choices = session.table_view().view["choices"]
        vm.choose(rnd.randrange(len(choices)))
    view = session.table_view().view
    report = view["season_reports"][-1]
    assert vm.entry == "consul" and vm.time_track.turn_text == "Season 1 is scored"
    assert vm.summary.title.startswith("Season 1: demands ")
    assert [r["name"] for r in vm.summary.rows] == [view["players"][s]["name"] for s in report["senate_ranking"]]
    for row in vm.summary.rows:
        mine = report["players"][row["seat"]]
        assert row["vp_text"] == f"{mine['vp_before']} → {mine['vp_after']}"
        assert row["votes_text"] == f"{mine['votes']} votes"
        assert row["paid_markup"].count("✔") == sum(1 for p in mine["paid"] if p["with"])
        assert row["role"] == ("★ Consul" if row["seat"] == report["consul"] else
                               "☆ Proconsul" if row["seat"] == report["proconsul"] else "")
    consul = view["players"][report["consul"]]["name"]
    assert vm.summary.prompt.startswith(f"{consul}, consul: take a bonus tile")
    bonus = vm.bonus_choices()
    assert [b["wid"] for b in bonus] == [f"trajan.bonus.{t}" for t in view["senate_bonus"]]
    vm.choose(bonus[1]["index"])
    view = session.table_view().view
    assert view["phase"] == "turn" and view["season"] == 2 and vm.entry == "trays"
    assert vm.summary.has_report and not vm.summary.report_open
    vm.open_report()
    assert vm.summary.report_open and vm.summary.prompt.endswith("proconsul.")


def test_the_table_draws_demands_and_enters_the_trajan_tile_it_drew(session):
    new_game(session, seed=6, digital_draws=False)
    vm = table_vm(session)
    rnd = random.Random(8)
    seen_reveal = seen_tile = False
    for _ in range(400):
        view = session.table_view().view
        if view["phase"] == "reveal":
            assert vm.entry == "reveal" and [c["wid"] for c in vm.choices.rows] == [
                "trajan.reveal.bread", "trajan.reveal.games", "trajan.reveal.religion"]
            pick = next(c for c in vm.choices.rows if c["enabled"])
            vm.choose(pick["index"])
            assert session.table_view().view["demands"][-1] == pick["wid"].split(".")[-1]
            seen_reveal = True
        elif vm.entry == "choices" and any(c["wid"].startswith("trajan.choice.trajan.") for c in vm.choices.rows):
            choice = next(c for c in vm.choices.rows if c["wid"].startswith("trajan.choice.trajan."))
            stack = choice["wid"].split(".")[-1]
            vm.choose(choice["index"])
            assert vm.drawn_tile.entry["stack"] == stack, "the app may not draw: it asks for the tile"
            assert "Enter the Trajan tile drawn from the stack." == vm.notice_text
            kind = vm.drawn_tile.entry["kinds"][-1]
            vm.drawn_tile.pick_kind(kind)
            vm.drawn_tile.pick_colour("pink")
            vm.drawn_tile.pick_colour("blue")
            if session.notice is None:
                taken = [e for entry in session.history()[-2:] for e in entry.events if e["kind"] == "trajan.action"]
                assert list(taken[-1]["detail"]["tile"]) == [kind, "pink", "blue"]
                seen_tile = True
                if seen_reveal:
                    break
            else:
                vm.drawn_tile.close()
                vm.choose(next(c["index"] for c in vm.choices.rows if c["kind"] == "pass"))
        elif vm.found_tile.entry:  # the leader moved: the table names the forum tile it found there
            vm.press(rnd.choice([r for r in vm.choices.rows if r.get("found")]))
        else:
            options = [t["index"] for t in vm.trays.rows if t["enabled"]] + [c["index"] for c in vm.choices.rows if c["index"] >= 0]
            options += [b["index"] for b in vm.bonus_choices()]
            if vm.choices.can_end_turn:
                options.append(next(i for i, c in enumerate(view["choices"]) if c["name"] == "end_turn"))
            choice = view["choices"][rnd.choice(options)]
            if choice["name"] == "trajan":
                continue
            vm.choose(view["choices"].index(choice))
    assert seen_reveal and seen_tile


def test_light_mode_markers_then_action(session):
    new_game(session, mode="light")
    vm = table_vm(session)
    assert vm.entry == "light" and vm.prompt == "Ann: how many markers, and which action?"
    vm.light.move(2)
    assert session.table_view().step == 1, "no markers chosen: nothing posted"
    vm.light.set_markers(3)
    assert vm.light.preview_time == 3
    vm.light.move(3)  # 3 markers, the last in the senate tray
    view = session.table_view().view
    assert view["time"] == 3 and view["turn"]["tray"] == 3 and vm.entry == "choices"
    assert vm.light.markers == 0 and [c["wid"] for c in vm.choices.rows] == ["trajan.choice.senate", "trajan.choice.pass"]
    vm.choose(vm.choices.rows[0]["index"])
    view = session.table_view().view
    assert view["players"][0]["senate"] == 1 and view["current"] == 1, "senate, then the turn ended by itself"


def test_final_breakdown_chart_and_history_match_the_engine(session):
    new_game(session, players=("Ann", "Bo", "Cy"), seed=12)
    vm = table_vm(session)
    rnd = random.Random(1)
    while session.table_view().view["phase"] != "over":
        vm.choose(rnd.randrange(len(session.table_view().view["choices"])))
    final = session.engine.view()["final"]
    assert vm.entry == "over"
    assert [c["name"] for c in vm.final.columns] == [p["name"] for p in final["players"]]
    assert [c["total_text"] for c in vm.final.columns] == [str(p["total"]) for p in final["players"]]
    for row in vm.final.rows:
        assert row["cells"] == [str(next(c["vp"] for c in p["categories"] if c["id"] == row["id"]))
                                for p in final["players"]]
        assert row["rule"].startswith("Trajan 1.")
    assert [r["id"] for r in vm.final.rows] == [c["id"] for c in final["players"][0]["categories"]]
    assert vm.time_track.turn_text in (f"{final['winners'][0]} wins", " ".join(final["winners"]))
    assert vm.final.tie_break.endswith("(Trajan 1.12)")
    track = session.table_view().view["score_track"]
    assert [len(s["points"]) for s in vm.final.chart_series] == [len(track) + 1] * 3
    assert [s["points"][-1] for s in vm.final.chart_series] == [p["total"] for p in final["players"]]
    assert [t for _i, t in vm.final.chart_ticks] == ["S1", "S2", "S3", "S4", "End"]
    details = {row["id"]: row for row in vm.final.detail_rows}
    assert [r["id"] for r in vm.final.detail_rows] == [r["id"] for r in vm.final.rows]
    assert (details["cards"]["title"], details["cards"]["rule"]) == ("Cards in hand", "Trajan 1.12")
    for seat, p in enumerate(final["players"]):
        hand = next(c["vp"] for c in p["categories"] if c["id"] == "cards")
        assert details["cards"]["cells"][seat] == f"[b]{hand}[/b]  [color=A9B3C1]{hand} in hand × 1[/color]"
    from companion.ui.trajan.format import history_rows

    rows = history_rows(session.history())
    assert rows[0]["text"].startswith("S1 R1 · Seated Ann, Bo, Cy; Ann starts (full wheel, the app draws).")
    assert {(r["season"], r["round"]) for r in rows} == {(s, r) for s in range(1, 5) for r in range(1, 5)}
    assert rows[-1]["text"].endswith("Game over: final scoring.")
    i18n.set_language("zh-Hant")
    vm.relabel()
    assert vm.final.rows[1]["title"] == "手牌" and vm.final.rows[1]["rule"] == "圖拉真 1.12"
    assert "圖拉真" in history_rows(session.history())[0]["text"] or "入座" in history_rows(session.history())[0]["text"]


FINAL_SNAPSHOT = ROOT / "docs" / "examples" / "trajan-final.json"


def final_of(snapshot=FINAL_SNAPSHOT, edit=None):
    """The final breakdown of a documented snapshot (optionally edited), as the view carries it."""
    import json

    from companion.games.trajan.snapshot import score_snapshot

    data = json.loads(snapshot.read_text(encoding="utf-8"))
    if edit:
        edit(data)
    return score_snapshot(data)


def category(final, name, cid):
    player = next(p for p in final["players"] if p["name"] == name)
    return next(c for c in player["categories"] if c["id"] == cid)


def test_final_details_in_english_read_as_the_printout():
    from companion.ui.trajan import format as tfmt

    final = final_of()
    assert tfmt.category_details(category(final, "Livia", "construction")) == [
        "Fountain 3 + 1 wildcard, Door 2, Roof 1"]
    assert tfmt.category_details(category(final, "Livia", "bonus_tiles")) == [
        "Wine & Fish yellow side: 12 (Wine 2 + Fish 1 + 1 wildcard = 4 × 3)",
        "Bread bonus yellow side: 9 (1 unused Bread forum tile)",
        "Legionnaires bonus grey side: 3 (3 in provinces × 1)",
    ]
    assert tfmt.category_details(category(final, "Marcus", "workers_camp")) == ["0 × 1"]


def test_final_details_in_chinese_are_translated_templates_with_translated_names():
    from companion.ui.trajan import format as tfmt

    final = final_of()
    i18n.set_language("zh-Hans")
    assert tfmt.category_details(category(final, "Livia", "construction")) == ["喷泉 3 + 1 块万能板块、门 2、屋顶 1"]
    assert tfmt.category_details(category(final, "Julia", "bonus_tiles")) == [
        "牛与小麦（黄色面）：12（牛 1 + 小麦 2 + 1 块万能板块 = 4 × 3）",
        "珠宝与宝石（灰色面）：6（珠宝 2 + 宝石 1 = 3 × 2）",
        "宗教奖励（灰色面）：0（没有未使用的宗教论坛板块）",  # her demand wildcard does not count (S000 p11–12)
    ]
    hem = final_of(edit=lambda data: data.update(settings={"demand_wildcard_counts_for_bonus": True}))
    assert tfmt.category_details(category(hem, "Julia", "bonus_tiles"))[2] == "宗教奖励（灰色面）：6（一块未使用的需求万能板块）"
    i18n.set_language("zh-Hant")
    assert tfmt.category_details(category(final, "Marcus", "cards")) == ["手牌 2 張 × 1"]


def test_every_detail_template_reads_in_chinese_without_english_or_ids():
    """Each template the rules can use (scoring.py), through the UI in both scripts: no English
    word and no rules id is left (the catalogs translate every template and name)."""
    import re

    from companion.games.trajan import scoring
    from companion.ui.trajan import format as tfmt

    params = {"n": 2, "wild": 2, "vp": 9, "each": 3, "na": 1, "nb": 1, "cards": 4, "kind": "bread", "a": "wine",
              "b": "fish", "type": "roof", "tile": "demand_bread", "side": "yellow",
              "how": {"template": "{n} unused {kind} forum tiles", "params": {"n": 2, "kind": "games"}}}
    for language in ("zh-Hans", "zh-Hant"):
        i18n.set_language(language)
        for template in tfmt.DETAIL_TEMPLATES:
            text = tfmt.detail_text({"template": template, "params": params})
            assert not re.search(r"[A-Za-z]", text), (language, template, text)
    i18n.set_language("en")
    assert scoring.detail_text({"template": "{type} {n}", "params": params}) == "roof 2"


def test_every_choice_has_a_unique_wid_and_a_translated_label(session):
    """Random legal games: no two buttons share a wid; in Chinese no label shows a raw rules id."""
    import re

    from companion.ui.trajan import format as tfmt

    i18n.set_language("zh-Hans")
    for seed in (1, 2):
        new_game(session, players=("A", "B", "C", "D"), seed=seed)
        vm = table_vm(session)
        rnd = random.Random(seed)
        while session.table_view().view["phase"] != "over":
            rows = vm.trays.rows + vm.choices.rows + vm.bonus_choices()
            wids = [r["wid"] for r in rows]
            assert len(wids) == len(set(wids)), wids
            for r in rows:
                assert not re.search(r"[a-z]{3,}_[a-z]", r.get("text", "")), r["text"]
            view = session.table_view().view
            for c in view["choices"]:
                assert tfmt.choice_label(c) and not re.search(r"\b(seaport|forum|military|senate|construction)\b",
                                                              tfmt.choice_label(c, view["site"])), c
            vm.choose(rnd.randrange(len(view["choices"])))
        session.listeners.clear()


def test_refusals_name_trajan_things_in_the_table_language(session):
    new_game(session)
    vm = table_vm(session)
    i18n.set_language("zh-Hans")
    session.handle(Intent("forum", {"tile": "demand_bread"}))
    assert vm.notice_level == "refused" and vm.notice_text == "请先移动行动指示物。"
    vm.choose(vm.trays.rows[0]["index"])
    session.handle(Intent("military", {"kind": "move", "province": "britannia"}))
    assert "不列颠" in vm.notice_text or "行动指示物停在" in vm.notice_text, vm.notice_text


def test_trajan_view_models_need_no_window():
    code = (
        "import sys, tempfile\n"
        "from companion.core.store import JournalStore\n"
        "from companion.games import built_games\n"
        "from companion.session import Session, Intent\n"
        "from companion.ui.trajan.viewmodels import TrajanTableViewModel\n"
        "s = Session(built_games(), JournalStore(tempfile.mkdtemp()))\n"
        "vm = TrajanTableViewModel(post=s.handle); s.listeners.append(vm.update)\n"
        "s.handle(Intent('new_game', {'game': 'trajan', 'setup': {'players': ['A', 'B'], 'colours': ['red', 'blue']}}))\n"
        "assert vm.entry == 'trays' and len(vm.trays.rows) == 6\n"
        "vm.choose(vm.trays.rows[0]['index'])\n"
        "assert vm.entry == 'choices'\n"
        "assert 'kivy.core.window' not in sys.modules, 'a window was created'\n"
        "print('ok')\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0 and proc.stdout.strip() == "ok", proc.stderr[-2000:]


def test_the_seaport_names_the_cards_played_and_shipped(session):
    """The rules can only guess cards (hands are secret to the app): the composer names the real
    ones; a shipment the ship does not take is refused and the composer stays open."""
    new_game(session, seed=4)
    vm = table_vm(session)
    rnd = random.Random(3)
    for _ in range(400):
        composers = [c for c in vm.choices.rows if c.get("compose")]
        if composers and not session.table_view().view["turn"]["acted"]:
            break
        play_a_tap(vm, rnd)
    else:
        pytest.fail("no seaport action in 400 taps")
    assert not any(c["wid"].startswith("trajan.choice.seaport.play") for c in vm.choices.rows), "no guessed cards"
    seat = session.table_view().view["current"]
    if any(c["compose"] == "ship" for c in composers):
        vm.press(next(c for c in composers if c["compose"] == "ship"))
        assert vm.cards.kind == "ship" and not vm.cards.can_confirm
        vm.cards.add("wine")
        vm.cards.add("fish")
        vm.cards.choose_ship("identical")
        assert vm.cards.summary == "Identical ship: Wine + Fish" and vm.cards.can_confirm
        vm.cards.confirm()
        assert vm.notice_level == "refused" and "identical ship takes" in vm.notice_text.lower()
        assert vm.cards.entry, "still open, to fix the cards"
        vm.cards.cancel()
        assert (vm.notice_text, vm.notice_level) == ("", ""), "cancelled: its refusal no longer applies"
    vm.press(next(c for c in vm.choices.rows if c.get("compose") == "play"))
    assert [b["wid"] for b in vm.cards.card_buttons][:2] == ["trajan.cards.columns", "trajan.cards.furs"]
    assert "trajan.cards.wild" not in [b["wid"] for b in vm.cards.card_buttons], "wildcards only go on ships"
    vm.cards.add("wine")
    vm.cards.add("wine")
    assert vm.cards.card_buttons[6]["text"] == "Wine ×2" and vm.cards.summary.endswith("Wine + Wine")
    vm.cards.confirm()
    player = session.table_view().view["players"][seat]
    assert vm.notice_level != "refused", vm.notice_text
    assert player["display"].count("wine") == 2 and not vm.cards.entry


def test_the_board_shows_what_the_app_dealt(session):
    new_game(session, players=("Ann", "Bo", "Cy"), seed=2)
    vm = table_vm(session)
    view = session.table_view().view
    vm.toggle_board()
    assert vm.board.is_open
    titles = [s["title"] for s in vm.board.sections]
    assert titles[:4] == ["Forum", "Provinces (▲ leader, ● legionnaire)", "Construction site", "Ships (side up)"]
    assert [t.split("[/color] ")[-1] for t in titles[4:]] == ["Ann", "Bo", "Cy"]
    forum = vm.board.sections[0]["markup"]
    assert forum.startswith("Display: ") and "Yellow spaces: " in forum
    provinces = vm.board.sections[1]["rows"]
    assert provinces[0] == {"province": "", "head": True, "cells": ["VP", "Province", "Forum tile", ""]}
    assert [r["province"] for r in provinces[1:]] == [p["province"] for p in view["provinces"]]
    alpes = provinces[1]
    tile = next(p["tile"] for p in view["provinces"] if p["province"] == "alpes")
    assert alpes["cells"][:3] == ["[b]3[/b]", "Alpes", names.forum_tile(tile) if tile else "[color=A9B3C1]—[/color]"]
    site = vm.board.sections[2]["markup"].split("\n")
    assert len(site) == 4 and all(len(row.split(" | ")) == 5 for row in site)
    ann = vm.board.sections[4]["markup"]
    first_slot = next(i for i, t in enumerate(view["players"][0]["trajan_slots"]) if t)
    assert "Wheel: I " in ann and "Trajan tiles: I arch" in ann and f"Hand {view['players'][0]['hand']}" in ann
    assert ["I", "II", "III", "IV", "V", "VI"][first_slot] + " " in ann
    vm.choose(vm.trays.rows[0]["index"])
    assert vm.board.is_open, "the board follows the game while open"
    vm.toggle_board()
    assert not vm.board.is_open


def test_the_board_shows_what_a_legionnaire_scores_in_each_province_and_who_is_there(session):
    new_game(session, players=("Ann", "Bo", "Cy"), seed=4)
    vm = table_vm(session)
    rnd = random.Random(9)
    for _ in range(3000):  # players keen on the military, until two legionnaires share a province
        view = session.table_view().view
        if any(len(p["legionnaires"]) >= 2 for p in view["provinces"]) or view["phase"] == "over":
            break
        choices = view["choices"]
        military = [i for i, c in enumerate(choices) if c["name"] == "military"]
        send = [i for i in military if choices[i]["args"]["kind"] == "legionnaire"]
        vm.choose(send[0] if send else rnd.choice(military) if military and rnd.random() < 0.8
                  else rnd.randrange(len(choices)))
    shared = next(p for p in view["provinces"] if len(p["legionnaires"]) >= 2)
    vm.toggle_board()
    row = next(r for r in vm.board.sections[1]["rows"] if r["province"] == shared["province"])
    now = max(0, shared["vp"] - 3 * len(shared["legionnaires"]))
    assert shared["legion_vp"] == now
    assert row["cells"][0] == f"[color=A9B3C1]{shared['vp']}→[/color][b]{now}[/b]"
    assert row["cells"][3].count("●") == len(shared["legionnaires"])
    assert row["cells"][3].count("▲") == len(shared["leaders"])
    colours = [view["players"][s]["colour"] for s in shared["legionnaires"]]
    assert all(names.COLOUR_HEX[c] in row["cells"][3] for c in colours)
    i18n.set_language("zh-Hans")
    vm.relabel()
    assert vm.board.sections[1]["rows"][0]["cells"][:3] == ["分数", "行省", "论坛板块"]
    assert vm.board.sections[1]["markup"] == "[color=A9B3C1]士兵得分为该行省分数，该处每有一名士兵就少 3 分。[/color]"


def test_workers_go_on_the_site_shown_as_its_grid(session):
    new_game(session, players=("Ann", "Bo", "Cy"), seed=7)
    vm = table_vm(session)
    rnd = random.Random(5)
    for _ in range(600):
        if vm.choices.site:
            break
        view = session.table_view().view
        vm.choose(rnd.randrange(len(view["choices"])))
    else:
        pytest.fail("no construction action in 600 taps")
    view = session.table_view().view
    legal = {c["args"]["space"] for c in view["choices"] if c["name"] == "construction" and c["args"]["kind"] == "worker"}
    assert len(vm.choices.site) == 20
    assert {i for i, cell in enumerate(vm.choices.site) if cell["enabled"]} == legal
    for i, cell in enumerate(vm.choices.site):
        tile = view["site"][i]["tile"]
        if tile:
            assert cell["text"].startswith(f"{tile[0].capitalize()} {tile[1]}")
        expected = f"trajan.choice.construction.worker.{i}" if i in legal else f"trajan.site.{i}"
        assert cell["wid"] == expected
    assert not any(c["wid"].startswith("trajan.choice.construction.worker.") for c in vm.choices.rows)
    space = min(legal)
    vm.press(vm.choices.site[space])
    assert view["players"][view["current"]]["seat"] in session.table_view().view["site"][space]["workers"]


def test_a_player_pays_the_demands_differently_before_the_consul_chooses(session):
    new_game(session, seed=5)
    vm = table_vm(session)
    rnd = random.Random(2)
    for _ in range(2000):
        view = session.table_view().view
        if view["phase"] == "consul":
            rows = view["season_reports"][-1]["players"]
            if any(sum(1 for p in r["paid"] if p["with"]) >= 1 for r in rows):
                break
            vm.choose(0)
            continue
        vm.choose(rnd.randrange(len(view["choices"])))
    else:
        pytest.fail("no season with a paid demand")
    row = next(r for r in view["season_reports"][-1]["players"] if any(p["with"] for p in r["paid"]))
    vm.summary.open_repay(row["seat"])
    assert vm.summary.repay_seat == row["seat"] and len(vm.summary.repay_rows) == len(row["paid"])
    assert vm.summary.prompt.endswith("tap a demand to change what pays it.")
    paid = next(i for i, p in enumerate(row["paid"]) if p["with"])
    while vm.summary.repay["sources"][paid] is not None:
        vm.summary.cycle_repay(paid)  # forum → trajan → wildcard → unmet
    assert vm.summary.repay_rows[paid]["text"].endswith(": unmet")
    vm.summary.confirm_repay()
    assert vm.notice_level == "refused" and "can meet" in vm.notice_text, "a payable demand may not go unmet"
    assert vm.summary.repay, "the editor stays open"
    vm.summary.cancel_repay()
    assert not vm.summary.repay and vm.summary.repay_seat == -1 and vm.summary.prompt.endswith("(grey side).")


def test_a_rule_or_side_in_brackets_is_set_as_each_language_sets_brackets():
    """The game end's tie-break and a bonus tile's side: "no tie (Trajan 1.12)" in English,
    full-width and unspaced in Chinese, "没有平分（图拉真 1.12）"."""
    from companion.ui.text import i18n
    from companion.ui.trajan import format as tfmt

    final = {"tie_break": "none", "tie_break_rule": "Trajan 1.12"}
    assert tfmt.tie_break_text(final) == "no tie (Trajan 1.12)"
    i18n.set_language("zh-Hans")
    try:
        assert tfmt.tie_break_text(final) == "没有平分（图拉真 1.12）"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("language, aside", [("en", "  ({tile} completed)"), ("zh-Hans", "（{tile}已完成）")])
def test_a_pick_up_that_completes_a_trajan_tile_says_so_in_the_prompt(session, language, aside):
    """The prompt after a pick-up names the Trajan tile it completed, in brackets as the language
    sets them."""
    new_game(session, seed=3)
    vm = table_vm(session)
    rnd = random.Random(5)
    i18n.set_language(language)
    seen = None
    try:
        vm.relabel()
        for _ in range(1500):
            completing = [t for t in vm.trays.rows if t["enabled"] and vm.trays.previews.get(t["tray"], {}).get("completes")]
            if vm.entry == "trays" and completing:
                kind = vm.trays.previews[completing[0]["tray"]]["completes"]["kind"]
                vm.choose(completing[0]["index"])
                if vm.entry == "choices" and not session.table_view().view["turn"]["acted"]:
                    seen = (vm.prompt, names.trajan_tile(kind))
                    break
                continue
            play_a_tap(vm, rnd)
    finally:
        i18n.set_language("en")
    assert seen is not None, "no pick-up completing a Trajan tile that waits for its action"
    prompt, tile = seen
    assert prompt.endswith(aside.format(tile=tile)), prompt
