import { useState } from 'react';
import { Alert, Anchor, Button, Group, List, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChecklist, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { downloadUdise, useUdiseCheck, type UdiseScope } from '../../api/registers';
import { useCurrentSession } from '../../lib/useCurrentSession';
import { ErrorAlert } from '../../components/ListState';
import { notifyError } from '../../lib/notify';
import { useAcademicNames } from '../academics';
import { ClassFilter, useClassOptions } from '../people';

/** Students listed at first by the check (a whole school may miss the same field). */
const SHOWN = 20;
const studentPath = (studentId: string) => `/viewstudentdetail/${studentId}`;

/** A class as the registers give it ("5-A": master class, then section) in the reader's language. */
export function useClassText() {
  const { className } = useAcademicNames();
  return (value: string) => {
    const [master = '', ...section] = value.split('-');
    return className(master, section.join('-'));
  };
}

/**
 * The UDISE+ export of a session (the header's by default) or one class: what each student still
 * misses (with a link to its register), then the CSV or the spreadsheet for the school's entry.
 */
export function UdiseExport() {
  const { t } = useTranslation();
  const classText = useClassText();
  const { sessions, current, isLoading: sessionLoading } = useCurrentSession();
  const [sessionId, setSessionId] = useState<string | null>(null);
  const chosen = sessionId ?? current?.sessionId ?? '';
  const [classId, setClassId] = useState<string | null>(null);
  const classes = useClassOptions(chosen || undefined);
  const check = useUdiseCheck();
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null);
  const [showAll, setShowAll] = useState(false);
  const scope: UdiseScope = { sessionId: chosen, classId: classId ?? undefined };

  const download = async (format: 'csv' | 'xlsx') => {
    setBusy(format);
    try {
      await downloadUdise(scope, format);
    } catch (error) {
      notifyError(error, t('registers.downloadFailed'));
    } finally {
      setBusy(null);
    }
  };
  const missingText = (fields: string[]) => fields.map((m) => t(`registers.udise.fields.${m}`, { defaultValue: m })).join(', ');

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="udise-title">
      <Title order={2} size="h4" id="udise-title" mb={4}>
        {t('registers.udise.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('registers.udise.hint')}
      </Text>
      <Stack gap="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <NativeSelect
            label={t('registers.udise.session')}
            value={chosen}
            onChange={(e) => {
              setSessionId(e.currentTarget.value);
              setClassId(null);
              check.reset();
            }}
            data={(sessions ?? []).map((s) => ({ value: s.sessionId, label: s.sessionYear }))}
            style={{ flex: '0 1 180px', minWidth: 120 }}
          />
          <ClassFilter
            classes={classes.data}
            loading={sessionLoading || classes.isLoading} // until the session is known the list has not started
            value={classId}
            onChange={(v) => {
              setClassId(v);
              check.reset();
            }}
          />
        </Group>
        <Group gap="xs" wrap="wrap">
          <Button leftSection={<IconChecklist size={16} aria-hidden />} loading={check.isPending} disabled={!chosen} onClick={() => {
              setShowAll(false);
              check.mutate(scope);
            }}>
            {t('registers.udise.check')}
          </Button>
          <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} loading={busy === 'csv'} disabled={!chosen} onClick={() => void download('csv')}>
            {t('registers.downloadCsv')}
          </Button>
          <Button variant="light" leftSection={<IconFileSpreadsheet size={16} aria-hidden />} loading={busy === 'xlsx'} disabled={!chosen} onClick={() => void download('xlsx')}>
            {t('registers.udise.downloadXlsx')}
          </Button>
        </Group>
        {check.isError ? <ErrorAlert title={t('registers.udise.checkError')} error={check.error} onRetry={() => check.mutate(scope)} /> : null}
        {check.data ? (
          check.data.length === 0 ? (
            <Alert color="teal" title={t('registers.udise.complete')} />
          ) : (
            <Stack gap="xs" aria-live="polite">
              <Text size="sm" fw={600}>
                {t('registers.udise.missingCount', { count: check.data.length })}
              </Text>
              <List spacing="xs" listStyleType="none" p={0} aria-label={t('registers.udise.missingList')} data-testid="udise-missing">
                {(showAll ? check.data : check.data.slice(0, SHOWN)).map((row) => (
                  <List.Item key={row.studentId}>
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      <Anchor component={Link} to={studentPath(row.studentId)} fw={600} size="sm">
                        {row.fullName}
                      </Anchor>{' '}
                      ({classText(row.className)}): {missingText(row.missing)}
                    </Text>
                  </List.Item>
                ))}
              </List>
              {!showAll && check.data.length > SHOWN ? (
                <Button variant="subtle" px={0} style={{ alignSelf: 'flex-start' }} onClick={() => setShowAll(true)}>
                  {t('registers.udise.showAll', { count: check.data.length })}
                </Button>
              ) : null}
            </Stack>
          )
        ) : null}
      </Stack>
    </Paper>
  );
}
