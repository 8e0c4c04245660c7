/** A school's postal address as the PDFs print it. */
export interface PostalAddress {
  address: string | null;
  city: string | null;
  district: string | null;
  state: string | null;
  zipCode: string | null;
}

/**
 * One line: address, city, district, state – PIN. A part that repeats an earlier one (a district
 * named like its city: "Jaipur, Jaipur") is printed once. Null when nothing is known.
 */
export function addressLine(a: PostalAddress): string | null {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const part of [a.address, a.city, a.district, a.state]) {
    const text = part?.trim();
    if (!text || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    parts.push(text);
  }
  return [parts.join(', '), a.zipCode?.trim()].filter(Boolean).join(' – ') || null;
}
