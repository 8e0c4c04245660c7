import { Alert, Badge, Button, Code, FileInput, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IMPORT_COLUMNS, IMPORT_LIMITS, type ImportKind, type ImportResult } from '@shala/contract';
import { importErrorToken, useErrorToken } from '../../lib/validation';
import type { ImportPeople } from './useImportPeople';

/** Rows of the preview shown before importing. */
const PREVIEW_ROWS = 10;

/** The last step: how many were imported, and the created accounts (shown once) with their CSV. */
export function ImportDoneStep({ done, numbers, onDownload, onClose }: { done: ImportResult; numbers: Intl.NumberFormat; onDownload: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Alert color="green" icon={<IconCircleCheck size={18} aria-hidden />} title={t('imports.doneTitle')}>
        {t('imports.doneText', { count: done.imported, n: numbers.format(done.imported) })}
      </Alert>
      <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('account.onceTitle')}>
        {t('imports.onceText')}
      </Alert>
      <Table.ScrollContainer minWidth={520} type="native" mah={360}>
        <Table striped withTableBorder aria-label={t('imports.accountsTable')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('imports.row')}</Table.Th>
              <Table.Th>{t('person.name')}</Table.Th>
              <Table.Th>{t('account.loginId')}</Table.Th>
              <Table.Th>{t('account.password')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {done.accounts.map((account) => (
              <Table.Tr key={account.row}>
                <Table.Td>{account.row}</Table.Td>
                <Table.Td>{account.fullName}</Table.Td>
                <Table.Td>
                  <Code>{account.loginId}</Code>
                </Table.Td>
                <Table.Td>
                  <Code>{account.password}</Code>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        {t('imports.csvNote')}
      </Text>
      <Group justify="space-between" wrap="wrap">
        <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={onDownload}>
          {t('imports.downloadCredentials')}
        </Button>
        <Button onClick={onClose}>{t('account.done')}</Button>
      </Group>
    </Stack>
  );
}

/** The steps before it: the columns and template, the file, progress, the dry run's answer, Check / Import. */
export function ImportFileStep({ kind, what, numbers, state }: { kind: ImportKind; what: string; numbers: Intl.NumberFormat; state: ImportPeople }) {
  const { t } = useTranslation();
  const { step, file, progress, checked, failure, busy, canImport, close, choose, send, downloadTemplate } = state;
  return (
    <Stack gap="md">
      <Text size="sm">{t('imports.intro', { what })}</Text>
      <div>
        <Text size="sm" fw={600} mb={4}>
          {t('imports.columns')}
        </Text>
        <Group gap={6} wrap="wrap">
          {IMPORT_COLUMNS[kind].map((column) => (
            <Badge key={column} variant={column === 'firstName' ? 'filled' : 'light'} tt="none">
              {column}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed" mt={4}>
          {t('imports.columnsHint', { rows: numbers.format(IMPORT_LIMITS.rows) })}
        </Text>
      </div>
      <Group>
        <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={downloadTemplate}>
          {t('imports.template')}
        </Button>
      </Group>

      <FileInput
        label={t('imports.file')}
        placeholder={t('imports.filePlaceholder')}
        accept=".csv,text/csv"
        value={file}
        onChange={choose}
        clearable
        disabled={busy}
        leftSection={<IconFileTypeCsv size={18} aria-hidden />}
        clearButtonProps={{ 'aria-label': t('imports.clearFile') }}
      />

      {busy ? (
        <Stack gap={4}>
          <Text size="sm">{step === 'checking' ? t('imports.checking') : t('imports.importing')}</Text>
          <Progress value={progress} size="lg" striped animated aria-label={t('imports.progress')} />
        </Stack>
      ) : null}

      {failure ? (
        <Alert color="red" role="alert" title={t('imports.failed')}>
          {failure}
        </Alert>
      ) : null}

      {step === 'checked' && checked ? <ImportCheckResult checked={checked} numbers={numbers} /> : null}

      <Group justify="flex-end" gap="xs" wrap="wrap">
        <Button variant="default" onClick={close} disabled={busy}>
          {t('common.cancel')}
        </Button>
        {canImport && checked ? (
          <Button color="green" leftSection={<IconUpload size={16} aria-hidden />} onClick={() => void send(false)}>
            {t('imports.importN', { count: checked.total, n: numbers.format(checked.total) })}
          </Button>
        ) : (
          <Button leftSection={<IconUpload size={16} aria-hidden />} onClick={() => void send(true)} disabled={!file || busy} loading={step === 'checking'}>
            {t('imports.check')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** What the dry run found: the first rows, then the problems, an empty file, or "ready". */
function ImportCheckResult({ checked, numbers }: { checked: ImportResult; numbers: Intl.NumberFormat }) {
  const { t } = useTranslation();
  const errors = checked.errors;
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        {t('imports.previewTitle')}
      </Title>
      <Text size="sm">{t('imports.total', { count: checked.total, n: numbers.format(checked.total) })}</Text>
      {checked.preview.length > 0 ? (
        <Table.ScrollContainer minWidth={420} type="native">
          <Table striped withTableBorder aria-label={t('imports.previewTable')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('imports.row')}</Table.Th>
                <Table.Th>{t('person.name')}</Table.Th>
                <Table.Th>{t('person.email')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {checked.preview.slice(0, PREVIEW_ROWS).map((row) => (
                <Table.Tr key={row.row}>
                  <Table.Td>{row.row}</Table.Td>
                  <Table.Td>{row.fullName}</Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.email ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}

      {errors.length > 0 ? (
        <ImportErrors errors={errors} numbers={numbers} />
      ) : checked.total === 0 ? (
        <Alert color="yellow">{t('imports.emptyFile')}</Alert>
      ) : (
        <Alert color="green" icon={<IconCircleCheck size={18} aria-hidden />}>
          {t('imports.ready', { count: checked.total, n: numbers.format(checked.total) })}
        </Alert>
      )}
    </Stack>
  );
}

/** The rows the server refused, with their column and problem (nothing was imported). */
function ImportErrors({ errors, numbers }: { errors: ImportResult['errors']; numbers: Intl.NumberFormat }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  return (
    <>
      <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('imports.errorsTitle', { count: errors.length, n: numbers.format(errors.length) })}>
        {t('imports.errorsText')}
      </Alert>
      <Table.ScrollContainer minWidth={420} type="native" mah={320}>
        <Table striped withTableBorder aria-label={t('imports.errorsTable')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('imports.row')}</Table.Th>
              <Table.Th>{t('imports.column')}</Table.Th>
              <Table.Th>{t('imports.problem')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.map((error, index) => (
              <Table.Tr key={`${error.row}-${error.column ?? ''}-${index}`}>
                <Table.Td>{error.row}</Table.Td>
                <Table.Td>{error.column ? <Code>{error.column}</Code> : '—'}</Table.Td>
                <Table.Td>{errorText(importErrorToken(error))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
