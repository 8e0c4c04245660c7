import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { minutesOf, timeOf, timeOfDay, type NotificationPreferences } from '@shala/contract';
import { useSavePreferences } from '../../api/messaging';
import { FailureAlert } from '../../components/ModalFooter';
import { useContractForm } from '../../lib/contractForm';
import { useSubmit } from '../../lib/useSubmit';
import { useErrorToken } from '../../lib/validation';
import { SettingsCard } from './SettingsCard';

const schema = z.object({ from: timeOfDay, to: timeOfDay });
type Values = z.infer<typeof schema>;

/**
 * No SMS or WhatsApp between two times of the day (urgent kinds still come); saved by its button.
 * The page keys it by the saved hours: new saved hours are a new form.
 */
export function QuietHoursCard({ prefs }: { prefs: NotificationPreferences }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const save = useSavePreferences();
  const from = timeOf(prefs.quietHours.from);
  const to = timeOf(prefs.quietHours.to);
  const form = useContractForm<Values>(schema, { initialValues: { from, to } });
  const submit = useSubmit({
    form,
    save: (values) => save.mutateAsync({ quietHours: { from: minutesOf(values.from), to: minutesOf(values.to) } }),
    saved: (_result, values) => t('messaging.quiet.saved', values),
    failTitle: t('messaging.failed'),
    errorToast: true,
  });
  const field = (name: keyof Values) => ({ ...form.getInputProps(name), error: errorText(form.errors[name]) });

  return (
    <SettingsCard id="quiet" title={t('messaging.quiet.title')} hint={t('messaging.quiet.hint')}>
      <form noValidate aria-label={t('messaging.quiet.title')} onSubmit={submit.onSubmit}>
        <Stack gap="sm">
          <SimpleGrid cols={2} spacing="sm" maw={360}>
            <TextInput label={t('messaging.quiet.from')} type="time" required {...field('from')} />
            <TextInput label={t('messaging.quiet.to')} type="time" required {...field('to')} />
          </SimpleGrid>
          <FailureAlert failure={submit.failure} />
          <Group>
            <Button type="submit" loading={submit.pending}>
              {t('messaging.quiet.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsCard>
  );
}
