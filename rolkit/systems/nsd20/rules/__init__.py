"""The NSd20 spec's pure rule functions, one module per topic.

``check`` (P1, T1, P3, T2) · ``opposed`` (P2, §1.5) · ``aid`` (§1.7) · ``effort`` (P11,
the Esfuerzo extra state machine) · ``progress`` (P12 Concentración, P13 and T5
experience) · ``derived`` (§2.1 saves and Iniciativa, P4 Defensa, P5 attack bonus) ·
``wounds`` (P8–P10: Daño masivo, the wound ladder, Aturdido, the fate) · ``healing``
(P15) · ``hazards`` (P17).
"""
