"""A dice read that rewords the Troyes table's prompt, notice or verdict redraws those words, not the
screen: the prompt's area and the verdict keep two lines of room whatever they say (one line or
two), so the panels below them keep their places; a longer text still grows its area (nothing cut).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from test_troyes_table_refresh import to_the_dice  # noqa: E402
from uiharness import run_ui, settle, until  # noqa: E402

pytestmark = pytest.mark.timeout(180)

ONE_LINE = "Bo throws."
TWO_LINES = "Bo throws 2 red, 2 white, 1 yellow: into the scanner, or enter them by hand, as the table likes."
MANY_LINES = " ".join([TWO_LINES] * 4)
#: The verdict's two lines (bold, larger, in the narrower entry panel): the throw's ask, as shown.
VERDICT_TWO = "Throw the dice into the scanner, or enter them by hand"


def _post_and_wait(ui, fact):
    steps = ui.app.session.engine.journal.last_step
    ui.app.post(fact)
    yield from until(lambda: ui.app.session.engine.journal.last_step > steps, what=type(fact).__name__)
    yield from settle()


def _to_the_dice(ui):
    yield from to_the_dice(ui, ["Ann", "Bo", "Cy"])
    yield from settle()


def _places(screen):
    """Where the header, the entry panel's parts and the left column are: what a relayout moves."""
    ids = screen.ids
    header = ids.prompt.parent
    return {"header": (tuple(header.pos), tuple(header.size)), "middle": (tuple(ids.middle.pos), tuple(ids.middle.size)),
            "hand": (tuple(ids.hand_colours.pos), tuple(ids.hand_colours.size))}


@pytest.mark.parametrize("profile", ["800x480", "720x1280"])
def test_a_prompt_or_verdict_of_one_line_or_two_keeps_the_screen_in_place(session, profile):
    seen = {}

    def script(ui):
        yield from _to_the_dice(ui)
        screen, vm = ui.app.sm.get_screen("troyes_table"), ui.app.troyes_vm
        assert vm.entry == "dice"
        for name, (notice, verdict) in {"one": (ONE_LINE, "Read."), "two": (TWO_LINES, VERDICT_TWO),
                                        "one again": (ONE_LINE, "Read.")}.items():
            vm.notice_text, vm.verdict_text = notice, verdict
            yield from settle()
            seen[name] = _places(screen)
            seen[name + " lines"] = (screen.ids.prompt.texture_size[1], screen.ids.prompt.height)
            seen[name + " verdict"] = ui.find("troyes.verdict").texture_size[1]
        vm.notice_text = MANY_LINES
        yield from settle()
        seen["long"] = (screen.ids.prompt.texture_size[1], screen.ids.prompt.height)

    run_ui(session, script, profile=profile)
    assert seen["two lines"][0] > seen["one lines"][0], "the texts are one line and two"
    if profile == "800x480":
        assert seen["two verdict"] > seen["one verdict"], "the verdicts are one line and two"
    assert seen["one"] == seen["two"] == seen["one again"], "nothing moved for a line more or less"
    text_height, room = seen["long"]
    assert text_height <= room, "a prompt longer than two lines grows its area: nothing is cut"


def test_every_read_of_a_round_keeps_the_header_in_place(session):
    heights = []

    def script(ui):
        from hardware.facts import DiceRead

        yield from _to_the_dice(ui)
        s, screen = ui.app.session, ui.app.sm.get_screen("troyes_table")
        header = screen.ids.prompt.parent
        heights.append(header.height)
        seq = 0
        while s.table_view().view["phase"] == "dice":
            ask = s.table_view().view["ask"]
            dice = tuple((c, (k % 6) + 1) for k, (c, n) in enumerate(ask["about"]["due"].items()) for _ in range(n))
            seq += 1
            yield from _post_and_wait(ui, DiceRead(seq, dice, "BE0C4A12"))
            heights.append(header.height)
        assert seq >= 3, "every district threw"

    run_ui(session, script)
    assert len(set(heights)) == 1, f"the header's height changed between reads: {heights}"
