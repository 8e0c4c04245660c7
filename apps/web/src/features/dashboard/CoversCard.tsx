import { useTranslation } from 'react-i18next';
import type { SubstitutionCover } from '@shala/contract';
import { CoversList } from '../timetable';

/** A teacher's extra periods today, each with a link to mark its attendance; not shown without any. */
export default function CoversCard({ covers }: { covers: readonly SubstitutionCover[] }) {
  const { t } = useTranslation();
  return <CoversList covers={covers} title={t('substitutions.covers.title')} testId="covers-card" />;
}
