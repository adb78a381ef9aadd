"""What waits for the person's approval, and the panes where they decide.

memory_notices.py   the transcript line of a staged memory write, and the key that opens the panes
memory_pane.py      the memory approval pane (staged writes, before/after, why staged)
tool_requests.py    tool requests (edits, writes, commands) the turn waits on, and their lines
tool_pane.py        the tool approval pane (diff or command, allow / deny / note)
coordinator.py      which pane opens, decisions made in them, badges and notices in step
"""
