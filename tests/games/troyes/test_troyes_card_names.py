"""What lets the UI name Troyes' cards and events in the table's language: the set-up's public event
and the view carry every activity card's and event's name per language (never a character's);
a refusal naming a card or an event gives its id beside the English name; a starting citizen's
step says whose it is."""

from __future__ import annotations

from companion.games.troyes import events as e
from companion.games.troyes.parts.catalog import default_catalog
from companion.games.troyes.rules import TROYES
from companion.games.troyes.view import public_event
from troyes_helpers import NAMES, at_actions, decide, play, refused, set_up, table


def expected_names():
    catalog = default_catalog()
    items = [*catalog.cards.values(), *catalog.events.values(), catalog.raid]
    return {item.id: {"en": item.name, **item.names} for item in items}


def test_the_public_set_up_event_names_every_card_and_event_and_no_character():
    events = decide(TROYES.initial_state(), "setup", players=list(NAMES[:3]), seed=7, start_player=0)
    setup = next(ev for ev in events if isinstance(ev, e.TroyesSetUp))
    public = public_event(setup)
    assert public["names"] == expected_names()
    assert all({"en", "zh-Hans", "zh-Hant"} <= set(n) for n in public["names"].values()), "three languages each"
    characters = default_catalog().characters.values()
    text = repr(public)
    assert not any(c.id in text or c.name in text for c in characters), "no character's name in a public event"


def test_the_view_names_every_card_and_event_turned_up_or_not():
    state = set_up(3)
    view = TROYES.view(state)
    assert dict(view["names"]) == expected_names()
    assert not view["cards"], "nothing turned up yet, and still every card is named"


def test_a_refusal_naming_a_card_or_an_event_gives_its_id():
    state = at_actions(3)
    card = next(iter(default_catalog().cards.values()))
    other = next(c for c in ("red", "white", "yellow") if c != card.colour)
    from test_troyes_actions import card as on_the_board

    board = table(on_the_board(state, card.id, owner=0), square=[(0, other, 3)], current=0)
    exc = refused(board, "activate", card=card.id, dice=[[0, other, 3]])
    assert (exc.params["card"], exc.params["card_id"]) == (card.name, card.id)
    away = next(c for c in default_catalog().cards.values() if c.id not in {k.id for k in state.cards})
    exc = refused(table(state, square=[(0, away.colour, 3)], current=0), "activate", card=away.id,
                  dice=[[0, away.colour, 3]])
    assert (exc.params["card"], exc.params["card_id"]) == (away.name, away.id), "a card not on the board, named"
    event = state.queue[0].id
    colour = default_catalog().event(event).colour
    wrong = next(c for c in ("red", "white", "yellow") if c != colour)
    exc = refused(table(state, square=[(0, wrong, 3)], current=0), "fight", event=event, dice=[[0, wrong, 3]])
    assert (exc.params["event"], exc.params["event_id"]) == (default_catalog().event(event).name, event)


def test_a_starting_citizens_step_says_whose_it_is():
    state = set_up(3, start=1)
    placing = state.placements[0]
    played = decide(state, "place_start", building="palace", space=0)
    assert [ev.seat for ev in played if isinstance(ev, e.Played)] == [placing]
    assert play(state, "place_start", building="palace", space=0).buildings[0][0] == placing
