import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../../components/PageHeading';
import type { ScreenProps } from '../../../lib/screen';
import { TeacherClassList } from './TeacherClasses';
import { WithSession } from './parts';

export const teacherClassPath = (assignClassId: string) => `/detailsclassteacherview/${assignClassId}`;

/** /getteacherclass: the teacher's classes and subjects in the selected session. */
export default function TeacherClassesPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeading title={t(route.title)} description={t('teacherClasses.description')} />
      <WithSession>
        {(session) => (
          <TeacherClassList sessionId={session.sessionId} linkTo={teacherClassPath} emptyText={t('teacherClasses.empty')} title={t(route.title)} />
        )}
      </WithSession>
    </>
  );
}
