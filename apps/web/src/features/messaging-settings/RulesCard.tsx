import { useState } from 'react';
import { Button, Group, Switch, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ChannelRule } from '@shala/contract';
import { useSaveRules } from '../../api/messaging-settings';
import { FailureAlert } from '../../components/ModalFooter';
import { SWITCH_INPUT_ON_TOP } from '../../components/StatusToggle';
import { useSubmit } from '../../lib/useSubmit';
import { SettingsCard } from '../messaging';
import { useKindLabel } from './TemplateList';

/** No mail column until notifications go by mail (as the people's own screen): a switch that would do nothing is not shown; the rules keep their mail value. */
const COLUMNS = ['sms', 'whatsapp', 'urgent'] as const;

/**
 * The school's rules: per kind, the channels it goes on for a person who has not chosen, and
 * urgent (sent in quiet hours too). Switched here, saved together.
 */
export function RulesCard({ rules }: { rules: ChannelRule[] }) {
  const { t } = useTranslation();
  const label = useKindLabel();
  const [draft, setDraft] = useState(rules);
  const save = useSaveRules();
  const submit = useSubmit({
    save: (values: ChannelRule[]) => save.mutateAsync(values),
    saved: () => t('messagingSettings.rulesSaved'),
    done: (saved) => setDraft(saved),
    errorToast: true,
  });
  const changed = JSON.stringify(draft) !== JSON.stringify(rules);
  // The people's own screen's names of the channels and of urgent.
  const columnName = (c: (typeof COLUMNS)[number]) => (c === 'urgent' ? t('messaging.kinds.urgent') : t(`messaging.channels.${c}`));
  const flip = (kind: string, column: (typeof COLUMNS)[number], value: boolean) => setDraft((d) => d.map((r) => (r.kind === kind ? { ...r, [column]: value } : r)));
  return (
    <SettingsCard id="rules" title={t('messagingSettings.rules')} hint={t('messagingSettings.rulesHint')}>
      <Table.ScrollContainer minWidth={300} type="native">
        <Table verticalSpacing="xs" horizontalSpacing={6} aria-labelledby="rules-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('messagingSettings.kind')}</Table.Th>
              {COLUMNS.map((c) => (
                <Table.Th key={c} scope="col" ta="center">
                  {columnName(c)}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {draft.map((rule) => (
              <Table.Tr key={rule.kind}>
                <Table.Th scope="row" fw={400}>
                  {label(rule.kind)}
                </Table.Th>
                {COLUMNS.map((c) => (
                  <Table.Td key={c}>
                    <Group justify="center">
                      <Switch
                        size="sm"
                        checked={rule[c]}
                        onChange={(e) => flip(rule.kind, c, e.currentTarget.checked)}
                        aria-label={t('messagingSettings.ruleSwitch', { column: columnName(c), kind: label(rule.kind) })}
                        styles={SWITCH_INPUT_ON_TOP}
                      />
                    </Group>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <FailureAlert failure={submit.failure} />
      <Group justify="flex-end" mt="md">
        <Button onClick={() => void submit.run(draft)} loading={submit.pending} disabled={!changed}>
          {t('messagingSettings.saveRules')}
        </Button>
      </Group>
    </SettingsCard>
  );
}
