import { Anchor } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../../../lib/screen';
import { PageHeading } from '../../../components/PageHeading';
import { useReportCard } from '../../../api/exams-report';
import { ReportCardLoader } from './ReportCardView';

/** /reportcard/:studentId (staff): a student's card, every exam, with its PDF in English and Hindi. */
export default function ReportCardPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { studentId = '' } = useParams();
  const card = useReportCard(studentId);
  const classId = card.data?.student.assignClassId;
  return (
    <>
      <PageHeading
        title={t(route.title)}
        description={
          classId ? (
            <Anchor component={Link} to={`/examresults/${classId}`}>
              {t('reportCard.backToClass', { name: card.data!.student.className, section: card.data!.student.section })}
            </Anchor>
          ) : undefined
        }
      />
      <ReportCardLoader key={studentId} studentId={studentId} />
    </>
  );
}
