"""Stakes: what a finished game is worth in money, and who pays whom.

A table sets an amount per unit (a point of difference, or a Handjass stroke) and how payments
are rounded (to 5 centimes or to the franc). Each mode says what every party (a team or a
player) has won or lost in units, the balances summing to zero; this module turns them into
amounts, rounded so that they still sum to zero, and into as few payments as it takes: the one
who owes most pays the one who is owed most, and so on.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import NamedTuple

from scorer.codes import Invalid

STEPS = (Decimal("0.05"), Decimal("1"))  # to 5 centimes, to the franc
MAX_AMOUNT = Decimal("100")  # francs per unit: more is a typing error


@dataclass(frozen=True)
class Stakes:
    """The amount per unit (francs) and the step payments are rounded to."""

    amount: Decimal
    step: Decimal = STEPS[0]

    def to_dict(self) -> dict:
        return {"amount": str(self.amount), "step": str(self.step)}

    @classmethod
    def from_dict(cls, data) -> Stakes:
        """Stakes from plain data (an import, the database), strictly: Invalid otherwise."""
        if not isinstance(data, dict) or set(data) != {"amount", "step"}:
            raise Invalid("stakes_unreadable")
        if not isinstance(data["amount"], str) or len(data["amount"]) > 12:
            raise Invalid("stakes_amount")
        return cls(_amount(data["amount"], STORED), step(data["step"]))


TYPED = re.compile(r"[0-9]+(\.[0-9]+)?")  # a plain number, ASCII digits, no exponent
# As earlier versions stored a whole amount: 10 as "1E+1". Read back, never typed.
STORED = re.compile(r"[0-9]+(\.[0-9]+)?(E\+[0-9]+)?")


def amount(text) -> Decimal:
    """An amount per unit as typed ("0.10", "0,1", "1", "Fr. 2"): above 0, at most MAX_AMOUNT
    francs, at most 4 decimals; Invalid otherwise."""
    if not isinstance(text, str) or len(text) > 12:
        raise Invalid("stakes_amount")
    return _amount(text.strip().replace(",", ".").removeprefix("Fr.").strip(), TYPED)


def _amount(text: str, shape: re.Pattern) -> Decimal:
    """The amount a text of this shape says, whole amounts without decimals ("10", not
    "1E+1", which is how earlier versions wrote ten)."""
    if not shape.fullmatch(text):
        raise Invalid("stakes_amount")
    value = Decimal(text)
    if not 0 < value <= MAX_AMOUNT or value != value.quantize(Decimal("0.0001")):
        raise Invalid("stakes_amount")
    return value.quantize(Decimal(1)) if value == value.to_integral() else value


def step(text) -> Decimal:
    """A rounding step: one of STEPS; Invalid otherwise."""
    try:
        value = Decimal(str(text))
    except InvalidOperation:
        raise Invalid("stakes_step") from None
    # NaN, sNaN and infinities first: comparing a signalling NaN raises.
    if not value.is_finite() or value not in STEPS:
        raise Invalid("stakes_step")
    return STEPS[STEPS.index(value)]


class Payment(NamedTuple):
    """One payment: who pays whom how much (francs, rounded to the step)."""

    payer: int
    payee: int
    amount: Decimal


def pairwise(values: tuple[int, ...], lower_wins: bool = False) -> tuple[Fraction, ...]:
    """Balances in units when every party settles with every other by the difference of their
    figures: with totals 2500 and 1800, +700 and -700."""
    sign = -1 if lower_wins else 1
    return tuple(Fraction(sign * sum(mine - other for other in values)) for mine in values)


def settle(stakes: Stakes, balances: tuple[Fraction, ...]) -> tuple[Payment, ...]:
    """The payments that settle the balances (in units, summing to zero) at the stakes."""
    amounts = _rounded(stakes, balances)
    owed = {party: value for party, value in enumerate(amounts) if value > 0}
    owing = {party: -value for party, value in enumerate(amounts) if value < 0}
    payments = []
    while owed and owing:
        payer = max(owing, key=lambda party: (owing[party], -party))
        payee = max(owed, key=lambda party: (owed[party], -party))
        paid = min(owing[payer], owed[payee])
        payments.append(Payment(payer, payee, paid))
        for book, party in ((owing, payer), (owed, payee)):
            book[party] -= paid
            if not book[party]:
                del book[party]
    return tuple(payments)


def _rounded(stakes: Stakes, balances: tuple[Fraction, ...]) -> list[Decimal]:
    """Each balance in francs rounded to the step (half a step away from zero, as shops round),
    the roundings evened out so that what is paid is what is received: the parties the rounding
    favoured most give a step back (or those it cost most get one)."""
    unit = Fraction(stakes.step)
    exact = [Fraction(stakes.amount) * balance / unit for balance in balances]
    steps = [_half_up(value) for value in exact]
    excess = sum(steps)
    favoured = sorted(range(len(steps)), key=lambda i: steps[i] - exact[i], reverse=excess > 0)
    for index in favoured[: abs(excess)]:
        steps[index] -= 1 if excess > 0 else -1
    return [Decimal(s) * stakes.step for s in steps]


def _half_up(value: Fraction) -> int:
    whole = math.floor(abs(value) + Fraction(1, 2))
    return whole if value >= 0 else -whole
