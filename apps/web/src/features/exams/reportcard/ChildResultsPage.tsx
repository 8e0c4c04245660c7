import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../../../lib/screen';
import { PageHeading } from '../../../components/PageHeading';
import { ChosenChild } from '../../parent';
import { ReportCardLoader } from './ReportCardView';

/** /childresults (parents): picks a child, then its card (published exams only) with its PDF. */
export default function ChildResultsPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t(route.title)} description={t('reportCard.childDescription')} />
      <ChosenChild label={t('reportCard.pickChild')}>{(child) => <ReportCardLoader key={child.userId} studentId={child.userId} name={child.fullName} />}</ChosenChild>
    </>
  );
}
