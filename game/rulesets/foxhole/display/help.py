"""Foxhole's section of the in-battle Help: how a turn goes and what the
player does, in a few lines (the Help screen's ``help_lines`` hook)."""

HELP_LINES = (
    "Set-up: the defender picks its end of the table and places six possible objectives; the attacker's intel "
    "roll shows it some of them, it chooses its mission, and each side sets up its elements (hidden ones appear "
    "to the other side as numbered markers).",
    "Each turn a side rolls for its commander's command points, may close assault at the start, then uses every "
    "element once, one at a time.",
    "Using an element: its motivation roll first (command points added to it help), then a move or a stay; a "
    "must-advance result sends it nearer the enemy, a defensive one keeps it from getting closer.",
    "After each use every enemy element that saw it (at the start, at the end or for half its way) fires at it; "
    "in the first half of a move one enemy element may interrupt it and send it back.",
    "The attacker wins at once when every objective of its mission is taken (an unsuppressed element ends its use "
    "on one with no enemy element beside it); the defender wins when the turns run out or the attack stalls.",
)
