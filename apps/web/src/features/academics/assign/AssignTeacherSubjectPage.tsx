import { useState } from 'react';
import { ActionIcon, Anchor, Button, Divider, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CLASS_SUBJECTS_MAX, teacherSubjectBody, type ClassDetail } from '@shala/contract';
import { TEACHER_OPTIONS_KEY, teacherOptions, useActiveSubjects, useAssignTeacherSubject } from '../../../api/academics-assign';
import { FormFooter } from '../../../components/FormFooter';
import { RemoteSelect } from '../../../components/RemoteSelect';
import { useContractForm } from '../../../lib/contractForm';
import { useErrorToken } from '../../../lib/validation';
import { useAcademicNames } from '../names';
import { assignSubjectsPath, classDetailPath } from './AssignedClassListPage';
import { ClassChooser, SectionCard, useClassLabel } from './parts';
import { useClassSubmit } from './useClassSubmit';
import { sessionScreen } from './sessionScreen';

interface Row {
  subjectId: string;
  teacherId: string | null;
}
interface Values {
  assignClassId: string;
  assignments: Row[];
}
interface SubjectInfo {
  subjectId: string;
  name: string;
  masterCode: string | null;
}

/** The body of a save: every row of the table, in one request (spec: `{ assignments }`). */
export function assignmentsOf(values: Values): { assignClassId: string; assignments: Row[] } {
  return { assignClassId: values.assignClassId, assignments: values.assignments.map((r) => ({ subjectId: r.subjectId, teacherId: r.teacherId || null })) };
}

function TeacherTable({ detail }: { detail: ClassDetail }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const label = useClassLabel();
  const { subjectName } = useAcademicNames();
  const active = useActiveSubjects();
  const save = useAssignTeacherSubject();
  const [known, setKnown] = useState<Map<string, SubjectInfo>>(() => new Map(detail.subjectList.map((s) => [s.subjectId, s])));
  const teacherLabels = new Map(detail.subjectList.map((s) => [s.subjectId, s.teacher ? `${s.teacher.fullName} (${s.teacher.loginId})` : null]));
  const form = useContractForm<Values>(teacherSubjectBody, {
    initialValues: {
      assignClassId: detail.assignClassId,
      assignments: detail.subjectList.map((s) => ({ subjectId: s.subjectId, teacherId: s.teacher?.userId ?? null })),
    },
  });
  const rows = form.values.assignments;
  const inTable = new Set(rows.map((r) => r.subjectId));
  const addable = (active.data?.items ?? []).filter((s) => !inTable.has(s.subjectId));
  const original = new Set(detail.subjectList.map((s) => s.subjectId));

  const addSubject = (subjectId: string | null) => {
    const subject = addable.find((s) => s.subjectId === subjectId);
    if (!subject) return;
    setKnown((prev) => new Map(prev).set(subject.subjectId, subject));
    form.insertListItem('assignments', { subjectId: subject.subjectId, teacherId: null });
  };

  const submit = useClassSubmit(form, (values: Values) => save.mutateAsync(assignmentsOf(values)), 'assign.savedTeachers');

  return (
    <form noValidate onSubmit={submit.onSubmit} aria-label={t('assign.teachersFormLabel', { name: label(detail) })}>
      <Stack gap="lg">
        <SectionCard title={t('assign.subjectsAndTeachers')}>
          {rows.length === 0 ? (
            <Text c="dimmed" size="sm" role="status" mb="md">
              {t('assign.noSubjects')}{' '}
              <Anchor component={Link} to={assignSubjectsPath(detail.assignClassId)}>
                {t('assign.editSubjects')}
              </Anchor>
            </Text>
          ) : (
            <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('assign.subjectsAndTeachers')}>
              {rows.map((row, index) => {
                const subject = known.get(row.subjectId);
                const name = subject ? subjectName(subject) : row.subjectId;
                return (
                  <li key={row.subjectId}>
                    {index > 0 ? <Divider my="xs" /> : null}
                    <Group gap="sm" align="center" wrap="wrap" py={4}>
                      <Text fw={500} size="sm" style={{ flex: '1 1 10rem', minWidth: 0, overflowWrap: 'anywhere' }}>
                        {name}
                      </Text>
                      <RemoteSelect
                        aria-label={t('assign.teacherOf', { subject: name })}
                        placeholder={t('assign.chooseTeacher')}
                        queryKey={TEACHER_OPTIONS_KEY}
                        fetchOptions={teacherOptions}
                        value={row.teacherId}
                        valueLabel={teacherLabels.get(row.subjectId) ?? null}
                        onChange={(next) => form.setFieldValue(`assignments.${index}.teacherId`, next)}
                        error={errorText(form.errors[`assignments.${index}.teacherId`] ?? form.errors[`assignments.${index}.subjectId`])}
                        clearable
                        style={{ flex: '1 1 16rem', minWidth: 0 }}
                      />
                      {!original.has(row.subjectId) ? (
                        <Tooltip label={t('assign.removeRow')}>
                          <ActionIcon variant="subtle" color="gray" onClick={() => form.removeListItem('assignments', index)} aria-label={t('assign.removeRowNamed', { subject: name })}>
                            <IconX size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      ) : null}
                    </Group>
                  </li>
                );
              })}
            </Stack>
          )}
          {addable.length > 0 && rows.length < CLASS_SUBJECTS_MAX ? (
            <Select
              mt="md"
              label={t('assign.addSubject')}
              placeholder={t('assign.chooseSubject')}
              data={addable.map((s) => ({ value: s.subjectId, label: subjectName(s) }))}
              value={null}
              onChange={addSubject}
              searchable
              nothingFoundMessage={t('address.nothingFound')}
              maw={360}
            />
          ) : null}
        </SectionCard>
        <FormFooter failure={submit.failure} cancelTo={classDetailPath(detail.assignClassId)}>
          <Button type="submit" loading={submit.pending} disabled={rows.length === 0}>
            {t('assign.saveTeachers')}
          </Button>
        </FormFooter>
      </Stack>
    </form>
  );
}

/** /assignteachersubject: the teacher of each subject of a class, saved in one request. */
export default sessionScreen('assign.teachersDescription', (session) => <ClassChooser session={session}>{(detail) => <TeacherTable key={detail.assignClassId} detail={detail} />}</ClassChooser>);
