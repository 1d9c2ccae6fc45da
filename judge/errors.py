"""The one way a service refuses: ServiceError(code, message).

`code` is stable and snake_case (for tests, API clients and logs); `message` is a sentence for
the person who asked, shown as it is by the pages and returned by the API.
"""

from __future__ import annotations


class ServiceError(Exception):
    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
