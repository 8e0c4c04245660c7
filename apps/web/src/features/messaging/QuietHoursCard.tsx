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

// Shaped as the request, so the server's refusal (400 `quiet_hours_empty` on `quietHours.to`: the
// same time twice) lands on its field.
const schema = z.object({ quietHours: z.object({ from: timeOfDay, to: timeOfDay }) });
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
  const form = useContractForm<Values>(schema, { initialValues: { quietHours: { from, to } } });
  const submit = useSubmit({
    form,
    save: ({ quietHours: q }) => save.mutateAsync({ quietHours: { from: minutesOf(q.from), to: minutesOf(q.to) } }),
    saved: (_result, values) => t('messaging.quiet.saved', values.quietHours),
    failTitle: t('messaging.failed'),
    errorToast: true,
  });
  const field = (name: 'quietHours.from' | 'quietHours.to') => ({ ...form.getInputProps(name), error: errorText(form.errors[name]) });

  return (
    <SettingsCard id="quiet" title={t('messaging.quiet.title')} hint={t('messaging.quiet.hint')}>
      <form noValidate aria-label={t('messaging.quiet.title')} onSubmit={submit.onSubmit}>
        <Stack gap="sm">
          <SimpleGrid cols={2} spacing="sm" maw={360}>
            <TextInput label={t('messaging.quiet.from')} type="time" required {...field('quietHours.from')} />
            <TextInput label={t('messaging.quiet.to')} type="time" required {...field('quietHours.to')} />
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
