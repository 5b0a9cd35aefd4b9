"""Hosting layer of Meiji Table: the table service, storage, the terminal table and the CLI."""
