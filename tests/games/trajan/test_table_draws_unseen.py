"""Tiles with "Table draws" (Trajan 1.6-1.9; companion/games/trajan/unseen.py): the table lays out the
forum, the extra-action spaces, the provinces and the construction site from its own bags, the app
keeps how many lie where, and a player names a tile when taking it. Digital draws stay as they were."""

from __future__ import annotations

import dataclasses
import random

import pytest

from companion.core.errors import IllegalCommand
from companion.games.trajan import actions as A
from companion.games.trajan import commands as c
from companion.games.trajan import events as e
from companion.games.trajan import rules_data as R
from companion.games.trajan.legal import legal_commands
from companion.games.trajan.rules import TRAJAN, _detail
from companion.games.trajan.settings import DEFAULT
from companion.games.trajan.unseen import UNSEEN, UNSEEN_SITE_TILE, site_tiles_left
from tests.games.trajan.table_draws import named_by_the_table
from tests.games.trajan.test_rules import fold, setup

pytestmark = pytest.mark.timeout(60)

FORUM, MIL = "Trajan 1.7 forum", "Trajan 1.8 military"


def step(state, command):
    for event in TRAJAN.decide(state, command):
        state = TRAJAN.apply(state, event)
    return state


def at_forum(players=2):
    """A table-draws game with the current player's target tray the forum."""
    state = fold([setup(players, seed=1, digital_draws=False)])
    return dataclasses.replace(state, turn=dataclasses.replace(state.turn, tray=R.ACTIONS.index("forum")))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_table_lays_out_every_forum_tile_unseen_at_setup(players):
    state = fold([setup(players, digital_draws=False)])
    assert state.forum_display == (UNSEEN,) * R.FORUM_DISPLAY[players]
    assert state.extra_display == (UNSEEN,) * R.EXTRA_ACTION_SPACES
    assert [tile for _, tile in state.province_tiles] == [UNSEEN] * R.PROVINCE_COUNT
    # the bags still count what is left in them: 70 forum tiles, 2 extra-action tiles per action
    assert len(state.forum_display) + R.PROVINCE_COUNT + len(state.forum_bag) == sum(DEFAULT.forum_tiles.values())
    assert len(state.extra_display) + len(state.extra_supply) == 2 * len(R.ACTIONS)
    assert set(state.forum_bag) == {UNSEEN} and set(state.extra_supply) == {UNSEEN}
    assert [space.tile for space in state.site] == [UNSEEN_SITE_TILE] * 20


def test_digital_draws_still_show_the_apps_tiles():
    state = fold([setup(3)])
    assert UNSEEN not in state.forum_display + state.extra_display + state.forum_bag
    assert all(tile != UNSEEN for _, tile in state.province_tiles)


def test_the_forum_offers_every_tile_the_box_may_still_hold_and_takes_the_named_one():
    state = at_forum()
    offered = A.legal_actions(state, state.current, "forum")
    assert [f.tile for f in offered if not f.from_extra] == list(DEFAULT.forum_tiles)
    assert [f.tile for f in offered if f.from_extra] == [f"extra_{a}" for a in R.ACTIONS]
    after = step(state, c.Forum("senate_5"))
    assert after.player(state.current).forum == ("senate_5",)
    assert after.forum_display == (UNSEEN,) * (len(state.forum_display) - 1) and after.forum_seen == ("senate_5",)
    after = A.forum(after, state.current, c.Forum("extra_military", from_extra=True))
    assert after.extra_display == (UNSEEN,) * 2 and after.extra_seen == ("extra_military",)


def test_a_tile_the_box_has_no_more_of_is_refused_and_no_longer_offered():
    state = dataclasses.replace(at_forum(), forum_seen=("senate_5",) * 3)
    with pytest.raises(IllegalCommand) as info:
        TRAJAN.decide(state, c.Forum("senate_5"))
    assert (info.value.rule, info.value.message) == (FORUM, "All 3 senate_5 tiles are already out.")
    assert c.Forum("senate_5") not in legal_commands(state)
    with pytest.raises(IllegalCommand, match="There is no forum tile called wine.") as info:
        TRAJAN.decide(state, c.Forum("wine"))
    assert info.value.rule == FORUM
    spent = dataclasses.replace(state, extra_seen=("extra_senate",) * 2)
    assert c.Forum("extra_senate", from_extra=True) not in legal_commands(spent)
    with pytest.raises(IllegalCommand, match="All 2 extra_senate tiles are already out."):
        TRAJAN.decide(spent, c.Forum("extra_senate", from_extra=True))


def test_a_forum_tile_named_for_a_yellow_space_is_refused_as_not_lying_there():
    with pytest.raises(IllegalCommand) as info:
        TRAJAN.decide(at_forum(), c.Forum("senate_2", from_extra=True))
    assert (info.value.rule, info.value.message) == (FORUM, "senate_2 is not on the extra-action spaces.")


@pytest.mark.parametrize("found", ["roof", ["roof", "4"], ["roof"], ["roof", 4, 1], [4, "roof"], ["roof", True]])
def test_a_construction_tile_entered_malformed_is_refused_naming_the_field(found):
    from companion.games.trajan.parse import parse_command

    with pytest.raises(IllegalCommand) as info:
        parse_command("construction", {"kind": "worker", "space": 3, "found": found})
    assert info.value.rule == "Trajan input" and info.value.params["field"] == "found"
    assert info.value.message.startswith("'found' must be a construction tile and its VP")


def test_once_the_display_is_empty_nothing_more_is_offered():
    state = dataclasses.replace(at_forum(), forum_display=(), extra_display=())
    assert A.legal_actions(state, state.current, "forum") == []
    with pytest.raises(IllegalCommand, match="not on the forum display"):
        TRAJAN.decide(state, c.Forum("senate_5"))


def test_the_leader_finds_the_tile_the_table_names():
    state = fold([setup(2, digital_draws=False)])
    state = dataclasses.replace(state, turn=dataclasses.replace(state.turn, tray=R.ACTIONS.index("military")))
    seat = state.current
    with pytest.raises(IllegalCommand) as info:
        TRAJAN.decide(state, c.Military("move", "noricum"))
    assert (info.value.rule, info.value.template) == (MIL, "Enter the forum tile found in {province}.")
    assert info.value.params["province"] == "noricum"  # the screen opens its entry for this province
    after = step(state, c.Military("move", "noricum", found="wild_extra"))
    assert after.player(seat).leader == "noricum" and after.player(seat).forum == ("wild_extra",)
    assert dict(after.province_tiles)["noricum"] is None and after.forum_seen == ("wild_extra",)
    spent = dataclasses.replace(state, forum_seen=("wild_extra",) * 2)
    with pytest.raises(IllegalCommand, match="All 2 wild_extra tiles are already out."):
        TRAJAN.decide(spent, c.Military("move", "noricum", found="wild_extra"))


def at_construction():
    state = fold([setup(2, seed=1, digital_draws=False)])
    return dataclasses.replace(state, turn=dataclasses.replace(state.turn, tray=R.ACTIONS.index("construction")))


def test_a_worker_finds_the_construction_tile_the_table_names():
    """Trajan 1.9: the tile and its VP, and the first of its type's bonus action (the player's mat)."""
    state = at_construction()
    seat = state.current
    with pytest.raises(IllegalCommand) as info:
        TRAJAN.decide(state, c.Construction("worker", 7))
    assert (info.value.rule, info.value.template) == ("Trajan 1.9 construction",
                                                      "Enter the construction tile found in row {row}, column {column}.")
    assert info.value.params["space"] == 7
    assert len(site_tiles_left(state)) == 20
    after = step(state, c.Construction("worker", 7, ("roof", 4)))
    player = after.player(seat)
    assert player.construction == (("roof", 4),) and player.vp == state.player(seat).vp + 4
    assert after.turn.pending_actions == (DEFAULT.first_construction_bonus["roof"],)
    assert after.site[7].tile is None and ("roof", 4) not in site_tiles_left(after)
    assert len(site_tiles_left(after)) == 19


@pytest.mark.parametrize("found, message", [
    (("roof", 4), "The construction tile roof 4 was already taken."),
    (("tower", 4), "There is no construction tile tower 4."),
    (("roof", 7), "There is no construction tile roof 7."),
    (("roof",), "There is no construction tile roof None."),
])
def test_a_construction_tile_the_box_has_not_is_refused(found, message):
    state = at_construction()
    taken = dataclasses.replace(state.player(1 - state.current), construction=(("roof", 4),))
    with pytest.raises(IllegalCommand) as info:
        TRAJAN.decide(state.with_player(taken), c.Construction("worker", 7, found))
    assert (info.value.rule, info.value.message) == ("Trajan 1.9 construction", message)


def test_the_refill_lays_out_unseen_tiles_where_the_table_puts_them():
    """Trajan 1.6 step 4: a forum tile on every province without leader or legionnaire (and none
    left there), a new display and 3 extra-action tiles; the bag shrinks by as many."""
    state = fold([setup(2, digital_draws=False)])
    p0 = dataclasses.replace(state.player(0), leader="noricum")
    emptied = dict(state.province_tiles) | {"noricum": None, "dacia": None}
    state = dataclasses.replace(state.with_player(p0), province_tiles=tuple(emptied.items()),
                                forum_display=(UNSEEN,), extra_display=())
    refill = TRAJAN._refill(state)
    assert refill.province_tiles == (("dacia", UNSEEN),)  # noricum has a leader
    assert refill.forum_display == (UNSEEN,) * 6 and refill.extra_display == (UNSEEN,) * 3
    after = TRAJAN.apply(state, refill)
    assert len(after.forum_bag) == len(state.forum_bag) - 7 and len(after.extra_supply) == len(state.extra_supply) - 3


def test_a_military_step_without_a_found_tile_is_journaled_as_before():
    """Events of games played before tiles could be named keep their exact shape."""
    assert _detail(c.Military("move", "alpes")) == {"kind": "move", "province": "alpes"}
    assert _detail(c.Military("move", "alpes", found="senate_2"))["found"] == "senate_2"
    event = e.ActionTaken(0, "military", {"kind": "move", "province": "alpes"})  # as journaled before
    assert TRAJAN.command_of([event]) == c.Military("move", "alpes")


def test_a_whole_table_draws_game_names_only_tiles_the_box_has():
    rnd = random.Random(7)
    state = fold([setup(4, seed=7, digital_draws=False)])
    for _ in range(6000):
        if state.phase == "over":
            break
        commands = [cmd for cmd in legal_commands(state) if not isinstance(cmd, c.TrajanAction)]
        state = step(state, named_by_the_table(state, rnd.choice(commands), rnd))
    assert state.phase == "over"
    for kind, count in DEFAULT.forum_tiles.items():
        assert state.forum_seen.count(kind) <= count
    assert len(state.forum_seen) > 10  # the game named tiles, from the forum and the provinces
    built = [tile for player in state.players for tile in player.construction]
    assert len(built) > 3 and len(set(built)) == len(built), "each construction tile named once"
