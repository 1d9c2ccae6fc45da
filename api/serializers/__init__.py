"""Model objects to Contest API JSON: small functions, one module per resource group.

PROPERTIES lists, per endpoint type, exactly the properties every object of that type carries
(null when unknown): the access endpoint publishes it and the spec requires listed properties to
be present.
"""

from __future__ import annotations

from api.serializers.clarifications import CLARIFICATION_PROPERTIES
from api.serializers.config import CONFIG_PROPERTIES
from api.serializers.live import LIVE_PROPERTIES

PROPERTIES: dict[str, tuple[str, ...]] = {
    **CONFIG_PROPERTIES,
    **LIVE_PROPERTIES,
    **CLARIFICATION_PROPERTIES,
    "awards": ("id", "citation", "team_ids"),
}
