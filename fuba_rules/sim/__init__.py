"""Playing matches: one at a time with a full log, or thousands for statistics."""
