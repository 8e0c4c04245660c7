import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useAuth } from '../../api/auth';
import type { ScreenProps } from '../../lib/screen';
import { PageHeading } from '../../components/PageHeading';
import { ClassWorkList, WithStudentClass } from './StudentWork';

/** /mywork and /mywork/:assignClassId: the work of the student's class (without an id: its class of the session). */
export default function MyWorkPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { assignClassId } = useParams();
  const { userId } = useAuth();
  return (
    <>
      <PageHeading title={t(route.title)} description={t('classwork.mine.description')} />
      {assignClassId ? (
        <ClassWorkList key={assignClassId} assignClassId={assignClassId} />
      ) : userId ? (
        <WithStudentClass userId={userId} own>
          {(id) => <ClassWorkList key={id} assignClassId={id} />}
        </WithStudentClass>
      ) : null}
    </>
  );
}
