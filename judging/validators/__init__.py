"""Validators of `validator:<name>` problems: judging/validators/<name>.py, each defining
`validate(args, got) -> bool | str` (True accepts; False or a message rejects).

They are files, not modules of the engine: whoever loads a case file gives the problem its
validator's file (judging/functions/library.py: validator_path), and the host comparison loads
validate() from it (judging/functions/compare.py: load_validator).
"""
