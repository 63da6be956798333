"""The table's action buttons for the cards that need more than dice: a stored cube offered with the
actions its group may then take (the Apprenticeship's group of several colours acting as any
colour, the Templar's white die as two red), and the Archer once per event it may put its cubes
on. Every button's intent is one the rules accept, and does what its label says."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "games" / "troyes"))

from companion.core.values import evolve  # noqa: E402
from companion.core.views import to_data  # noqa: E402
from companion.games.troyes import rules_data as R  # noqa: E402
from companion.games.troyes.rules import TROYES  # noqa: E402
from companion.games.troyes.state import CardState, EventState  # noqa: E402
from companion.ui.troyes.actions import action_buttons  # noqa: E402
from troyes_helpers import at_actions, play, seat, table  # noqa: E402

N = R.NEUTRAL


@pytest.fixture
def game():
    state = at_actions(3)
    for s in range(3):
        state = seat(state, s, deniers=20, influence=5, vp=0, supply=1)
    return table(state, square=(), current=0, start_player=0, cards=(), queue=())


def with_card(state, card_id, owner=0, stored=(0, 0, 0)):
    spec = state.catalog.cards[card_id]
    card = CardState(card_id, (owner,) + (None,) * (len(spec.spaces) - 1), (), tuple(stored))
    return evolve(state, cards=state.cards + (card,))


def buttons(state, dice):
    return {b["wid"]: b for b in action_buttons(to_data(TROYES.view(state)), dice)}


def run(state, button):
    intent = button["intent"]
    return play(state, intent.name, **intent.args)


def test_a_mixed_group_is_offered_only_with_an_apprenticeship_cube(game):
    dice = [[0, "red", 1], [0, "white", 2], [0, "yellow", 1]]
    state = table(with_card(game, "apprenticeship", stored=(1, 0, 0)), square=[tuple(d) for d in dice])
    offered = buttons(state, dice)
    assert "troyes.action.cathedral.apprenticeship" in offered and "troyes.action.agriculture.apprenticeship" in offered
    assert "troyes.action.cathedral" not in offered, "without the cube a mixed group takes no action"
    assert "Apprenticeship" in offered["troyes.action.cathedral.apprenticeship"]["text"]
    after = run(state, offered["troyes.action.cathedral.apprenticeship"])
    assert after.cathedral[4] == (0, 0, 0)
    spent = with_card(game, "apprenticeship", stored=(0, 0, 0))
    assert not any(w.endswith(".apprenticeship") for w in buttons(table(spent, square=[tuple(d) for d in dice]), dice))


def test_a_templar_cube_offers_a_white_die_the_red_actions(game):
    state = evolve(table(with_card(game, "templar", stored=(1, 0, 0)), square=[(0, "white", 5)]),
                   queue=(EventState("red_1", ()),))
    offered = buttons(state, [[0, "white", 5]])
    assert "troyes.action.fight.red_1.templar" in offered and "troyes.action.cathedral" in offered
    assert "troyes.action.cathedral.templar" not in offered, "the cube makes the die red: no cathedral"
    after = run(state, offered["troyes.action.fight.red_1.templar"])
    assert after.queue[0].cubes == (0, 0, 0)


def test_the_archer_is_one_button_per_event(game):
    queue = (EventState("red_1", (N,)), EventState("white_1", (N,)))
    state = evolve(table(with_card(game, "archer"), square=[(0, "red", 2), (0, "red", 3)]), queue=queue)
    offered = buttons(state, [[0, "red", 2], [0, "red", 3]])
    archer = [w for w in offered if w.startswith("troyes.action.activate.archer.")]
    assert archer == ["troyes.action.activate.archer.raid", "troyes.action.activate.archer.red_1",
                      "troyes.action.activate.archer.white_1"]
    after = run(state, offered["troyes.action.activate.archer.white_1"])
    assert after.queue[1].cubes == (N, 0, 0) and after.player(0).influence == 7


@pytest.mark.parametrize("language, archer, raid, hugues", [
    ("zh-Hans", "弓箭手", "掠袭", "于格·德·帕英"), ("zh-Hant", "弓箭手", "掠襲", "于格·德·帕英"),
    ("en", "Archer", "Raid", "Hugues de Payns")])
def test_names_are_in_the_tables_language(game, language, archer, raid, hugues):
    """Card, event and character names as the data files give them per language (the raid's Chinese
    name is S004's 「掠袭」): on the action buttons, the board, a pad's character line."""
    from companion.ui.text import i18n
    from companion.ui.troyes.board import event_lines
    from companion.ui.troyes.presenters import TroyesPresenter

    state = table(with_card(game, "archer"), square=[(0, "red", 4)])
    state = state.with_player(evolve(state.player(0), characters=("hugues_de_payns",)))
    i18n.set_language(language)
    try:
        labels = [b["text"] for b in action_buttons(to_data(TROYES.view(state)), [[0, "red", 4]])]
        assert any(archer in t and raid in t for t in labels), labels
        assert event_lines(to_data(TROYES.view(state)))[0].startswith(raid)
        pad = TroyesPresenter().pad_screen(to_data(TROYES.view(state, 0)), 0)
        assert any(hugues in line for line in pad.result), pad.result
    finally:
        i18n.set_language("en")
