"""Tools for the dice scanner's makers: the protocol (PROTOCOL.md), a simulator (`scanner-sim`),
a live decoder (`scanner-monitor`) and a conformance suite (`scanner-check`). They use the app's
own codec and twin from `hardware.scanner`, so the tools and the app cannot disagree."""
