import { useEffect, type ReactNode } from 'react';
import { Anchor, Badge, Paper, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AcademicSession, AssignStatus, ClassDetail, ClassSummary } from '@shala/contract';
import { STATUS_COLOR, useAssignedClass, useClassOptions } from '../../../api/academics-assign';
import { useCurrentSession } from '../../../lib/useCurrentSession';
import { ListState, RecordState } from '../../../components/ListState';
import { useAcademicNames } from '../names';
import { LoadingBlock } from '../../../components/LoadingBlock';
import { useAddressParams } from '../../../lib/useListParams';
import { useRememberedClass } from '../../../lib/useRememberedClass';
import { SectionHeading } from '../../../components/SectionHeading';

/** Complete / Incomplete / Pending, coloured. */
export function StatusBadge({ status }: { status: AssignStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={STATUS_COLOR[status]} style={{ flexShrink: 0 }}>
      {t(`assign.status.${status}`)}
    </Badge>
  );
}

/** Renders its children with the selected session; 'Session data is not available' when there is none. */
export function WithSession({ children }: { children: (session: AcademicSession) => ReactNode }) {
  const { t } = useTranslation();
  const { current, isLoading } = useCurrentSession();
  if (isLoading) return <LoadingBlock h={120} radius="md" />;
  if (!current) {
    return (
      <Paper withBorder radius="md" p="xl">
        <Text c="dimmed" role="status">
          {t('header.noSessions')}
        </Text>
      </Paper>
    );
  }
  return <>{children(current)}</>;
}

/** A titled card (a details screen's section). */
export function SectionCard({ title, actions, children, maw }: { title: string; actions?: ReactNode; children: ReactNode; maw?: number }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-label={title} maw={maw}>
      <SectionHeading title={title} actions={actions} mb="md" />
      {children}
    </Paper>
  );
}

/** A class's name in the reader's language: "Class 5 – A". */
export function useClassLabel() {
  const { className } = useAcademicNames();
  return (c: Pick<ClassSummary, 'masterClass' | 'section'>) => className(c.masterClass, c.section);
}

/** Picks one class of the session (searchable); an empty session offers to add classes. */
export function ClassPicker({ sessionId, value, onChange }: { sessionId: string; value: string | null; onChange: (assignClassId: string | null) => void }) {
  const { t } = useTranslation();
  const options = useClassOptions(sessionId);
  const items = options.data?.items ?? [];
  return (
    <ListState
      query={options}
      isEmpty={items.length === 0}
      emptyText={t('assign.noClasses')}
      emptyAction={
        <Anchor component={Link} to="/addclass">
          {t('assign.addClasses')}
        </Anchor>
      }
      rows={1}
    >
      <ClassSelect items={items} value={value} onChange={onChange} />
    </ListState>
  );
}

/** The searchable select of a list of classes (a value not in the list shows nothing chosen). */
export function ClassSelect({
  items,
  value,
  onChange,
}: {
  items: ReadonlyArray<Pick<ClassSummary, 'assignClassId' | 'masterClass' | 'section'>>;
  value: string | null;
  onChange: (assignClassId: string | null) => void;
}) {
  const { t } = useTranslation();
  const label = useClassLabel();
  return (
    <Select
      label={t('assign.class')}
      placeholder={t('assign.chooseClass')}
      data={items.map((c) => ({ value: c.assignClassId, label: label(c) }))}
      value={value && items.some((c) => c.assignClassId === value) ? value : null}
      onChange={onChange}
      searchable
      nothingFoundMessage={t('address.nothingFound')}
      maw={360}
      allowDeselect={false}
    />
  );
}

/**
 * The class picker of the assignment forms, the chosen class in the address (?class=, so the
 * details screen can link to it), then the form of that class once its details are loaded.
 */
export function ClassChooser({ session, children }: { session: AcademicSession; children: (detail: ClassDetail) => ReactNode }) {
  const { t } = useTranslation();
  const { update } = useAddressParams();
  const options = useClassOptions(session.sessionId);
  const { classId: assignClassId, choose } = useRememberedClass(options.data?.items.map((c) => c.assignClassId));
  const detail = useAssignedClass(assignClassId);
  // A class of another session (the session was changed): forget it.
  const otherSession = !!detail.data && detail.data.sessionId !== session.sessionId;
  useEffect(() => {
    if (otherSession) update({}, { reset: true });
  }, [otherSession, update]);

  return (
    <Stack gap="lg" maw={960}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <ClassPicker sessionId={session.sessionId} value={assignClassId} onChange={choose} />
      </Paper>
      {assignClassId ? (
        <RecordState query={detail}>
          {() => (detail.data && !otherSession ? children(detail.data) : null)}
        </RecordState>
      ) : (
        <Text c="dimmed">{t('assign.pickClassFirst')}</Text>
      )}
    </Stack>
  );
}
