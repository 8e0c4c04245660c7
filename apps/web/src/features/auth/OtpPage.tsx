import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { PasswordField } from '../../components/PasswordField';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ResetBody } from '@shala/contract';
import { OTP, PASSWORD_RULES } from '@shala/contract/web';
import { isApiError, requestPublic } from '../../api/http';
import { serverFieldErrors } from '../../lib/validation';
import { SESSION_KEY, session } from '../../api/storage';
import { AuthLayout, AuthSubmit, BackToLogin } from './AuthLayout';
import { useAction, useAuthForm } from './useAuthForm';
import { useErrorText } from './useTranslatedErrors';
import { notifyError, notifySaved } from '../../lib/notify';

type OtpValues = {
  otp: string;
  password: string;
  confirmPassword: string;
};

/** The id saved at forgot-password time, with quotes stripped (spec section 5). */
export function readForgotId(): string {
  return (session.get(SESSION_KEY.forgotId) ?? '').replace(/"/g, '').trim();
}

const OTP_PATTERN = new RegExp(`^\\d{${OTP.digits}}$`);

export default function OtpPage() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const loginId = readForgotId();

  const form = useAuthForm<OtpValues>(
    { otp: '', password: '', confirmPassword: '' },
    {
      otp: (value) => (!value.trim() ? 'auth.otp.otpRequired' : OTP_PATTERN.test(value.trim()) ? null : 'auth.otp.otpInvalid'),
      // The contract's rule (10+ characters, not blank); the common-password check runs on the server.
      password: (value) =>
        !value
          ? 'auth.otp.newPasswordRequired'
          : value.length < PASSWORD_RULES.minLength
            ? 'auth.otp.passwordTooShort'
            : !value.trim()
              ? 'validation.password_whitespace'
              : null,
      confirmPassword: (value, values) =>
        !value ? 'auth.otp.confirmRequired' : value !== values.password ? 'auth.otp.mismatch' : null,
    },
  );

  const reset = useAction((body: ResetBody) => requestPublic('reset', { body }), {
    onSuccess: () => {
      session.remove(SESSION_KEY.forgotId);
      notifySaved(t('auth.otp.success'));
      navigate('/', { replace: true });
    },
    onError: (error) => {
      // A refused new password (too common) comes back as a 400 naming the field: show it there.
      if (isApiError(error) && error.status === 400) form.setErrors(serverFieldErrors(error.issues));
      notifyError(error);
    },
  });

  if (!loginId) {
    return (
      <AuthLayout title={t('auth.otp.title')}>
        <Stack gap="md">
          <Alert color="orange">{t('auth.otp.missingId')}</Alert>
          <Button component={Link} to="/frgtpass" fullWidth>
            {t('auth.otp.startAgain')}
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('auth.otp.title')} subtitle={t('auth.otp.subtitle')}>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          reset.run({ loginId, otp: values.otp.trim(), password: values.password }),
        )}
      >
        <Stack gap="md">
          <Text size="sm" fw={500}>
            {t('auth.otp.account', { loginId })}
          </Text>
          <TextInput
            label={t('auth.otp.otp')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={OTP.digits}
            required
            {...form.inputProps('otp')}
            error={errorText(form.errors.otp)}
          />
          <PasswordField
            label={t('auth.otp.newPassword')}
            autoComplete="new-password"
            required
            {...form.inputProps('password')}
            error={errorText(form.errors.password)}
          />
          <PasswordField
            label={t('auth.otp.confirmPassword')}
            autoComplete="new-password"
            required
            {...form.inputProps('confirmPassword')}
            error={errorText(form.errors.confirmPassword)}
          />
          <AuthSubmit pending={reset.isPending}>{reset.isPending ? t('auth.otp.submitting') : t('auth.otp.submit')}</AuthSubmit>
          <BackToLogin />
        </Stack>
      </form>
    </AuthLayout>
  );
}
