"""The table's own card file (companion/ui/augustus/card_file.py): it learns the cards the rules
accepted, one a line in number order, so the rules read it back and name a bad card's line; a
file the app cannot read is never written over."""

from __future__ import annotations

import json

import pytest

from companion.core.errors import IllegalCommand
from companion.games.augustus.parts.cards import parse_card_file
from companion.ui.augustus.card_file import CardFile, format_cards


def card(number, symbols=("shield",), **more):
    return {"number": number, "kind": more.get("kind", "green"), "vp": more.get("vp", 1), "gold": 0, "wheat": 0,
            "symbols": list(symbols), "power": more.get("power")}


def test_learnt_cards_are_written_in_number_order_and_read_back_by_the_rules(tmp_path):
    own = CardFile(tmp_path / "augustus" / "cards.json")
    assert own.cards() == {} and own.text() is None
    assert own.learn([card(40, ("swords", "chariot")), card(7)]) == [7, 40]
    assert own.learn([card(7)]) == [], "known already: nothing written"
    assert own.learn([{**card(7), "vp": 9}]) == [], "a differing card never overwrites the file's"
    assert own.learn([card(3, power={"kind": "mobilise", "amount": 2})]) == [3]
    text = own.text()
    assert [c.number for c in parse_card_file(text)] == [3, 7, 40]
    assert text.splitlines()[2].startswith('{"number": 7,'), "card k of the file on line k + 1"
    assert not list((tmp_path / "augustus").glob(".cards-*")), "no temporary file left"


def test_a_file_the_app_cannot_read_is_left_alone_and_a_bad_card_named_by_its_line(tmp_path):
    path = tmp_path / "cards.json"
    path.write_text('[\n{"number": 5, "kind": "green", "vp": 1, "symbols": ["dagger"]},\n{"kind": "pink"}\n]\n',
                    encoding="utf-8")
    own = CardFile(path)
    before = path.read_text(encoding="utf-8")
    assert own.learn([card(9)]) == [] and path.read_text(encoding="utf-8") == before
    assert own.problem == "Card 2 of the card file has no number from 1 to 88."
    path.write_text(format_cards([card(1), {**card(2), "vp": -1}]), encoding="utf-8")
    with pytest.raises(IllegalCommand) as refused:
        parse_card_file(path.read_text(encoding="utf-8"))
    assert refused.value.params["field"] == "line 3: vp"
    path.write_text("[{", encoding="utf-8")
    assert CardFile(path).cards() == {} and json.dumps(CardFile(path).problem)


def test_a_card_held_against_the_file_once_is_passed_over_and_a_differing_one_logged_once(tmp_path, caplog):
    """The table hands `learn` every card in play at every view: one the file has is compared once
    (a differing one logged once, not at every call); a new card, or the file changed on disk,
    is looked at again."""
    path = tmp_path / "cards.json"
    own = CardFile(path)
    assert own.learn([card(7), card(8)]) == [7, 8]
    differing = {**card(7), "vp": 9}
    with caplog.at_level("WARNING", logger="companion.augustus"):
        for _ in range(5):
            assert own.learn([card(8), differing]) == []
    assert [r.getMessage() for r in caplog.records].count(
        f"objective 7 as entered differs from the card file {path}: the file keeps its own") == 1
    assert own.learn([card(8), card(9)]) == [9], "a new card among known ones is still written"
    own.wait()
    path.write_text(format_cards([card(1)]), encoding="utf-8")  # edited on disk: read and compared anew
    assert own.learn([card(7)]) == [7]
    caplog.clear()
    with caplog.at_level("WARNING", logger="companion.augustus"):
        own.learn([{**card(7), "vp": 9}])
    assert len(caplog.records) == 1


class HeldWriter:
    """A writer whose writes wait until the test runs them (`run`), as a slow card would."""

    def __init__(self) -> None:
        self.jobs: list = []

    def submit(self, path, make_text, done=None, *, prefix=".tmp-", suffix=".tmp"):
        self.jobs.append((path, make_text, done, prefix, suffix))

    def is_idle(self) -> bool:
        return not self.jobs

    def wait(self, timeout=None) -> bool:
        return self.is_idle()

    def run(self, error: OSError | None = None) -> None:
        from companion.files import write_atomically

        jobs, self.jobs = self.jobs, []
        for path, make_text, done, prefix, suffix in jobs:
            if error is not None:
                done(None, error)
            else:
                done(write_atomically(path, make_text(), prefix=prefix, suffix=suffix), None)


def test_a_learnt_card_is_known_at_once_and_written_by_the_writer_not_the_tap(tmp_path, monkeypatch):
    """`learn` runs in a tap: it hands the write to the writer's thread (two fsyncs were 10-20 ms
    of the main thread) and the card counts as known at once (its number shows ✔)."""
    path, writer = tmp_path / "augustus" / "cards.json", HeldWriter()
    own = CardFile(path, writer=writer)
    assert own.learn([card(40), card(7)]) == [7, 40]
    assert not path.exists(), "nothing written in the tap"
    assert sorted(own.cards()) == [7, 40] and own.learn([card(7)]) == []
    writer.run()
    assert [c.number for c in parse_card_file(path.read_text(encoding="utf-8"))] == [7, 40]
    reads = []
    monkeypatch.setattr(own, "_read", lambda: reads.append(1) or ({}, ""))
    assert sorted(own.cards()) == [7, 40] and reads == [], "its own write is not read back"
    assert own.learn([card(3)]) == [3] and sorted(own.cards()) == [3, 7, 40]


def test_a_write_that_fails_says_so_and_its_cards_are_learnt_again(tmp_path):
    path, writer = tmp_path / "cards.json", HeldWriter()
    path.write_text(format_cards([card(1)]), encoding="utf-8")
    own = CardFile(path, writer=writer)
    assert own.learn([card(1), card(5)]) == [5]
    writer.run(OSError(28, "No space left on device"))
    assert sorted(own.cards()) == [1], "back to what the file holds"
    assert own.problem == "The card file cannot be written: No space left on device"
    assert own.learn([card(1), card(5)]) == [5], "tried again"
    writer.run()
    assert sorted(own.cards()) == [1, 5] and own.problem == ""
    assert [c.number for c in parse_card_file(own.text())] == [1, 5]
