"""The app around the games: start-up, navigation, the bridge from device threads, home,
set-up, settings and history screens, profiles, fonts, pads and the status display."""
