import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../../../lib/screen';
import { useAuth } from '../../../api/auth';
import { PageHeading } from '../../../components/PageHeading';
import { ReportCardLoader } from './ReportCardView';

/** /myresults (students): its own card, published exams only, with its PDF. */
export default function MyResultsPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { userId } = useAuth();
  return (
    <>
      <PageHeading title={t(route.title)} description={t('reportCard.myDescription')} />
      {userId ? <ReportCardLoader studentId={userId} own /> : null}
    </>
  );
}
