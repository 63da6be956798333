"""Augustus' words and table view-model without a window: the UI's names of tokens, colours and
powers are the rules' own keys, the panel follows what the view waits for, and the choices'
buttons post exactly the rules' intents."""

from __future__ import annotations

import pytest

from companion.core.store import JournalStore
from companion.games import all_rules
from companion.games.augustus.parts import bag, cards
from companion.session import Intent, Session
from companion.ui.augustus import format as words
from companion.ui.augustus.panels import POWER_OF, symbol_rows
from companion.ui.augustus.viewmodels import AugustusTableViewModel

pytestmark = pytest.mark.timeout(60)


def test_the_uis_keys_are_the_rules_keys():
    assert words.TOKENS == bag.TOKENS and words.SYMBOLS == bag.SYMBOLS
    assert words.KINDS == cards.KINDS and words.POWERS == tuple(cards.POWERS)
    assert {k: tuple(v) for k, v in POWER_OF.items() if k} == {k: tuple(s["of"]) for k, s in cards.POWERS.items()}


@pytest.fixture
def session(tmp_path):
    s = Session(all_rules(), JournalStore(tmp_path / "data"))
    yield s
    s.shutdown()


def test_the_panel_follows_the_view_and_the_buttons_post_the_rules_intents(session):
    posted = []

    def post(intent):
        posted.append(intent)
        session.handle(intent)
        vm.update(session.table_view())

    vm = AugustusTableViewModel(post=post)
    session.handle(Intent("new_game", {"game": "augustus", "setup": {
        "players": ["Ann", "Bo"], "seed": 5, "oldest": 1, "settings": {"bag": "table"}}}))
    vm.update(session.table_view())
    assert vm.content == "card" and vm.card_title == "Ann takes an objective"
    entry = vm.entry
    vm.choose_number(70)
    assert entry.stage == "kind" and posted == [], "not in a file: its facts are asked"
    entry.choose_kind_vp("green", 3)
    entry.open_powers()
    entry.choose_power("mobilise")
    entry.cycle("amount")
    for symbol in ("shield", "shield"):
        entry.add_symbol(symbol)
    assert entry.card() == {"number": 70, "kind": "green", "vp": 3, "gold": 0, "wheat": 0,
                            "symbols": ["shield", "shield"], "power": {"kind": "mobilise", "amount": 2}}
    vm.take()
    assert session.notice is None, session.notice
    assert session.table_view().view["players"][0]["objectives"][0]["power"]["kind"] == "mobilise"
    assert entry.stage == "number" and entry.symbols == [], "taken: the entry starts again"
    assert entry.rows == [["shield", "shield"]], "the row seen is offered next"
    entry.number = 70
    entry.stage = "symbols"
    vm.take_row(0)  # the same number again: refused by the rules, naming the card
    assert session.notice is not None and session.notice.rule == "Augustus 4.1 objectives"
    for seat, numbers in ((0, (1, 2)), (1, (3, 4, 5))):
        for n in numbers:
            vm.choose_number(n)
            entry.choose_kind_vp("green", 1)
            entry.add_symbol("dagger" if n == 1 else "swords")
            vm.take()
            assert session.notice is None, session.notice
    assert vm.content == "token" and [t["token"] for t in vm.tokens] == list(bag.TOKENS)
    assert vm.title == "Augustus", "before the first draw: no draw to number (not 'Draw 0')"
    vm.enter_token("dagger")
    assert vm.title == "Augustus · Draw 1"
    assert vm.content == "seats" and vm.seat == 0 and vm.choices == ["#1 Dagger", "Skip"]
    vm.play(0)
    assert posted[-1] == Intent("place", {"seat": 0, "number": 1, "slot": 0})
    assert vm.token == "dagger" and vm.content == "card", "Ann completed 1: she takes a new objective"
    assert vm.duty_text == "Ave Caesar! Ann takes a new objective."


def test_the_final_breakdown_names_every_line_and_its_rule():
    final = {"scores": [{"seat": 0, "name": "Ann", "total": 9, "senators": 1, "lines": [
        {"category": "rewards", "item": "number_3", "points": 4, "rule": "Augustus 4.3 rewards"},
        {"category": "powers", "item": 12, "points": 5, "rule": "Augustus 4.4 powers", "count": 6, "each": 1,
         "of": "shield", "cap": 5, "capped": True}]}], "order": [0], "winners": [0], "tie_break": "points"}
    assert words.final_lines(final) == [
        "Ann: 9 VP (senators 1)",
        "    3 objectives: 4 VP  [Augustus 4.3 rewards]",
        "    Power of #12: 6 × 1 (Shield) capped at 5: 5 VP  [Augustus 4.4 powers]",
        "Winner: Ann (most VP)"]


def test_the_rows_offered_are_the_kinds_own_first_then_the_most_seen():
    cards = [{"kind": "green", "symbols": ["shield"]}, {"kind": "pink", "symbols": ["swords", "chariot"]},
             {"kind": "green", "symbols": ["shield"]}, {"kind": "orange", "symbols": ["dagger"]}]
    assert symbol_rows(cards, "pink") == [["swords", "chariot"], ["shield"], ["dagger"]]
    assert symbol_rows(cards, "green", limit=2) == [["shield"], ["dagger"]]
