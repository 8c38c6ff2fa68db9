"""The app's screens: menu, battle, replay viewer, dialogs, help."""
