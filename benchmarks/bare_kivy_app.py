"""The baseline for benchmarks/startup.py: a bare Kivy app with one Label, nothing else.

It prints `first-frame` once Kivy has displayed its first frame and exits, exactly as companion
does under COMPANION_EXIT_AFTER_FIRST_FRAME=1, so both are timed the same way by the parent.
"""

import sys

from kivy.app import App
from kivy.clock import Clock
from kivy.uix.label import Label


class BareApp(App):
    kv_file = "__none__.kv"

    def build(self):
        Clock.schedule_interval(self._check, 0)
        return Label(text="Hello")

    def _check(self, dt):
        if Clock.frames_displayed >= 1:
            print("first-frame", flush=True)
            self.stop()
            return False
        return True


if __name__ == "__main__":
    BareApp().run()
    sys.exit(0)
