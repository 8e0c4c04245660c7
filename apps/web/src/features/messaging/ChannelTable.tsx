import { ActionIcon, Badge, Stack, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_CHANNELS, type MessageChannel, type NotificationPreferences } from '@shala/contract';
import { useSavePreferences } from '../../api/messaging';
import { SWITCH_INPUT_ON_TOP } from '../../components/StatusToggle';
import { toastOutcome } from '../../lib/notify';
import { SettingsCard } from './SettingsCard';

type KindRow = NotificationPreferences['kinds'][number];

/**
 * Per kind of notification and channel, on or off: a switch per cell, saved at once, with
 * "School" under a value that is the school's rule and "Yours" under the person's own choice;
 * a row with a choice of its own goes back to the school's rule by its reset button. Urgent
 * kinds (sent at night too) are marked. At 375 px the table fits; a longer text scrolls inside it.
 */
export function ChannelTable({ prefs, channels }: { prefs: NotificationPreferences; channels: readonly MessageChannel[] }) {
  const { t } = useTranslation();
  const save = useSavePreferences();
  const kindName = (row: KindRow) => t(`notifications.kinds.${row.kind}`);
  const channelName = (channel: MessageChannel) => t(`messaging.channels.${channel}`);

  const toggle = (row: KindRow, channel: MessageChannel, enabled: boolean) => {
    const names = { kind: kindName(row), channel: channelName(channel) };
    save.mutate({ choices: [{ kind: row.kind, channel, enabled }] }, toastOutcome(enabled ? t('messaging.kinds.on', names) : t('messaging.kinds.off', names), t('messaging.failed')));
  };
  const reset = (row: KindRow) =>
    save.mutate(
      { choices: MESSAGE_CHANNELS.filter((c) => row.channels[c].chosen).map((channel) => ({ kind: row.kind, channel, enabled: null })) },
      toastOutcome(t('messaging.kinds.resetDone', { kind: kindName(row) }), t('messaging.failed')),
    );

  return (
    <SettingsCard id="kinds" title={t('messaging.kinds.title')} hint={t('messaging.kinds.hint')}>
      <Stack gap={4} mb="sm">
        {!prefs.mobileVerified ? (
          <Text size="sm" c="orange.9">
            {t('messaging.kinds.noMobile')}
          </Text>
        ) : null}
        {prefs.email ? (
          <Text size="sm">{t('messaging.kinds.emailTo', { email: prefs.email })}</Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('messaging.kinds.noEmail')}
          </Text>
        )}
        {channels.includes('whatsapp') && !prefs.whatsappOptIn ? (
          <Text size="sm" c="orange.9">
            {t('messaging.kinds.whatsappOff')}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {t('messaging.kinds.legend')}
        </Text>
      </Stack>
      <Table.ScrollContainer minWidth={300} type="native">
        <Table verticalSpacing="xs" horizontalSpacing={4} data-testid="channel-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('messaging.kinds.kind')}</Table.Th>
              {channels.map((channel) => (
                <Table.Th key={channel} scope="col" ta="center" w={60} fz="xs">
                  {channelName(channel)}
                </Table.Th>
              ))}
              <Table.Th scope="col" w={32}>
                <VisuallyHidden>{t('messaging.kinds.resetColumn')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {prefs.kinds.map((row) => {
              const chosen = MESSAGE_CHANNELS.some((c) => row.channels[c].chosen);
              return (
                <Table.Tr key={row.kind} data-kind={row.kind}>
                  <Table.Th scope="row" fw={500} style={{ overflowWrap: 'break-word' }}>
                    <Text size="sm" fw={500} component="span" display="block">
                      {kindName(row)}
                    </Text>
                    {row.urgent ? (
                      <Badge size="xs" color="orange" variant="light" mt={2} style={{ textTransform: 'none' }}>
                        {t('messaging.kinds.urgent')}
                      </Badge>
                    ) : null}
                  </Table.Th>
                  {channels.map((channel) => {
                    const state = row.channels[channel];
                    return (
                      <Table.Td key={channel} ta="center">
                        <Stack gap={2} align="center">
                          <Switch
                            size="sm"
                            checked={state.enabled}
                            onChange={(event) => toggle(row, channel, event.currentTarget.checked)}
                            aria-label={t('messaging.kinds.switchLabel', { kind: kindName(row), channel: channelName(channel) })}
                            aria-describedby={`${row.kind}-${channel}-source`}
                            styles={SWITCH_INPUT_ON_TOP}
                          />
                          <Text id={`${row.kind}-${channel}-source`} size="xs" c={state.chosen ? 'indigo.8' : 'dimmed'} fw={state.chosen ? 600 : 400} lh={1.2}>
                            {state.chosen ? t('messaging.kinds.yours') : t('messaging.kinds.school')}
                          </Text>
                        </Stack>
                      </Table.Td>
                    );
                  })}
                  <Table.Td>
                    {chosen ? (
                      <ActionIcon variant="subtle" size="md" onClick={() => reset(row)} aria-label={t('messaging.kinds.reset', { kind: kindName(row) })} title={t('messaging.kinds.reset', { kind: kindName(row) })}>
                        <IconRestore size={18} aria-hidden />
                      </ActionIcon>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </SettingsCard>
  );
}
