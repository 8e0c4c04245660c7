import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { MASTER_CLASSES, subjectNameIn } from '@shala/contract';
import { isHindi } from '../../lib/format';

const CLASS_BY_CODE = new Map<string, { name: string; nameHi: string }>(MASTER_CLASSES.map((c) => [c.code, c]));

/**
 * Names of classes and subjects in the reader's language: a class from the master list reads
 * "Class 5" / "कक्षा 5" or "Nursery" / "नर्सरी"; a subject from the master list has its Hindi name,
 * a school's own subject keeps the name it was given. Use these everywhere a class or subject shows.
 */
export function useAcademicNames() {
  const { t, i18n } = useTranslation();
  const hindi = isHindi(i18n.language);
  const className = useCallback(
    (masterClass: string, section?: string | null) => {
      const master = CLASS_BY_CODE.get(masterClass);
      const base = /^\d+$/.test(masterClass)
        ? t('academics.classNumber', { n: masterClass })
        : master
          ? hindi
            ? master.nameHi
            : master.name
          : masterClass;
      return section ? `${base} – ${section}` : base;
    },
    [t, hindi],
  );
  const subjectName = useCallback(
    // A master subject renamed by the school keeps the school's name.
    (subject: { name: string; masterCode?: string | null }) => subjectNameIn(subject, hindi ? 'hi' : 'en'),
    [hindi],
  );
  return { className, subjectName };
}
