import { useEffect } from 'react';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  CLASS_FEE_PARTS,
  MONEY_MAX,
  TAX_BP_MAX,
  classFeeInput,
  classFeeTotal,
  formatRupees,
  type AcademicSession,
  type ClassFee,
  type ClassFeeInput,
  type ClassRef,
} from '@shala/contract';
import { useClassOptions } from '../../../api/academics-assign';
import { useClassFee, useSaveClassFee } from '../../../api/fees-setup';
import { FormFooter } from '../../../components/FormFooter';
import { RecordState } from '../../../components/ListState';
import { MoneyInput, PercentInput } from '../../../components/MoneyInput';
import { useContractForm } from '../../../lib/contractForm';
import { useErrorToken } from '../../../lib/validation';
import { ClassPicker, sessionScreen, useClassLabel } from '../../academics';
import { formatPercent } from './format';
import { useSubmit } from '../../../lib/useSubmit';
import { useAddressParams } from '../../../lib/useListParams';

/** The form's values: each part in paise and the tax in basis points; null while a field is empty (saved as 0). */
export type ClassFeeFormValues = { [K in keyof ClassFeeInput]: number | null };

const ZERO: ClassFeeFormValues = { academic: 0, convenience: 0, development: 0, tuition: 0, other: 0, taxBp: 0 };

/** The body of the save: an empty field is 0 ("none"). */
export function classFeeBody(values: ClassFeeFormValues): ClassFeeInput {
  return {
    academic: values.academic ?? 0,
    convenience: values.convenience ?? 0,
    development: values.development ?? 0,
    tuition: values.tuition ?? 0,
    other: values.other ?? 0,
    taxBp: values.taxBp ?? 0,
  };
}

const valuesOf = (fee: ClassFee | null): ClassFeeFormValues =>
  fee ? { academic: fee.academic, convenience: fee.convenience, development: fee.development, tuition: fee.tuition, other: fee.other, taxBp: fee.taxBp } : ZERO;

/** /AddClassFee (112, 113): a class's fee parts and tax, with the total worked out while typing. */
export default sessionScreen('fees.setup.classFee.description', (session) => <ClassFeeEditor session={session} />);

function ClassFeeEditor({ session }: { session: AcademicSession }) {
  const { t } = useTranslation();
  const { params, update } = useAddressParams();
  const options = useClassOptions(session.sessionId);
  const items = options.data?.items ?? [];
  const wanted = params.get('assignClassId');
  const chosen = items.find((c) => c.assignClassId === wanted) ?? null;
  const fee = useClassFee(chosen?.assignClassId ?? null);
  const choose = (id: string | null) => update({ assignClassId: id }, { reset: true });

  return (
    <Stack gap="lg" maw={880}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
        <ClassPicker sessionId={session.sessionId} value={chosen?.assignClassId ?? null} onChange={choose} />
      </Paper>
      {chosen ? (
        <RecordState query={fee}>
          {() => <ClassFeeForm key={chosen.assignClassId} cls={chosen} fee={fee.data ?? null} />}
        </RecordState>
      ) : items.length ? (
        <Text c="dimmed">{t(wanted ? 'fees.setup.classFee.notInSession' : 'fees.setup.classFee.pickClass')}</Text>
      ) : null}
    </Stack>
  );
}

function ClassFeeForm({ cls, fee }: { cls: ClassRef; fee: ClassFee | null }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const label = useClassLabel();
  const navigate = useNavigate();
  const save = useSaveClassFee();
  const form = useContractForm<ClassFeeFormValues>(classFeeInput, { initialValues: valuesOf(fee), prepare: classFeeBody });
  const name = label(cls);
  // A fee saved meanwhile (at another desk, or a refetch) replaces the values shown only while the
  // user has typed nothing: what a clerk typed stays until it is saved or the screen is left.
  const version = fee?.updatedAt ?? 'new';
  useEffect(() => {
    if (form.isDirty()) return;
    const saved = valuesOf(fee);
    form.setInitialValues(saved);
    form.setValues(saved);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new saved version matters
  }, [version]);
  // What the screen shows while typing; the server computes the total it stores the same way.
  const live = classFeeTotal(classFeeBody(form.values));

  const submit = useSubmit({
    form,
    errorToast: true,
    invalidAlert: true,
    save: (values: ClassFeeFormValues) => save.mutateAsync({ assignClassId: cls.assignClassId, body: classFeeBody(values) }),
    saved: (saved) => t('fees.setup.classFee.saved', { name, total: formatRupees(saved.total) }),
    savedToast: () => ({ check: true }),
    done: () => void navigate('/viewall_fees'),
  });

  // A number out of range names its bounds in rupees or percent, not in paise or basis points (a
  // server's 400 carries no origin, so its too_big reads as a length: a number field has none).
  const rangeError = (key: keyof ClassFeeFormValues) => {
    const token = form.errors[key];
    if (typeof token === 'string' && /^validation\.(tooBigNumber|tooSmallNumber|tooLong|tooShort)\|/.test(token)) {
      return key === 'taxBp' ? t('fees.setup.classFee.taxRange') : t('fees.setup.classFee.moneyRange', { max: formatRupees(MONEY_MAX) });
    }
    return errorText(token);
  };
  const field = (key: keyof ClassFeeFormValues) => ({
    value: form.values[key],
    onChange: (value: number | null) => form.setFieldValue(key, value),
    onBlur: () => form.validateField(key),
    error: rangeError(key),
  });

  return (
    <form noValidate onSubmit={submit.onSubmit} aria-label={t('fees.setup.classFee.formLabel', { name })}>
      <Stack gap="lg">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="class-fee-parts">
          <Group justify="space-between" gap="xs" mb="md" wrap="wrap">
            <Title order={2} size="h4" id="class-fee-parts">
              {t('fees.setup.classFee.partsTitle', { name })}
            </Title>
            <Text size="sm" c="dimmed">
              {fee ? t('fees.setup.classFee.current', { total: formatRupees(fee.total) }) : t('fees.setup.classFee.notSetYet')}
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {CLASS_FEE_PARTS.map((part) => (
              <MoneyInput key={part} label={t(`fees.common.parts.${part}`)} min={0} max={MONEY_MAX} {...field(part)} />
            ))}
            <PercentInput label={t('fees.setup.classFee.taxLabel')} description={t('fees.setup.classFee.taxHint')} min={0} max={TAX_BP_MAX} {...field('taxBp')} />
          </SimpleGrid>
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby="class-fee-breakdown" bg="var(--mantine-color-gray-0)">
          <Title order={2} size="h4" id="class-fee-breakdown" mb="sm">
            {t('fees.setup.classFee.breakdown')}
          </Title>
          <Stack component="dl" gap={6} m={0}>
            <Line label={t('fees.common.parts.subtotal')} value={formatRupees(live.subtotal)} />
            <Line label={`${t('fees.common.parts.tax')} (${formatPercent(classFeeBody(form.values).taxBp)})`} value={formatRupees(live.tax)} />
            <Line label={t('fees.common.parts.total')} value={formatRupees(live.total)} strong live />
          </Stack>
          <Text size="xs" c="dimmed" mt="sm">
            {t('fees.setup.classFee.serverNote')}
          </Text>
        </Paper>

        <FormFooter failure={submit.failure} cancelTo="/viewall_fees">
          <Button type="submit" loading={submit.pending}>
            {t('fees.setup.classFee.save')}
          </Button>
        </FormFooter>
      </Stack>
    </form>
  );
}

function Line({ label, value, strong, live }: { label: string; value: string; strong?: boolean; live?: boolean }) {
  return (
    <Group
      gap="xs"
      justify="space-between"
      wrap="nowrap"
      align="flex-start"
      pt={strong ? 8 : 0}
      mt={strong ? 4 : 0}
      style={strong ? { borderTop: '1px solid var(--mantine-color-gray-4)' } : undefined}
    >
      <Text component="dt" size={strong ? 'md' : 'sm'} fw={strong ? 700 : 400} style={{ minWidth: 0 }}>
        {label}
      </Text>
      <Text
        component="dd"
        m={0}
        size={strong ? 'lg' : 'sm'}
        fw={strong ? 700 : 500}
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        aria-live={live ? 'polite' : undefined}
        data-testid={live ? 'live-total' : undefined}
      >
        {value}
      </Text>
    </Group>
  );
}
