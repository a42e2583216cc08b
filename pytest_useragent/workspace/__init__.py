"""The persona's own files in the session directory: documents it writes while it works."""
