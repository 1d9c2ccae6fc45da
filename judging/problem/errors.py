"""The one exception the package reader raises: a problem in the package, told in plain words."""

from __future__ import annotations


class PackageError(Exception):
    """The package is malformed or uses something Juiz does not support.

    The message is meant for the person who wrote the package (a judge or an admin): it names
    the file and says what is wrong, so callers print it as is, never with a traceback.
    `short` is the few words a table of many packages gives as the reason their submissions
    cannot be judged ("no test data"); "" for a refusal without one.
    """

    def __init__(self, message: str, *, short: str = "") -> None:
        super().__init__(message)
        self.short = short
