"""Undo and redo stacks over :mod:`game.editor.commands`."""

from __future__ import annotations

from game.editor.command_base import Steps
from game.editor.commands import Command
from game.editor.document import MapDocument


class History:
    """Runs commands on one document and keeps them for undo and redo.

    ``execute`` clears the redo stack. A command that raises
    :class:`~game.editor.commands.EditError` is not recorded. At most ``limit``
    commands are kept (the oldest are forgotten).
    """

    def __init__(self, doc: MapDocument, limit: int = 500) -> None:
        self.doc = doc
        self.limit = limit
        self.undo_stack: list[Command] = []
        self.redo_stack: list[Command] = []

    def execute(self, cmd: Command) -> Command:
        """Do ``cmd`` and record it. Raises EditError (nothing recorded) when
        it cannot be done. The commands of ``cmd.absorbs``'s class just before
        it (a polygon's vertices before its closing) are recorded with it as
        one undo step (:class:`~game.editor.command_base.Steps`)."""
        cmd.do(self.doc)
        step: Command = cmd
        if cmd.absorbs is not None:
            k = len(self.undo_stack)
            while k > 0 and isinstance(self.undo_stack[k - 1], cmd.absorbs):
                k -= 1
            if k < len(self.undo_stack):
                step = Steps(self.undo_stack[k:] + [cmd])
                del self.undo_stack[k:]
        self.undo_stack.append(step)
        del self.undo_stack[: max(0, len(self.undo_stack) - self.limit)]
        self.redo_stack.clear()
        return cmd

    @property
    def can_undo(self) -> bool:
        """True when there is something to undo."""
        return bool(self.undo_stack)

    @property
    def can_redo(self) -> bool:
        """True when there is something to redo."""
        return bool(self.redo_stack)

    def undo(self) -> Command | None:
        """Undo the last command; returns it (None when there is nothing to undo)."""
        if not self.undo_stack:
            return None
        cmd = self.undo_stack.pop()
        cmd.undo(self.doc)
        self.redo_stack.append(cmd)
        return cmd

    def redo(self) -> Command | None:
        """Redo the last undone command; returns it (None when there is nothing to redo)."""
        if not self.redo_stack:
            return None
        cmd = self.redo_stack.pop()
        cmd.do(self.doc)
        self.undo_stack.append(cmd)
        return cmd

    def clear(self) -> None:
        """Forget every command (after opening another file)."""
        self.undo_stack.clear()
        self.redo_stack.clear()
