"""The ``microcoder`` command line: one click group, one module per sub-command."""
