"""What the app shows of a WW2 skirmish (no pygame): figures, markers,
actions offered, previews, the side panel."""
