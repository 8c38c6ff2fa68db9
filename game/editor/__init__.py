"""The map editor's headless model: an editable document, edit commands with
undo and redo, snapping, measuring, validation, files, import/export and table
generators. Nothing here imports pygame; the editor scene in ``game/ui`` drives
these modules.

Units are table millimetres, origin at the table's top-left corner, y down.
"""
