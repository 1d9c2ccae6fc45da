"""WebsocketCommunicator through the real ASGI stack (origin check, session auth)."""

from __future__ import annotations

from channels.testing import WebsocketCommunicator
from django.test import Client

from accounts.models import User
from config.asgi import application


def cookie_for(user: User | None) -> str:
    if user is None:
        return ""
    client = Client()
    client.force_login(user)
    return f"sessionid={client.cookies['sessionid'].value}"


def communicator(
    path: str, cookie: str = "", origin: str = "http://testserver"
) -> WebsocketCommunicator:
    headers = [(b"origin", origin.encode()), (b"host", b"testserver")]
    if cookie:
        headers.append((b"cookie", cookie.encode()))
    return WebsocketCommunicator(application, path, headers=headers)
