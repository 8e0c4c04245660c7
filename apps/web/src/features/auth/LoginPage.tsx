import { Anchor, Stack, Text, TextInput } from '@mantine/core';
import { PasswordField } from '../../components/PasswordField';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { SigninBody } from '@shala/contract';
import { landingFor } from '@shala/contract/web';
import { requestPublic } from '../../api/http';
import { saveAuth } from '../../api/auth';
import { loginErrorText } from '../../api/errors';
import { AuthLayout, AuthSubmit } from './AuthLayout';
import { useAction, useAuthForm } from './useAuthForm';
import { useErrorText } from './useTranslatedErrors';
import { notifyErrorText, notifySaved } from '../../lib/notify';
import { isHindi } from '../../lib/language';
import { loadSignedInApp, prefetchSignedIn } from '../../app/loadSignedIn';

export default function LoginPage() {
  const { t, i18n } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();

  const form = useAuthForm<SigninBody>(
    { loginId: '', password: '' },
    {
      loginId: (value) => (value.trim() ? null : 'auth.login.loginIdRequired'),
      password: (value) => (value ? null : 'auth.login.passwordRequired'),
    },
  );

  // idle → loading (error cleared) → success (user stored) | failure (error stored): spec section 4.
  // Signed in, it goes on once the layout's code is in (fetched since the form was touched), so
  // that the layout and the dashboard show at once (app/loadSignedIn.ts).
  const signIn = async (body: SigninBody) => {
    const answer = await requestPublic('signin', { body: { loginId: body.loginId.trim(), password: body.password } });
    await loadSignedInApp().catch(() => undefined);
    return answer;
  };
  const login = useAction(signIn, {
    onSuccess: ({ result, message }) => {
      saveAuth(result);
      notifications.clean();
      // The server's message is English; other languages show their own text.
      const text = message && !isHindi(i18n.language) ? message : t('auth.login.success');
      notifySaved(text);
      navigate(landingFor(result.roleId), { replace: true });
    },
    onError: (error) => {
      notifyErrorText(loginErrorText(error, t));
    },
  });

  return (
    <AuthLayout title={t('auth.login.title')} subtitle={t('auth.login.subtitle')}>
      <form noValidate onSubmit={form.onSubmit((values) => login.run(values))} onFocus={prefetchSignedIn}>
        <Stack gap="md">
          <TextInput
            label={t('auth.login.loginId')}
            autoComplete="username"
            autoCapitalize="characters"
            spellCheck={false}
            required
            {...form.inputProps('loginId')}
            error={errorText(form.errors.loginId)}
          />
          <PasswordField
            label={t('auth.login.password')}
            autoComplete="current-password"
            required
            {...form.inputProps('password')}
            error={errorText(form.errors.password)}
          />
          <AuthSubmit pending={login.isPending}>{login.isPending ? t('auth.login.submitting') : t('auth.login.submit')}</AuthSubmit>
          <Text size="sm" ta="center" c="dimmed">
            {t('auth.login.forgot')}{' '}
            <Anchor component={Link} to="/frgtpass" fw={600}>
              {t('auth.login.clickHere')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthLayout>
  );
}
