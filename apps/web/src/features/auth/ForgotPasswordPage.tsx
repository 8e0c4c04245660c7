import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ForgotBody } from '@shala/contract';
import { request, isApiError } from '../../api/client';
import { loginErrorText } from '../../api/errors';
import { SESSION_KEY, session } from '../../lib/storage';
import { AuthLayout } from './AuthLayout';
import { useErrorText } from './useTranslatedErrors';

export default function ForgotPasswordPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();

  const form = useForm<ForgotBody>({
    initialValues: { loginId: '' },
    validate: { loginId: (value) => (value.trim() ? null : 'auth.login.loginIdRequired') },
    onValuesChange: () => forgot.reset(),
  });

  const forgot = useMutation({
    mutationFn: (body: ForgotBody) => request('forgot', { body: { loginId: body.loginId.trim() } }),
    onSuccess: ({ message }, body) => {
      // Kept for the one-time code step (stored as JSON text, read back with quotes stripped).
      session.set(SESSION_KEY.forgotId, JSON.stringify(body.loginId.trim()));
      notifications.show({ color: 'green', message: message && i18n.language === 'en' ? message : t('auth.forgot.sent') });
      navigate('/otp');
    },
    onError: (error) => {
      const text =
        isApiError(error) && error.status === 401 ? loginErrorText(error, t) : t('auth.forgot.serverError');
      notifications.show({ color: 'red', message: text });
    },
  });

  const label = forgot.isPending
    ? t('auth.forgot.submitting')
    : forgot.isError
      ? t('auth.forgot.error')
      : t('auth.forgot.submit');

  return (
    <AuthLayout title={t('auth.forgot.title')} subtitle={t('auth.forgot.subtitle')}>
      <form noValidate onSubmit={form.onSubmit((values) => forgot.mutate(values))}>
        <Stack gap="md">
          <TextInput
            label={t('auth.login.loginId')}
            autoComplete="username"
            spellCheck={false}
            required
            {...form.getInputProps('loginId')}
            error={errorText(form.errors.loginId)}
          />
          <Button type="submit" fullWidth size="md" disabled={forgot.isPending} color={forgot.isError ? 'red' : undefined}>
            {label}
          </Button>
          <Anchor component={Link} to="/" size="sm" ta="center">
            {t('auth.forgot.backToLogin')}
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
