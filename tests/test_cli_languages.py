"""`companion replay`, `companion doctor` and `companion score` speak the table's language
(`--lang`, else the config's) and name things as the touchscreen does, never by internal id:
Trajan's season results and bonus tiles, Troyes' final breakdown, the secret bid's standing, the
doctor's checks and verdict; in English the words stay the ones people and scripts already read."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from companion.ui.text.i18n import set_language

EXAMPLES = Path(__file__).resolve().parents[1] / "docs" / "examples"

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    set_language("en")


def test_trajan_season_in_chinese_with_the_touchscreens_names(capsys):
    from companion.ui.trajan import names

    assert main(["--lang", "zh-Hans", "score", "trajan", str(EXAMPLES / "trajan-season.json")]) == 0
    out = capsys.readouterr().out
    assert "commodity_wine_fish" not in out and "workers" not in out, "bonus tiles by their names"
    set_language("zh-Hans")
    assert names.bonus_tile("commodity_wine_fish") in out and names.demand("bread") in out
    assert "图拉真：第 2 季计分" in out and "执政官：Livia；副执政官：Julia" in out
    assert "未满足 2 个：罚 9 分" in out and "Trajan tile" not in out


def test_trajan_season_in_english_reads_as_before_but_names_the_tiles(capsys):
    assert main(["--lang", "en", "score", "trajan", str(EXAMPLES / "trajan-season.json")]) == 0
    out = capsys.readouterr().out
    assert "Trajan: season 2 scoring" in out and "Consul: Livia; proconsul: Julia" in out
    assert "unmet 2: penalty 9; VP 45 → 36" in out and "commodity_wine_fish" not in out
    assert "Wine & Fish" in out or "wine & fish" in out.lower()


@pytest.mark.parametrize("lang,heading,total", [("zh-Hans", "特鲁瓦：终局计分", "合计 41"),
                                                 ("zh-Hant", "特魯瓦：終局計分", "合計 41"),
                                                 ("en", "Troyes: final scoring", "Total 41")])
def test_troyes_final_in_each_language(capsys, lang, heading, total):
    assert main(["--lang", lang, "score", "troyes", str(EXAMPLES / "troyes-final.json")]) == 0
    out = capsys.readouterr().out
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
    assert main(["--lang", "zh-Hans", "replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "游戏：计分板" in out and "状态：已结束，共 3 步（撤销 0 步）" in out and "名次" in out
    assert "finished" not in out and "scorepad" not in out.split("\n", 1)[1], "no internal id but the file's name"
    assert main(["--lang", "en", "replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "game:     Score pad" in out and "status:   finished, 3 steps (0 undone)" in out


def test_replay_of_a_trajan_game_in_progress_and_at_its_end(tmp_path, capsys):
    from companion.cli import game_choices
    from companion.demo import demo_game_session
    from companion.games import all_rules
    from companion.ui.shell.choices import register

    register(game_choices())
    for state, expect_zh, expect_en in (("season", "图拉真：第 3 季，第 1 轮", "Trajan: season 3, round 1"),
                                        ("final", "图拉真：终局计分", "Trajan: final scoring")):
        session = demo_game_session(tmp_path / state, "en", "trajan", state, all_rules())
        path = session.engine.journal.path
        session.shutdown()
        assert main(["--lang", "zh-Hans", "replay", str(path)]) == 0
        out = capsys.readouterr().out
        assert expect_zh in out and "commodity_" not in out and "bonus_tiles" not in out
        assert main(["--lang", "en", "replay", str(path)]) == 0
        assert expect_en in capsys.readouterr().out


def test_replay_of_a_secret_bid_in_chinese_says_who_locked_never_what(tmp_path, capsys):
    from companion.core.store import JournalStore
    from companion.games import built_games
    from companion.session import Intent, Session

    session = Session(built_games(), JournalStore(tmp_path))
    session.handle(Intent("new_game", {"game": "secretbid", "setup": {"players": ["Ann", "Bo"], "seed": 1}}))
    session.handle(Intent("lock_bid", {"seat": 0, "amount": 4_837_261}))
    path = session.engine.journal.path
    session.shutdown()
    assert main(["--lang", "zh-Hans", "replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "暗标：第 1 轮，出价中" in out and "已锁定：Ann" in out and "等待中：Bo" in out
    assert "4837261" not in out and "4,837,261" not in out


def test_doctor_in_chinese_and_english(tmp_path, capsys):
    config = tmp_path / "config.toml"
    config.write_text(f'data_dir = "{tmp_path / "data"}"\n', encoding="utf-8")
    main(["--config", str(config), "--lang", "zh-Hant", "doctor"])
    out = capsys.readouterr().out
    assert "檢查項" in out and "資料目錄" in out and "對局記錄" in out and "設定檔" in out
    assert "data dir" not in out and "journals " not in out, "the checks by their names in the language"
    main(["--config", str(config), "--lang", "en", "doctor"])
    out = capsys.readouterr().out
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
    assert main(["--lang", lang, "score", "tribune", str(EXAMPLES / "tribune-two-qualify.json")]) == 0
    out = capsys.readouterr().out
    assert heading in out and needs in out and verdict in out
    assert "several_winners" not in out and "favour " not in out and "margin;" not in out, "no setting ids"
    assert main(["--lang", lang, "score", "tribune", str(EXAMPLES / "tribune-round-end.json")]) == 0
    set_language(lang)
    from companion.ui.tribune import board_words

    out = capsys.readouterr().out
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
    assert main(["--lang", lang, "replay", str(path)]) == 0
    out = capsys.readouterr().out
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
    assert main(["--lang", lang, "replay", str(path)]) == 0
    out = capsys.readouterr().out
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
    assert main(["--lang", lang, "score", "augustus", str(EXAMPLES / "augustus-final.json")]) == 0
    out = capsys.readouterr().out
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
    assert main(["--lang", lang, "replay", str(path)]) == 0
    out = capsys.readouterr().out
    for text in expect:
        assert text in out, text
    assert "phase place" not in out and "in play" not in out, "the table's words, not the game's English summary"


def test_augustus_replay_of_a_finished_game_in_chinese(tmp_path, capsys):
    path = _demo_journal(tmp_path, "augustus", "final")
    assert main(["--lang", "zh-Hans", "replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "奥古斯都：终局计分" in out and "胜者：Alice" in out and "number_" not in out


@pytest.mark.parametrize("lang,reason", [("zh-Hans", "元数据行 'players' 与其校验和不符"),
                                         ("zh-Hant", "中繼資料列 'players' 與其校驗和不符"),
                                         ("en", "the meta row 'players' does not match its checksum")])
def test_homes_notice_of_a_damaged_journal_gives_its_reason_in_the_tables_language(tmp_path, lang, reason):
    """The reason is the journal check's own sentence (SQLite's English until now), by its template."""
    import sqlite3

    from companion.core.store import JournalStore
    from companion.games import built_games
    from companion.session import Session
    from companion.ui.shell.viewmodels import HomeViewModel

    path = _scorepad_journal(tmp_path)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE meta SET value = '[\"Ann\", \"Eve\"]' WHERE key = 'players'")
    conn.close()
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

    config = tmp_path / "config.toml"
    config.write_text(f'data_dir = "{tmp_path / "data"}"\n', encoding="utf-8")
    main(["--config", str(config), "--lang", "zh-Hans", "doctor"])
    out = capsys.readouterr().out
    assert f"{tmp_path / 'data'}（尚不存在：第一局时创建），剩余 " in out and "not there yet" not in out
    if not detect.probe_raspberry_pi("/"):
        assert "不是树莓派：在 \"auto\" 模式下各设备为模拟" in out
    probe = detect.probe_i2c(7, 0x3C, name="status display", root=tmp_path)
    assert probe.detail == "no /dev/i2c-7", "the English detail is as before"
    from companion.doctor import _detail_text

    set_language("zh-Hant")
    assert _detail_text(probe) == "沒有 /dev/i2c-7"


def test_replay_of_a_damaged_journal_says_why_in_the_tables_language(tmp_path, capsys):
    import sqlite3

    path = _scorepad_journal(tmp_path)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE meta SET value = '[\"Ann\", \"Eve\"]' WHERE key = 'players'")
    conn.close()
    assert main(["--lang", "zh-Hans", "replay", str(path)]) == 2
    out = capsys.readouterr().out
    assert "元数据行 'players' 与其校验和不符" in out and str(path) in out and "checksum" not in out
    assert main(["--lang", "en", "replay", str(path)]) == 2
    assert "the meta row 'players' does not match its checksum" in capsys.readouterr().out


def test_a_refused_snapshot_is_told_in_the_tables_language(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text('{"players": [{"name": "Ann"}]}', encoding="utf-8")
    assert main(["--lang", "zh-Hans", "score", "tribune", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"companion score: {bad}: format：应为“companion-tribune-snapshot”。 [护民官 快照格式]" in err
    assert main(["--lang", "en", "score", "tribune", str(bad)]) == 2
    assert 'format: expected "companion-tribune-snapshot". [Tribune snapshot format]' in capsys.readouterr().err


def test_doctor_counts_the_games_and_names_a_missing_config_in_the_tables_language(tmp_path, capsys):
    path = _scorepad_journal(tmp_path / "data")
    config = tmp_path / "config.toml"
    config.write_text(f'data_dir = "{tmp_path / "data"}"\n', encoding="utf-8")
    main(["--config", str(config), "--lang", "zh-Hant", "doctor"])
    out = capsys.readouterr().out
    assert f"{path.parent} 中有 1 局（0 局未完成）" in out
    main(["--config", str(config), "--lang", "en", "doctor"])
    assert f"1 game in {path.parent} (0 unfinished)" in capsys.readouterr().out
    main(["--config", str(tmp_path / "none.toml"), "--lang", "zh-Hans", "doctor"])
    assert f"{tmp_path / 'none.toml'} 不存在：全部使用默认值" in capsys.readouterr().out
