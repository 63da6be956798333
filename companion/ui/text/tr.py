"""`tr._("…")` for .kv files: a translated text that re-renders when the language changes.

Kivy's kv language binds a rule to every Observable it reads. `tr` is an Observable whose `_`
"property" remembers every rule that used it; `switch()` re-evaluates them all, so a language change
in Settings re-renders every kv text at once without rebuilding screens. (The pattern is the one
Kivy's own i18n example uses.) Python-side texts are re-made by the view-models' `relabel()`.
"""

from __future__ import annotations

from typing import Any, Callable

from kivy.event import Observable

from companion.ui.text import i18n


class Translator(Observable):
    def __init__(self) -> None:
        super().__init__()
        self._observers: dict[int, tuple[Callable[..., Any], tuple[Any, ...], dict[str, Any]]] = {}
        self._next_uid = 1

    def _(self, msgid: str) -> str:
        return i18n._(msgid)

    def fbind(self, name: str, func: Callable[..., Any], *largs: Any, **kwargs: Any) -> int:
        if name != "_":
            return super().fbind(name, func, *largs, **kwargs)
        uid = self._next_uid
        self._next_uid += 1
        self._observers[uid] = (func, largs, kwargs)
        return uid

    def funbind(self, name: str, func: Callable[..., Any], *largs: Any, **kwargs: Any) -> None:
        if name != "_":
            return super().funbind(name, func, *largs, **kwargs)
        for uid, observer in list(self._observers.items()):
            if observer == (func, largs, kwargs):
                del self._observers[uid]
        return None

    def unbind_uid(self, name: str, uid: int) -> None:
        if name != "_":
            return super().unbind_uid(name, uid)
        self._observers.pop(uid, None)
        return None

    def switch(self, language: str) -> str:
        """Sets the language and re-evaluates every kv rule that used `tr._`; returns the code."""
        code = i18n.set_language(language)
        self.refresh()
        return code

    def refresh(self) -> None:
        for uid, (func, largs, _kwargs) in list(self._observers.items()):
            try:
                func(largs[0] if len(largs) == 1 else largs, None, None)
            except ReferenceError:  # the widget the rule belonged to is gone
                self._observers.pop(uid, None)

    def forget_all(self) -> None:
        """Drops every rule: called when an app stops, whose widgets must not be re-evaluated
        (their kv rules read `app`, which no longer runs) if another app starts in this process."""
        self._observers.clear()

    @property
    def observer_count(self) -> int:
        return len(self._observers)


tr = Translator()
