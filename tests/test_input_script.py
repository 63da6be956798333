"""Input-script parsing: every documented line parses; every mistake names its line."""

import pytest

from companion.ui.shell.script import ScriptError, parse_script


def test_documented_example_parses():
    steps = parse_script(
        """
        # two players
        touch home.game.scorepad
        text setup.name.0 Ann Lee
        press 2 plus
        dice red:3 white:5 yellow:2
        wait 0.25
        expect table.seat.1.score 2
        screenshot out.png
        quit
        """
    )
    assert [s.verb for s in steps] == ["touch", "text", "press", "dice", "wait", "expect", "screenshot", "quit"]
    assert steps[1].args == ("setup.name.0", "Ann Lee")
    assert steps[0].line == 3


@pytest.mark.parametrize(
    "line, words",
    [
        ("jump 3", "unknown input 'jump'"),
        ("press 0 plus", "seat number from 1"),
        ("press 1 enter", "pad key is one of"),
        ("dice green:3", "colour:face"),
        ("dice red:7", "colour:face"),
        ("wait soon", "seconds"),
        ("touch", "takes 1 argument"),
        ("answer", "answer takes the answer (JSON)"),
        ("answer red", "as JSON"),
        ("answer 3 0", "seat number from 1"),
    ],
)
def test_mistakes_name_the_line(line, words):
    with pytest.raises(ScriptError) as info:
        parse_script("wait 0\n" + line)
    assert info.value.line == 2 and words in str(info.value) and "line 2" in str(info.value)


def test_an_answer_line_carries_json_and_maybe_a_seat():
    steps = parse_script("answer '[[\"red\", 3]]'\nanswer 4 2\n")
    assert [(s.verb, s.args) for s in steps] == [("answer", ('[["red", 3]]',)), ("answer", ("4", "2"))]
