"""Pure game engines: rules only, no I/O."""
