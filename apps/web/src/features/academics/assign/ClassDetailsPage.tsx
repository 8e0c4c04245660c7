import { Badge, Button, Code, Group, Table, Text, ThemeIcon } from '@mantine/core';
import { IconListCheck, IconSchool, IconUsersGroup } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ClassDetail } from '@shala/contract';
import { useAssignedClass } from '../../../api/academics-assign';
import { DetailsPage, RecordCard } from '../../../components/DetailsShell';
import type { ScreenProps } from '../../../lib/screen';
import { useAcademicNames } from '../names';
import { assignSubjectsPath, assignTeachersPath } from './AssignedClassListPage';
import { SectionCard, StatusBadge, useClassLabel } from './parts';
import { localeOf } from '../../../lib/format';

interface Props extends ScreenProps {
  /** The teacher's view (/detailsclassteacherview): no actions, back to its classes. */
  readOnly?: boolean;
}

/** The subjects of a class with their teachers: a list that reads as a table on wide screens. */
export function SubjectTeacherList({ subjects }: { subjects: ClassDetail['subjectList'] }) {
  const { t } = useTranslation();
  const { subjectName } = useAcademicNames();
  if (!subjects.length) {
    return (
      <Text c="dimmed" size="sm" role="status">
        {t('assign.noSubjects')}
      </Text>
    );
  }
  return (
    <Table verticalSpacing="xs" aria-label={t('assign.subjectsAndTeachers')} layout="fixed">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('assign.subject')}</Table.Th>
          <Table.Th>{t('assign.teacher')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {subjects.map((s) => (
          <Table.Tr key={s.subjectId}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{subjectName(s)}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              {s.teacher ? (
                s.teacher.fullName
              ) : (
                <Text span size="sm" c="dimmed">
                  {t('assign.noTeacher')}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The students of a class by roll number (every one: a class is bounded by its limit). */
export function StudentRollList({ students }: { students: ClassDetail['studentList'] }) {
  const { t, i18n } = useTranslation();
  const numbers = new Intl.NumberFormat(localeOf(i18n.language));
  if (!students.length) {
    return (
      <Text c="dimmed" size="sm" role="status">
        {t('assign.noStudents')}
      </Text>
    );
  }
  return (
    <Table verticalSpacing="xs" striped aria-label={t('assign.studentList')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={96}>{t('assign.rollNo')}</Table.Th>
          <Table.Th>{t('assign.student')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {students.map((s) => (
          <Table.Tr key={s.userId}>
            <Table.Td>
              {s.rollNo != null ? (
                numbers.format(s.rollNo)
              ) : (
                <Text span size="sm" c="dimmed">
                  {t('assign.noRollNo')}
                </Text>
              )}
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <Group gap="xs" wrap="wrap">
                <Text span size="sm" fw={500}>
                  {s.fullName}
                </Text>
                <Text span size="xs" c="dimmed">
                  {s.loginId}
                </Text>
                {!s.status ? (
                  <Badge size="xs" variant="dot" color="gray">
                    {t('status.inactive')}
                  </Badge>
                ) : null}
              </Group>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function ClassDetailsView({ detail, readOnly = false }: { detail: ClassDetail; readOnly?: boolean }) {
  const { t, i18n } = useTranslation();
  const label = useClassLabel();
  const numbers = new Intl.NumberFormat(localeOf(i18n.language));
  return (
    <>
      <RecordCard
        picture={
          <ThemeIcon size={72} radius={72} variant="light" aria-hidden>
            <IconSchool size={36} />
          </ThemeIcon>
        }
        name={label(detail)}
        badges={
          <>
            <StatusBadge status={detail.status} />
            <Badge variant="outline" color="gray">
              {t('assign.session', { year: detail.sessionYear })}
            </Badge>
          </>
        }
        editTo={readOnly ? null : assignSubjectsPath(detail.assignClassId)}
        items={[
          { label: t('assign.classTeacher'), value: detail.classTeacher ? <>{detail.classTeacher.fullName} <Code>{detail.classTeacher.loginId}</Code></> : t('assign.noClassTeacher') },
          { label: t('assign.students'), value: t('assign.ofLimit', { n: numbers.format(detail.students), limit: numbers.format(detail.classLimit) }) },
          { label: t('assign.subjects'), value: numbers.format(detail.subjects) },
          { label: t('assign.teachers'), value: numbers.format(detail.teachers) },
        ]}
        cols={2}
      />
      <SectionCard
        title={t('assign.subjectsAndTeachers')}
        actions={
          readOnly ? null : (
            <>
              <Button component={Link} to={assignSubjectsPath(detail.assignClassId)} size="xs" variant="default" leftSection={<IconListCheck size={14} aria-hidden />}>
                {t('assign.editSubjects')}
              </Button>
              <Button component={Link} to={assignTeachersPath(detail.assignClassId)} size="xs" variant="default" leftSection={<IconUsersGroup size={14} aria-hidden />}>
                {t('assign.editTeachers')}
              </Button>
            </>
          )
        }
      >
        <SubjectTeacherList subjects={detail.subjectList} />
      </SectionCard>
      <SectionCard title={t('assign.studentsWithCount', { n: numbers.format(detail.students) })}>
        <StudentRollList students={detail.studentList} />
      </SectionCard>
    </>
  );
}

/** /detailsviewAssignedclasses/:assignClassId (admins) and /detailsclassteacherview/:assignClassId (the teacher). */
export default function ClassDetailsPage({ route, readOnly = false }: Props) {
  const { t } = useTranslation();
  const { assignClassId } = useParams();
  const detail = useAssignedClass(assignClassId);
  return (
    <DetailsPage title={t(route.title)} backTo={readOnly ? '/getteacherclass' : '/viewassignedclasses'} query={detail}>
      {(d) => <ClassDetailsView detail={d} readOnly={readOnly} />}
    </DetailsPage>
  );
}
