import { Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ForgotBody } from '@shala/contract';
import { isApiError, requestPublic } from '../../api/http';
import { loginErrorText } from '../../api/errors';
import { SESSION_KEY, session } from '../../api/storage';
import { AuthLayout, AuthSubmit, BackToLogin } from './AuthLayout';
import { useAction, useAuthForm } from './useAuthForm';
import { useErrorText } from './useTranslatedErrors';
import { notifyErrorText, notifySaved } from '../../lib/notify';
import { isHindi } from '../../lib/language';

export default function ForgotPasswordPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();

  const form = useAuthForm<ForgotBody>(
    { loginId: '' },
    { loginId: (value) => (value.trim() ? null : 'auth.login.loginIdRequired') },
    () => forgot.reset(),
  );

  const forgot = useAction((body: ForgotBody) => requestPublic('forgot', { body: { loginId: body.loginId.trim() } }), {
    onSuccess: ({ message }, body) => {
      // Kept for the one-time code step (stored as JSON text, read back with quotes stripped).
      session.set(SESSION_KEY.forgotId, JSON.stringify(body.loginId.trim()));
      notifySaved(message && !isHindi(i18n.language) ? message : t('auth.forgot.sent'));
      navigate('/otp');
    },
    onError: (error) => {
      const text =
        isApiError(error) && error.status === 401 ? loginErrorText(error, t) : t('auth.forgot.serverError');
      notifyErrorText(text);
    },
  });

  const label = forgot.isPending
    ? t('auth.forgot.submitting')
    : forgot.isError
      ? t('auth.forgot.error')
      : t('auth.forgot.submit');

  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <form noValidate onSubmit={form.onSubmit((values) => forgot.run(values))}>
        <Stack gap="md">
          <TextInput
            label={t('auth.login.loginId')}
            autoComplete="username"
            spellCheck={false}
            required
            {...form.inputProps('loginId')}
            error={errorText(form.errors.loginId)}
          />
          <AuthSubmit pending={forgot.isPending} color={forgot.isError ? 'red' : undefined}>
            {label}
          </AuthSubmit>
          <BackToLogin />
        </Stack>
      </form>
    </AuthLayout>
  );
}
