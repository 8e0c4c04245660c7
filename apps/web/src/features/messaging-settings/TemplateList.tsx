import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UseFormReturnType } from '@mantine/form';
import { templateKindOf, templateParamsOf } from '@shala/contract';
import { useErrorToken } from '../../lib/validation';
import { paramsError } from './settingsForm';

interface Row {
  kind: string;
  params: string;
}

/** A kind's label: its name, "(Hindi)" for a Hindi template, the mobile code for `otp`. */
export function useKindLabel() {
  const { t } = useTranslation();
  return (key: string) => {
    const kind = templateKindOf(key);
    const name = kind === 'otp' ? t('messagingSettings.otp') : t(`notifications.kinds.${kind}`);
    return key.endsWith(':hi') ? t('messagingSettings.hindiTemplate', { kind: name }) : name;
  };
}

/**
 * The templates of an account as a repeatable list: each row a kind, the channel's own fields
 * (`fields`) and the params that fill its variables, in order; add and remove rows.
 */
export function TemplateList<V extends { templates: R[] }, R extends Row>({
  form,
  kinds,
  empty,
  fields,
}: {
  form: UseFormReturnType<V>;
  kinds: readonly string[];
  empty: () => R;
  fields: (index: number) => ReactNode;
}) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const label = useKindLabel();
  const rows = form.values.templates;
  const path = (i: number, field: string) => `templates.${i}.${field}` as never;
  const used = new Set(rows.map((r) => r.kind));
  return (
    <Stack gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={500} size="sm" mb={4}>
        {t('messagingSettings.templates')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('messagingSettings.templatesHint')}
      </Text>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('messagingSettings.noTemplates')}
        </Text>
      ) : null}
      {rows.map((row, i) => (
        <Paper key={i} withBorder radius="sm" p="sm" role="group" aria-label={t('messagingSettings.templateN', { n: i + 1 })}>
          <Stack gap="xs">
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <Select
                style={{ flex: 1, minWidth: 0 }}
                label={t('messagingSettings.kind')}
                required
                data={kinds.filter((k) => k === row.kind || !used.has(k)).map((k) => ({ value: k, label: label(k) }))}
                searchable
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps(path(i, 'kind'))}
                error={errorText(form.errors[`templates.${i}.kind`])}
              />
              <ActionIcon variant="subtle" color="red" size="lg" mb={2} onClick={() => form.removeListItem('templates' as never, i)} aria-label={t('messagingSettings.removeTemplate', { n: i + 1 })}>
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
            {fields(i)}
            <TextInput
              label={t('messagingSettings.params')}
              description={row.kind ? t('messagingSettings.paramsHint', { names: templateParamsOf(templateKindOf(row.kind)).join(', ') }) : undefined}
              {...form.getInputProps(path(i, 'params'))}
              error={errorText(paramsError(form.errors, i))}
            />
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => form.insertListItem('templates' as never, empty() as never)} disabled={rows.length >= kinds.length}>
          {t('messagingSettings.addTemplate')}
        </Button>
      </Group>
    </Stack>
  );
}
