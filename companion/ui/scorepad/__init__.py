"""The score pad's part of the app: its score table (seats, ±points, a keypad, the final ranking),
its history's words and the correction of one seat's points. Its set-up is the shell's shared one
(names and pads), which other games use too."""
