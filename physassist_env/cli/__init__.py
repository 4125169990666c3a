"""The ``physassist`` command line: one sub-command module per job."""
