"""The one exception the package reader raises: a problem in the package, told in plain words."""

from __future__ import annotations


class PackageError(Exception):
    """The package is malformed or uses something Juiz does not support.

    The message is meant for the person who wrote the package (a judge or an admin): it names
    the file and says what is wrong, so callers print it as is, never with a traceback.
    """
