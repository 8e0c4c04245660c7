import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMPORT_COLUMNS, IMPORT_LIMITS, toCsv, type ImportKind, type ImportResult } from '@shala/contract';
import { apiErrorText } from '../../api/errors';
import { saveBlob, uploadFile } from '../../api/transfer';
import { csvBlob, today } from '../../lib/csv';

export type ImportStep = 'choose' | 'checking' | 'checked' | 'importing' | 'done';

/** The template: the contract's columns for the kind, as a header row. */
export function templateCsv(kind: ImportKind): string {
  return toCsv([[...IMPORT_COLUMNS[kind]]]);
}

/** The created accounts as CSV (cells neutralised against spreadsheet formulas). */
export function credentialsCsv(accounts: ImportResult['accounts'], header: [string, string, string, string]): string {
  return toCsv([header, ...accounts.map((a) => [String(a.row), a.fullName, a.loginId, a.password])]);
}

/**
 * The state of the CSV import: the chosen file (a .csv under the size limit), the dry run or the
 * import with its progress, what the server answered, and the downloads (template, credentials).
 */
export function useImportPeople({ kind, onClose, onImported }: { kind: ImportKind; onClose: () => void; onImported: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<ImportStep>('choose');
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [checked, setChecked] = useState<ImportResult | null>(null);
  const [done, setDone] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

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
  const canImport = step === 'checked' && !!checked && checked.errors.length === 0 && checked.total > 0;

  return { step, file, progress, checked, done, failure, busy, canImport, close, choose, send, downloadTemplate, downloadCredentials };
}

export type ImportPeople = ReturnType<typeof useImportPeople>;
