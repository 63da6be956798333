"""The Troyes table's view-model over a real session (no window): the panel it opens follows the
view's `ask.kind` and phase; entry by hand answers a throw, the black dice and a rerolled die with
the asked step's intent; a card, an event and a starting citizen's space are one tap; a scanner
read whose colour counts match a seat's due dice is that seat's throw (neutral dice last), and one
that matches nothing is refused saying why; the chosen dice offer the actions their colour allows;
the final breakdown is the engine's, every category with its rule."""

from __future__ import annotations

import pytest

from companion.session import DiceRead, Intent
from companion.ui.troyes.viewmodels import TroyesTableViewModel

pytestmark = pytest.mark.timeout(120)

NAMES = ["Ann", "Bo", "Cy"]


@pytest.fixture
def table(session):
    vm = TroyesTableViewModel(post=session.handle)
    session.listeners.append(vm.update)
    session.handle(Intent("new_game", {"game": "troyes", "setup": {"players": NAMES, "seed": 3, "start_player": 0}}))
    return session, vm


def view(session):
    return session.table_view().view


BUILDINGS = ("palace", "bishopric", "city_hall")


def place_all(session, vm):
    """Every starting citizen on a free space of the buildings in turn, by its button."""
    turn = 0
    while view(session)["phase"] == "placement":
        assert vm.entry == "options"
        values = [o["value"][0] for o in vm.options]
        wanted = next(b for b in BUILDINGS[turn % 3:] + BUILDINGS if b in values)
        turn += 1
        vm.pick_option(values.index(wanted))


def reveal_all(session, vm):
    while view(session)["phase"] == "reveal":
        assert vm.entry == "options" and vm.options, "each card it may be is a button"
        vm.pick_option(0)


def test_placement_and_the_cards_turned_up_are_one_tap_each(table):
    session, vm = table
    assert vm.entry == "options" and "place a starting citizen" in vm.prompt
    first = vm.options[0]["value"]
    vm.pick_option(0)
    building, space = first
    owners = view(session)["buildings"][building]
    assert owners[space] == 0, "Ann's citizen is where the button said"
    place_all(session, vm)
    assert view(session)["phase"] == "reveal"
    ask = view(session)["ask"]
    assert [o["value"] for o in vm.options] == ask["options"]
    reveal_all(session, vm)
    assert view(session)["phase"] == "dice" and vm.entry == "dice"


def test_a_throw_by_hand_moves_through_the_due_colours(table):
    session, vm = table
    place_all(session, vm)
    reveal_all(session, vm)
    ask = view(session)["ask"]
    due = ask["about"]["due"]
    assert vm.hand.kind == "throw" and [c["colour"] for c in vm.hand.colours] == list(due)
    for colour, count in due.items():
        for _ in range(count):
            assert vm.hand.colour == colour, "the colour moves on by itself once it has its count"
            vm.hand.face(4)
    district = ask["about"]["district"]
    vm.enter_dice()
    square = view(session)["square"]
    assert sorted(c for d, c, f in square if d == district) == sorted(c for c, n in due.items() for _ in range(n))
    assert vm.hand.draft == [], "the next district's throw starts empty"
    assert f"{NAMES[district]}'s throw counted" in vm.verdict_text


def test_a_scanner_read_is_assigned_to_the_seat_whose_due_colours_it_matches(table):
    session, vm = table
    place_all(session, vm)
    reveal_all(session, vm)
    pending = view(session)["ask"]["about"]["pending"]
    seats = [p for p in pending if p["district"] != -1]
    neutral = [p for p in pending if p["district"] == -1]
    # The last seat's dice first: the read goes, without a tap, to the first seat in throwing
    # order (clockwise from the start player) that is due exactly those colours.
    target = seats[-1]
    expected = next(p["district"] for p in seats if p["due"] == target["due"])
    dice = tuple((c, 2) for c, n in target["due"].items() for _ in range(n))
    steps = session.engine.journal.last_step
    session.handle(DiceRead(1, dice, boot="B1"))
    assert session.engine.journal.last_step == steps + 1
    assert sorted(d for d, _c, _f in view(session)["square"]) == [expected] * len(dice)
    assert f"{NAMES[expected]}'s throw counted" in vm.verdict_text
    if neutral and len(seats) > 1:
        # The neutral dice come last: a read of exactly their counts is no one's while a seat waits
        # (unless a seat is due the same), and the table is told why, naming the dice.
        if all(p["due"] != neutral[0]["due"] for p in seats):
            grey = tuple((c, 1) for c, n in neutral[0]["due"].items() for _ in range(n))
            session.handle(DiceRead(2, grey, boot="B1"))
            assert session.engine.journal.last_step == steps + 1
            assert vm.notice_level == "refused" and "not what a district still has to throw" in vm.notice_text
    session.handle(DiceRead(3, (("red", 1),) * 9, boot="B1"))
    assert vm.notice_level == "refused" and "9 red" in vm.notice_text, "a read that fits nothing says why"
    from companion.ui.text import i18n

    i18n.set_language("zh-Hans")
    session.handle(DiceRead(4, (("red", 1),) * 8 + (("black", 2),), boot="B1"))
    assert vm.notice_level == "refused" and "8 颗红色、1 颗黑色" in vm.notice_text, "the counts in the table's language"
    assert "red" not in vm.notice_text, vm.notice_text


def play_to(session, vm, phase):
    while view(session)["phase"] != phase:
        v = view(session)
        ask = v.get("ask")
        if v["phase"] == "placement":
            place_all(session, vm)
        elif v["phase"] in ("reveal", "event_draw"):
            vm.pick_option(0)
        elif ask and ask["kind"] == "troyes.throw":
            for colour, count in ask["about"]["due"].items():
                for _ in range(count):
                    vm.hand.face(3)
            vm.enter_dice()
        elif ask and ask["kind"] == "troyes.black_throw":
            for _ in range(ask["about"]["count"]):
                vm.hand.face(1)
            vm.enter_dice()
        elif v["phase"] == "counter":
            own = [i for i, d in enumerate(v["square"]) if d[0] == v["current"]]
            if v["players"][v["current"]]["can_counter"]:
                for i in own:
                    vm.toggle_die(i)
                vm.act(next(i for i, a in enumerate(vm.actions) if a["wid"] == "troyes.action.counter"))
            else:
                vm.act(next(i for i, a in enumerate(vm.actions) if a["wid"] == "troyes.action.no_counter"))
        elif v["phase"] == "actions":
            vm.act(next(i for i, a in enumerate(vm.actions) if a["wid"] == "troyes.action.pass"))
        else:
            raise AssertionError(f"stuck in {v['phase']}: {session.notice}")
        assert session.notice is None or session.notice.level != "refused", session.notice


def test_the_chosen_dice_offer_what_their_colour_allows(table):
    session, vm = table
    play_to(session, vm, "actions")
    v = view(session)
    seat = v["current"]
    assert vm.entry == "actions"
    assert [a["wid"] for a in vm.actions] == ["troyes.action.pass"], "no dice chosen: only Pass"
    whites = sorted((d[0] != seat, i) for i, d in enumerate(v["square"]) if d[1] == "white")
    own, white = whites[0]
    own = not own
    vm.toggle_die(white)
    wids = [a["wid"] for a in vm.actions]
    assert "troyes.action.cathedral" in wids and "troyes.action.place" in wids
    assert ("troyes.action.flip" in wids) == own, "influence works on one's own dice only"
    assert "troyes.action.agriculture" not in wids, "agriculture takes yellow dice"
    face = v["square"][white][2]
    before = len(v["cathedral"][face - 1])
    vm.act(wids.index("troyes.action.cathedral"))
    assert len(view(session)["cathedral"][face - 1]) == before + 1, "the die's face fixed the column"
    assert vm.choice.chosen == [], "the square changed: nothing stays chosen"


def test_the_final_breakdown_is_the_engines_with_every_rule(table):
    session, vm = table
    play_to(session, vm, "over")
    final = view(session)["final"]
    assert vm.entry == "over"
    assert [r["total"] for r in vm.final] == [p["total"] for p in final["players"]]
    for row, player in zip(vm.final, final["players"]):
        assert len(row["lines"]) == len(player["categories"])
        for line, cat in zip(row["lines"], player["categories"]):
            assert f"({cat['rule']})" in line
    assert any(w in vm.final_text for w in final["winners"])
    from companion.ui.troyes.final import SCORING_WORDS

    used = {part["template"] for p in final["players"] for cat in p["categories"] for part in cat["detail"]}
    used |= {cat["rule"] for p in final["players"] for cat in p["categories"]} | {final["tie_break_rule"]}
    assert used <= set(SCORING_WORDS), f"the catalogs lack the rules' words {used - set(SCORING_WORDS)}"
    for character in final["characters"]:
        assert character["name"] in vm.final_text, "every character is revealed with its holder"


def test_nothing_secret_before_the_end(table):
    """No VP total and no character card in anything the shared screen's model holds."""
    session, vm = table
    characters = [c["name"] for c in session.seat_view(0)["me"]["characters"]]
    characters += [c["name"] for seat in (1, 2) for c in session.seat_view(seat)["me"]["characters"]]
    seen = []
    vm.toggle_board()  # the board open, so that it is worded (and checked) at every step

    def texts():
        out = [vm.title, vm.prompt, vm.notice_text, vm.verdict_text, vm.final_text]
        out += [str(r) for r in vm.players] + [str(b) for b in vm.board] + [str(o) for o in vm.options]
        out += [a["text"] for a in vm.actions]
        return " ".join(out)

    session.listeners.append(lambda _t: seen.append(texts()) if view(session)["phase"] != "over" else None)
    play_to(session, vm, "over")
    assert seen
    for text in seen:
        for name in characters:
            assert name not in text
        assert " VP" not in text.replace("(−2 VP)", "").replace("−2 VP", "")
    # The history: every step worded, none naming a character or a VP before the final scoring.
    from companion.ui.troyes.gameui import TroyesUI

    rows = TroyesUI.history_rows(session.history())
    assert rows and all(not row["text"].startswith("troyes.") for row in rows), [r["text"] for r in rows][:5]
    before, _, final = rows[-1]["text"].partition("Final scoring:")
    assert final, "the last step ends the game with its scores"
    for text in [row["text"] for row in rows[:-1]] + [before]:
        assert not any(name in text for name in characters) and " VP" not in text, text


def test_the_board_is_worded_when_shown_and_kept_current_while_open(table):
    """A read changes the board (the dice, the deniers) but it is seldom open: it is worded when it
    is shown, from the view then, and at every step while it stays open."""
    from companion.ui.troyes.board import board_sections

    session, vm = table
    place_all(session, vm)
    assert vm.board == [], "closed: not worded at every step"
    vm.toggle_board()
    assert vm.board_open and vm.board == board_sections(view(session))
    reveal_all(session, vm)
    assert vm.board == board_sections(view(session)), "open: current after each step"
    vm.toggle_board()
    shown = list(vm.board)
    session.handle(Intent("undo"))
    assert vm.board == shown, "closed again: left as it was"
    vm.toggle_board()
    assert vm.board == board_sections(view(session)) != shown, "opened again: the view now"
