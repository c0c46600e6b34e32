"""The help of every magic (``%tirar?``, bilingual) and the ``%rolkit`` summary."""

from __future__ import annotations

__all__ = ["HELP", "summary"]

#: help key -> the magic's docstring (``%tirar?`` shows it); English aliases share it.
HELP = {
    "tirar": """Tira una expresión de dados con semilla / roll a dice expression, seeded.

Uso / usage:  %tirar 2d6+3 [seed=5]
              %tirar 4d6 veces=6 [seed=5]    varias tiradas / several rolls (times=6)

Muestra cada dado, el total y la semilla: la misma semilla repite la misma tirada.
Shows every die, the total and the seed; the same seed replays the same roll.
Gramática / grammar: NdM, dM, d%, números, + y - (1D8+1D4, 2d6+3, 1D3-1).
Devuelve / returns: rolkit.display.render.RollResult (.total, .seed, .rolled), o RollSeries
(.totals, .rolls) con veces=N.
""",
    "prob": """Probabilidad exacta / exact probability of a dice expression.

Uso / usage:  %prob 1D8+1D4 >= 6     comparación con un número o con otra expresión
              %prob 1d20+5 > 1d20    (== != < <= > >=; también = ≠ ≤ ≥)
              %prob 2d6              sin comparación: la distribución completa

Devuelve / returns: ProbabilityResult (.probability es una Fraction exacta) o
DistributionResult (.distribution).
""",
    "ataque": """Resuelve un ataque con presets / resolve an attack with presets, seeded.

Uso / usage:  %ataque <sistema> "<atacante>" "<defensor>" "<arma>" ["<modificadores>"] [seed=7]

Los nombres de preset admiten comillas, mayúsculas o minúsculas y un prefijo o fragmento
único ("ana" vale por "Ana (FOR 4, AGI 5)"); "-" o un argumento omitido usa el valor por
defecto. Names may be quoted, any case, or a unique prefix/substring; "-" means default.
Devuelve / returns: la Resolution (pasos, semilla).
""",
    "prob_ataque": """Probabilidades exactas de un ataque / exact odds of an attack.

Uso / usage:  %prob_ataque <sistema> "<atacante>" "<defensor>" "<arma>" ["<modificadores>"]

Mismos argumentos que %ataque, sin semilla. Same arguments as %ataque, without a seed.
Devuelve / returns: Odds (tabla de resultados con columnas = y ≥, daño esperado).
""",
    "chequeo": """Chequeo de cualquier sistema / a check of any system (its s.checks).

Uso / usage:  %chequeo [sistema] [chequeo] <valores…> [campo=valor] [seed=7]
              %chequeo core_dread 5 2 seed=7       atributo 5, habilidad 2
              %chequeo gore 60 seed=7              habilidad 60

Los valores van en el orden de los campos del chequeo; campo=valor nombra uno (por su
nombre o su etiqueta). Sin sistema: el primero que declara chequeos; sin chequeo: el
primero del sistema. Muestra los dados, el grado de éxito y la ley exacta por grado.
Values follow the check form's fields in order; field=value names one. Shows the dice,
the degree of success and the exact law by degree.
""",
    "idioma": """Idioma de las tablas / language of the displays: %idioma es | %idioma en.""",
    "rolkit": """Lista las magias de rolkit / list rolkit's magics.""",
}


def summary(line: str = "") -> None:
    """``%rolkit``: every magic, its English alias and one example."""
    rows = [
        ("%tirar / %roll", "2d6+3 seed=5 · 4d6 veces=6"),
        ("%prob / %odds", "1D8+1D4 >= 6"),
        ("%ataque / %attack", 'core_dread "Ana" "Bruno" "Cuchillo" seed=7'),
        ("%prob_ataque / %attack_odds", 'core_dread "Ana" "Bruno" "Cuchillo"'),
        ("%chequeo / %check", "core_dread 5 2 seed=7"),
        ("%idioma / %lang", "en"),
    ]
    print("rolkit — magias / magics (ayuda / help: %tirar?)")
    for name, example in rows:
        print(f"  {name:<30} {example}")
