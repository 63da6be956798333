"""Speech for the crier's call (Augustus): a real text-to-speech engine from Debian's packages
(espeak-ng, which has Mandarin and English voices) writes each phrase once to a WAV file in a
cache; an announcer thread hands the file to whatever plays sound (the UI's SDL player), so the
table's thread never waits. No engine or no audio device breaks nothing: the call is still shown.
Imports nothing from `companion`."""
