"""Questions as data (companion/core/asks.py): a step that needs what only the table knows raises
an `Ask` the session carries in its table view, and any device answers it with the `answer` intent.
Nothing reads the refusal's words to learn what is asked."""

from __future__ import annotations

import dataclasses

import pytest

from companion.core.asks import AnswerNeeded
from companion.core.store import JournalStore
from companion.games import all_rules
from companion.games.trajan import actions_figures, board, rules
from companion.games.trajan import commands as c
from companion.games.trajan import rules_data as R
from companion.games.trajan.rules import TRAJAN
from companion.session import Intent, Session
from tests.games.trajan.test_rules import fold, setup
from tests.test_session_automatic import a_table_drawing_trajan_tiles_by_hand


@pytest.fixture
def session(tmp_path):
    s = Session(all_rules(), JournalStore(tmp_path))
    yield s
    s.shutdown()


def at(state, action):
    return dataclasses.replace(state, turn=dataclasses.replace(state.turn, tray=R.ACTIONS.index(action)))


def test_the_leader_reaching_an_unseen_tile_asks_which_and_offers_the_box():
    state = at(fold([setup(2, digital_draws=False)]), "military")
    with pytest.raises(AnswerNeeded) as info:
        TRAJAN.decide(state, c.Military("move", "noricum"))
    ask = info.value.ask
    assert (ask.kind, ask.rule, ask.field, ask.who) == ("trajan.found_forum_tile", "Trajan 1.8 military", "found",
                                                          state.current)
    assert ask.about == {"province": "noricum"} and ask.options == tuple(TRAJAN.view(state)["forum_tiles_left"])
    name, args = ask.answered("wild_extra")
    assert TRAJAN.parse_command(name, args) == c.Military("move", "noricum", found="wild_extra")


def test_a_worker_on_an_unseen_space_asks_for_the_tile_by_row_and_column():
    state = at(fold([setup(2, digital_draws=False)]), "construction")
    recruit = TRAJAN.apply(state, TRAJAN.decide(state, c.Construction("recruit"))[0])
    state = at(dataclasses.replace(recruit, turn=state.turn), "construction")
    with pytest.raises(AnswerNeeded) as info:
        TRAJAN.decide(state, c.Construction("worker", 6))
    ask = info.value.ask
    assert ask.kind == "trajan.found_site_tile" and ask.about == board.site_place(6) == {"space": 6, "row": 2, "column": 2}
    assert [list(tile) for tile in ask.options] == TRAJAN.view(state)["site_tiles_left"]
    assert ask.answered(["roof", 5]) == ("construction", {"kind": "worker", "space": 6, "found": ["roof", 5]})


def test_the_ui_names_the_same_kinds_as_the_rules():
    from companion.ui.trajan.panels import drawn_tile, found_tile

    assert drawn_tile.DRAWN_TRAJAN_TILE == rules.DRAWN_TRAJAN_TILE
    assert (found_tile.FOUND_FORUM_TILE, found_tile.FOUND_SITE_TILE) == (actions_figures.FOUND_FORUM_TILE,
                                                                         actions_figures.FOUND_SITE_TILE)


def test_the_drawn_trajan_tile_is_asked_in_the_view_and_answered_by_an_intent(session, monkeypatch):
    """The tile the table drew, asked of the player whose markers reached the Trajan tray; the
    `answer` intent (a script's, a pad's, the screen's) takes the step; a wrong answer is refused by
    the rules and leaves nothing on disk."""
    preview = a_table_drawing_trajan_tiles_by_hand(session, monkeypatch)
    session.handle(Intent("sow", {"tray": preview["tray"], "order": preview["order"]}, automatic=True))
    table = session.table_view()
    ask, step = table.ask, table.step
    assert ask is not None and ask.kind == "trajan.drawn_tile" and ask.who == 0 and ask.field == "tile"
    assert ask.intent["name"] == "trajan" and ask.about["stack"] == ask.intent["args"]["stack"]

    session.handle(Intent("answer", {"value": ["no_such_tile", "red", "blue"]}))
    assert session.table_view().step == step and session.notice.level == "refused"
    assert session.table_view().ask is None, "a wrong answer is refused, and asks nothing more"
    session.handle(Intent("answer", {"value": ["no_such_tile", "red", "blue"]}))
    assert session.notice.rule == "answer", "nothing is asked now: the answer names its own rule"

    session.handle(Intent("undo"))
    session.handle(Intent("sow", {"tray": preview["tray"], "order": preview["order"]}, automatic=True))
    stack = session.table_view().ask.about["stack"]
    kind = next(iter(R.TRAJAN_STACKS[stack]))
    session.handle(Intent("answer", {"value": [kind, *R.COLOURS[:2]]}, automatic=True))
    assert session.notice is None or session.notice.level != "refused", session.notice
    assert session.table_view().step > step, "an answer the rules accept takes the step"
    assert session.engine.journal.last_step == session.table_view().step


def test_an_answer_needs_a_value(session):
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo"]}}))
    session.handle(Intent("answer", {}))
    assert session.notice.rule == "answer"
