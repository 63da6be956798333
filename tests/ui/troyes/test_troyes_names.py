"""Troyes names its cards and events in the table's language, never by their ids: the history
lines (through the describer and on the history screen after a tradesman's placement), the round
summary, what Undo says it undid, `companion replay`'s text, the final breakdown's tradesmen and
a refusal naming a card (the rules give its id beside the English name; the UI names it)."""

from __future__ import annotations

import re

import pytest

from companion.session import Intent
from companion.ui.text import i18n
from test_troyes_viewmodels import play_to, table, view  # noqa: F401 - the same table (fixture), driven the same way
from uiharness import run_ui, settle, until

pytestmark = pytest.mark.timeout(180)

LANGUAGES = ["en", "zh-Hans", "zh-Hant"]
ID_LIKE = re.compile(r"[a-z]+_[a-z0-9_]+")
"""What an id with an underscore looks like ("red_1", "red_unlisted_2"): no line may show one."""


def name_in(language: str, names, item_id: str) -> str:
    """The data's name of `item_id` in `language` (the view's `names`: "en" is the data's `name`)."""
    named = names[item_id]
    return named.get(language) or named["en"]


def first_activation(session, vm) -> str:
    """The current player activates a card on the table with one die (their own first, else one
    bought), a first tradesman placed: by the action button the chosen die offers. Returns the
    card's id."""
    v = view(session)
    seat = v["current"]
    for i, die in sorted(enumerate(v["square"]), key=lambda d: d[1][0] != seat):
        vm.toggle_die(i)
        for index, action in enumerate(vm.actions):
            if not action["wid"].startswith("troyes.action.activate."):
                continue
            steps = session.engine.journal.last_step
            vm.act(index)
            if session.engine.journal.last_step > steps:
                return action["wid"].split(".")[3]
        vm.toggle_die(i)  # not this die: chosen again, it is let go
    raise AssertionError(f"no card to activate with {seat}'s dice: {v['square']}")


def history_texts(session) -> list[str]:
    from companion.ui.troyes.gameui import TroyesUI

    return [row["text"] for row in TroyesUI.history_rows(session.history())]


@pytest.mark.parametrize("language", LANGUAGES)
def test_history_summary_and_undo_name_cards_and_events_in_the_tables_language(table, language):
    session, vm = table
    play_to(session, vm, "actions")
    card = first_activation(session, vm)
    v = view(session)
    names = v["names"]
    assert card in names and set(c["id"] for c in v["cards"]) <= set(names)
    i18n.set_language(language)
    texts = history_texts(session)
    joined = "\n".join(texts)
    for item in v["cards"]:
        assert name_in(language, names, item["id"]) in joined, f"the card turned up, named: {item['id']}"
    for item in v["queue"]:
        assert name_in(language, names, item["id"]) in joined, f"the event drawn, named: {item['id']}"
    activated = name_in(language, names, card)
    assert activated in texts[-1], f"the activation names its card: {texts[-1]}"
    assert not ID_LIKE.search(joined), ID_LIKE.search(joined)
    if language != "en":
        for item_id in [c["id"] for c in v["cards"]] + [e["id"] for e in v["queue"]]:
            assert item_id not in joined and names[item_id]["en"] not in joined, item_id

    # what Undo undid, in the history's words
    from companion.ui.shell.news import TableNews
    from companion.ui.troyes.gameui import TroyesUI

    session.handle(Intent("undo"))
    told = TableNews().tell(session.table_view(), session.history, TroyesUI)
    vm.update(told)
    assert activated in vm.notice_text, vm.notice_text


@pytest.mark.parametrize("language", LANGUAGES)
def test_replay_text_names_the_cards_and_events_on_the_table(table, language):
    from companion.replay import format_summary, replay_journal
    from companion.games import built_games
    from companion.ui.troyes.gameui import TroyesUI

    session, vm = table
    play_to(session, vm, "actions")
    path = session.engine.journal.path
    i18n.set_language(language)
    games = built_games()
    text = format_summary(replay_journal(path, games), games["troyes"], TroyesUI).split("\n\n", 1)[1]  # the game's part
    names = view(session)["names"]
    for item in [*view(session)["cards"], *view(session)["queue"], view(session)["raid"]]:
        assert name_in(language, names, item["id"]) in text, (item["id"], text)
    assert not ID_LIKE.search(text), text


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_final_breakdown_names_the_tradesmens_cards(table, language):
    from companion.ui.troyes.final import final_rows
    from companion.ui.troyes.format import category_name

    session, vm = table
    play_to(session, vm, "actions")
    card = first_activation(session, vm)
    play_to(session, vm, "over")
    final = view(session)["final"]
    assert card in [c["id"] for c in final["cards"]]
    i18n.set_language(language)
    name = name_in(language, view(session)["names"], card)
    holder = next(p for p in final["players"]
                  if any(part["params"].get("card_id") == card for cat in p["categories"] for part in cat["detail"]))
    row = next(r for r in final_rows(final) if r["seat"] == holder["seat"])
    assert any(line.startswith(category_name("tradesmen")) and name in line for line in row["lines"]), row["lines"]


@pytest.mark.parametrize("language", ["zh-Hans", "zh-Hant"])
def test_a_refusal_names_the_card_in_chinese(table, language):
    from companion.ui.troyes.format import colour_word

    session, vm = table
    play_to(session, vm, "actions")
    v = view(session)
    die = v["square"][0]
    card = next(c for c in v["cards"] if c["colour"] != die[1])
    i18n.set_language(language)
    session.handle(Intent("activate", {"card": card["id"], "dice": [list(die)]}))
    assert session.notice is not None and session.notice.level == "refused"
    assert session.notice.params.get("card_id") == card["id"], "the rules give the card's id beside its name"
    chinese = name_in(language, v["names"], card["id"])
    assert vm.notice_level == "refused" and chinese in vm.notice_text, vm.notice_text
    assert colour_word(card["colour"]) in vm.notice_text, "and the dice colour it asks for"
    assert card["name"] not in vm.notice_text and card["id"] not in vm.notice_text, vm.notice_text


@pytest.mark.parametrize("language", ["zh-Hans", "en"])
def test_the_history_screen_after_a_placement_names_the_card(table, language):
    """Through the window: a tradesman placed by an activation, then the round summary and the
    History button; both name the card (and the cards turned up) in the table's language."""
    session, vm = table
    play_to(session, vm, "actions")
    card = first_activation(session, vm)
    session.listeners.remove(vm.update)
    names = view(session)["names"]
    seen = {}

    def script(ui):
        yield from until(lambda: ui.screen == "troyes_table", what="the table")
        yield from settle()
        yield from ui.tap("troyes.round_summary")
        yield from until(lambda: ui.shown("troyes.summary.0"), what="the round so far")
        seen["summary"] = [ui.text(f"troyes.summary.{i}") for i in range(len(ui.app.troyes_vm.summary))]
        yield from ui.tap("troyes.round_summary")
        yield from settle()
        yield from ui.tap("troyes.history")
        assert ui.screen == "history"
        screen = ui.app.sm.get_screen("history")
        yield from until(lambda: screen.rows(), what="the rows on screen")
        seen["drawn"] = [w.text for w in screen.rows()]
        seen["all"] = [item.get("text", "") for item in screen.ids.steps.data]

    run_ui(session, script, language=language)
    name = name_in(language, names, card)
    assert any(name in line for line in seen["summary"]), seen["summary"]
    assert not any(ID_LIKE.search(line) for line in seen["summary"]), seen["summary"]
    assert any(name in text for text in seen["drawn"]), f"the newest rows name {name}: {seen['drawn']}"
    assert not any(ID_LIKE.search(text) for text in seen["all"]), seen["all"]
    for item in view(session)["cards"]:
        assert any(name_in(language, names, item["id"]) in text for text in seen["all"]), item["id"]
