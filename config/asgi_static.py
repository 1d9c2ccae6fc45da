"""The ASGI application `serve` runs: config.asgi's, plus static files.

Juiz has no front web server in its one-machine setup (and whitenoise is not a dependency), so
Django's staticfiles handler serves /static/ from the finders (app and project static dirs, no
collectstatic needed). Every other request, WebSockets included, goes to config.asgi as is.
"""

from __future__ import annotations

from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

from config.asgi import application as juiz_application

application = ASGIStaticFilesHandler(juiz_application)
