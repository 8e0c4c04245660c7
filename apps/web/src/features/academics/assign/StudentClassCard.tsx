import type { PersonDetail } from '@shala/contract';
import { StudentClassSection } from './StudentClass';
import { WithSession } from './parts';

/** On a parent's ward details: the child's class in the selected session, as the student sees it. */
export default function StudentClassCard({ person }: { person: PersonDetail }) {
  return <WithSession>{(session) => <StudentClassSection userId={person.userId} sessionId={session.sessionId} own={false} />}</WithSession>;
}
