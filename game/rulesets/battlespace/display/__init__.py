"""Battlespace's display hooks for the desktop app: ``figures`` (figures,
markers, terrain, side colours), ``actions`` (what a selected soldier is
offered, button labels), ``preview`` (odds, paths, templates, range rings)
and ``describe`` (the battle log's sentences). Nothing here decides a rule."""
