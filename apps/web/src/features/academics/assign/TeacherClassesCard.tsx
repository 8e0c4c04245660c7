import { useTranslation } from 'react-i18next';
import type { PersonDetail } from '@shala/contract';
import { TeacherClassList } from './TeacherClasses';
import { SectionCard, WithSession } from './parts';
import { classDetailPath } from './AssignedClassListPage';

/** On an admin's teacher details: the classes and subjects of the teacher in the selected session. */
export default function TeacherClassesCard({ person }: { person: PersonDetail }) {
  const { t } = useTranslation();
  const title = t('teacherClasses.cardTitle');
  return (
    <SectionCard title={title}>
      <WithSession>
        {(session) => (
          <TeacherClassList sessionId={session.sessionId} teacherId={person.userId} linkTo={classDetailPath} emptyText={t('teacherClasses.emptyFor', { name: person.fullName })} title={title} />
        )}
      </WithSession>
    </SectionCard>
  );
}
