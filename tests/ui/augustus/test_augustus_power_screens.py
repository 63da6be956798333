"""The choices a power leaves to its victims, by touch through a real offscreen window: a removal
(card 81's kind: every other player loses a controlled objective, the victim chooses which, §4.6.3),
the gold's holder choosing among the tied leaders after it (S002 C), and a clearing (card 76's kind:
every other player clears one objective's legions, the victim chooses which). The calls before them
are posted as the pads would; each choice is a tap on the victim's seat panel."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uiharness import settle, run_ui  # noqa: E402
from companion.session import Intent  # noqa: E402

pytestmark = pytest.mark.timeout(240)


def card(number, symbols, gold=0, power=None):
    return {"number": number, "kind": "green", "vp": 1, "gold": gold, "wheat": 0, "symbols": list(symbols),
            "power": power}


FILL = ("standard", "standard")


def start(session, hands, spare):
    cards = [c for hand in hands for c in hand] + [card(n, FILL) for n in spare]
    names = ["Ann", "Bo", "Cy", "Di"][:len(hands)]
    session.handle(Intent("new_game", {"game": "augustus", "setup": {
        "players": names, "seed": 5, "settings": {"bag": "table", "reward_vp": {
            "green": 5, "pink": 5, "orange": 5, "senators": 6, "one_each": 7}}, "cards": cards}}))
    for seat, hand in enumerate(hands):
        for c in hand:
            session.handle(Intent("take", {"seat": seat, "number": c["number"]}))
    assert session.table_view().view["phase"] == "draw", session.notice


def called(session, token, places, spare):
    """The crier's token; seats in `places` place (number, slot), the others skip; then every
    completer takes a spare card and passes on the number tile, as their pads would."""
    session.handle(Intent("draw", {"token": token}))
    for player in session.table_view().view["players"]:
        if player["can_place"]:
            seat = player["seat"]
            if seat in places:
                number, slot = places[seat]
                session.handle(Intent("place", {"seat": seat, "number": number, "slot": slot}))
            else:
                session.handle(Intent("skip", {"seat": seat}))
    while True:
        view = session.table_view().view
        duty = view.get("duty") or {}
        if view["phase"] != "resolve" or duty.get("kind") not in ("take", "number"):
            return view
        if duty["kind"] == "number":
            session.handle(Intent("skip", {"seat": duty["seat"]}))
        else:
            session.handle(Intent("take", {"seat": duty["seat"], "number": spare.pop(0)}))


def choices(ui):
    return [ui.text(f"augustus.choice.{i}") for i in range(len(ui.app.augustus.table.choices))]


def test_the_victims_choose_what_they_lose_and_the_holder_gives_the_gold_by_touch(session):
    remove = {"kind": "remove_objective"}
    hands = [[card(1, ("dagger",), power=remove), card(2, FILL), card(3, FILL)],
             [card(20, ("swords",), gold=1), card(21, ("shield",)), card(22, FILL)],
             [card(30, ("shield",), gold=1), card(31, FILL), card(32, FILL)],
             [card(40, ("swords",), gold=1), card(41, ("shield",)), card(42, FILL)]]
    spare = list(range(60, 70))
    start(session, hands, spare)

    def script(ui):
        vm = ui.app.augustus.table
        called(session, "swords", {1: (20, 0), 3: (40, 0)}, spare)
        called(session, "shield", {1: (21, 0), 2: (30, 0), 3: (41, 0)}, spare)
        assert session.table_view().view["holders"]["gold"] == 2, "Cy equalled Di by gaining"
        session.handle(Intent("draw", {"token": "dagger"}))
        yield from settle()  # the panel rebuilt for the call before the tap
        yield from ui.tap("augustus.choice.0")  # Ann on 1's dagger: every other player loses one
        yield from settle()
        view = session.table_view().view
        assert (view["duty"]["kind"], view["duty"]["seat"]) == ("lose", 1), "Cy's only one went by itself"
        assert [s["seat"] for s in vm.seats] == [1] and choices(ui) == ["Lose #20", "Lose #21"]
        yield from ui.tap("augustus.choice.1")  # Bo keeps his gold
        assert choices(ui) == ["Lose #40", "Lose #41"]
        yield from ui.tap("augustus.choice.1")  # so does Di
        view = session.table_view().view
        assert [c["number"] for c in view["players"][1]["controlled"]] == [20]
        assert [c["number"] for c in view["players"][3]["controlled"]] == [40]
        assert (view["duty"]["kind"], view["duty"]["seat"]) == ("give", 2), "Cy holds none: she gives it"
        assert choices(ui) == ["Gold to Bo", "Gold to Di"]
        yield from ui.tap("augustus.choice.1")
        view = session.table_view().view
        assert view["holders"]["gold"] == 3 and "gold" in view["players"][3]["rewards"]
        assert "gold" not in view["players"][2]["rewards"]

    run_ui(session, script, start_screen="augustus_table")


def test_the_victim_of_a_clearing_chooses_the_objective_by_touch(session):
    clear = {"kind": "clear_objective"}
    hands = [[card(1, ("dagger",), power=clear), card(2, FILL), card(3, FILL)],
             [card(20, ("swords", "standard")), card(21, ("shield", "shield", "standard")), card(22, FILL)]]
    spare = list(range(60, 70))
    start(session, hands, spare)

    def script(ui):
        called(session, "swords", {1: (20, 0)}, spare)
        called(session, "shield", {1: (21, 0)}, spare)
        called(session, "shield", {1: (21, 1)}, spare)
        session.handle(Intent("draw", {"token": "dagger"}))
        yield from settle()  # the panel rebuilt for the call before the tap
        yield from ui.tap("augustus.choice.0")  # Ann completes 1: Bo clears one of his
        yield from settle()
        view = session.table_view().view
        assert (view["duty"]["kind"], view["duty"]["seat"]) == ("clear", 1)
        assert choices(ui) == ["Clear #20", "Clear #21"]
        yield from ui.tap("augustus.choice.1")  # the two legions on 21 go back; 20 keeps its one
        bo = session.table_view().view["players"][1]
        legions = {o["number"]: o["legions"] for o in bo["objectives"]}
        assert legions[20] == [True, False] and legions[21] == [False, False, False]
        assert bo["supply"] == 6, "two legions back to the supply, one still on 20"

    run_ui(session, script, start_screen="augustus_table")
