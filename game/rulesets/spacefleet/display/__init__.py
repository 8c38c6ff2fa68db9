"""What the desktop app draws and offers for the space fleet: ``figures``
(ships, ordnance, markers, overlays), ``choices`` (point and figure
actions), ``previews`` (the rules' own numbers before an action) and
``descriptions`` (button labels, the battle log's words); ``frame`` maps the
low-orbit table onto the main one. Nothing here decides a rule."""
