"""The desktop app: the only package that imports pygame.

Layout: :mod:`game.ui.app` (the App, its scene stack and ``run``),
:mod:`game.ui.scene` (the Scene base class every screen extends),
:mod:`game.ui.camera`, :mod:`game.ui.render` (cached terrain, figures,
markers, overlays), :mod:`game.ui.scenes` (menu, battle, replay, help, ...).
Scenes hold no rules: they turn input into actions through the ruleset
protocol and draw what the ruleset's display hooks and the geometry layer say.
"""

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on every run
