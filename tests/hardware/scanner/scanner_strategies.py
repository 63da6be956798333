"""Hypothesis strategies for scanner frames, shared by the codec and stream tests."""

from __future__ import annotations

from hypothesis import strategies as st

from hardware.scanner.codec import MAX_DICE, MAX_SEQ, DeviceError, Die, DiceFrame, Heartbeat, Hello

COLOURS = ("red", "white", "yellow", "black", "unknown")
STATES = ("settled", "rolling", "cocked", "unreadable")

boots = st.text("0123456789ABCDEF", min_size=8, max_size=8)
seqs = st.integers(1, MAX_SEQ)


@st.composite
def dice(draw) -> Die:
    state = draw(st.sampled_from(STATES))
    face = draw(st.integers(1 if state == "settled" else 0, 6))
    return Die(draw(st.sampled_from(COLOURS)), face, state)


dice_frames = st.builds(DiceFrame, seqs, st.lists(dice(), max_size=MAX_DICE).map(tuple))
hellos = st.builds(Hello, st.integers(1, 999), boots,
                   st.text("abcXYZ0189._+-", min_size=1, max_size=32), st.integers(100, 60000))
heartbeats = st.builds(Heartbeat, boots, st.integers(0, MAX_SEQ))
errors = st.builds(DeviceError, st.text("ABCZ0129", min_size=1, max_size=8),
                   st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E, blacklist_characters="$*"),
                           max_size=80))
device_frames = st.one_of(dice_frames, dice_frames, hellos, heartbeats, errors)
