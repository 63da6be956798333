"""The secret bid's views of one state share their public part: the table and each of the pads
read the same state after every press, and that part was made again for each of them."""

from __future__ import annotations

from companion.core.sealed import LockBid, SetBid
from companion.games.secretbid.rules import SECRETBID
from secretbid_helpers import new_engine


def test_every_view_of_a_state_is_made_from_one_public_part(tmp_path):
    engine = new_engine(tmp_path / "g.sqlite", players=("Ann", "Bo", "Cy"))
    engine.execute(SetBid(seat=0, amount=5))
    engine.execute(LockBid(seat=0))
    state = engine.state
    table, seats = SECRETBID.view(state), [SECRETBID.view(state, seat) for seat in range(3)]
    assert SECRETBID.view(state) is table  # the public view itself is kept with its state
    for seat_view in seats:
        assert seat_view.players is table.players and seat_view.bid is table.bid
        assert seat_view.results is table.results
    # only seat 0 sees its amount, each seat its own bid alone
    assert [s.mine["amount"] if s.mine else None for s in seats] == [5, 0, 0]
    assert "mine" not in table


def test_a_new_state_gets_views_of_its_own(tmp_path):
    engine = new_engine(tmp_path / "g.sqlite", players=("Ann", "Bo"))
    before = SECRETBID.view(engine.state, 1)
    engine.execute(LockBid(seat=1))
    after = SECRETBID.view(engine.state, 1)
    assert not before.players[1]["locked"] and after.players[1]["locked"]
    assert SECRETBID.view(engine.state).players[1]["locked"]
    # an older state asked about again is its own, not the newest's
    assert not SECRETBID.view(engine.state_before(engine.journal.last_step)).players[1]["locked"]
