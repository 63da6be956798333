"""The shelf's index (`core.catalog`): finished and closed games are listed without opening their
journals while their files are unchanged, and a journal that changed — played on, damaged, replaced
— is read again and believed over its row; the index damaged or gone is made again; the full check
(`verify_all`) finds what the index cannot see."""

from __future__ import annotations

import json
import os

import pytest

from companion.core import catalog as catalog_module
from companion.core import journal as journal_module
from companion.core import store as store_module
from companion.core.catalog import NAME, result_meta, result_of
from companion.core.journal import Journal
from companion.core.store import JournalStore, seating_meta

pytestmark = pytest.mark.timeout(60)

STEP = [("scorepad.start", json.dumps({"players": ["Ann", "Bo"]}))]


def _shelf(store: JournalStore, finished: int, unfinished: int = 1) -> list:
    paths = []
    for n in range(finished + unfinished):
        journal = store.new("scorepad", steps=[STEP, STEP], **seating_meta(["Ann", f"Bo{n}"]))
        if n < finished:
            journal.mark_finished(result=json.dumps({"scores": [n, 3], "winners": [1]}))
        journal.close()
        paths.append(journal.path)
    return paths


@pytest.fixture
def reads(monkeypatch):
    """The journals `Journal.read` opened, by name."""
    opened = []
    real = journal_module.Journal.read.__func__

    def counting(cls, path):
        opened.append(os.path.basename(path))
        return real(cls, path)

    monkeypatch.setattr(journal_module.Journal, "read", classmethod(counting))
    return opened


def test_finished_games_are_listed_from_the_index_while_their_files_are_unchanged(tmp_path, reads):
    store = JournalStore(tmp_path)
    paths = _shelf(store, finished=5, unfinished=1)
    first = store.list()
    assert len(reads) == 6
    reads.clear()
    again = JournalStore(tmp_path).list()  # the next start
    assert again == first
    assert reads == [paths[-1].name], "only the unfinished game is opened again"
    finished = [info for info in again if info.finished]
    assert len(finished) == 5 and {info.scores for info in finished} == {(n, 3) for n in range(5)}
    assert all(info.winners == (1,) and info.players[0] == "Ann" for info in finished)
    assert store.catalogue() == sorted(finished, key=lambda i: i.path.name, reverse=True)


def test_a_journal_changed_since_is_read_again_and_believed_over_its_row(tmp_path, reads):
    store = JournalStore(tmp_path)
    paths = _shelf(store, finished=2, unfinished=0)
    store.list()
    with Journal.open(paths[0]) as journal:  # played on after it finished (an undo reopened it)
        journal.set_meta("finished", "0")
    reads.clear()
    infos = {info.path: info for info in JournalStore(tmp_path).list()}
    assert reads == [paths[0].name]
    assert not infos[paths[0]].finished and infos[paths[1]].finished


def test_a_journal_damaged_after_it_was_indexed_is_set_aside_not_listed(tmp_path):
    store = JournalStore(tmp_path)
    paths = _shelf(store, finished=2, unfinished=0)
    store.list()
    data = bytearray(paths[0].read_bytes())
    at = data.index(b"Bo0")
    data[at] ^= 0x20
    paths[0].write_bytes(bytes(data))
    later = JournalStore(tmp_path)
    assert [info.path for info in later.list()] == [paths[1]]
    assert [s.original for s in later.set_aside] == [paths[0]]
    assert [info.path for info in later.list()] == [paths[1]], "and its row is gone"


def test_a_damaged_index_is_made_again_from_the_journals(tmp_path):
    store = JournalStore(tmp_path)
    _shelf(store, finished=3)
    listed = store.list()
    store.catalog.close()
    (tmp_path / NAME).write_bytes(b"not a database at all, " * 200)
    again = JournalStore(tmp_path)
    assert again.list() == listed
    assert JournalStore(tmp_path).list() == listed


def test_a_removed_journal_leaves_the_index(tmp_path):
    store = JournalStore(tmp_path)
    paths = _shelf(store, finished=2, unfinished=0)
    store.list()
    paths[1].unlink()
    assert [info.path for info in JournalStore(tmp_path).list()] == [paths[0]]
    assert list(store.catalog.rows()) == [paths[0].name]


def test_the_full_check_finds_damage_the_index_cannot_see(tmp_path):
    """A byte that changes on the card without the file being written keeps the file's signature:
    the listing trusts the row, `verify_all` reads every event and sets the file aside."""
    store = JournalStore(tmp_path)
    paths = _shelf(store, finished=1, unfinished=0)
    store.list()
    st = os.stat(paths[0])
    data = bytearray(paths[0].read_bytes())
    at = data.index(b'"players"')  # inside the events' payloads, not the meta's
    data[at + 1] ^= 0x01
    paths[0].write_bytes(bytes(data))
    os.utime(paths[0], ns=(st.st_atime_ns, st.st_mtime_ns))
    later = JournalStore(tmp_path)
    assert [info.path for info in later.list()] == paths, "unchanged to its signature: the row is trusted"
    moved = later.verify_all()
    assert [s.original for s in later.set_aside] == paths and moved
    assert later.list() == []


def test_the_result_is_the_public_vp_and_the_leaders():
    view = {"players": [{"seat": 0, "vp": 40}, {"seat": 1, "vp": 52}, {"seat": 2, "vp": 52}, {"seat": 3}]}
    assert result_of({"result": result_meta(view)}) == ((40, 52, 52, None), (1, 2))
    assert result_of({"result": result_meta({"players": [{"seat": 0}]})}) == ((None,), ())
    ranked = {"players": [{"score": 9, "place": 2}, {"score": 9, "place": 1}]}  # the game's own tie-break
    assert result_of({"result": result_meta(ranked)}) == ((9, 9), (1,))
    for bad in ("", "[]", '{"scores": ["x"], "winners": []}', '{"scores": [1]}', "nope"):
        assert result_of({"result": bad}) == ((), ()), bad


def test_a_finished_game_records_its_result_with_finished(tmp_path):
    from companion.games import built_games
    from companion.session import Intent, Session

    session = Session(built_games(), JournalStore(tmp_path))
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "Bo", "Cy"], "seed": 1}}))
    for seat, points in ((0, 5), (1, 12), (2, 7)):
        session.handle(Intent("add_points", {"seat": seat, "points": points}))
    session.handle(Intent("finish", {}))
    session.shutdown()
    (info,) = JournalStore(tmp_path).catalogue()
    assert info.finished and info.players == ("Ann", "Bo", "Cy")
    assert info.scores == (5, 12, 7) and info.winners == (1,)


def _settle(folder) -> None:
    """The folder's time put well in the past, as a shelf nobody touched for a while has it."""
    st = os.stat(folder)
    os.utime(folder, ns=(st.st_atime_ns, st.st_mtime_ns - 10 * catalog_module.SETTLED_NS))


def test_a_folder_unchanged_since_the_rows_were_checked_looks_at_no_finished_file(tmp_path, monkeypatch):
    store = JournalStore(tmp_path)
    paths = _shelf(store, finished=6, unfinished=1)
    _settle(store.games_dir)
    listed = store.list()  # checks every file against its row, and keeps the folder's signature
    looked: list[str] = []
    real = store_module._entry_signature
    monkeypatch.setattr(store_module, "_entry_signature", lambda found, name: looked.append(name) or real(found, name))
    later = JournalStore(tmp_path)  # the next start
    assert later.list() == listed and later.unfinished() == [i for i in listed if not i.finished]
    assert looked == [paths[-1].name] * 2, "only the unfinished game's file is looked at"
    (store.games_dir / "20990101-000000-000000-scorepad.journal").write_bytes(b"")  # the folder changed
    looked.clear()
    JournalStore(tmp_path).list()
    assert len(looked) == len(paths) + 1, "every file looked at again"


def test_a_finished_game_played_on_in_an_unchanged_folder_is_read_again(tmp_path):
    """The open game has a write-ahead log beside it: its file is looked at even when the folder
    is as it was, so an undo that reopens a finished game is seen at once."""
    store = JournalStore(tmp_path)
    paths = _shelf(store, finished=2, unfinished=0)
    journal = Journal.open(paths[0])  # played on: its write-ahead log appears beside it
    journal.set_meta("note", "x")
    _settle(store.games_dir)
    assert all(info.finished for info in store.list())
    journal.set_meta("finished", "0")  # the folder stays as it was: only the log grows
    try:
        assert {info.path: info.finished for info in store.list()} == {paths[0]: False, paths[1]: True}
        assert [info.path for info in JournalStore(tmp_path).unfinished()] == [paths[0]]
    finally:
        journal.close()


def test_home_and_the_start_build_no_row_for_a_finished_game(tmp_path, monkeypatch):
    store = JournalStore(tmp_path)
    paths = _shelf(store, finished=5, unfinished=1)
    store.list()
    built: list[str] = []
    real = store_module.JournalInfo.from_data.__func__
    monkeypatch.setattr(store_module.JournalInfo, "from_data",
                        classmethod(lambda cls, path, data: built.append(path.name) or real(cls, path, data)))
    later = JournalStore(tmp_path)
    assert [info.path for info in later.unfinished()] == [paths[-1]]
    assert built == [], "the finished games' rows are left as they are"
    assert len(later.catalogue()) == 5 and len(built) == 5, "the history's list builds them, once"
    later.catalogue()
    assert len(built) == 5
