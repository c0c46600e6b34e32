"""The check procedures besides the attack, as :class:`~rolkit.system.CheckProcedure`\\ s.

* :mod:`.procedures` — ``CHECKS``: §4.1 the plain check, §4.2 the opposed check, §4.16
  the healing check (and the §7.1 check functions they use);
* :mod:`.actions` — ``ACTIONS``: §1.7 extended, competitive and prepared actions;
* :mod:`.reload` — §4.14 reloading a firearm (``RELOAD``, ``reload_weapon``);
* :mod:`.forms` — the small forms of all of them.
"""

from __future__ import annotations

from rolkit.systems.core_dread.checks.actions import ACTIONS
from rolkit.systems.core_dread.checks.procedures import CHECKS
from rolkit.systems.core_dread.checks.reload import RELOAD, reload_weapon

__all__ = ["CHECKS", "ACTIONS", "RELOAD", "reload_weapon"]
