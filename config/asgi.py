"""ASGI entry point: HTTP through Django, WebSockets through Channels (routes in live/).

WebSockets are authenticated by the Django session cookie (AuthMiddlewareStack) and accepted
only from the site's own origins (AllowedHostsOriginValidator), so another site cannot open a
socket with a visitor's cookie.
"""

from __future__ import annotations

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_asgi_app = get_asgi_application()

# Imported after Django is set up: the consumers import models.
from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from config.checks import warn_at_start_up  # noqa: E402
from live.routing import websocket_urlpatterns  # noqa: E402

warn_at_start_up()

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)
