import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Badge, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { MOBILE_CODE_TTL_MINUTES, mobileInput, toIndianMobile, type NotificationPreferences } from '@shala/contract';
import { useSendMobileCode, useVerifyMobile } from '../../api/messaging';
import { FailureAlert } from '../../components/ModalFooter';
import { useContractForm } from '../../lib/contractForm';
import { useSubmit, type Submit } from '../../lib/useSubmit';
import { useErrorToken } from '../../lib/validation';
import { SettingsCard } from './SettingsCard';

/** The six digits of the SMS (the contract's rule, with the sign-in code's message). */
const codeSchema = z.object({ code: z.string().trim().regex(/^\d{6}$/, 'The code has 6 digits') });

/**
 * The number SMS and WhatsApp go to: shown with "Verified", or verified here (the number, a code
 * by SMS, the code back). A refusal (no SMS account, too soon, a wrong code) is said in the
 * reader's language above the buttons.
 */
export function MobileCard({ prefs, whatsapp }: { prefs: NotificationPreferences; whatsapp: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(!prefs.mobileVerified);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const title = t('messaging.mobile.title');
  const hint = whatsapp ? t('messaging.mobile.hint') : t('messaging.mobile.hintSms');

  if (prefs.mobileVerified && prefs.mobile && !editing) {
    return (
      <SettingsCard id="mobile" title={title} hint={hint}>
        <Group gap="sm" wrap="wrap" justify="space-between">
          <Group gap="xs" wrap="wrap">
            <Text fw={600} data-testid="verified-mobile">
              {prefs.mobile}
            </Text>
            <Badge color="green" variant="light" leftSection={<IconCircleCheck size={14} aria-hidden />} style={{ textTransform: 'none' }}>
              {t('messaging.mobile.verified')}
            </Badge>
          </Group>
          <Button variant="default" size="xs" onClick={() => setEditing(true)}>
            {t('messaging.mobile.change')}
          </Button>
        </Group>
      </SettingsCard>
    );
  }

  return (
    <SettingsCard id="mobile" title={title} hint={hint}>
      {sentTo ? (
        <CodeForm
          mobile={sentTo}
          onAnother={() => setSentTo(null)}
          onVerified={() => {
            setSentTo(null);
            setEditing(false);
          }}
        />
      ) : (
        <NumberForm initial={prefs.mobile ?? ''} onSent={setSentTo} onCancel={prefs.mobileVerified ? () => setEditing(false) : undefined} />
      )}
    </SettingsCard>
  );
}

/** The number, and "Send code". */
function NumberForm({ initial, onSent, onCancel }: { initial: string; onSent: (mobile: string) => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const send = useSendMobileCode();
  const form = useContractForm<{ mobile: string }>(mobileInput, { initialValues: { mobile: initial }, validateInputOnBlur: false });
  const submit = useSubmit({
    form,
    save: (values) => send.mutateAsync(toIndianMobile(values.mobile) ?? values.mobile),
    saved: (result) => t('messaging.mobile.sent', { mobile: result.mobile, minutes: MOBILE_CODE_TTL_MINUTES }),
    done: (result) => onSent(result.mobile),
    failTitle: t('messaging.mobile.sendFailed'),
    errorToast: true,
  });
  return (
    <Step label={t('messaging.mobile.title')} submit={submit} submitLabel={t('messaging.mobile.send')} other={onCancel ? { label: t('common.cancel'), onClick: onCancel } : undefined}>
      <TextInput
        label={t('messaging.mobile.label')}
        description={t('messaging.mobile.format')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        maw={320}
        {...form.getInputProps('mobile')}
        error={errorText(form.errors.mobile)}
      />
    </Step>
  );
}

/** The code received, "Verify"; or another number. */
function CodeForm({ mobile, onAnother, onVerified }: { mobile: string; onAnother: () => void; onVerified: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const verify = useVerifyMobile();
  const form = useContractForm<{ code: string }>(codeSchema, { initialValues: { code: '' }, validateInputOnBlur: false });
  // The code goes in next: the focus moves to its field when the code has been sent.
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  const submit = useSubmit({
    form,
    save: (values) => verify.mutateAsync(values.code.trim()),
    saved: () => t('messaging.mobile.verifiedToast', { mobile }),
    done: onVerified,
    failTitle: t('messaging.mobile.verifyFailed'),
    errorToast: true,
  });
  return (
    <Step label={t('messaging.mobile.codeForm')} submit={submit} submitLabel={t('messaging.mobile.verify')} other={{ label: t('messaging.mobile.another'), onClick: onAnother }}>
      <Text size="sm" role="status">
        {t('messaging.mobile.sentTo', { mobile, minutes: MOBILE_CODE_TTL_MINUTES })}
      </Text>
      <TextInput
        label={t('messaging.mobile.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        maw={200}
        ref={field}
        {...form.getInputProps('code')}
        error={errorText(form.errors.code)}
      />
    </Step>
  );
}

/** One step of the verification: its fields, what a refusal said, its button and another way. */
function Step<V>({ label, submit, submitLabel, other, children }: { label: string; submit: Submit<V, undefined>; submitLabel: string; other?: { label: string; onClick: () => void }; children: ReactNode }) {
  return (
    <form noValidate aria-label={label} onSubmit={submit.onSubmit}>
      <Stack gap="sm">
        {children}
        <FailureAlert failure={submit.failure} />
        <Group gap="sm" wrap="wrap">
          <Button type="submit" loading={submit.pending}>
            {submitLabel}
          </Button>
          {other ? (
            <Button variant="default" onClick={other.onClick}>
              {other.label}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
