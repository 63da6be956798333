"""Dice tray: a stand-alone tally of dice throws, read by the dice scanner or entered by hand.

No players and no rules of any board game: every throw the table accepts becomes one journaled
read — a settled scanner read (with the scanner's boot id and frame number, so an app that restarts
can tell the reader which read it counted last and the dice still in the tray are not counted
twice) or dice entered by hand — and undo takes a read back. Troyes' screens will use the same
panel over their own rules; this game is the panel's stand-alone home.
"""
