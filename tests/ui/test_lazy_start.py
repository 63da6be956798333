"""What a start resuming a game makes before its first frame: that game's half of the app, not
every game's (the others are made when first asked for, or at the first idle moment), and the
texts of its panels not on screen wait until then too."""

from __future__ import annotations

import pytest

from tests.ui.test_app_process import run_python
from tests.ui.test_kept_textures import plain_label  # noqa: F401  (a fixture: KeepsTextures without kv rules)

OTHER_GAMES = ("augustus", "dice", "scorepad", "secretbid", "tribune", "troyes")


@pytest.mark.timeout(120)
def test_a_resumed_trajan_game_makes_only_its_own_half_before_the_first_frame(tmp_path):
    proc = run_python(f"""
        import sys
        from companion.core.store import JournalStore
        from companion.games import built_games
        from companion.session import Intent, Session
        from companion.ui.shell.app import run_app
        from companion.cli import game_choices

        session = Session(built_games(), JournalStore({str(tmp_path / 'data')!r}))
        session.handle(Intent('new_game', {{'game': 'scorepad', 'setup': {{'players': ['Ann', 'Bo', 'Cy']}}}}))
        session.handle(Intent('close'))
        setup = {{'players': ['Ann', 'Bo'], 'colours': ['red', 'blue'], 'seed': 24, 'mode': 'full'}}
        session.handle(Intent('new_game', {{'game': 'trajan', 'setup': setup}}))
        session.handle(Intent('close'))
        session.resume()  # what the CLI does when an unfinished game exists

        def ready(app):
            loaded = sorted(g for g in {OTHER_GAMES!r} if any(m.startswith('companion.ui.' + g + '.')
                                                              for m in sys.modules))
            print('at first frame', app.sm.current, [ui.id for ui in app.game_uis.made()], loaded)
            other = app.game_ui('troyes')  # asked for: every other game's half is made
            print('asked', other.id, app.game_uis.complete(), app.route('setup'), app.setup_vm.names[:3])

        run_app(session, language='en', profile='800x480', on_ready=ready, exit_after_first_frame=True,
                games=game_choices())
    """, tmp_path, timeout=100)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "at first frame trajan_table ['trajan'] []" in proc.stdout, proc.stdout
    # made later, a game's half starts as at start: the shared set-up is the first game's on it,
    # offering the players of the newest game of its kind on disk
    assert "asked troyes True setup ['Ann', 'Bo', 'Cy']" in proc.stdout, proc.stdout


@pytest.fixture()
def no_hold_after():
    """Texts are held in a test only: none after it."""
    from companion.ui.widgets import held_texts

    yield
    held_texts.drop()


def test_while_held_a_label_outside_the_window_lays_its_text_out_only_once_released(plain_label, no_hold_after):
    from kivy.core.window import Window
    from kivy.uix.boxlayout import BoxLayout

    from companion.ui.widgets import held_texts

    held_texts.hold()
    panel = BoxLayout()  # a panel made but not shown
    unshown = plain_label(text="Season summary, held", font_size=20)
    panel.add_widget(unshown)
    shown = plain_label(text="On the screen, not held", font_size=20)
    Window.add_widget(shown)
    try:
        unshown.texture_update(0.0)  # as the clock calls it
        shown.texture_update(0.0)
        assert unshown.texture_size == [0, 0]
        assert shown.texture_size[0] > 0
        unshown.texture_update()  # a direct call measures: never held
        assert unshown.texture_size[0] > 0
        later = plain_label(text="Made later, still outside", font_size=20)
        panel.add_widget(later)
        later.texture_update(0.0)
        assert later.texture_size == [0, 0]
        held_texts.release()
        assert later._trigger_texture.is_triggered  # laid out at the clock's next call
        later.texture_update(0.0)
        assert later.texture_size[0] > 0
    finally:
        Window.remove_widget(shown)


def test_a_held_label_that_went_into_the_window_is_laid_out_for_the_next_frame(plain_label, no_hold_after):
    from kivy.core.window import Window
    from kivy.uix.boxlayout import BoxLayout

    from companion.ui.widgets import held_texts

    held_texts.hold()
    panel = BoxLayout()
    label = plain_label(text="Trays, shown after all", font_size=20)
    panel.add_widget(label)
    label.texture_update(0.0)
    assert label.texture_size == [0, 0]
    Window.add_widget(panel)
    try:
        held_texts.show_in_window()
        assert label._trigger_texture.is_triggered
        label.texture_update(0.0)
        assert label.texture_size[0] > 0
    finally:
        Window.remove_widget(panel)


def test_a_held_label_shown_after_the_first_frame_gets_its_text_at_the_next_frame(plain_label, no_hold_after):
    """A screen shown before the first idle moment (a tap, the screenshot of a demo state) draws
    its labels' texts at once, not only after the idle moment: the "+" of Tribune's money screen
    was drawn blank in its doc picture. While texts are held the clock checks at every frame
    (the clock's own events are called here, not `Clock.tick`: that would run every other test's
    leftovers in this process)."""
    from kivy.core.window import Window
    from kivy.uix.boxlayout import BoxLayout

    from companion.ui.widgets import held_texts

    held_texts.hold()
    panel = BoxLayout()
    label = plain_label(text="+", font_size=20)
    panel.add_widget(label)
    label._trigger_texture.cancel()
    label.texture_update(0.0)  # the clock's call while the panel is not shown: it waits
    assert label.texture_size == [0, 0] and not label._trigger_texture.is_triggered
    each_frame = held_texts._EACH_FRAME
    assert each_frame is not None and each_frame.is_triggered, "held texts are checked at every frame"
    each_frame.get_callback()(0.0)  # a frame while still not shown: nothing to do
    assert not label._trigger_texture.is_triggered
    Window.add_widget(panel)  # shown, and nobody calls show_in_window
    try:
        each_frame.get_callback()(0.0)  # the next frame's check
        assert label._trigger_texture.is_triggered, "a held label in the window is laid out for the next frame"
        label.texture_update(0.0)
        assert label.texture_size[0] > 0
    finally:
        Window.remove_widget(panel)
    held_texts.release()
    assert held_texts._EACH_FRAME is None and not each_frame.is_triggered, "no check once released"
