"""The chain's forms and laws: every form interned once, and the laws of one blow and of
the rules between attacks over interned ids (:class:`Laws`, the base of the chain).

A law here is ``(denominator, rows)`` with integer weights over that denominator: the
chain sums them in integers and makes one Fraction per result.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from rolkit.errors import RulesError
from rolkit.fight.state import After, BlowKey, Slot
from rolkit.model import Fate
from rolkit.system import System

__all__ = ["Laws", "BlowLaw", "FormLaw", "HOOKS", "add_weight"]

#: A blow's after-state law: ``(denominator, ((forms after, weight), ...))``.
BlowLaw = tuple[int, tuple[tuple[After, int], ...]]
#: A rule between attacks on one form: ``(denominator, ((form id after, weight), ...))``.
FormLaw = tuple[int, tuple[tuple[int, int], ...]]
#: The rules between attacks, by the chain's names: turn start, turn end, round end.
HOOKS: tuple[str, ...] = ("start", "turn_end", "end")


class Laws:
    """Interned forms (:meth:`intern`, their statuses, one token per final fate) and the
    memoised laws over them: a blow's (:meth:`law`) and a rule between attacks'
    (:meth:`hook_law`). ``denominator`` is the lcm of every law's denominator met."""

    def __init__(self, system: System, modifiers: Any, options: Any) -> None:
        self.s = system
        self.modifiers = modifiers
        self.options = options
        #: the system has rules acting between attacks (turn start, round end)
        self.hooks = bool(system.has_turn_effects)
        #: the weapon and combatant form classes (:meth:`intern` tells a weapon by them)
        self._weapon_cls: type = system.forms["weapon"]
        self._defender_cls: type = system.forms["defender"]
        self.forms: list[Any] = []
        self._ids: dict[Any, int] = {}
        #: ``id(form)`` → its id, for the interned objects themselves (:meth:`intern`)
        self._by_identity: dict[int, int] = {}
        self._status: list[Fate] = []
        self._out: dict[Fate, int] = {}
        self._settled: dict[tuple[int, int], Slot] = {}
        #: a fallen form's class under the rules between attacks (its representative's
        #: id), ``None`` when it is kept as it is (:meth:`_fallen_class`)
        self._classes: dict[int, int | None] = {}
        self._signatures: dict[tuple[Any, ...], int] = {}
        #: each class's first form's signature with itself named as its class
        self._closed: dict[tuple[Any, ...], int] = {}
        #: the weapon id of a combatant reduced to its fallen class (it never acts again)
        self._no_weapon: int | None = None
        #: fallen forms that only the rules between attacks move are merged by class
        #: (:meth:`_fallen_class`); off: kept whole (the tests' unmerged chain)
        self.merge_fallen = True
        #: a blow's ``(modifiers it is made with or None, reasons)``
        self._blows: dict[BlowKey, tuple[Any, tuple[Any, ...]]] = {}
        self._laws: dict[BlowKey, BlowLaw] = {}
        #: a blow's law by what it reads of its attacker (:meth:`_reads`): the defender's
        #: and the weapon's ids after, and the weights
        self._by_reads: dict[tuple[Any, ...], tuple[int, tuple[tuple[int, int, int], ...]]] = {}
        #: share laws by :attr:`System.blow_reads` (off: every law built by the system)
        self.share_reads = True
        self._hook_laws: dict[tuple[str, int], FormLaw] = {}
        #: the reasons of the blows the fight can really meet (for the notes)
        self.happened: dict[tuple[str, str, str], None] = {}
        #: blows that could not be made in their state (the turn passed unchanged)
        self.impossible: set[BlowKey] = set()
        self.denominator = 1
        #: a fallen combatant (not dead) may be brought back by an ally's action: keep its
        #: form (set by the chain when someone aids and the system has an "aid" action)
        self.revivable = False

    # forms ---------------------------------------------------------------------------
    def intern(self, form: Any) -> int:
        """The id of ``form`` (the same for equal forms), its status computed once. The
        interned object itself is found by identity first (the memoised laws hand back
        the same objects again and again, and hashing a big form is the slow part)."""
        known = self._by_identity.get(id(form))
        if known is not None:
            return known
        known = self._ids.get(form)
        if known is None:
            known = self._ids[form] = len(self.forms)
            # ``self.forms`` keeps it alive: its id names no other object meanwhile
            self._by_identity[id(form)] = known
            self.forms.append(form)
            is_weapon = isinstance(form, self._weapon_cls) and not isinstance(
                form, self._defender_cls
            )
            self._status.append(None if is_weapon else self.s.status(form, self.options))
        return known

    def status(self, form_id: int) -> Fate:
        return self._status[form_id]

    def settle(self, form: int, weapon: int) -> Slot:
        """A combatant's slot in a state: its form and weapon while it can act (or may be
        aided back); once out of the fight for good, one token per fate (it never acts nor
        is attacked again, so which wounds it fell with changes nothing later: equal
        situations merge); while only a rule between attacks may still change its fate
        (a dying character's roll, bleeding), the first form of its class under those
        rules (:meth:`_fallen_class`) with no weapon — or the form and weapon themselves
        when a rule may wake it up."""
        known = self._settled.get((form, weapon))
        if known is None:
            known = self._settled[(form, weapon)] = self._settle(form, weapon)
        return known

    def _settle(self, form: int, weapon: int) -> Slot:
        fate = self._status[form]
        if fate is None or (fate != "dead" and self.revivable):
            return Slot(form, weapon)
        if not self.merge_fallen:
            if fate == "dead" or not self.hooks or self.unchanging(form):
                return Slot(self._token(fate), self._token(fate))
            return Slot(form, weapon)
        kept = self._fallen_class(form, set())
        if kept is None:
            return Slot(form, weapon)
        if self.forms[kept] is None:  # a fate's token
            return Slot(kept, kept)
        if self._no_weapon is None:
            self._no_weapon = len(self.forms)
            self.forms.append(None)
            self._status.append(None)
        return Slot(kept, self._no_weapon)

    def _token(self, fate: Fate) -> int:
        """The id of the token of a fate for good."""
        token = self._out.get(fate)
        if token is None:
            token = self._out[fate] = len(self.forms)
            self.forms.append(None)
            self._status.append(fate)
            # its signature as a class: every rule leaves it as it is
            stays = ((token, Fraction(1)),)
            self._closed[(fate, *(stays for _ in HOOKS))] = token
        return token

    def _fallen_class(self, form: int, path: set[int]) -> int | None:
        """What the chain keeps of a form out of the fight (not revivable): the token of
        its fate when no rule between attacks changes it; else the first form met with
        the same signature — its fate and, for each rule between attacks, the law of the
        classes it leads to (itself kept apart). Equal signatures make a bisimulation: a
        fallen combatant is never attacked nor acts, so only these rules move it and only
        its fate is read; two forms of one class have the same law of fates at every
        later turn, and states differing only in them merge. ``None`` (kept as it is):
        the form may act again (a rule leads to a form that can act), or the rules loop
        through other forms (a cycle this recursion does not split)."""
        if form in self._classes:
            return self._classes[form]
        fate = self._status[form]
        kept: int | None
        if fate is None:
            kept = None
        elif fate == "dead" or not self.hooks or self.unchanging(form):
            kept = self._token(fate)
        else:
            kept = self._signature_class(form, fate, path)
        self._classes[form] = kept
        return kept

    def _signature_class(self, form: int, fate: Fate, path: set[int]) -> int | None:
        """The class of a fallen form some rule between attacks changes (``path``: the
        forms whose class is being found, to see a cycle)."""
        path.add(form)
        signature: list[Any] = [fate]
        for which in HOOKS:
            den, rows = self.hook_law(which, form)
            law: dict[int, int] = {}
            for after, w in rows:
                if after == form:
                    cls: int | None = -1  # stays as it is
                elif after in path:
                    cls = None  # a cycle through other forms
                else:
                    cls = self._fallen_class(after, path)
                if cls is None:
                    path.discard(form)
                    return None
                law[cls] = law.get(cls, 0) + w
            signature.append(tuple(sorted((c, Fraction(w, den)) for c, w in law.items())))
        path.discard(form)
        own = tuple(signature)
        known = self._signatures.get(own)
        if known is not None:
            return known
        # a form that leads to a class c and is, taking itself as one of c, like c's own
        # first form (a count the rules set back: one round later it is that form)
        for c in {c for law in own[1:] for c, _p in law if c != -1}:
            known = self._closed.get(_as_class(own, c))
            if known is not None:
                return known
        self._signatures[own] = form
        self._closed[_as_class(own, form)] = form
        return form

    # one blow ------------------------------------------------------------------------
    def blow(self, key: BlowKey) -> tuple[Any, tuple[Any, ...]]:
        """``(modifiers, reasons)`` of the blow ``key``: :meth:`System.fight_blow` on the
        fight's modifiers (``None``: no blow)."""
        known = self._blows.get(key)
        if known is None:
            known = self._blows[key] = self.s.fight_blow(
                self.forms[key.attacker],
                self.forms[key.defender],
                self.forms[key.weapon],
                self.modifiers,
                self.options,
                defend=key.defend,
            )
        return known

    def met(self, key: BlowKey) -> None:
        """The fight meets this blow: keep its reasons for the notes."""
        for reason in self.blow(key)[1]:
            self.happened[reason] = None

    def cached_law(self, key: BlowKey) -> BlowLaw | None:
        """The blow's law if :meth:`law` has built it already."""
        return self._laws.get(key)

    def law(self, key: BlowKey) -> BlowLaw:
        """The blow's after-state law over interned ids: the system's after-state law with
        the modifiers :meth:`blow` gives, or "no blow" (nothing changes) when it gives
        none or the attack cannot be made in this state."""
        known = self._laws.get(key)
        if known is None:
            reads = self._reads(key)
            shared = None if reads is None else self._by_reads.get(reads)
            if shared is not None:  # the same law but for the attacker, built already
                known = (
                    shared[0],
                    tuple([(After(key.attacker, d, w), n) for d, w, n in shared[1]]),
                )
            else:
                known = self._built_law(key)
                if reads is not None and key not in self.impossible:
                    rows = known[1]
                    if all(a.attacker == key.attacker for a, _n in rows):
                        self._by_reads[reads] = (
                            known[0],
                            tuple([(a.defender, a.weapon, n) for a, n in rows]),
                        )
            self._laws[key] = known
            self.denominator = math.lcm(self.denominator, known[0])
        return known

    def _reads(self, key: BlowKey) -> tuple[Any, ...] | None:
        """The key of what the blow's law reads (:attr:`System.blow_reads`), or ``None``."""
        reads = self.s.blow_reads
        if reads is None or not self.share_reads:
            return None
        mods = self.blow(key)[0]
        if mods is None:
            return None
        profile = reads(self.forms[key.attacker], self.forms[key.weapon], mods, self.options)
        return None if profile is None else (profile, key.defender, key.weapon, mods)

    def _built_law(self, key: BlowKey) -> BlowLaw:
        """The blow's law from the system's after-state law (:meth:`law`)."""
        law = self._blow_law(key)
        den = math.lcm(*(p.denominator for p in law.values()))
        intern = self.intern
        # most forms after are interned objects met again (the attacker and weapon left
        # as they were, a missed defender): found by identity here, :meth:`intern` only
        # for the others
        known = self._by_identity.get
        rows = []
        for (a, d, w), p in law.items():
            ia, id_, iw = known(id(a)), known(id(d)), known(id(w))
            after = After(
                intern(a) if ia is None else ia,
                intern(d) if id_ is None else id_,
                intern(w) if iw is None else iw,
            )
            rows.append((after, p.numerator * (den // p.denominator)))
        return den, tuple(rows)

    def _blow_law(self, key: BlowKey) -> Mapping[tuple[Any, Any, Any], Fraction]:
        """The system's after-state law of the blow, over forms."""
        forms = (self.forms[key.attacker], self.forms[key.defender], self.forms[key.weapon])
        mods = self.blow(key)[0]
        if mods is None:
            return {forms: Fraction(1)}
        try:
            return self.s.transitions(*forms, mods, self.options, with_weapon=True)
        except RulesError:
            # the attack cannot be made in this state (a weapon worn out, a shield
            # broken under "intercept"…): the turn passes and nothing changes
            self.impossible.add(key)
            return {forms: Fraction(1)}

    def defence_matters(self, weapon_id: int) -> bool:
        """The fight's modifiers carry a defence a fresh defender may choose not to make
        (the system's default combatants' blow, with the weapon ``weapon_id`` when it is
        one, differs with and without ``defend``)."""
        if self.s.fight_blow_fn is None:
            return False
        d = self.s.defaults()
        weapon = self.forms[weapon_id]
        if not isinstance(weapon, self.s.forms["weapon"]):
            weapon = d["weapon"]
        both = [
            self.s.fight_blow(
                d["attacker"], d["defender"], weapon, self.modifiers, self.options, defend=x
            )[0]
            for x in (True, False)
        ]
        return both[0] is not None and both[0] != both[1]

    # rules between attacks -----------------------------------------------------------
    def hook_law(self, which: str, form: int) -> FormLaw:
        """The law of ``which`` (``"start"``: :meth:`System.turn_start`, ``"turn_end"``:
        :meth:`System.turn_end`, ``"end"``: :meth:`System.round_end`) on the interned
        form ``form``; memoised per form id (a fate token: identity)."""
        key = (which, form)
        known = self._hook_laws.get(key)
        if known is None:
            c = self.forms[form]
            if c is None:
                known = (1, ((form, 1),))
            else:
                if which == "turn_end":
                    law = self.s.turn_end(c, self.options, self.modifiers)
                else:
                    rule = self.s.turn_start if which == "start" else self.s.round_end
                    law = rule(c, self.options)
                if len(law) == 1:  # one form for sure (most rules on most forms): no mixing
                    # its probability is 1: the System's rule checked the law sums to 1
                    ((after, _p),) = law.items()
                    known = (1, ((self.intern(after), 1),))
                    self._hook_laws[key] = known
                    return known
                den = math.lcm(*(p.denominator for p in law.values()))
                known = (
                    den,
                    tuple(
                        (self.intern(f), p.numerator * (den // p.denominator))
                        for f, p in law.items()
                    ),
                )
            self._hook_laws[key] = known
        return known

    def unchanging(self, form: int) -> bool:
        """No rule between attacks changes this form (every law is the identity)."""
        return all(self.hook_law(which, form)[1] == ((form, 1),) for which in HOOKS)


def _as_class(signature: tuple[Any, ...], c: int) -> tuple[Any, ...]:
    """A fallen form's signature with the form itself (``-1``) taken as one of class ``c``."""
    fate, *laws = signature
    out: list[Any] = [fate]
    for law in laws:
        merged: dict[int, Fraction] = {}
        for label, p in law:
            key = c if label == -1 else label
            merged[key] = merged.get(key, Fraction(0)) + p
        out.append(tuple(sorted(merged.items())))
    return tuple(out)


def add_weight(acc: dict[Any, list[int]], key: Any, weight: int, den: int) -> None:
    """Add ``weight / den`` to ``acc[key]``, kept as ``[weight, den]`` over the lcm of the
    denominators met (most are equal: no lcm then)."""
    held = acc.get(key)
    if held is None:
        acc[key] = [weight, den]
    elif held[1] == den:
        held[0] += weight
    else:
        common = math.lcm(held[1], den)
        held[0] = held[0] * (common // held[1]) + weight * (common // den)
        held[1] = common
