import { useTranslation } from 'react-i18next';
import { useAuth } from '../../../api/auth';
import { PageHeading } from '../../../components/PageHeading';
import type { ScreenProps } from '../../../lib/screen';
import { StudentClassSection } from './StudentClass';
import { WithSession } from './parts';

/** /studentClass: the student's class, section, roll number, class teacher and subjects with teachers. */
export default function StudentClassPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { userId } = useAuth();
  return (
    <>
      <PageHeading title={t(route.title)} description={t('myClass.description')} />
      <WithSession>{(session) => (userId ? <StudentClassSection userId={userId} sessionId={session.sessionId} own /> : null)}</WithSession>
    </>
  );
}
