"""Layer 4: the ``samrap`` command line (Typer + Rich), thin glue over engine and players."""
