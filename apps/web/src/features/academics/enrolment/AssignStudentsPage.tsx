import { Anchor, Badge, Group, NativeSelect, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClassSummary } from '@shala/contract';
import { useSessionClasses } from '../../../api/academics-enrolment';
import { useCurrentSession } from '../../../lib/useCurrentSession';
import { ListState } from '../../../components/ListState';
import { PageHeading } from '../../../components/PageHeading';
import type { ScreenProps } from '../../../lib/screen';
import { useAcademicNames } from '../names';
import { freePlaces } from './logic';
import { UnassignedPicker } from './UnassignedPicker';
import { ClassRoster } from './ClassRoster';
import { useAddressParams } from '../../../lib/useListParams';

/**
 * /assignedstudent: choose a class of the selected session, pick students not yet in a class
 * (search, pages, select many or a whole page) and put them in with one request; below, the
 * class's students with roll numbers (by name, by admission date, or by hand), moved to another
 * section or taken out. The chosen class stays in the address (?class=).
 */
export default function AssignStudentsPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { current, isLoading } = useCurrentSession();
  const classes = useSessionClasses(current?.sessionId);
  const { params, update } = useAddressParams();
  const list = classes.data ?? [];
  const chosen = list.find((c) => c.assignClassId === params.get('class')) ?? null;
  const choose = (id: string) => update({ class: id });

  return (
    <>
      <PageHeading title={t(route.title)} description={t('enrol.intro')} />
      {isLoading ? (
        <Skeleton h={60} radius="md" />
      ) : !current ? (
        <Text c="dimmed">{t('header.noSessions')}</Text>
      ) : (
        <ListState
          query={classes}
          isEmpty={list.length === 0}
          emptyText={t('enrol.noClasses', { session: current.sessionYear })}
          emptyAction={
            <Anchor component={Link} to="/addclass">
              {t('enrol.addClass')}
            </Anchor>
          }
          rows={1}
        >
          <Stack gap="lg">
            <ClassChooser classes={list} chosen={chosen} onChoose={choose} session={current.sessionYear} />
            {chosen ? (
              <>
                <UnassignedPicker sessionId={current.sessionId} target={chosen} />
                <ClassRoster sessionId={current.sessionId} cls={chosen} classes={list} />
              </>
            ) : null}
          </Stack>
        </ListState>
      )}
    </>
  );
}

function ClassChooser({
  classes,
  chosen,
  onChoose,
  session,
}: {
  classes: ClassSummary[];
  chosen: ClassSummary | null;
  onChoose: (id: string) => void;
  session: string;
}) {
  const { t } = useTranslation();
  const { className } = useAcademicNames();
  return (
    <Paper withBorder radius="md" p="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <NativeSelect
          label={t('enrol.class', { session })}
          value={chosen?.assignClassId ?? ''}
          onChange={(event) => onChoose(event.currentTarget.value)}
          data={[
            { value: '', label: t('enrol.chooseClass') },
            ...classes.map((c) => ({
              value: c.assignClassId,
              label: `${className(c.masterClass, c.section)} · ${t('enrol.freeShort', { count: freePlaces(c) })}`,
            })),
          ]}
          style={{ flex: '1 1 260px', minWidth: 0 }}
        />
        {chosen ? (
          <Group gap="xs" wrap="wrap" aria-live="polite">
            <Badge variant="light" size="lg" color={freePlaces(chosen) ? 'indigo' : 'red'}>
              {t('enrol.places', { students: chosen.students, limit: chosen.classLimit })}
            </Badge>
            <Badge variant="outline" size="lg" color={freePlaces(chosen) ? 'teal' : 'red'}>
              {t('enrol.free', { count: freePlaces(chosen) })}
            </Badge>
          </Group>
        ) : null}
      </Group>
      {!chosen ? (
        <Text size="sm" c="dimmed" mt="sm">
          {t('enrol.chooseFirst')}
        </Text>
      ) : null}
    </Paper>
  );
}
