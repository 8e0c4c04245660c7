// Money as people read it (no schemas: the web's way in imports it, contract-web.ts).

/** Paise as rupees with Indian grouping and two decimals: 12345600 → "₹1,23,456.00". */
export function formatRupees(paise: number, opts: { symbol?: boolean } = {}): string {
  const negative = paise < 0;
  const abs = Math.abs(paise);
  const rupees = Math.floor(abs / 100).toString();
  const decimals = String(abs % 100).padStart(2, '0');
  return `${negative ? '-' : ''}${opts.symbol === false ? '' : '₹'}${groupIndian(rupees)}.${decimals}`;
}

/** The digits of a whole number with Indian grouping: "1234567" → "12,34,567". */
export function groupIndian(digits: string): string {
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3);
  return rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${last3}` : last3;
}
