"""A kept panel's container (companion/ui/augustus/shelf.py `Shelf.fill`): the widgets it already
holds first stay in it, so a call that offers a seat one choice more or fewer does not take the
others out and put them back (each a layout and a canvas rebuilt)."""

from __future__ import annotations

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.widget import Widget

from companion.ui.augustus.shelf import Shelf


def test_the_widgets_held_first_stay_and_the_rest_follow_in_order():
    box, widgets = BoxLayout(), [Widget() for _ in range(4)]
    Shelf.fill(box, widgets[:3])
    moved: list[Widget] = []
    for widget in widgets:
        widget.bind(parent=lambda w, _parent: moved.append(w))
    Shelf.fill(box, widgets)  # one more
    assert list(reversed(box.children)) == widgets and moved == [widgets[3]]
    moved.clear()
    Shelf.fill(box, [widgets[0], widgets[3]])  # the middle two go, the last comes forward
    assert list(reversed(box.children)) == [widgets[0], widgets[3]]
    assert widgets[0] not in moved and widgets[1].parent is None and widgets[2].parent is None
    other = BoxLayout()
    Shelf.fill(other, [widgets[3]])  # a widget held elsewhere moves
    assert widgets[3].parent is other and list(reversed(box.children)) == [widgets[0]]
