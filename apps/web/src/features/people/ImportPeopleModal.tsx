import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Code,
  FileInput,
  Group,
  Modal,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconFileTypeCsv, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IMPORT_COLUMNS, IMPORT_LIMITS, type ImportKind, type ImportResult } from '@shala/contract';
import { apiErrorText } from '../../api/errors';
import { saveBlob, uploadFile } from '../../api/transfer';
import { csvBlob, toCsv, today } from '../../lib/csv';
import { importErrorToken, useErrorToken } from '../../lib/validation';
import { localeOf } from '../../lib/format';

type Step = 'choose' | 'checking' | 'checked' | 'importing' | 'done';

interface Props {
  kind: ImportKind;
  opened: boolean;
  onClose: () => void;
  /** Called after rows were imported (refresh the list). */
  onImported: () => void;
}

/** Rows of the preview shown before importing. */
const PREVIEW_ROWS = 10;

/** The template: the contract's columns for the kind, as a header row. */
export function templateCsv(kind: ImportKind): string {
  return toCsv([[...IMPORT_COLUMNS[kind]]]);
}

/** The created accounts as CSV (cells neutralised against spreadsheet formulas). */
export function credentialsCsv(accounts: ImportResult['accounts'], header: [string, string, string, string]): string {
  return toCsv([header, ...accounts.map((a) => [String(a.row), a.fullName, a.loginId, a.password])]);
}

/**
 * CSV import: template, file, dry run with progress → preview and row errors → import (all rows
 * or none) with progress → the created accounts once, with a credentials CSV.
 */
export function ImportPeopleModal({ kind, opened, onClose, onImported }: Props) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorToken();
  const isMobile = useMediaQuery('(max-width: 47.99em)', false) ?? false;
  const [step, setStep] = useState<Step>('choose');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [checked, setChecked] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const numbers = new Intl.NumberFormat(localeOf(i18n.language));
  const what = t(`imports.kinds.${kind}`);

  const reset = () => {
    setStep('choose');
    setFile(null);
    setProgress(0);
    setChecked(null);
    setDone(null);
    setFailure(null);
  };

  const close = () => {
    reset();
    onClose();
  };

  const choose = (next: File | null) => {
    setChecked(null);
    setFailure(null);
    setStep('choose');
    if (next && !/\.csv$/i.test(next.name)) {
      setFile(null);
      setFailure(t('imports.notCsv'));
      return;
    }
    if (next && next.size > IMPORT_LIMITS.bytes) {
      setFile(null);
      setFailure(t('imports.tooLarge', { size: IMPORT_LIMITS.bytes / (1024 * 1024), rows: IMPORT_LIMITS.rows }));
      return;
    }
    setFile(next);
  };

  const send = async (dryRun: boolean) => {
    if (!file) return;
    setFailure(null);
    setProgress(0);
    setStep(dryRun ? 'checking' : 'importing');
    try {
      const answer = await uploadFile('importPeople', file, {
        params: { kind },
        query: { dryRun: dryRun ? 'true' : 'false' },
        onProgress: setProgress,
      });
      const result = answer.result;
      if (dryRun || result.errors.length > 0 || result.imported === 0) {
        setChecked(result);
        setStep('checked');
      } else {
        setDone(result);
        setStep('done');
        onImported();
      }
    } catch (error) {
      setFailure(apiErrorText(error, t));
      setStep(checked ? 'checked' : 'choose');
    }
  };

  const downloadTemplate = () => saveBlob(csvBlob(templateCsv(kind)), `${kind}-template.csv`);
  const downloadCredentials = () => {
    if (!done) return;
    const header: [string, string, string, string] = [t('imports.row'), t('person.name'), t('account.loginId'), t('account.password')];
    saveBlob(csvBlob(credentialsCsv(done.accounts, header)), `${kind}-credentials-${today()}.csv`);
  };

  const busy = step === 'checking' || step === 'importing';
  const errors = checked?.errors ?? [];
  const canImport = step === 'checked' && !!checked && errors.length === 0 && checked.total > 0;

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : close}
      title={t('imports.title', { what })}
      size="xl"
      fullScreen={isMobile}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {step === 'done' && done ? (
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
            <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={downloadCredentials}>
              {t('imports.downloadCredentials')}
            </Button>
            <Button onClick={close}>{t('account.done')}</Button>
          </Group>
        </Stack>
      ) : (
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

          {step === 'checked' && checked ? (
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
              ) : checked.total === 0 ? (
                <Alert color="yellow">{t('imports.emptyFile')}</Alert>
              ) : (
                <Alert color="green" icon={<IconCircleCheck size={18} aria-hidden />}>
                  {t('imports.ready', { count: checked.total, n: numbers.format(checked.total) })}
                </Alert>
              )}
            </Stack>
          ) : null}

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
      )}
    </Modal>
  );
}
