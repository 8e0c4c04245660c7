import { formatRupees, type FeeType } from '@shala/contract';

/** Basis points as a percent with two decimals, exactly (1250 → "12.50%", -500 → "-5.00%"). */
export function formatPercent(bp: number): string {
  const abs = Math.abs(bp);
  return `${bp < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}%`;
}

/** A fee type's value as it reads: "₹500.00", "-₹1,000.00", "10.00%", "-5.00%". */
export function feeTypeValue(type: Pick<FeeType, 'kind' | 'value'>): string {
  return type.kind === 'amount' ? formatRupees(type.value) : formatPercent(type.value);
}

/** What a fee type does to a fee: adds a charge, takes off a concession (amount) or a discount (percent). */
export function feeTypeEffect(type: Pick<FeeType, 'kind' | 'value'>): 'charge' | 'concession' | 'discount' {
  if (type.value >= 0) return 'charge';
  return type.kind === 'amount' ? 'concession' : 'discount';
}
