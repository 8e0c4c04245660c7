import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { ImportKind } from '@shala/contract';
import { localeOf } from '../../lib/format';
import { ImportDoneStep, ImportFileStep } from './ImportSteps';
import { useImportPeople } from './useImportPeople';

export { credentialsCsv, templateCsv } from './useImportPeople';

interface Props {
  kind: ImportKind;
  opened: boolean;
  onClose: () => void;
  /** Called after rows were imported (refresh the list). */
  onImported: () => void;
}

/**
 * CSV import: template, file, dry run with progress → preview and row errors → import (all rows
 * or none) with progress → the created accounts once, with a credentials CSV.
 */
export function ImportPeopleModal({ kind, opened, onClose, onImported }: Props) {
  const { t, i18n } = useTranslation();
  const isMobile = useMediaQuery('(max-width: 47.99em)', false) ?? false;
  const state = useImportPeople({ kind, onClose, onImported });
  const numbers = new Intl.NumberFormat(localeOf(i18n.language));
  const what = t(`imports.kinds.${kind}`);

  return (
    <Modal
      opened={opened}
      onClose={state.busy ? () => {} : state.close}
      title={t('imports.title', { what })}
      size="xl"
      fullScreen={isMobile}
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {state.step === 'done' && state.done ? (
        <ImportDoneStep done={state.done} numbers={numbers} onDownload={state.downloadCredentials} onClose={state.close} />
      ) : (
        <ImportFileStep kind={kind} what={what} numbers={numbers} state={state} />
      )}
    </Modal>
  );
}
