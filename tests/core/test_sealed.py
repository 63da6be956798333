"""The core's sealed-bid round: opening, adjusting, locking, revealing, ties, and what each audience sees."""

from __future__ import annotations

import json

import pytest

from companion.core import sealed, sealed_view
from companion.core.errors import IllegalCommand
from companion.core.events import EventCodec
from companion.core.sealed import (
    AdjustBid,
    BidChanged,
    BidLocked,
    BidsRevealed,
    BidUnlocked,
    ForceReveal,
    LockBid,
    SetBid,
    UnlockBid,
)

SECRET = 4837261


def opened(seats=(0, 1, 2), limits=(9_100_000, 9_200_000, 9_300_000), **terms) -> sealed.SealedRound:
    return sealed.apply(None, sealed.open_round(seats, limits, **terms))


def run(round_, *commands):
    """Decides and folds each command in turn; returns the round and every event."""
    events = []
    for command in commands:
        step = sealed.decide(round_, command)
        events += step
        for event in step:
            round_ = sealed.apply(round_, event)
    return round_, events


def test_open_round_refuses_bad_terms_naming_the_rule():
    cases = [
        (((), ()), {}, "at least one seat"),
        (((0, 0), (5, 5)), {}, "listed twice"),
        (((0, 1), (5,)), {}, "one limit per seat (2)"),
        (((0, 1), (5, 5)), {"step": 0}, "at least 1"),
        (((0, 1), (5, 2)), {"min_bid": 3}, "Seat 2's limit (2) is below the minimum bid (3)"),
        (((0, 1), (5, 5)), {"unlocked": "random"}, "current, minimum, excluded"),
        (((0, 1), (5, 5)), {"tie_order": (1, 2)}, "every bidding seat once"),
    ]
    for args, terms, words in cases:
        with pytest.raises(IllegalCommand) as info:
            sealed.open_round(*args, **terms)
        assert words in info.value.message and info.value.rule == "sealed bid"


def test_a_new_round_starts_everyone_at_the_minimum_unlocked():
    r = opened(min_bid=3)
    assert r.amounts == (3, 3, 3) and r.locked == (False, False, False) and r.waiting == (0, 1, 2)
    assert r.is_open and not r.is_revealed


def test_presses_move_by_the_step_and_stay_within_minimum_and_limit():
    r = opened(seats=(0, 1), limits=(10, 10), min_bid=2, step=3)
    r, _ = run(r, AdjustBid(0, 1), AdjustBid(0, 1))
    assert r.amounts[0] == 8
    r, events = run(r, AdjustBid(0, 1))  # 11 would pass the limit: held at 10
    assert r.amounts[0] == 10 and events == [BidChanged(0, 10)]
    r, events = run(r, AdjustBid(0, 1))  # at the limit: journaled all the same, amount unchanged
    assert events == [BidChanged(0, 10)]
    r, _ = run(r, AdjustBid(0, -5))
    assert r.amounts[0] == 2


def test_set_bid_outside_the_bounds_is_refused_without_repeating_the_amount():
    r = opened()
    with pytest.raises(IllegalCommand) as info:
        sealed.decide(r, SetBid(1, 9_999_999))
    assert "from 0 to the seat's limit of 9200000" in info.value.message
    assert "9999999" not in info.value.message and "9999999" not in repr(info.value.params)


def test_the_last_lock_reveals_in_the_same_step():
    r = opened()
    r, _ = run(r, SetBid(0, SECRET), LockBid(0), SetBid(1, 12), LockBid(1), SetBid(2, 4_000_000))
    step = sealed.decide(r, LockBid(2))
    assert [type(e) for e in step] == [BidLocked, BidsRevealed]
    r, _ = run(r, LockBid(2))
    assert r.result.bids == ((0, SECRET, True), (1, 12, True), (2, 4_000_000, True))
    assert r.result.places == ((0,), (2,), (1,)) and r.result.winners == (0,) and not r.result.forced
    assert sealed.is_revealing(step) and not sealed.is_revealing(step[:1])


def test_lock_unlock_and_what_a_locked_seat_may_not_do():
    r, _ = run(opened(), SetBid(0, 5), LockBid(0))
    assert r.is_locked(0) and r.waiting == (1, 2)
    for command, words in ((AdjustBid(0, 1), "hold OK to unlock"), (SetBid(0, 6), "hold OK to unlock"),
                           (LockBid(0), "already locked")):
        with pytest.raises(IllegalCommand, match=words):
            sealed.decide(r, command)
    with pytest.raises(IllegalCommand, match="has not locked"):
        sealed.decide(r, UnlockBid(1))
    r, events = run(r, UnlockBid(0), AdjustBid(0, 1))
    assert events == [BidUnlocked(0), BidChanged(0, 6)] and r.waiting == (0, 1, 2)


def test_lock_with_an_amount_kept_elsewhere():
    r, events = run(opened(), LockBid(1, 77))
    assert events == [BidLocked(1, 77)] and r.amounts[1] == 77 and r.is_locked(1)
    with pytest.raises(IllegalCommand, match="limit of 9100000"):
        sealed.decide(r, LockBid(0, 9_100_001))


def test_a_seat_outside_the_round_and_a_revealed_round_refuse_bids():
    r = opened(seats=(0, 2), limits=(5, 5))
    with pytest.raises(IllegalCommand, match="Seat 2 does not bid"):
        sealed.decide(r, AdjustBid(1, 1))
    r, _ = run(r, ForceReveal())
    for command in (AdjustBid(0, 1), LockBid(0), ForceReveal(), UnlockBid(0)):
        with pytest.raises(IllegalCommand, match="No sealed bid is open"):
            sealed.decide(r, command)
    with pytest.raises(IllegalCommand, match="No sealed bid is open"):
        sealed.decide(None, LockBid(0))


@pytest.mark.parametrize("policy, bids", [
    ("current", ((0, 30, True), (1, 50, False), (2, 0, False))),
    ("minimum", ((0, 30, True), (1, 10, False), (2, 10, False))),
    ("excluded", ((0, 30, True),)),
])
def test_forced_reveal_counts_unlocked_seats_as_the_round_says(policy, bids):
    r = opened(limits=(99, 99, 99), unlocked=policy, min_bid=10 if policy == "minimum" else 0)
    r, _ = run(r, SetBid(0, 30), LockBid(0), SetBid(1, 50))
    r, events = run(r, ForceReveal())
    assert events[0].forced and r.result.bids == bids
    # Under "minimum" and "excluded" the draft of 50 never counted, so it is never revealed.
    assert ("50" in json.dumps(sealed_view.public_view(r))) == (policy == "current")


def test_ties_are_listed_or_ordered_by_the_tie_order():
    bids = ((0, 5, True), (1, 9, True), (2, 5, True), (3, 9, True))
    assert sealed.places(bids) == ((1, 3), (0, 2))
    assert sealed.places(bids, tie_order=(3, 2, 1, 0)) == ((3,), (1,), (2,), (0,))
    r = opened(seats=(0, 1), limits=(9, 9))
    r, _ = run(r, SetBid(0, 4), LockBid(0), SetBid(1, 4), LockBid(1))
    assert r.result.winners == (0, 1) and r.result.places == ((0, 1),)
    r = opened(seats=(0, 1), limits=(9, 9), tie_order=(1, 0))
    r, _ = run(r, SetBid(0, 4), LockBid(0), SetBid(1, 4), LockBid(1))
    assert r.result.winners == (1,)


def test_public_view_and_events_never_hold_an_amount_before_the_reveal():
    r, events = run(opened(), SetBid(0, SECRET), LockBid(0), AdjustBid(1, 1), SetBid(2, SECRET + 1))
    public = json.dumps([sealed_view.public_view(r), [sealed_view.public_event(e) for e in events]])
    assert str(SECRET) not in public and str(SECRET + 1) not in public
    assert sealed_view.public_view(r)["waiting"] == [1, 2]
    assert [s["locked"] for s in sealed_view.public_view(r)["seats"]] == [True, False, False]


def test_a_seat_sees_only_its_own_amount():
    r, _ = run(opened(), SetBid(0, SECRET), LockBid(0), SetBid(2, SECRET + 1))
    mine = sealed_view.seat_view(r, 0)
    assert mine["mine"] == {"seat": 0, "amount": SECRET, "limit": 9_100_000, "locked": True,
                            "can_lower": False, "can_raise": False}
    assert str(SECRET + 1) not in json.dumps(mine)
    other = sealed_view.seat_view(r, 2)
    assert other["mine"]["amount"] == SECRET + 1 and str(SECRET) not in json.dumps(other)
    assert other["mine"]["can_lower"] and other["mine"]["can_raise"]
    assert sealed_view.seat_view(r, 5)["mine"] is None


def test_reprs_hide_amounts_so_a_logged_state_or_event_tells_nothing():
    r, events = run(opened(), SetBid(0, SECRET), LockBid(0))
    text = repr(r) + repr(events) + repr(SetBid(0, SECRET)) + repr(LockBid(0, SECRET))
    assert str(SECRET) not in text and "locked=(True, False, False)" in text


def test_events_survive_the_journal_codec_unchanged():
    codec = EventCodec(sealed.EVENT_TYPES)
    r, events = run(opened(tie_order=(2, 1, 0)), SetBid(0, SECRET), LockBid(0), UnlockBid(0), LockBid(0),
                    LockBid(1), LockBid(2))
    events.insert(0, sealed.open_round((0, 1, 2), (9_100_000, 9_200_000, 9_300_000), tie_order=(2, 1, 0)))
    assert [codec.decode(*codec.encode(e)) for e in events] == events
    replayed = None
    for event in [codec.decode(*codec.encode(e)) for e in events]:
        replayed = sealed.apply(replayed, event)
    assert replayed == r


def test_pad_keys():
    r, _ = run(opened(), LockBid(1))
    assert sealed_view.command_for_button(r, 0, "minus") == AdjustBid(0, -1)
    assert sealed_view.command_for_button(r, 0, "plus") == AdjustBid(0, 1)
    assert sealed_view.command_for_button(r, 0, "ok") == LockBid(0)
    assert sealed_view.command_for_button(r, 0, "ok_long") is None  # a long press never locks
    assert [sealed_view.command_for_button(r, 1, k) for k in sealed_view.PAD_KEYS] == [None, None, None, UnlockBid(1)]
    assert sealed_view.command_for_button(r, 7, "ok") is None and sealed_view.command_for_button(None, 0, "ok") is None
    r, _ = run(r, ForceReveal())
    assert all(sealed_view.command_for_button(r, s, k) is None for s in (0, 1) for k in sealed_view.PAD_KEYS)


def test_command_of_enters_a_step_again_meaning_the_same():
    assert sealed_view.command_of(BidChanged(1, SECRET)) == SetBid(1, SECRET)
    assert sealed_view.command_of(BidLocked(1, 5)) == LockBid(1)
    assert sealed_view.command_of(BidUnlocked(1)) == UnlockBid(1)
    assert sealed_view.command_of(BidsRevealed((), (), True)) == ForceReveal()
