"""`companion replay`, `companion doctor` and `companion score` speak the table's language
(`--lang`, else the config's) and name things as the touchscreen does, never by internal id:
Trajan's season results and bonus tiles, Troyes' final breakdown, the secret bid's standing, the
doctor's checks and verdict; in English the words stay the ones people and scripts already read."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from companion.ui.text.i18n import set_language
from tests.english_words import english_left

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    set_language("en")


def _said(capsys, argv: list[str], code: int | None = 0, stream: str = "out") -> str:
    """What `companion ARGV` printed (stdout, or `stream`), checking its exit code unless None."""
    rc = main(argv)
    if code is not None:
        assert rc == code, rc
    return getattr(capsys.readouterr(), stream)


def _config(tmp_path: Path) -> Path:
    """A config file whose data directory is tmp_path/data."""
    config = tmp_path / "config.toml"
    config.write_text(f'data_dir = "{tmp_path / "data"}"\n', encoding="utf-8")
    return config


def _damage_meta(path: Path) -> None:
    """A journal whose players row no longer matches its checksum (the check's own sentence says so)."""
    import sqlite3

    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE meta SET value = '[\"Ann\", \"Eve\"]' WHERE key = 'players'")
    conn.close()


def test_trajan_season_in_chinese_with_the_touchscreens_names(capsys):
    from companion.ui.trajan import names

    out = _said(capsys, ["--lang", "zh-Hans", "score", "trajan", str(EXAMPLES / "trajan-season.json")])
    assert "commodity_wine_fish" not in out and "workers" not in out, "bonus tiles by their names"
    set_language("zh-Hans")
    assert names.bonus_tile("commodity_wine_fish") in out and names.demand("bread") in out
    assert "图拉真：第 2 季计分" in out and "执政官：Livia；副执政官：Julia" in out
    assert "未满足 2 个：罚 9 分" in out and "Trajan tile" not in out


def test_trajan_season_in_english_reads_as_before_but_names_the_tiles(capsys):
    out = _said(capsys, ["--lang", "en", "score", "trajan", str(EXAMPLES / "trajan-season.json")])
    assert "Trajan: season 2 scoring" in out and "Consul: Livia; proconsul: Julia" in out
    assert "unmet 2: penalty 9; VP 45 → 36" in out and "commodity_wine_fish" not in out
    assert "Wine & Fish" in out or "wine & fish" in out.lower()


@pytest.mark.parametrize("lang,heading,total", [("zh-Hans", "特鲁瓦：终局计分", "合计 41"),
                                                 ("zh-Hant", "特魯瓦：終局計分", "合計 41"),
                                                 ("en", "Troyes: final scoring", "Total 41")])
def test_troyes_final_in_each_language(capsys, lang, heading, total):
    out = _said(capsys, ["--lang", lang, "score", "troyes", str(EXAMPLES / "troyes-final.json")])
    assert heading in out and total in out
    assert "cathedral_cubes" not in out and "events_won" not in out, "measures by their words"


def _scorepad_journal(tmp_path):
    from companion.core.store import JournalStore
    from companion.games import built_games
    from companion.session import Intent, Session

    session = Session(built_games(), JournalStore(tmp_path))
    session.handle(Intent("new_game", {"game": "scorepad", "setup": {"players": ["Ann", "王小明"], "seed": 1}}))
    session.handle(Intent("add_points", {"seat": 1, "points": 9}))
    session.handle(Intent("finish"))
    path = session.engine.journal.path
    session.shutdown()
    return path


def test_replay_in_chinese_and_english(tmp_path, capsys):
    path = _scorepad_journal(tmp_path)
    out = _said(capsys, ["--lang", "zh-Hans", "replay", str(path)])
    assert "游戏：计分板" in out and "状态：已结束，共 3 步（撤销 0 步）" in out and "名次" in out
    assert "finished" not in out and "scorepad" not in out.split("\n", 1)[1], "no internal id but the file's name"
    out = _said(capsys, ["--lang", "en", "replay", str(path)])
    assert "game:     Score pad" in out and "status:   finished, 3 steps (0 undone)" in out


def test_replay_of_a_trajan_game_in_progress_and_at_its_end(tmp_path, capsys):
    for state, expect_zh, expect_en in (("season", "图拉真：第 3 季，第 1 轮", "Trajan: season 3, round 1"),
                                        ("final", "图拉真：终局计分", "Trajan: final scoring")):
        path = _demo_journal(tmp_path, "trajan", state)
        out = _said(capsys, ["--lang", "zh-Hans", "replay", str(path)])
        assert expect_zh in out and "commodity_" not in out and "bonus_tiles" not in out
        assert expect_en in _said(capsys, ["--lang", "en", "replay", str(path)])


def test_replay_of_a_secret_bid_in_chinese_says_who_locked_never_what(tmp_path, capsys):
    from companion.core.store import JournalStore
    from companion.games import built_games
    from companion.session import Intent, Session

    session = Session(built_games(), JournalStore(tmp_path))
    session.handle(Intent("new_game", {"game": "secretbid", "setup": {"players": ["Ann", "Bo"], "seed": 1}}))
    session.handle(Intent("lock_bid", {"seat": 0, "amount": 4_837_261}))
    path = session.engine.journal.path
    session.shutdown()
    out = _said(capsys, ["--lang", "zh-Hans", "replay", str(path)])
    assert "暗标：第 1 轮，出价中" in out and "已锁定：Ann" in out and "等待中：Bo" in out
    assert "4837261" not in out and "4,837,261" not in out


def test_doctor_in_chinese_and_english(tmp_path, capsys):
    config = _config(tmp_path)
    out = _said(capsys, ["--config", str(config), "--lang", "zh-Hant", "doctor"], code=None)
    assert "檢查項" in out and "資料目錄" in out and "對局記錄" in out and "設定檔" in out
    assert "data dir" not in out and "journals " not in out, "the checks by their names in the language"
    out = _said(capsys, ["--config", str(config), "--lang", "en", "doctor"], code=None)
    assert out.startswith("companion doctor") and "  data dir" in out and "journals" in out


def _demo_journal(tmp_path, game: str, state: str):
    from companion.cli import game_choices
    from companion.demo import demo_game_session
    from companion.games import all_rules
    from companion.ui.shell.choices import register

    register(game_choices())
    session = demo_game_session(tmp_path / state, "en", game, state, all_rules())
    path = session.engine.journal.path
    session.shutdown()
    return path


@pytest.mark.parametrize("lang,heading,needs,verdict", [
    ("zh-Hans", "胜利卡 B7（护民官 3.5 胜利）", "须达成 3 项：派系 2 · 桂冠 5", "余量最高者胜（余量：Ann 1、Bo 11、Cy 1）"),
    ("zh-Hant", "勝利卡 B7（護民官 3.5 勝利）", "須達成 3 項：派系 2 · 桂冠 5", "餘量最高者勝（餘量：Ann 1、Bo 11、Cy 1）"),
    ("en", "Victory card B7 (Tribune 3.5 victory)", "Needs 3 of: Factions 2 · Laurels 5", "the highest margin wins (margins: Ann 1, Bo 11, Cy 1)")])
def test_tribune_score_in_each_language_names_the_conditions(capsys, lang, heading, needs, verdict):
    out = _said(capsys, ["--lang", lang, "score", "tribune", str(EXAMPLES / "tribune-two-qualify.json")])
    assert heading in out and needs in out and verdict in out
    assert "several_winners" not in out and "favour " not in out and "margin;" not in out, "no setting ids"
    out = _said(capsys, ["--lang", lang, "score", "tribune", str(EXAMPLES / "tribune-round-end.json")])
    set_language(lang)
    from companion.ui.tribune import board_words

    assert board_words.winners_text([0], ["Ann"]) in out and board_words.condition_name("denarii") in out


@pytest.mark.parametrize("lang,expect", [
    ("zh-Hans", ("护民官：第 2 轮", "战车：在版图上、上次由 Dave 赢得", "女祭司 Alice 2/7", "Alice：桂冠 3，军团 0，神恩 2",
                 "第 1 轮，区域 VIII 对子：Alice 11 · Dave 9 · Bob 7 — 最高：Alice", "Alice：达成 1/3")),
    ("zh-Hant", ("護民官：第 2 輪", "戰車：在版圖上、上次由 Dave 贏得", "女祭司 Alice 2/7", "Alice：桂冠 3，軍團 0，神恩 2",
                 "第 1 輪，戰車：Dave 5 · Bob 3 · Alice 2 · Carol 1 — Dave 付 5 給銀行", "Alice：達成 1/3")),
    ("en", ("Tribune: round 2", "chariot: on the board, last won by Dave", "Vestals Alice 2/7",
            "Alice: laurels 3, legions 0, favour 2", "Round 1, chariot: Dave 5 · Bob 3 · Alice 2 · Carol 1 — Dave pays 5 to the bank",
            "Alice: meets 1 of 3 (Factions 1 (−1)")),
])
def test_tribune_replay_of_the_whole_game_in_each_language(tmp_path, capsys, lang, expect):
    path = _demo_journal(tmp_path, "tribune", "whole_grid")
    out = _said(capsys, ["--lang", lang, "replay", str(path)])
    for text in expect:
        assert text in out, text
    assert "vestals" not in out and "placement" not in out, "factions and stages by their names, not ids"


@pytest.mark.parametrize("lang,expect", [
    ("zh-Hans", ("护民官：第 1 轮", "金钱：Alice 10 · Bob 22", "第 1 轮，区域 V（位置 1 Alice，位置 2 Bob）", "Alice 付 9 给 Bob")),
    ("zh-Hant", ("護民官：第 1 輪", "金錢：Alice 10 · Bob 22", "第 1 輪，區域 V（位置 1 Alice，位置 2 Bob）", "Alice 付 9 給 Bob")),
    ("en", ("Tribune: round 1", "money: Alice 10 · Bob 22", "Round 1, region V (space 1 Alice, space 2 Bob)",
            "Alice pays 9 to Bob")),
])
def test_tribune_replay_of_the_keeper_in_each_language(tmp_path, capsys, lang, expect):
    path = _demo_journal(tmp_path, "tribune", "result")
    out = _said(capsys, ["--lang", lang, "replay", str(path)])
    for text in expect:
        assert text in out, text


@pytest.mark.parametrize("lang,expect", [
    ("zh-Hans", ("奥古斯都：终局计分", "Livia：54 分（奖励 20，目标 26，能力 8；元老 1）", "每种颜色各一：8 分  [奥古斯都 4.3 奖励]",
                 "胜者：Livia（分数最高）")),
    ("zh-Hant", ("奧古斯都：終局計分", "Livia：54 分（獎勵 20，目標 26，能力 8；元老 1）", "每種顏色各一：8 分  [奧古斯都 4.3 獎勵]",
                 "勝者：Livia（分數最高）")),
    ("en", ("Augustus: final scoring", "Livia: 54 VP (rewards 20, objectives 26, powers 8; senators 1)",
            "One of each colour: 8 VP  [Augustus 4.3 rewards]", "Winner: Livia (most VP)")),
])
def test_augustus_score_in_each_language_names_the_reward_tiles(capsys, lang, expect):
    out = _said(capsys, ["--lang", lang, "score", "augustus", str(EXAMPLES / "augustus-final.json")])
    for text in expect:
        assert text in out, text
    assert "one_each" not in out and "number_4" not in out and "tie-break: points" not in out


@pytest.mark.parametrize("lang,expect", [
    ("zh-Hans", ("奥古斯都：第 2 次抽取 · 抽出：盾牌", "Alice: 军团 6 · ", "#12 绿色 2 分")),
    ("zh-Hant", ("奧古斯都：第 2 次抽取 · 抽出：盾牌", "Alice: 軍團 6 · ", "#12 綠色 2 分")),
    ("en", ("Augustus: draw 2 · token: Shield", "Place one legion or skip: Alice, Bob.", "Alice: Legions 6 · Controlled 0",
            "#44 Orange 5 VP: [Sw] Sw St Da")),
])
def test_augustus_replay_in_each_language(tmp_path, capsys, lang, expect):
    path = _demo_journal(tmp_path, "augustus", "call")
    out = _said(capsys, ["--lang", lang, "replay", str(path)])
    for text in expect:
        assert text in out, text
    assert "phase place" not in out and "in play" not in out, "the table's words, not the game's English summary"


def test_augustus_replay_of_a_finished_game_in_chinese(tmp_path, capsys):
    path = _demo_journal(tmp_path, "augustus", "final")
    out = _said(capsys, ["--lang", "zh-Hans", "replay", str(path)])
    assert "奥古斯都：终局计分" in out and "胜者：Alice" in out and "number_" not in out


@pytest.mark.parametrize("lang,reason", [("zh-Hans", "元数据行 'players' 与其校验和不符"),
                                         ("zh-Hant", "中繼資料列 'players' 與其校驗和不符"),
                                         ("en", "the meta row 'players' does not match its checksum")])
def test_homes_notice_of_a_damaged_journal_gives_its_reason_in_the_tables_language(tmp_path, lang, reason):
    """The reason is the journal check's own sentence (SQLite's English until now), by its template."""
    from companion.core.store import JournalStore
    from companion.games import built_games
    from companion.session import Session
    from companion.ui.shell.viewmodels import HomeViewModel

    path = _scorepad_journal(tmp_path)
    _damage_meta(path)
    session = Session(built_games(), JournalStore(tmp_path))
    session.unfinished_games()
    session.store.list()
    notices = session.data_notices()
    assert notices and notices[0].text.startswith(path.name), "the English text is as before"
    assert "the meta row 'players' does not match its checksum" in notices[0].text
    set_language(lang)
    vm = HomeViewModel()
    vm.refresh(files=notices)
    assert reason in vm.files[0]["text"] and path.name in vm.files[0]["text"]
    if lang != "en":
        assert "checksum" not in vm.files[0]["text"]
    session.shutdown()


@pytest.mark.parametrize("lang,expect", [
    ("zh-Hans", ("模拟（未找到设备）：输入设备中没有触摸屏；以鼠标代替", "解决：连接显示屏的触摸排线（DSI）", "还没有对局")),
    ("zh-Hant", ("模擬（未找到裝置）：輸入裝置中沒有觸控螢幕；以滑鼠代替", "解決：連接顯示器的觸控排線（DSI）", "還沒有對局")),
    ("en", ("simulated (no device found): no touchscreen among the input devices; the mouse stands in",
            "fix: connect the display's touch cable (DSI)", "no games yet")),
])
def test_doctor_says_its_plain_sentences_in_the_tables_language(lang, expect):
    """hardware/ says its details in English (it may not import the UI); the doctor's report
    translates each plain sentence by its msgid, a simulated device's by its template and parts;
    a detail with a path in it stays as the probe says it."""
    from companion.doctor import _apply_mode, format_report
    from hardware.detect import FIX_TOUCH, MISSING, OK, Probe

    touch = _apply_mode("auto", "touchscreen",
                        lambda: Probe("touchscreen", MISSING, "no touchscreen among the input devices", FIX_TOUCH),
                        "the mouse stands in")
    set_language(lang)
    out = format_report([touch, Probe("journals", OK, "no games yet"), Probe("data dir", OK, "/srv/x/data, 9 MB free")])
    for text in expect:
        assert text in out, text
    assert "/srv/x/data, 9 MB free" in out
    if lang != "en":
        assert "stands in" not in out and "touch cable" not in out


def test_every_doctor_sentence_is_in_both_chinese_catalogs():
    from companion.ui.text import i18n, msgids

    found = msgids.doctor_msgids()
    assert "enable I2C: sudo raspi-config nonint do_i2c 0 (then reboot)" in found  # a FIX_ constant in hardware/
    assert "simulated ({why}): {detail}; {twin}" in found and "the mouse stands in" in found  # the doctor's
    for language in ("zh_Hans", "zh_Hant"):
        path = i18n.LOCALE_DIR / f"{language}.po"
        have = i18n.parse_po(path.read_text(encoding="utf-8"), str(path))
        assert not {m: w for m, w in found.items() if m not in have}, language


def test_doctor_says_a_detail_with_a_path_by_its_template_the_path_as_it_is(tmp_path, capsys):
    from hardware import detect

    config = _config(tmp_path)
    out = _said(capsys, ["--config", str(config), "--lang", "zh-Hans", "doctor"], code=None)
    assert f"{tmp_path / 'data'}（尚不存在：第一局时创建），剩余 " in out and "not there yet" not in out
    if not detect.probe_raspberry_pi("/"):
        assert "不是树莓派：在 \"auto\" 模式下各设备为模拟" in out
    probe = detect.probe_i2c(7, 0x3C, name="status display", root=tmp_path)
    assert probe.detail == "no /dev/i2c-7", "the English detail is as before"
    from companion.doctor import _detail_text

    set_language("zh-Hant")
    assert _detail_text(probe) == "沒有 /dev/i2c-7"


def test_replay_of_a_damaged_journal_says_why_in_the_tables_language(tmp_path, capsys):
    path = _scorepad_journal(tmp_path)
    _damage_meta(path)
    out = _said(capsys, ["--lang", "zh-Hans", "replay", str(path)], code=2)
    assert "元数据行 'players' 与其校验和不符" in out and str(path) in out and "checksum" not in out
    assert "the meta row 'players' does not match its checksum" in _said(capsys, ["--lang", "en", "replay", str(path)], code=2)


def test_a_refused_snapshot_is_told_in_the_tables_language(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"players": [{"name": "Ann"}]}', encoding="utf-8")
    err = _said(capsys, ["--lang", "zh-Hans", "score", "tribune", str(bad)], code=2, stream="err")
    assert f"companion score: {bad}: format：应为“companion-tribune-snapshot”。 [护民官 快照格式]" in err
    assert 'format: expected "companion-tribune-snapshot". [Tribune snapshot format]' in _said(
        capsys, ["--lang", "en", "score", "tribune", str(bad)], code=2, stream="err")


def test_doctor_counts_the_games_and_names_a_missing_config_in_the_tables_language(tmp_path, capsys):
    path = _scorepad_journal(tmp_path / "data")
    config = _config(tmp_path)
    out = _said(capsys, ["--config", str(config), "--lang", "zh-Hant", "doctor"], code=None)
    assert f"{path.parent} 中有 1 局（0 局未完成）" in out
    assert f"1 game in {path.parent} (0 unfinished)" in _said(capsys, ["--config", str(config), "--lang", "en", "doctor"], code=None)
    assert f"{tmp_path / 'none.toml'} 不存在：全部使用默认值" in _said(capsys, ["--config", str(tmp_path / "none.toml"), "--lang", "zh-Hans", "doctor"], code=None)


def _doctor_fragments(tmp_path, monkeypatch) -> dict[str, object]:
    """One probe per fragment the doctor used to leave in English: the journals' notes (a game, one
    without set-up, a foreign file, one set aside earlier, the app holding the folder, one busy, one
    damaged), an unreadable journal (what was being done), a newer one, the I2C details and espeak."""
    import sqlite3

    from companion.core.errors import BusyJournal
    from companion.core.journal import Journal
    from companion.core.journal_check import database_error
    from companion.core.owner import TableLock
    from companion.core.store import JournalStore
    from companion.doctor import probe_journals
    from hardware import detect
    from hardware.speech.espeak import EspeakNG
    from hardware.speech.probe import probe_speech

    set_up = [("scorepad.started", '{"players": ["Ann", "Bo"], "seed": 1}')]
    probes: dict[str, object] = {}
    notes = tmp_path / "notes" / "data"
    store = JournalStore(notes)
    store.new("scorepad", steps=[set_up]).close()
    store.new("scorepad").close()
    busy = store.new("scorepad", steps=[set_up])
    busy.close()
    _damage_meta(_scorepad_journal(notes))
    (notes / "games" / "broken.journal").write_text("this is not SQLite", encoding="utf-8")
    (notes / "games" / "old.journal.set-aside-20240101-000000").write_text("kept", encoding="utf-8")
    unreadable = JournalStore(tmp_path / "unreadable" / "data").new("scorepad", steps=[set_up])
    unreadable.close()
    refused = tmp_path / "newer" / "data"
    Journal.create(refused / "games" / "future.journal", "scorepad", version="99").close()

    def cannot_open() -> sqlite3.Error:
        exc = sqlite3.OperationalError("unable to open database file")
        exc.sqlite_errorcode = 14  # SQLITE_CANTOPEN: a reason outside the file
        return exc

    read = Journal.read
    raising = {busy.path.name: lambda path: BusyJournal(str(path), "in use by another program ({detail}); it is left as it is",
                                                        {"detail": "database is locked"}),
               unreadable.path.name: lambda path: database_error(path, cannot_open(), "the journal cannot be opened")}

    def reading(path, *args, **kwargs):
        if Path(path).name in raising:
            raise raising[Path(path).name](Path(path))
        return read(path, *args, **kwargs)

    monkeypatch.setattr(Journal, "read", staticmethod(reading))
    with TableLock.acquire(notes):
        probes["journal notes"] = probe_journals(notes)
    probes["unreadable journal"] = probe_journals(unreadable.path.parents[1])
    probes["newer journal"] = probe_journals(refused)

    root = tmp_path / "root"
    (root / "dev").mkdir(parents=True)
    (root / "dev" / "i2c-1").write_text("", encoding="utf-8")
    probes["i2c silent"] = detect.probe_i2c(1, 0x3C, 2, name="seat 0 OLED", root=root, ping=lambda *a: False)
    probes["i2c found"] = detect.probe_i2c(1, 0x3D, name="status display", root=root, ping=lambda *a: True)
    monkeypatch.setattr(detect, "_can_use", lambda path: False)  # tests often run as root
    probes["i2c not yours"] = detect.probe_i2c(1, 0x3C, name="status display", root=root)

    def espeak(voices: bool):
        def run(args, **kwargs):
            out = (b"eSpeak NG text-to-speech: 1.51  Data at: /usr/lib/x86_64-linux-gnu/espeak-ng-data\n"
                   if "--version" in args else b"Pty Language       Age/Gender VoiceName          File\n"
                   + (b" 5  %s  --/M  Voice  sit/x\n" % args[-1].split("=")[1].encode() if voices else b""))
            return subprocess.CompletedProcess(args, 0, out, b"")

        import subprocess

        return EspeakNG("/usr/bin/espeak-ng", run=run)

    probes["espeak"] = probe_speech(espeak(voices=True))
    probes["espeak without voices"] = probe_speech(espeak(voices=False))
    return probes


#: What each fragment says, in each language (the English as before).
DOCTOR_FRAGMENTS = {
    "zh-Hans": {"journal notes": ("正被 companion 使用（pid", "1 个没有设置步骤（永不继续）：", "不是 companion 的对局记录（保持原样，从不打开）：broken.journal",
                                  "1 个先前已放到一边（保留以便手动救出）：old.journal.set-aside-20240101-000000",
                                  "正被其他程序使用，未检查：", "已损坏：", "：元数据行 'players' 与其校验和不符", "这局无法按原样继续"),
                "unreadable journal": ("无法读取：", "：对局记录无法打开：unable to open database file", "检查文件的所有者和权限：ls -l "),
                "newer journal": ("已拒绝，由较新版本的 companion 写入：future.journal", "更新 companion 后才能打开"),
                "i2c silent": ("/dev/i2c-1 上的 0x3C（多路复用器 0x70 第 2 通道）无应答", "检查接线（VCC、GND、SDA、SCL）和地址：i2cdetect -y 1（TCA9548A 须在 0x70 应答）"),
                "i2c found": ("/dev/i2c-1 上的 0x3D",),
                "i2c not yours": ("/dev/i2c-1 存在，但你无法读写",),
                "espeak": ("espeak-ng 1.51，语音 cmn, en",),
                "espeak without voices": ("espeak-ng 1.51：没有语音 cmn, en",)},
    "zh-Hant": {"journal notes": ("正被 companion 使用（pid", "1 個沒有設定步驟（永不繼續）：", "不是 companion 的對局記錄（保持原樣，從不開啟）：broken.journal",
                                  "1 個先前已放到一旁（保留以便手動救出）：old.journal.set-aside-20240101-000000",
                                  "正被其他程式使用，未檢查：", "已損壞：", "：中繼資料列 'players' 與其校驗和不符", "這局無法照原樣繼續"),
                "unreadable journal": ("無法讀取：", "：對局記錄無法開啟：unable to open database file", "檢查檔案的擁有者和權限：ls -l "),
                "newer journal": ("已拒絕，由較新版本的 companion 寫入：future.journal",),
                "i2c silent": ("/dev/i2c-1 上的 0x3C（多工器 0x70 第 2 通道）無回應", "檢查接線（VCC、GND、SDA、SCL）和位址：i2cdetect -y 1（TCA9548A 須在 0x70 回應）"),
                "i2c found": ("/dev/i2c-1 上的 0x3D",),
                "i2c not yours": ("/dev/i2c-1 存在，但你無法讀寫",),
                "espeak": ("espeak-ng 1.51，語音 cmn, en",),
                "espeak without voices": ("espeak-ng 1.51：沒有語音 cmn, en",)},
    "en": {"journal notes": ("in use by companion (pid", "1 without a set-up step (never resumed): ",
                             "; not companion journals (left as they are, never opened): broken.journal",
                             "; 1 set aside earlier (kept for rescue by hand): old.journal.set-aside-20240101-000000",
                             "; in use by another program, not checked: ", "; damaged: ",
                             ": the meta row 'players' does not match its checksum", "this game cannot be resumed as it is"),
           "unreadable journal": ("; cannot be read: ", ": the journal cannot be opened: unable to open database file",
                                  "check the files' owner and permissions: ls -l "),
           "newer journal": ("refused, written by a newer companion: future.journal", "update companion to open them"),
           "i2c silent": ("nothing answers at 0x3C on /dev/i2c-1 (mux 0x70 channel 2)",
                          "check the wiring (VCC, GND, SDA, SCL) and the address: i2cdetect -y 1 (the TCA9548A must answer at 0x70)"),
           "i2c found": ("0x3D on /dev/i2c-1",),
           "i2c not yours": ("/dev/i2c-1 present but not readable and writable by you",),
           "espeak": ("espeak-ng 1.51, voices cmn, en",),
           "espeak without voices": ("espeak-ng 1.51: no voice cmn, en",)},
}


@pytest.mark.parametrize("lang", sorted(DOCTOR_FRAGMENTS))
def test_doctor_says_every_journal_note_i2c_detail_and_espeak_line_in_the_tables_language(tmp_path, monkeypatch, lang):
    """hardware/ and the doctor carry each of these as a template with its parts (`Probe.said`,
    `JournalError.template`): the report says each in the table's language, the files, paths,
    addresses and commands as they are, and no English word is left in a Chinese line."""
    from companion.doctor import format_report

    probes = _doctor_fragments(tmp_path, monkeypatch)
    set_language(lang)
    for fragment, expected in DOCTOR_FRAGMENTS[lang].items():
        lines = format_report([probes[fragment]]).split("\n\n")[1].split("\n")[1:]  # its row and its fix
        text = "\n".join(lines)
        for words in expected:
            assert words in text, (fragment, words, text)
        if lang != "en":
            assert not english_left(text), (fragment, english_left(text), text)
        else:
            assert english_left(text), "the check would see English if it were left"


@pytest.mark.parametrize("lang,said", [("zh-Hans", "对局记录无法打开：unable to open database file"),
                                       ("zh-Hant", "對局記錄無法開啟：unable to open database file"),
                                       ("en", "the journal cannot be opened: unable to open database file")])
def test_what_a_journal_check_was_doing_is_said_in_the_tables_language(tmp_path, lang, said):
    """An unreadable journal's reason names what was being done (a `Phrase`): home and `companion
    replay` translate it inside the reason; the English message reads as before."""
    import sqlite3

    from companion.core.journal_check import database_error
    from companion.ui.text.i18n import translate_notice

    exc = sqlite3.OperationalError("unable to open database file")
    exc.sqlite_errorcode = 14
    error = database_error(tmp_path / "a.journal", exc, "the journal cannot be opened")
    assert error.message == "the journal cannot be opened: unable to open database file"
    set_language(lang)
    assert translate_notice(error.template, error.params) == said


@pytest.mark.parametrize("lang,foreign,damaged", [
    ("zh-Hans", "companion：无法继续 {path}：不是 companion 的对局记录（不是 SQLite 文件）",
     "companion：无法继续 {path}：元数据行 'players' 与其校验和不符"),
    ("zh-Hant", "companion：無法繼續 {path}：不是 companion 的對局記錄（不是 SQLite 檔案）",
     "companion：無法繼續 {path}：中繼資料列 'players' 與其校驗和不符"),
    ("en", "companion: could not resume {path}: not a companion journal (not an SQLite file)",
     "companion: could not resume {path}: the meta row 'players' does not match its checksum"),
])
def test_a_game_that_cannot_be_resumed_is_told_in_the_tables_language(tmp_path, lang, foreign, damaged):
    """`companion --resume PATH` (or the resume at start) says what it met and what the store did
    with the file (set aside, or left as it is) in the table's language, the path as it is."""
    from companion.cli import _could_not_resume
    from companion.core.errors import JournalError
    from companion.core.store import JournalStore
    from companion.games import built_games
    from companion.session import Session
    from companion.ui.text.i18n import translate_data_notice

    path = _scorepad_journal(tmp_path)
    _damage_meta(path)
    notes = path.parent / "notes.journal"
    notes.write_text("shopping list", encoding="utf-8")
    session = Session(built_games(), JournalStore(tmp_path))
    set_language(lang)
    try:
        for given, expected in ((notes, foreign), (path, damaged)):
            with pytest.raises(JournalError) as caught:
                session.resume(str(given))
            told = _could_not_resume(str(given), caught.value, session)
            first, *rest = told.split("\n")
            assert first == expected.format(path=given), told
            notice = next(n for n in session.data_notices() if given.name in (n.path.name, n.params.get("file")))
            assert rest and all(part in rest[0] for part in translate_data_notice(notice)), told
            if lang != "en":
                assert not english_left(told), told
    finally:
        session.shutdown()
