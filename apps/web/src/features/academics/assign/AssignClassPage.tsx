import { Anchor, Button, Checkbox, Group, SimpleGrid, Space, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { assignClassBody, CLASS_SUBJECTS_MAX, type ClassDetail } from '@shala/contract';
import { TEACHER_OPTIONS_KEY, teacherOptions, useActiveSubjects, useAssignClass } from '../../../api/academics-assign';
import { FormFooter } from '../../../components/FormFooter';
import { ListState } from '../../../components/ListState';
import { RemoteSelect } from '../../../components/RemoteSelect';
import { useContractForm } from '../../../lib/contractForm';
import { useErrorToken } from '../../../lib/validation';
import { useAcademicNames } from '../names';
import { classDetailPath } from './AssignedClassListPage';
import { ClassChooser, SectionCard, useClassLabel } from './parts';
import { useClassSubmit } from './useClassSubmit';
import { sessionScreen } from './sessionScreen';

interface Values {
  assignClassId: string;
  subjectIds: string[];
  classTeacherId: string | null;
}

/** The choice of subjects: the school's active subjects, and those the class already has. */
export function subjectChoices(active: ReadonlyArray<{ subjectId: string; name: string; masterCode: string | null }>, current: ClassDetail['subjectList']) {
  const byId = new Map<string, { subjectId: string; name: string; masterCode: string | null }>();
  for (const s of current) byId.set(s.subjectId, s);
  for (const s of active) if (!byId.has(s.subjectId)) byId.set(s.subjectId, s);
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

function AssignClassForm({ detail }: { detail: ClassDetail }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const label = useClassLabel();
  const { subjectName } = useAcademicNames();
  const active = useActiveSubjects();
  const save = useAssignClass();
  const form = useContractForm<Values>(assignClassBody, {
    initialValues: {
      assignClassId: detail.assignClassId,
      subjectIds: detail.subjectList.map((s) => s.subjectId),
      classTeacherId: detail.classTeacher?.userId ?? null,
    },
  });
  const choices = subjectChoices(active.data?.items ?? [], detail.subjectList);
  const chosen = form.values.subjectIds.length;

  const submit = useClassSubmit(form, (values: Values) => save.mutateAsync(values), 'assign.savedSubjects');

  return (
    <form noValidate onSubmit={submit.onSubmit} aria-label={t('assign.subjectsFormLabel', { name: label(detail) })}>
      <Stack gap="lg">
        <SectionCard title={label(detail)}>
          <RemoteSelect
            label={t('assign.classTeacher')}
            placeholder={t('assign.chooseTeacher')}
            description={t('assign.classTeacherHint')}
            queryKey={TEACHER_OPTIONS_KEY}
            fetchOptions={teacherOptions}
            value={form.values.classTeacherId}
            valueLabel={detail.classTeacher ? `${detail.classTeacher.fullName} (${detail.classTeacher.loginId})` : null}
            onChange={(next) => form.setFieldValue('classTeacherId', next)}
            error={errorText(form.errors.classTeacherId)}
            clearable
            maw={420}
          />
          <Space h="lg" />
          <ListState
            query={active}
            isEmpty={choices.length === 0}
            emptyText={t('assign.noActiveSubjects')}
            emptyAction={
              <Anchor component={Link} to="/addsubject">
                {t('routes.addsubject')}
              </Anchor>
            }
            rows={3}
          >
            <Checkbox.Group
              label={t('assign.subjectsTaught')}
              description={t('assign.chosenCount', { n: chosen, max: CLASS_SUBJECTS_MAX })}
              value={form.values.subjectIds}
              onChange={(ids) => form.setFieldValue('subjectIds', ids)}
              error={errorText(form.errors.subjectIds)}
            >
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" mt="sm">
                {choices.map((s) => (
                  <Checkbox key={s.subjectId} value={s.subjectId} label={subjectName(s)} disabled={chosen >= CLASS_SUBJECTS_MAX && !form.values.subjectIds.includes(s.subjectId)} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <Group gap="xs" mt="md">
              <Button size="xs" variant="subtle" onClick={() => form.setFieldValue('subjectIds', choices.slice(0, CLASS_SUBJECTS_MAX).map((s) => s.subjectId))}>
                {t('assign.selectAll')}
              </Button>
              <Button size="xs" variant="subtle" color="gray" onClick={() => form.setFieldValue('subjectIds', [])}>
                {t('assign.clearAll')}
              </Button>
            </Group>
          </ListState>
        </SectionCard>
        <FormFooter failure={submit.failure} cancelTo={classDetailPath(detail.assignClassId)}>
          <Button type="submit" loading={submit.pending}>
            {t('assign.saveSubjects')}
          </Button>
        </FormFooter>
      </Stack>
    </form>
  );
}

/** /assignedclass and /assignsubject: a class's class teacher and the subjects taught in it. */
export default sessionScreen('assign.subjectsDescription', (session) => <ClassChooser session={session}>{(detail) => <AssignClassForm key={detail.assignClassId} detail={detail} />}</ClassChooser>);
