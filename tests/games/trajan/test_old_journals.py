"""Journals recorded under former defaults replay exactly as they were played (issue #16).

`journals/old-defaults-*.journal` were written by the companion of commit 948b857, before two
defaults changed, by whole random 3-player games (digital draws) whose set-up events name no
setting: every setting had its default of then, so a demand wildcard counted for a demand bonus
tile and the starting trays held two colours. Beside each, `*.json` is what that companion scored:
every season's report (how each demand was paid, penalties, votes) and the final breakdown.

- `old-defaults-winner`: Bo ends with an unused demand wildcard and a yellow games bonus tile but no
  games forum tile: recorded 9 for it (46 VP, Bo wins); the rulebook's reading gives 0 (37, Cy wins).
- `old-defaults-season`: Bo's season 3 payment spent the games forum tile and kept the wildcard
  (recorded); the rulebook's reading keeps the tile for his games bonus tile, and season 4 goes
  differently from there.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
from pathlib import Path

import pytest

from companion.core.engine import Engine
from companion.core.journal import Journal
from companion.games.trajan import events as e
from companion.games.trajan.rules import TRAJAN
from companion.games.trajan.scoring import final_summary
from companion.games.trajan.settings import DEFAULT
from companion.games.trajan.setup import recorded_settings

JOURNALS = Path(__file__).parent / "journals"
NAMES = ("old-defaults-winner", "old-defaults-season")


def opened(name: str, tmp_path: Path) -> Engine:
    """The journal replayed by the engine, from a copy (opening a journal may write beside it)."""
    path = tmp_path / f"{name}.journal"
    shutil.copy(JOURNALS / f"{name}.journal", path)
    return Engine(TRAJAN, Journal.open(path))


def recorded(name: str) -> dict:
    return json.loads((JOURNALS / f"{name}.json").read_text(encoding="utf-8"))


def events(engine: Engine) -> list:
    return [engine.codec.decode(r.kind, r.payload) for r in engine.journal.records()]


def fold(evs) -> object:
    state = TRAJAN.initial_state()
    for event in evs:
        state = TRAJAN.apply(state, event)
    return state


@pytest.mark.parametrize("name", NAMES)
def test_the_old_journals_name_no_setting_in_their_set_up(name, tmp_path):
    engine = opened(name, tmp_path)
    setup = events(engine)[0]
    engine.journal.close()
    assert isinstance(setup, e.TrajanSetUp) and dict(setup.settings) == {}


@pytest.mark.parametrize("name", NAMES)
def test_an_old_journal_replays_to_the_scores_it_recorded(name, tmp_path):
    engine = opened(name, tmp_path)
    state = engine.state
    engine.journal.close()
    want = recorded(name)
    assert state.phase == "over"
    assert json.loads(json.dumps(list(state.season_reports))) == want["season_reports"]
    assert json.loads(json.dumps(final_summary(state))) == want["final"]
    # the settings it was played with are the defaults of then
    assert state.settings.demand_wildcard_counts_for_bonus is True
    assert state.settings.start_trays_two_colours is True


def test_the_rulebook_reading_would_have_changed_the_winner(tmp_path):
    # The fixture matters: the same events, set up with the rulebook's reading named, score
    # Bo's games bonus tile 0 (no games forum tile; the demand wildcard does not count), and Cy wins.
    engine = opened("old-defaults-winner", tmp_path)
    evs = events(engine)
    engine.journal.close()
    ruled = fold([dataclasses.replace(evs[0], settings={"demand_wildcard_counts_for_bonus": False}), *evs[1:]])
    # and so does a game set up today with every default: its set-up event names the rulebook's reading
    today = recorded_settings({}, DEFAULT)
    assert today["demand_wildcard_counts_for_bonus"] is False
    assert final_summary(fold([dataclasses.replace(evs[0], settings=today), *evs[1:]])) == final_summary(ruled)
    old, new = recorded("old-defaults-winner")["final"], final_summary(ruled)
    assert [p["total"] for p in old["players"]] == [31, 46, 40] and old["winners"] == ["Bo"]
    assert [p["total"] for p in new["players"]] == [31, 37, 40] and new["winners"] == ["Cy"]


def test_the_rulebook_reading_would_have_paid_a_season_differently(tmp_path):
    engine = opened("old-defaults-season", tmp_path)
    evs = events(engine)
    engine.journal.close()
    ruled = fold([dataclasses.replace(evs[0], settings={"demand_wildcard_counts_for_bonus": False}), *evs[1:]])
    old = recorded("old-defaults-season")["season_reports"][2]["players"][1]
    new = ruled.season_reports[2]["players"][1]
    assert old["name"] == new["name"] == "Bo"
    assert [p["with"] for p in old["paid"]] == ["forum", "forum", "forum"]  # games tile spent, wildcard kept
    assert [p["with"] for p in new["paid"]] == ["wildcard", "forum", "forum"]  # games tile kept for the bonus
