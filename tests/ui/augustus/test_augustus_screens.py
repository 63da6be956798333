"""Augustus through a real offscreen window, by touch only: the set-up (two players, Bo the
oldest, the physical bag, the table's card file), one objective's printed facts entered on the card
panel (not in the file), the others taken by number, the crier's tokens entered from the bag's
buttons (an impossible token never offered), placements and skips on the seat panels, a
completion's new objective, the number reward on offer, and a whole game to its final breakdown,
every line with its rule."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from uiharness import settle, duplicate_wids, run_ui  # noqa: E402

pytestmark = pytest.mark.timeout(240)


def card(number, kind="green", vp=1, symbols=("shield",), **more):
    return {"number": number, "kind": kind, "vp": vp, "gold": more.get("gold", 0), "wheat": more.get("wheat", 0),
            "symbols": list(symbols), "power": more.get("power")}


#: Ann: 12 (entered by hand: not in the file), 30, 44; Bo: 8, 51, 52; then one-shield greens 71–79.
FILE = [card(30, "pink", 4, ("swords", "chariot")), card(44, "orange", 5, ("swords", "swords", "dagger")),
        card(8, "senator", 3, ("shield", "chariot"), wheat=1), card(51, "green", 6, ("catapult", "catapult")),
        card(52, "pink", 2, ("standard",))] + [card(n) for n in range(71, 80)]


def view(session):
    return session.table_view().view


def test_a_whole_game_by_touch_with_the_physical_bag_and_a_card_file(session, tmp_path):
    path = tmp_path / "box.json"
    path.write_text("[\n" + ",\n".join(json.dumps(c) for c in FILE) + "\n]\n", encoding="utf-8")
    seen = {}

    def script(ui):
        app = ui.app
        yield from ui.tap("home.game.augustus")
        assert ui.screen == "augustus_setup"
        assert (app.setup_vm.min_count, app.setup_vm.max_count) == (2, 6)
        while app.setup_vm.count > 2:
            yield from ui.tap("augustus.setup.count.minus")
        for seat, name in enumerate(("Ann", "Bo")):
            ui.find(f"augustus.setup.name.{seat}").text = name
        yield from ui.tap("augustus.setup.oldest.1")
        assert ui.text("augustus.setup.oldest.1") == "Oldest · first crier"
        assert ui.text("augustus.setup.oldest.0") == "Oldest?"
        yield from ui.tap("augustus.setup.bag")
        assert ui.text("augustus.setup.bag") == "Bag: The physical bag"
        ui.find("augustus.setup.cards").text = str(path)
        yield from settle()
        yield from ui.tap("augustus.setup.start")
        assert ui.screen == "augustus_table", ui.text("augustus.setup.notice")
        v = view(session)
        assert v["phase"] == "start" and v["crier"] == 1 and v["bag_source"] == "table"
        assert ui.text("augustus.notice") == "Objectives to take: Ann, Bo."
        assert not ui.shown("augustus.crier"), "the card entry has the call's room"

        # -- card 12 is not in the file: its facts by touch, page by page ----------------------
        assert ui.drawn("augustus.card.n.30") == "30✔" and ui.text("augustus.card.n.12") == "12"
        yield from ui.tap("augustus.card.n.12")
        yield from ui.tap("augustus.card.kind.green.2")  # green, 2 VP
        assert ui.text("augustus.card.summary") == "#12 Green 2 VP"
        yield from ui.tap("augustus.card.symbol.shield")
        assert ui.text("augustus.card.summary") == "#12 Green 2 VP: Sh"
        yield from ui.tap("augustus.card.take")
        ann = view(session)["players"][0]
        assert [o["number"] for o in ann["objectives"]] == [12]
        assert ann["objectives"][0]["vp"] == 2 and ann["objectives"][0]["symbols"] == ["shield"]
        assert ui.find("augustus.card.n.12").disabled, "a number in play already"

        # -- the others by number: the file has them, one tap each ----------------------------
        for seat, numbers in ((0, (30, 44)), (1, (8, 51, 52))):
            for number in numbers:
                assert ui.drawn(f"augustus.card.n.{number}") == f"{number}✔"
                yield from ui.tap(f"augustus.card.n.{number}")
                assert number in view(session)["seen"], session.notice
        v = view(session)
        assert v["phase"] == "draw" and [len(p["objectives"]) for p in v["players"]] == [3, 3]
        assert ui.text("augustus.crier") == "Crier: Bo"
        assert ui.text("augustus.player.0.objectives").splitlines()[0] == "#12 Green 2 VP: Sh"

        # -- a call: the crier enters the token, both place, Ann completes 12 --------------------
        assert ui.shown("augustus.token.shield") and ui.text("augustus.token.dagger") == "Dagger · 1"
        yield from ui.tap("augustus.token.shield")
        v = view(session)
        assert v["phase"] == "place" and v["token"] == "shield"
        assert ui.text("augustus.call") == "Shield" and ui.text("augustus.call.left") == "4 more in the bag · 22 tokens left"
        assert ui.find("augustus.seat.0").selected
        assert [ui.text(f"augustus.choice.{i}") for i in range(2)] == ["#12 Shield", "Skip"]
        yield from ui.tap("augustus.choice.0")  # Ann: on 12's shield
        assert ui.text("augustus.player.0.objectives").splitlines()[0] == "#12 Green 2 VP: [Sh]"
        assert [s["seat"] for s in app.augustus.table.seats] == [1], "Ann is done with this token"
        yield from ui.tap("augustus.choice.0")  # Bo: on 8's shield
        v = view(session)
        assert v["phase"] == "resolve" and v["duty"]["kind"] == "take" and v["duty"]["seat"] == 0
        assert v["players"][0]["controlled_count"] == 1
        assert ui.text("augustus.notice") == "Ave Caesar! Ann takes a new objective."
        yield from ui.tap("augustus.card.n.71")
        assert view(session)["phase"] == "draw"

        # -- a token the bag cannot give is never offered: the dagger once drawn ---------------
        yield from ui.tap("augustus.token.dagger")
        assert ui.text("augustus.choice.0") == "#44 Dagger"
        yield from ui.tap("augustus.choice.0")  # Ann: on 44's dagger, from her supply
        seen["after dagger"] = view(session)
        while view(session)["phase"] == "place":
            yield from ui.tap(f"augustus.choice.{len(app.augustus.table.choices) - 1}")  # the rest skip
        assert not ui.shown("augustus.token.dagger"), "the only dagger is out of the bag"

        # -- Ann completes a one-shield objective at every shield call until she holds 7 -------
        for _ in range(80):
            v = view(session)
            if v["phase"] == "over":
                break
            if v["players"][0]["controlled_count"] == 6 and app.augustus.table.content != "card":
                seen["warning"] = ui.text("augustus.warning")  # the call panel's, on the shared screen
            content = app.augustus.table.content
            if content == "token":
                token = "shield" if v["bag"]["shield"] else "joker"
                yield from ui.tap(f"augustus.token.{token}")
            elif content == "seats":
                seat = app.augustus.table.seat
                last = len(app.augustus.table.choices) - 1
                wanted = 0 if seat == 0 and v["phase"] == "place" else last
                if v["phase"] == "resolve" and (v["duty"] or {}).get("kind") == "number":
                    wanted = 0  # claim the number reward on offer
                yield from ui.tap(f"augustus.choice.{wanted}")
            elif content == "card":
                entry = app.augustus.table.entry
                number = min(set(entry.known) - set(entry.seen))
                yield from ui.tap(f"augustus.card.n.{number}")
            elif content == "value":
                for _ in range(3):
                    yield from ui.tap("augustus.value.plus")
                yield from ui.tap("augustus.value.enter")
            else:
                raise AssertionError(f"unexpected panel {content!r}")
        v = view(session)
        assert v["phase"] == "over" and v["players"][0]["controlled_count"] >= 7
        lines = [ui.text(f"augustus.final.{i}") for i in range(len(app.augustus.table.final_lines))]
        assert lines[0].startswith("Ann: ") and lines[-1].startswith("Winner: Ann")
        assert any("[Augustus 4.4 objectives]" in line for line in lines)
        assert any("[Augustus 4.3 rewards]" in line for line in lines)
        total = next(s for s in v["final"]["scores"] if s["seat"] == 0)["total"]
        assert lines[0] == f"Ann: {total} VP (senators 0)"
        assert not duplicate_wids(app.root)

    run_ui(session, script, watchdog=150)  # ≈ 12 s idle: a whole game by touch
    assert seen["warning"] == "Ann holds 6: this draw may end the game."
    ann = seen["after dagger"]["players"][0]
    forty_four = next(o for o in ann["objectives"] if o["number"] == 44)
    assert forty_four["legions"] == [False, False, True] and ann["supply"] == 6
