import type { ReactNode } from 'react';
import { Alert, Button, Group, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SaveFailure } from '../lib/contractForm';

/**
 * The end of every modal, as FormFooter is of a page: what a failed save said, then Cancel and
 * the primary action (a submit button of the modal's form, or `onConfirm` when it has none).
 *
 *   <ModalFooter failure={submit.failure} onCancel={onClose} label={t('common.saveChanges')} pending={submit.pending} />
 *   <ModalFooter onCancel={onClose} label={t('x.delete')} color="red" onConfirm={remove} pending={…} />
 *   <FailureAlert failure={…} /> alone, where the buttons are the form's own.
 *   children: more buttons, between Cancel and the primary action (or instead of it: no label).
 */
/** What a failed save said (its title, and the line under it or "check the form"); nothing before. */
export function FailureAlert({ failure }: { failure: SaveFailure | null }) {
  const { t } = useTranslation();
  return failure ? (
    <Alert color="red" role="alert" title={failure.title}>
      {failure.message ?? t('common.checkForm')}
    </Alert>
  ) : null;
}

export function ModalFooter({
  failure = null,
  onCancel,
  cancelLabel,
  label,
  pending = false,
  onConfirm,
  disabled,
  color,
  leftSection,
  children,
}: {
  failure?: SaveFailure | null;
  /** Without it, no Cancel (a form that stays on its page). */
  onCancel?: () => void;
  cancelLabel?: string;
  label?: ReactNode;
  pending?: boolean;
  onConfirm?: () => void;
  disabled?: boolean;
  color?: ButtonProps['color'];
  leftSection?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FailureAlert failure={failure} />
      <Group justify="flex-end" gap="sm">
        {onCancel ? (
          <Button variant="default" onClick={onCancel}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
        ) : null}
        {children}
        {label ? (
          <Button type={onConfirm ? 'button' : 'submit'} onClick={onConfirm} loading={pending} disabled={disabled} color={color} leftSection={leftSection}>
            {label}
          </Button>
        ) : null}
      </Group>
    </>
  );
}
