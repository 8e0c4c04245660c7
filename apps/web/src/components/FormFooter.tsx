import type { ReactNode } from 'react';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SaveFailure } from '../lib/contractForm';
import { FailureAlert } from './ModalFooter';

/** The end of every form: what a failed save said, then Cancel and the form's own buttons. */
export function FormFooter({ failure, cancelTo, children }: { failure: SaveFailure | null; cancelTo: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <FailureAlert failure={failure} />
      <Group justify="flex-end" gap="sm" wrap="wrap">
        <Button variant="default" component={Link} to={cancelTo}>
          {t('common.cancel')}
        </Button>
        {children}
      </Group>
    </>
  );
}
