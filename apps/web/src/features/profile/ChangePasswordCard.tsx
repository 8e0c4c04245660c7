import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { changePasswordBody } from '@shala/contract';
import { request } from '../../api/client';
import { PasswordField } from '../../components/PasswordField';
import { useContractForm } from '../../lib/contractForm';
import { useErrorToken } from '../../lib/validation';
import { useSubmit } from '../../lib/useSubmit';

interface Values {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The contract's body, and the confirmation matching the new password. */
const schema = changePasswordBody
  .extend({ confirmPassword: z.string().min(1) })
  .refine((v) => v.confirmPassword === v.newPassword, { path: ['confirmPassword'], params: { code: 'password_mismatch' } });

/** Change the own password (PATCH /api/account/password); other sessions are signed out. */
export function ChangePasswordCard() {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const form = useContractForm<Values>(schema, {
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validateInputOnBlur: false,
  });

  const change = useSubmit({
    form,
    save: (values: Values) => request('changePassword', { body: { currentPassword: values.currentPassword, newPassword: values.newPassword } }),
    saved: () => t('password.changed'),
    done: () => form.reset(),
    // A wrong current password names its field (reason wrong_password): the form marks it.
    failTitle: t('password.failed'),
    errorToast: true,
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
      <form noValidate aria-label={t('password.title')} onSubmit={change.onSubmit}>
        <Stack gap="md">
          <PasswordField label={t('password.current')} autoComplete="current-password" required {...field('currentPassword')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <PasswordField label={t('password.new')} autoComplete="new-password" required {...field('newPassword')} />
            <PasswordField label={t('password.confirm')} autoComplete="new-password" required {...field('confirmPassword')} />
          </SimpleGrid>
          {change.failure && !form.errors.currentPassword ? (
            <Alert color="red" role="alert">
              {change.failure.message}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={change.pending}>
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
