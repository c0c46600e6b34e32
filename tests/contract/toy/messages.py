"""The toy's i18n catalogue, under its prefix ``toy.`` (registered on import)."""

from rolkit import i18n

i18n.register_pairs(
    "toy",
    {
        "name": ("Juguete", "Juguete (toy)"),
        "wound.leve": ("herida leve", "herida leve (light wound)"),
        "wound.grave": ("herida grave", "herida grave (serious wound)"),
        "flag.crit": ("crítico", "critical"),
        "headline.critical": ("{p} crítico", "{p} critical"),
        "step.check": ("Chequeo", "Chequeo (check)"),
        "derived.total": ("total", "total"),
    },
)
