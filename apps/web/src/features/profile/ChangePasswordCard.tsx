import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { password as passwordRule } from '@shala/contract';
import { isApiError, request } from '../../api/client';
import { apiErrorText } from '../../api/errors';
import { PasswordField } from '../../components/PasswordField';
import { issueToken, serverFieldErrors, useErrorToken } from '../../lib/validation';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Change the own password (PATCH /api/account/password); other sessions are signed out. */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const form = useForm<Values>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      currentPassword: (value) => (value ? null : 'validation.required'),
      newPassword: (value) => {
        const result = passwordRule.safeParse(value);
        return result.success ? null : issueToken(result.error.issues[0] ?? { message: 'Required' }, value);
      },
      confirmPassword: (value, values) => (!value ? 'validation.required' : value !== values.newPassword ? 'validation.passwordMismatch' : null),
    },
  });

  const change = useMutation({
    mutationFn: (values: Values) =>
      request('changePassword', { body: { currentPassword: values.currentPassword, newPassword: values.newPassword } }),
    onSuccess: () => {
      form.reset();
      notifications.show({ color: 'green', message: t('password.changed') });
    },
    onError: (error) => {
      // A wrong current password answers 400 BAD_REQUEST (or INVALID_CREDENTIALS): mark that field.
      const wrongCurrent = isApiError(error) && (error.code === 'INVALID_CREDENTIALS' || (error.status === 400 && error.code === 'BAD_REQUEST'));
      if (wrongCurrent) form.setFieldError('currentPassword', 'password.wrongCurrent');
      // A refused new password (too common) comes back as a 400 naming the field.
      if (isApiError(error) && error.issues.length > 0) form.setErrors(serverFieldErrors(error.issues));
      notifications.show({ color: 'red', title: t('password.failed'), message: wrongCurrent ? t('password.wrongCurrent') : apiErrorText(error, t) });
    },
  });

  const field = (name: keyof Values) => ({ ...form.getInputProps(name), error: errorText(form.errors[name]) });

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={760} mt="lg">
      <Title order={2} size="h4" mb={4}>
        {t('password.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('password.hint')}
      </Text>
      <form noValidate aria-label={t('password.title')} onSubmit={form.onSubmit((values) => change.mutate(values))}>
        <Stack gap="md">
          <PasswordField label={t('password.current')} autoComplete="current-password" required {...field('currentPassword')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PasswordField label={t('password.new')} autoComplete="new-password" required {...field('newPassword')} />
            <PasswordField label={t('password.confirm')} autoComplete="new-password" required {...field('confirmPassword')} />
          </SimpleGrid>
          {change.isError && !form.errors.currentPassword ? (
            <Alert color="red" role="alert">
              {apiErrorText(change.error, t)}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
