"""Augustus' standing asks (`Game.asks`, docs/game-kit.md): the physical bag's token is the
table's (`who` None), each seat's placement after a call is that seat's ask with the legal
placements and a skip, a resolution's choice is the chooser's; a pad answers its own seat's ask
and the journal holds the step chosen."""

from __future__ import annotations

from companion.core.store import JournalStore
from companion.games import all_rules
from companion.games.augustus.parse import intent_of
from companion.games.augustus.rules import AUGUSTUS
from companion.session import Intent, Session
from hardware.facts import ButtonPressed
from augustus_helpers import NAMES, call, card, game, hand, play, refused


def test_after_a_call_every_seat_still_to_place_is_asked_at_once():
    state = game([hand(0, card(1, symbols=("shield",))), hand(1, card(2, symbols=("shield", "shield"))),
                  hand(2, card(3, symbols=("swords",)))])
    assert [a.kind for a in AUGUSTUS.asks(state)] == ["augustus.token"]
    state = play(state, "draw", token="shield")
    asks = AUGUSTUS.asks(state)
    assert [(a.kind, a.who) for a in asks] == [("augustus.place", 0), ("augustus.place", 1)], \
        "Cy has no empty shield: nothing to ask"
    for ask in asks:
        assert ask.is_for_pad and ask.options == tuple(intent_of(c) for c in AUGUSTUS.pad_choices(state, ask.who))
        assert ask.options[-1] == {"name": "skip", "args": {"seat": ask.who}}
    name, args = asks[1].answered(asks[1].options[1])
    state = play(state, name, **args)  # Bo: on 2's second shield
    assert state.player(1).objective(2).legions == (False, True)
    assert [a.who for a in AUGUSTUS.asks(state)] == [0], "Bo has placed"


def test_a_seat_answers_only_its_own_step():
    state = play(game([hand(0), hand(1)]), "draw", token="dagger")
    error = refused(state, "choose", seat=0, choice={"name": "skip", "args": {"seat": 1}})
    assert error.rule == "Augustus input" and error.params["field"] == "choice.args.seat"
    assert refused(state, "choose", seat=0, choice={"name": "draw", "args": {}}).params["field"] == "choice"


def test_a_resolution_choice_is_the_choosers_ask():
    remove = {"kind": "remove_objective"}
    state = game([hand(0, card(1, symbols=("shield",), power=remove)), hand(1)], spare=[card(82)])
    from augustus_helpers import holding

    state = holding(state, 1, card(40), card(41))
    state = call(state, "shield", {0: (1, 0)})
    assert state.duty.kind == "lose"
    (ask,) = AUGUSTUS.asks(state)
    assert (ask.kind, ask.who) == ("augustus.lose", 1)
    assert [o["args"]["number"] for o in ask.options] == [40, 41], "the victim chooses which (§4.6.3)"


def test_a_pad_answers_its_seats_placement_ask_and_the_journal_holds_the_placement(tmp_path):
    session = Session(all_rules(), JournalStore(tmp_path))
    cards = [card(10 + s, symbols=("shield", "shield")) for s in range(2)] + [card(30 + i, symbols=("dagger",))
                                                                              for i in range(4)]
    session.handle(Intent("new_game", {"game": "augustus", "setup": {
        "players": list(NAMES[:2]), "seed": 1, "settings": {"bag": "table"}, "cards": cards}}))
    for seat, numbers in ((0, (10, 30, 31)), (1, (11, 32, 33))):
        for number in numbers:
            session.handle(Intent("take", {"seat": seat, "number": number}))
    session.handle(Intent("draw", {"token": "shield"}))
    assert [a.who for a in session.table_view().asks] == [0, 1]
    session.handle(ButtonPressed(pad=1, key="plus"))
    assert session.seat_view(1)["answering"]["value"]["args"]["slot"] == 1
    session.handle(ButtonPressed(pad=1, key="ok"))
    played = session.engine.history()[-1].events[0]
    assert played["move"] == "place" and played["detail"]["slot"] == 1 and played["detail"]["seat"] == 1
    session.shutdown()
