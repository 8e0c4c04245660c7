import { useTranslation } from 'react-i18next';
import type { MarkValue } from '@shala/contract';
import { localeOf } from '../../people/format';

/** A mark as text: "17.5", "Absent", "Exempt", or "—" when none. */
export function useMarkText() {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(localeOf(i18n.language), { maximumFractionDigits: 1 });
  return (m: MarkValue | null) => (m === null ? t('examReview.mark.none') : m.status === 'marked' ? numbers.format(m.marks) : t(`examReview.mark.${m.status}`));
}
