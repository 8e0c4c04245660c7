import { MASTER_SUBJECTS, type Subject } from '@shala/contract';

export interface SubjectFormValues {
  /** From the master list, or a name of the school's own. */
  mode: 'master' | 'custom';
  masterCode: string | null;
  name: string;
}

export const EMPTY_SUBJECT: SubjectFormValues = { mode: 'master', masterCode: null, name: '' };

const BY_CODE = new Map<string, { code: string; name: string; nameHi: string }>(MASTER_SUBJECTS.map((s) => [s.code, s]));
const BY_NAME = new Map<string, string>(MASTER_SUBJECTS.map((s) => [s.name.toLowerCase(), s.code]));

/**
 * The body of the add call: a master subject by its English name and code; a typed name that is a
 * master subject's (any case) keeps the master's code, so it too shows in Hindi.
 */
export function subjectBody(values: SubjectFormValues): { name: string; masterCode: string | null } {
  if (values.mode === 'master') {
    const master = values.masterCode ? BY_CODE.get(values.masterCode) : undefined;
    return { name: master?.name ?? '', masterCode: master?.code ?? null };
  }
  const name = values.name.trim();
  return { name, masterCode: BY_NAME.get(name.toLowerCase()) ?? null };
}

/** What the school already has, by master code and by name in any case. */
export function takenOf(subjects: readonly Pick<Subject, 'name' | 'masterCode'>[]) {
  return {
    codes: new Set(subjects.flatMap((s) => (s.masterCode ? [s.masterCode] : []))),
    names: new Set(subjects.map((s) => s.name.toLowerCase())),
  };
}

/**
 * The master list as options in the reader's language (Hindi shows both names, so either can be
 * searched); subjects the school already has are disabled and marked.
 */
export function masterOptions(taken: ReturnType<typeof takenOf>, hindi: boolean, addedMark: string) {
  return MASTER_SUBJECTS.map((s) => {
    const has = taken.codes.has(s.code) || taken.names.has(s.name.toLowerCase());
    const label = hindi ? `${s.nameHi} (${s.name})` : s.name;
    return { value: s.code, label: has ? `${label} · ${addedMark}` : label, disabled: has };
  });
}
