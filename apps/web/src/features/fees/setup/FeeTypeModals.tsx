import { Alert, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { MONEY_MAX, PERCENT_BP_MAX, feeTypeInput, feeTypeUpdate, type FeeType, type FeeTypeKind } from '@shala/contract';
import { feeTypeApi } from '../../../api/fees-setup';
import { CARDS_QUERY } from '../../../components/ListPage';
import { MoneyInput, PercentInput } from '../../../components/MoneyInput';
import { useContractForm } from '../../../lib/contractForm';
import { useErrorToken, zodValidate } from '../../../lib/validation';
import { feeTypeEffect, feeTypeValue } from './format';
import { useSubmit } from '../../../lib/useSubmit';
import { ModalFooter } from '../../../components/ModalFooter';
import { LabelledSegments } from '../../../components/LabelledSegments';

export interface FeeTypeFormValues {
  name: string;
  kind: FeeTypeKind;
  /** Adds to the fee, or takes off (a concession or a discount). */
  effect: 'add' | 'subtract';
  /** The size of the value: paise (amount) or basis points (percent); the sign comes from `effect`. */
  value: number | null;
  description: string;
}

export const EMPTY_FEE_TYPE: FeeTypeFormValues = { name: '', kind: 'amount', effect: 'add', value: null, description: '' };

/** The body of the add call: the value signed by its effect (a concession or discount is negative). */
export function feeTypeBody(values: FeeTypeFormValues) {
  return {
    name: values.name.trim(),
    kind: values.kind,
    value: values.value == null ? undefined : values.effect === 'subtract' ? -values.value : values.value,
    description: values.description.trim(),
  };
}

/** The contract's rules, plus "Required" for a value not typed yet. */
const validateFeeType = (values: FeeTypeFormValues) => {
  const errors = zodValidate<FeeTypeFormValues>(feeTypeInput, feeTypeBody)(values);
  if (values.value == null) errors.value = 'validation.required';
  return errors;
};

function useFullScreenOnPhones() {
  return useMediaQuery(CARDS_QUERY, false) ?? false;
}

function AddFeeTypeForm({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const form = useForm<FeeTypeFormValues>({ initialValues: EMPTY_FEE_TYPE, validateInputOnBlur: true, validate: validateFeeType });
  const save = useSubmit({
    form,
    prepare: feeTypeBody,
    save: (values: FeeTypeFormValues) => {
      const body = feeTypeBody(values);
      return feeTypeApi.create({ ...body, value: body.value ?? 0 });
    },
    saved: (saved) => t('fees.setup.types.added', { name: saved.name, value: feeTypeValue(saved) }),
    done: () => {
      onSaved();
      onClose();
    },
  });
  const percent = form.values.kind === 'percent';
  const subtract = form.values.effect === 'subtract';
  const valueProps = {
    label: percent ? t('fees.setup.types.percentLabel') : t('fees.setup.types.amountLabel'),
    required: true,
    value: form.values.value,
    onChange: (value: number | null) => form.setFieldValue('value', value),
    onBlur: () => form.validateField('value'),
    min: 0,
    error: errorText(form.errors.value),
    description: subtract ? t(percent ? 'fees.setup.types.discountHint' : 'fees.setup.types.concessionHint') : t(percent ? 'fees.setup.types.percentHint' : 'fees.setup.types.chargeHint'),
  };

  return (
    <form noValidate onSubmit={save.onSubmit} aria-label={t('fees.setup.types.addFormLabel')}>
      <Stack gap="md">
        <TextInput
          label={t('fees.setup.types.name')}
          description={t('fees.setup.types.nameHint')}
          required
          maxLength={60}
          data-autofocus
          {...form.getInputProps('name')}
          error={errorText(form.errors.name)}
        />
        <LabelledSegments<FeeTypeKind>
          label={t('fees.setup.types.kind')}
          value={form.values.kind}
          onChange={(kind) => {
            form.setValues({ kind, value: null });
            form.clearFieldError('value');
          }}
          data={[
            { value: 'amount', label: t('fees.setup.types.kindAmount') },
            { value: 'percent', label: t('fees.setup.types.kindPercent') },
          ]}
        />
        <LabelledSegments<FeeTypeFormValues['effect']>
          label={t('fees.setup.types.effect')}
          value={form.values.effect}
          onChange={(effect) => form.setFieldValue('effect', effect)}
          color={subtract ? 'teal' : undefined}
          data={[
            { value: 'add', label: t('fees.setup.types.effectAdd') },
            { value: 'subtract', label: t(percent ? 'fees.setup.types.effectDiscount' : 'fees.setup.types.effectConcession') },
          ]}
        />
        {percent ? <PercentInput key="percent" {...valueProps} max={PERCENT_BP_MAX} /> : <MoneyInput key="amount" {...valueProps} max={MONEY_MAX} />}
        <Textarea label={t('fees.setup.types.description')} maxLength={300} autosize minRows={2} maxRows={5} {...form.getInputProps('description')} error={errorText(form.errors.description)} />
        <Text size="xs" c="dimmed">
          {t('fees.setup.types.fixedNote')}
        </Text>
        <ModalFooter failure={save.failure} onCancel={onClose} label={t('fees.setup.types.addSubmit')} pending={save.pending} />
      </Stack>
    </form>
  );
}

/** Adds a fee type: name, amount or percent, a charge or a concession/discount, description. */
export function AddFeeTypeModal({ opened, onClose, onSaved }: { opened: boolean; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const fullScreen = useFullScreenOnPhones();
  return (
    <Modal opened={opened} onClose={onClose} title={t('fees.setup.types.add')} centered fullScreen={fullScreen} size="lg" closeButtonProps={{ 'aria-label': t('common.close') }}>
      {opened ? <AddFeeTypeForm onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function EditFeeTypeForm({ type, onClose, onSaved }: { type: FeeType; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const form = useContractForm<{ name: string; description: string }>(feeTypeUpdate, {
    initialValues: { name: type.name, description: type.description ?? '' },
    prepare: (values) => ({ name: values.name.trim(), description: values.description.trim() }),
  });
  const save = useSubmit({
    form,
    save: (values: { name: string; description: string }) => feeTypeApi.update(type.feeTypeId, { name: values.name.trim(), description: values.description.trim() }),
    saved: (saved) => t('fees.setup.types.saved', { name: saved.name }),
    done: () => {
      onSaved();
      onClose();
    },
  });
  const effect = feeTypeEffect(type);
  return (
    <form noValidate onSubmit={save.onSubmit} aria-label={t('fees.setup.types.editFormLabel')}>
      <Stack gap="md">
        <TextInput label={t('fees.setup.types.name')} required maxLength={60} data-autofocus {...form.getInputProps('name')} error={errorText(form.errors.name)} />
        <Textarea label={t('fees.setup.types.description')} maxLength={300} autosize minRows={2} maxRows={5} {...form.getInputProps('description')} error={errorText(form.errors.description)} />
        <Alert variant="light" color="gray" title={`${t(`fees.common.kinds.${type.kind}`)}: ${feeTypeValue(type)} · ${t(`fees.setup.types.effects.${effect}`)}`}>
          {t('fees.setup.types.fixedNote')}
        </Alert>
        <ModalFooter failure={save.failure} onCancel={onClose} label={t('common.saveChanges')} pending={save.pending} />
      </Stack>
    </form>
  );
}

/** Renames a fee type or changes its description (its kind and value stay: records keep a copy). */
export function EditFeeTypeModal({ type, onClose, onSaved }: { type: FeeType | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const fullScreen = useFullScreenOnPhones();
  return (
    <Modal opened={!!type} onClose={onClose} title={type ? t('common.editNamed', { name: type.name }) : ''} centered fullScreen={fullScreen} size="lg" closeButtonProps={{ 'aria-label': t('common.close') }}>
      {type ? <EditFeeTypeForm key={type.feeTypeId} type={type} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}
