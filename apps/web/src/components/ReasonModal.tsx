import type { ReactNode } from 'react';
import { Modal, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useContractForm } from '../lib/contractForm';
import { useErrorToken } from '../lib/validation';
import { useSubmit } from '../lib/useSubmit';
import { ModalFooter } from './ModalFooter';

/** What a decision that needs its reason shows: the dialog's words, its button, what it does. */
export interface ReasonModalProps<R> {
  title: string;
  /** Above the reason: what is about to happen (an alert, a summary). */
  intro: ReactNode;
  reasonLabel: string;
  reasonHint?: string;
  /** The contract's body schema: its `reason` is checked as the server checks it. */
  schema: z.ZodType;
  /** Sends the decision with the reason as typed, trimmed. */
  save: (reason: string) => Promise<R>;
  /** The toast once done. */
  saved: (result: R) => string;
  submitLabel: string;
  color: string;
  icon?: ReactNode;
  onClose: () => void;
  /** The longest reason (the contract's limit; 200 unless said). */
  maxLength?: number;
  /** False: no reason is asked this time (a choice in the intro makes it needless). */
  withReason?: boolean;
  /** True: the reason may be left empty (a comment on a decision; `save` gets ''). */
  optional?: boolean;
  /** The footer's cancel button, when not "Cancel" (cancelling a request: "Keep it"). */
  cancelLabel?: string;
  /** The action is offered only when this says the decision is complete (a reason typed, a class chosen). */
  ready?: (reason: string) => boolean;
  size?: string;
  /** Below the reason: anything else the decision asks (a refund's amount). */
  children?: ReactNode;
}

/**
 * A decision kept with its reason (reversing a payment, waiving a late fee, rejecting a UPI claim),
 * or with an optional comment (deciding or cancelling leave): focused first, checked by the
 * contract, the server's refusal in the footer.
 */
export function ReasonModal<R>(props: ReasonModalProps<R>) {
  const { title, intro, reasonLabel, reasonHint, schema, save, saved, submitLabel, color, icon, onClose, children } = props;
  const { maxLength = 200, withReason = true, optional = false, cancelLabel, ready, size } = props;
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const form = useContractForm<{ reason: string }>(schema, { initialValues: { reason: '' }, prepare: (v) => ({ reason: v.reason.trim() }) });
  const submit = useSubmit({ form, save: (values: { reason: string }) => save(values.reason.trim()), saved, done: onClose });
  return (
    <Modal opened onClose={onClose} title={title} size={size} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <form noValidate onSubmit={submit.onSubmit} aria-label={title}>
        <Stack gap="md">
          {intro}
          {withReason ? (
            <Textarea
              label={reasonLabel}
              description={reasonHint}
              required={!optional}
              autosize
              minRows={2}
              maxLength={maxLength}
              data-autofocus
              {...form.getInputProps('reason')}
              error={errorText(form.errors.reason)}
            />
          ) : null}
          {children}
          <ModalFooter
            failure={submit.failure}
            onCancel={onClose}
            cancelLabel={cancelLabel}
            label={submitLabel}
            pending={submit.pending}
            disabled={ready ? !ready(form.values.reason) : undefined}
            color={color}
            leftSection={icon}
          />
        </Stack>
      </form>
    </Modal>
  );
}
