export interface SectionRow {
  /** React key of the row. */
  key: string;
  section: string;
  classLimit: number | string;
  classTeacherId: string | null;
}

export interface ClassFormValues {
  masterClass: string | null;
  sections: SectionRow[];
}

export const DEFAULT_CLASS_LIMIT = 40;

let keys = 0;
const rowKey = () => `section-${++keys}`;

export function sectionRow(section: string, classLimit: number | string = DEFAULT_CLASS_LIMIT): SectionRow {
  return { key: rowKey(), section, classLimit, classTeacherId: null };
}

export const emptyClassForm = (): ClassFormValues => ({ masterClass: null, sections: [sectionRow('A')] });

/** The next section name: the letter after the last letter used (A, B → C); empty after Z or for other names. */
export function nextSectionName(rows: readonly Pick<SectionRow, 'section'>[]): string {
  const letters = rows.map((r) => r.section.trim().toUpperCase()).filter((s) => /^[A-Z]$/.test(s));
  if (!letters.length) return rows.length ? '' : 'A';
  const last = letters.reduce((a, b) => (b > a ? b : a));
  if (last === 'Z') return '';
  const next = String.fromCharCode(last.charCodeAt(0) + 1);
  return letters.includes(next) ? '' : next;
}

/** The form's values as the contract's body (sections upper-cased; an empty limit is missing). */
export function classBody(values: ClassFormValues, sessionId: string) {
  return {
    sessionId,
    masterClass: values.masterClass ?? '',
    sections: values.sections.map((s) => ({
      section: s.section.trim().toUpperCase(),
      classLimit: s.classLimit === '' ? (undefined as unknown as number) : Number(s.classLimit),
      classTeacherId: s.classTeacherId || null,
    })),
  };
}
