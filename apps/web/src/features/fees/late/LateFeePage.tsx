import { Alert, Button, Group, NumberInput, Paper, Radio, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  LATE_FEE_DAYS_MAX,
  LATE_FEE_KINDS,
  MONEY_MAX,
  PERCENT_BP_MAX,
  ROLE,
  formatRupees,
  lateFeeFor,
  lateFeeRuleInput,
  type AcademicSession,
  type LateFeeKind,
  type LateFeeRuleInput,
  type LateFeeSettings,
} from '@shala/contract';
import { useAuth } from '../../../api/auth';
import { useLateFeeSettings, useSaveLateFee } from '../../../api/fees-late';
import { FormFooter } from '../../../components/FormFooter';
import { RecordState } from '../../../components/ListState';
import { MoneyInput, PercentInput } from '../../../components/MoneyInput';
import { useContractForm } from '../../../lib/contractForm';
import { useFormat } from '../../../lib/format';
import { focusFirstError, useErrorToken } from '../../../lib/validation';
import { useSubmit } from '../../../lib/useSubmit';
import { sessionScreen } from '../../academics';

/**
 * /latefee (113 sets it, 112 reads it): the late-fee rule of the header's session, with what it
 * charges now. One screen of its own (listed on the fees hub and in the principal's menu) rather
 * than a card of the hub: the rule is a form of several fields with a live example, and the hub
 * is figures and links. Saving applies the rule at once to the session's unpaid overdue
 * instalments; the daily job keeps them up to date; waived late fees stay waived. So a rule that
 * charges is saved only once the principal confirms whom it reaches (families and instalments, those
 * overdue now: the server's count), and a late fee that can exceed the smallest unpaid instalment
 * is warned of, under the example and in the confirmation.
 */
export default sessionScreen('fees.late.description', (session) => <LateFees session={session} />);

function LateFees({ session }: { session: AcademicSession }) {
  const settings = useLateFeeSettings(session.sessionId);
  return (
    <RecordState query={settings}>
      {() => (settings.data ? <LateFeeEditor key={settings.data.rule?.updatedAt ?? 'new'} settings={settings.data} /> : null)}
    </RecordState>
  );
}

/** The form's values: money in paise, the percent in basis points; null while a field is empty. */
interface Values {
  kind: LateFeeKind;
  afterDays: number | null;
  amount: number | null;
  percentBp: number | null;
  cap: number | null;
  active: boolean;
}

/** The body of the save: what the kind does not use is left at 0 (or no cap). */
export function lateFeeBody(sessionId: string, v: Values): LateFeeRuleInput {
  return {
    sessionId,
    kind: v.kind,
    afterDays: v.afterDays ?? 0,
    amount: v.kind === 'percent' ? 0 : (v.amount ?? 0),
    percentBp: v.kind === 'percent' ? (v.percentBp ?? 0) : 0,
    cap: v.kind === 'fixed' ? null : v.cap,
    active: v.active,
  };
}

/** Days late enough for any rule to reach its most (a per-day fee its cap). */
const MOST_DAYS = 100_000;

/** The most the rule can charge on the session's smallest unpaid instalment, when that is more than the instalment (else null). */
export function lateFeeExceeds(rule: LateFeeRuleInput, smallest: number | null): { fee: number; amount: number } | null {
  if (smallest === null) return null;
  const fee = lateFeeFor(rule, smallest, MOST_DAYS);
  return fee > smallest ? { fee, amount: smallest } : null;
}

/** An example instalment of ₹10,000 and the days late the example shows. */
const EXAMPLE = 1_000_000;
const EXAMPLE_DAYS = [1, 7, 30] as const;

function LateFeeEditor({ settings }: { settings: LateFeeSettings }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const errorText = useErrorToken();
  const { role } = useAuth();
  const canEdit = role === ROLE.PRINCIPAL;
  const save = useSaveLateFee();
  const r = settings.rule;
  const form = useContractForm<Values>(lateFeeRuleInput, {
    initialValues: r
      ? { kind: r.kind, afterDays: r.afterDays, amount: r.amount || null, percentBp: r.percentBp || null, cap: r.cap, active: r.active }
      : { kind: 'per_day', afterDays: 0, amount: null, percentBp: null, cap: null, active: true },
    prepare: (v) => lateFeeBody(settings.sessionId, v),
  });
  const submit = useSubmit({
    form,
    errorToast: true,
    invalidAlert: true,
    save: (v: Values) => save.mutateAsync(lateFeeBody(settings.sessionId, v)),
    saved: (next) =>
      next.rule?.active ? t('fees.late.saved', { count: next.charged.count, n: fmt.number(next.charged.count), amount: formatRupees(next.charged.amount) }) : t('fees.late.savedOff'),
    savedToast: () => ({ check: true }),
  });
  const v = form.values;
  const body = lateFeeBody(settings.sessionId, v);
  const complete = lateFeeRuleInput.safeParse(body).success;
  const exceeds = complete && v.active ? lateFeeExceeds(body, settings.reach.smallest) : null;
  const exceedsText = exceeds ? t('fees.late.exceeds', { fee: formatRupees(exceeds.fee), amount: formatRupees(exceeds.amount) }) : null;
  // A rule that charges is saved once the principal has read whom it reaches; turning it off is not asked.
  const onSubmit = form.onSubmit(
    (values) => {
      if (!values.active) return void submit.run(values);
      const reach = settings.reach;
      modals.openConfirmModal({
        title: t('fees.late.confirmTitle'),
        children: (
          <Stack gap="sm" data-testid="late-fee-confirm">
            <Text size="sm">
              {reach.instalments
                ? t('fees.late.confirmReach', { instalments: fmt.number(reach.instalments), families: fmt.number(reach.families) })
                : t('fees.late.confirmNone')}
            </Text>
            {reach.overdueInstalments ? (
              <Text size="sm" fw={600}>
                {t('fees.late.confirmNow', { instalments: fmt.number(reach.overdueInstalments), families: fmt.number(reach.overdueFamilies) })}
              </Text>
            ) : null}
            {exceedsText ? (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
                {exceedsText}
              </Alert>
            ) : null}
          </Stack>
        ),
        labels: { confirm: t('fees.late.confirmSave'), cancel: t('common.cancel') },
        confirmProps: exceedsText ? { color: 'red' } : {},
        onConfirm: () => void submit.run(values),
      });
    },
    () => {
      submit.setFailure({ title: t('common.checkForm'), message: null });
      focusFirstError();
    },
  );
  const field = (key: 'afterDays' | 'amount' | 'percentBp' | 'cap') => ({
    value: v[key],
    onChange: (value: number | null) => form.setFieldValue(key, value),
    onBlur: () => form.validateField(key),
    error: errorText(form.errors[key]),
    disabled: !canEdit,
  });

  return (
    <Stack gap="lg" maw={880}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="late-fee-now" data-testid="late-fee-now">
        <Title order={2} size="h4" id="late-fee-now" mb="xs">
          {t('fees.late.nowTitle')}
        </Title>
        <Text>
          {!r ? t('fees.late.none') : r.active ? t('fees.late.on') : t('fees.late.off')}
          {r?.updatedBy ? ` ${t('fees.late.updated', { name: r.updatedBy.fullName, date: fmt.dateTime(r.updatedAt) })}` : ''}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="sm">
          <Text size="sm" data-testid="late-fee-charged">
            {t('fees.late.charged', { count: settings.charged.count, n: fmt.number(settings.charged.count), amount: formatRupees(settings.charged.amount) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('fees.late.waived', { count: settings.waived.count, n: fmt.number(settings.waived.count), amount: formatRupees(settings.waived.amount) })}
          </Text>
        </SimpleGrid>
      </Paper>

      <form noValidate onSubmit={onSubmit} aria-label={t('fees.late.formLabel')}>
        <Stack gap="lg">
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="late-fee-rule">
            <Title order={2} size="h4" id="late-fee-rule" mb="md">
              {t('fees.late.ruleTitle')}
            </Title>
            {!canEdit ? (
              <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} mb="md">
                {t('fees.late.readOnly')}
              </Alert>
            ) : null}
            <Stack gap="md">
              <Radio.Group label={t('fees.late.kindLabel')} value={v.kind} onChange={(kind) => form.setFieldValue('kind', kind as LateFeeKind)}>
                <Stack gap="xs" mt={6}>
                  {LATE_FEE_KINDS.map((kind) => (
                    <Radio key={kind} value={kind} label={t(`fees.late.kinds.${kind}`)} description={t(`fees.late.kindHints.${kind}`)} disabled={!canEdit} />
                  ))}
                </Stack>
              </Radio.Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <NumberInput
                  label={t('fees.late.afterDays')}
                  description={t('fees.late.afterDaysHint')}
                  min={0}
                  max={LATE_FEE_DAYS_MAX}
                  allowDecimal={false}
                  allowNegative={false}
                  hideControls
                  {...field('afterDays')}
                  onChange={(value) => form.setFieldValue('afterDays', value === '' ? null : Number(value))}
                  value={v.afterDays ?? ''}
                />
                {v.kind === 'percent' ? (
                  <PercentInput label={t('fees.late.percent')} description={t('fees.late.percentHint')} required min={0} max={PERCENT_BP_MAX} {...field('percentBp')} />
                ) : (
                  <MoneyInput
                    label={t(v.kind === 'fixed' ? 'fees.late.amountFixed' : 'fees.late.amountPerDay')}
                    description={t(`fees.late.amountHint.${v.kind}`)}
                    required
                    min={0}
                    max={MONEY_MAX}
                    {...field('amount')}
                  />
                )}
                {v.kind !== 'fixed' ? (
                  <MoneyInput
                    label={t('fees.late.cap')}
                    description={t(v.kind === 'per_day' ? 'fees.late.capHintRequired' : 'fees.late.capHint')}
                    required={v.kind === 'per_day'}
                    min={0}
                    max={MONEY_MAX}
                    {...field('cap')}
                  />
                ) : null}
              </SimpleGrid>
              <Switch
                label={t('fees.late.active')}
                description={t('fees.late.activeHint')}
                checked={v.active}
                onChange={(e) => form.setFieldValue('active', e.currentTarget.checked)}
                disabled={!canEdit}
              />
            </Stack>
          </Paper>

          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="late-fee-example" bg="var(--mantine-color-gray-0)">
            <Title order={2} size="h4" id="late-fee-example" mb="xs">
              {t('fees.late.exampleTitle', { amount: formatRupees(EXAMPLE) })}
            </Title>
            {complete ? (
              <Stack component="dl" gap={4} m={0} aria-live="polite" data-testid="late-fee-example">
                {EXAMPLE_DAYS.map((days) => (
                  <Group key={days} justify="space-between" wrap="nowrap" gap="xs">
                    <Text component="dt" size="sm">
                      {t('fees.late.exampleDays', { count: days, n: fmt.number(days) })}
                    </Text>
                    <Text component="dd" m={0} size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                      {formatRupees(lateFeeFor(body, EXAMPLE, days))}
                    </Text>
                  </Group>
                ))}
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t('fees.late.exampleIncomplete')}
              </Text>
            )}
            {exceedsText ? (
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} mt="sm" data-testid="late-fee-exceeds">
                {exceedsText}
              </Alert>
            ) : null}
            <Text size="xs" c="dimmed" mt="sm">
              {t('fees.late.note')}
            </Text>
          </Paper>

          {canEdit ? (
            <FormFooter failure={submit.failure} cancelTo="/feesdetails">
              <Button type="submit" loading={submit.pending}>
                {t('fees.late.save')}
              </Button>
            </FormFooter>
          ) : null}
        </Stack>
      </form>
    </Stack>
  );
}
