import { useTranslation } from 'react-i18next';
import type { MarkValue } from '@shala/contract';
import { useFormat } from '../../../lib/format';

/** A mark as text: "17.5", "Absent", "Exempt", or "—" when none. */
export function useMarkText() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const numbers = new Intl.NumberFormat(fmt.locale, { maximumFractionDigits: 1 });
  return (m: MarkValue | null) => (m === null ? t('examReview.mark.none') : m.status === 'marked' ? numbers.format(m.marks) : t(`examReview.mark.${m.status}`));
}
