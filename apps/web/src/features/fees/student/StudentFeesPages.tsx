import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AcademicSession } from '@shala/contract';
import { useAuth } from '../../../api/auth';
import { useStudentFees } from '../../../api/fees-student';
import type { ScreenProps } from '../../../lib/screen';
import { RecordState } from '../../../components/ListState';
import { PageHeading } from '../../../components/PageHeading';
import { sessionScreen, WithSession } from '../../academics';
import { ChosenChild } from '../../parent';
import { StudentFeesView } from '../StudentFeesView';
import { PayOnline } from '../online/PayOnline';
import { upiActions } from '../upi/UpiInstalmentAction';

/** A student's fees in the session: loading, error, then the view (no record: the view says so), with "Pay by UPI" when the school takes it. */
function FeesOf({ studentId, session }: { studentId: string; session: AcademicSession }) {
  const fees = useStudentFees(studentId, session.sessionId);
  return (
    <RecordState query={fees}>
      {() =>
        fees.data ? (
          <Stack gap="md">
            <PayOnline fees={fees.data} />
            <StudentFeesView fees={fees.data} actions={upiActions(fees.data)} />
          </Stack>
        ) : null
      }
    </RecordState>
  );
}

/** The parent's children, one picked, and its fees. */
function ChildFees({ session }: { session: AcademicSession }) {
  const { t } = useTranslation();
  return (
    <ChosenChild label={t('fees.student.child')}>
      {(child) => (
        <>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="fees-of">
            {t('fees.student.childSession', { name: child.fullName, session: session.sessionYear })}
          </Text>
          <FeesOf key={child.userId} studentId={child.userId} session={session} />
        </>
      )}
    </ChosenChild>
  );
}

/** /studentfeedata: a parent's child's fees in the header's session, with its receipts. */
export const ParentFeesPage = sessionScreen('fees.student.parentDescription', (session) => <ChildFees key={session.sessionId} session={session} />);

/** /studentclassfees: the student's own fees in the header's session, with its receipts. */
export function StudentFeesPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { userId } = useAuth();
  return (
    <>
      <PageHeading title={t(route.title)} description={t('fees.student.studentDescription')} />
      <WithSession>
        {(session) =>
          userId ? (
            <Stack gap="md">
              <Text fw={600} data-testid="fees-of">
                {t('fees.student.session', { session: session.sessionYear })}
              </Text>
              <FeesOf key={session.sessionId} studentId={userId} session={session} />
            </Stack>
          ) : null
        }
      </WithSession>
    </>
  );
}
