import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TeacherClass } from '@shala/contract';
import { useTeacherClasses } from '../../../api/academics-assign';
import { ListState } from '../../../components/ListState';
import { useAcademicNames } from '../names';
import { useClassLabel } from './parts';
import { localeOf } from '../../../lib/format';

/** One card per class: its name, the class teacher badge, the number of students, the subjects taught. */
export function TeacherClassCards({ classes, linkTo, title, own }: { classes: TeacherClass[]; linkTo?: (assignClassId: string) => string; title: string; own: boolean }) {
  const { t, i18n } = useTranslation();
  const label = useClassLabel();
  const { subjectName } = useAcademicNames();
  const numbers = new Intl.NumberFormat(localeOf(i18n.language));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={title}>
      {classes.map((c) => (
        <Card key={c.assignClassId} component="li" withBorder radius="md" padding="md">
          <Stack gap="xs">
            <Group justify="space-between" gap="xs" wrap="wrap" align="center">
              {linkTo ? (
                <Anchor component={Link} to={linkTo(c.assignClassId)} fw={700} size="lg">
                  {label(c)}
                </Anchor>
              ) : (
                <Text fw={700} size="lg">
                  {label(c)}
                </Text>
              )}
              {c.isClassTeacher ? (
                <Badge variant="light" color="indigo">
                  {t('teacherClasses.classTeacher')}
                </Badge>
              ) : null}
            </Group>
            <Group gap={6} wrap="nowrap">
              <IconUsers size={16} aria-hidden />
              <Text size="sm">{t('teacherClasses.students', { count: c.students, n: numbers.format(c.students) })}</Text>
            </Group>
            <div>
              <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                {own ? t('teacherClasses.subjects') : t('teacherClasses.subjectsTaught')}
              </Text>
              {c.subjects.length ? (
                <Group gap={6} mt={4} wrap="wrap">
                  {c.subjects.map((s) => (
                    <Badge key={s.subjectId} variant="outline" color="gray" tt="none" style={{ maxWidth: '100%' }}>
                      {subjectName(s)}
                    </Badge>
                  ))}
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  {own ? t('teacherClasses.noSubjects') : t('teacherClasses.noSubjectsTaught')}
                </Text>
              )}
            </div>
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** A teacher's classes in a session (its own when no teacherId), with loading, error and empty states. */
export function TeacherClassList({ sessionId, teacherId, linkTo, emptyText, title }: { sessionId: string; teacherId?: string; linkTo?: (id: string) => string; emptyText: string; title: string }) {
  const query = useTeacherClasses(sessionId, teacherId);
  const items = query.data ?? [];
  return (
    <ListState
      query={query}
      isEmpty={items.length === 0}
      emptyText={emptyText}
      rows={2}
    >
      <TeacherClassCards classes={items} linkTo={linkTo} title={title} own={!teacherId} />
    </ListState>
  );
}
