"""The table's news and Undo's words are read from a few steps, not the whole game's history, and
say exactly what the whole history says of that step: in a played Trajan game (with undos and
redos), and for a game whose history words an event by the one before it (`history_describer`)."""

from __future__ import annotations

import random

import pytest

from companion.core.engine import HistoryEntry
from companion.session import Intent, Notice
from companion.ui.shell import news
from companion.ui.text import formatting as fmt

pytestmark = pytest.mark.timeout(60)


class CountingHistory:
    """`history(since)` over fixed entries, counting how many entries each call read."""

    def __init__(self, entries):
        self.entries, self.read = list(entries), []

    def __call__(self, since: int = 0):
        out = [e for e in self.entries if e.step > since]
        self.read.append(len(out))
        return out


def _table(step, notice=None, journal="j"):
    from companion.session import TableView

    return TableView("g", {}, True, False, False, notice, journal, step)


def _whole_line(entries, game_ui, step):
    return news._line_of(entries, game_ui, step)


def test_every_step_of_a_played_trajan_game_is_worded_as_the_whole_history_words_it(session):
    from companion.ui.trajan.gameui import TrajanUI

    session.handle(Intent("new_game", {"game": "trajan", "setup": {
        "players": ["Ann", "Bo", "Cy"], "colours": ["red", "blue", "green"], "seed": 5, "start_player": 0}}))
    rnd = random.Random(2)
    for i in range(160):
        view = session.table_view().view
        if view["phase"] == "over":
            break
        choices = list(view.get("choices", ()))
        if i % 17 == 5 and session.engine.can_undo:
            session.handle(Intent("undo", automatic=True))
        elif i % 17 == 6 and session.engine.can_redo:
            session.handle(Intent("redo", automatic=True))
        elif choices:
            pick = rnd.choice(choices)
            session.handle(Intent(pick["name"], dict(pick["args"]), automatic=True))
    entries = session.history()
    assert any(ev["kind"] == "core.undo" for e in entries for ev in e.events)
    assert any(ev["kind"] == "trajan.demand" for e in entries for ev in e.events), "a round ended"
    history = CountingHistory(entries)
    told = news.TableNews()
    for entry in entries:
        words = told._wording_of(_table(entry.step), history, entry.step)
        assert str(news.HistoryLine(words, TrajanUI, entry.step)) == _whole_line(entries, TrajanUI, entry.step)
    # the table the moment a round ended: its news reads the steps around it, not the game's
    ended = [e.step for e in entries if any(ev["kind"] == "trajan.demand" for ev in e.events)][-1]
    then = CountingHistory([e for e in entries if e.step <= ended])
    told._wording_of(_table(ended), then, ended)
    assert then.read == [2], "the newest step's words read only the step before and itself"


def test_a_describer_that_remembers_the_event_before_words_each_step_the_same():
    class Remembering:
        start_kind = "g.start"

        @classmethod
        def history_rows(cls, entries):
            previous = {"kind": ""}

            def describe(event, players):
                after, previous["kind"] = previous["kind"], event["kind"]
                return f"{event['kind']} after {after or 'nothing'}"

            return fmt.format_history(entries, describe, cls.start_kind)

    entries = [HistoryEntry(1, 0.0, ({"kind": "g.start", "players": ["A"]},), False)]
    kinds = ["g.a", "g.b", "g.c", "g.a", "g.b"]
    for step, kind in enumerate(kinds, start=2):
        entries.append(HistoryEntry(step, 0.0, ({"kind": kind},), False))
    entries.append(HistoryEntry(7, 0.0, ({"kind": "core.undo", "step": 6},), False))
    history = CountingHistory(entries)
    told = news.TableNews()
    for entry in entries:
        words = told._wording_of(_table(entry.step), history, entry.step)
        assert str(news.HistoryLine(words, Remembering, entry.step)) == _whole_line(entries, Remembering, entry.step)
    undid = told.tell(_table(7, Notice("info", news.UNDID, {"step": 6})), history, Remembering)
    assert str(undid.notice.params["what"]) == "g.b after g.a"
