import { Alert, Checkbox, Modal, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { APAAR_CONSENT_VERSION, CWSN_TYPES, apaarLooksLikeAadhaar, MINORITY_GROUPS, studentRegisterInput, type CwsnType, type MinorityGroup, type StudentRegister, type StudentRegisterInput } from '@shala/contract';
import { useSaveStudentRegister } from '../../api/registers';
import { DateField } from '../../components/DateField';
import { ModalFooter } from '../../components/ModalFooter';
import { useContractForm } from '../../lib/contractForm';
import { useFormat } from '../../lib/format';
import { useSubmit } from '../../lib/useSubmit';
import { useErrorToken } from '../../lib/validation';

type Values = StudentRegisterInput;

const valuesOf = (r: StudentRegister): Values => ({
  admissionNo: r.admissionNo ?? '',
  admissionDate: r.admissionDate ?? '',
  pen: r.pen ?? '',
  apaarId: r.apaarId ?? '',
  apaarConsent: r.apaarConsent !== null,
  motherTongue: r.motherTongue ?? '',
  minorityGroup: r.minorityGroup,
  bpl: r.bpl,
  cwsn: r.cwsn,
  cwsnType: r.cwsnType,
  aadhaarLast4: r.aadhaarLast4 ?? '',
  nationality: r.nationality ?? '',
  fatherName: r.fatherName ?? '',
});

/** What is sent: text trimmed, no impairment type without CWSN. */
const prepare = (v: Values): Values => {
  const trim = (s: string) => s.trim();
  return {
    ...v,
    admissionNo: trim(v.admissionNo),
    pen: trim(v.pen),
    apaarId: trim(v.apaarId),
    motherTongue: trim(v.motherTongue),
    aadhaarLast4: trim(v.aadhaarLast4),
    nationality: trim(v.nationality),
    fatherName: trim(v.fatherName),
    cwsnType: v.cwsn ? v.cwsnType : null,
  };
};

/**
 * Edits a student's register entry: admission number and date, the UDISE+ fields, Aadhaar's last
 * four digits only (said plainly: a longer number is refused, never cut), and the parent's APAAR
 * consent as signed on the form (its text shown, recorded once with its version and date).
 */
export function StudentRegisterForm({ register, studentName, onClose }: { register: StudentRegister; studentName: string; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const errorText = useErrorToken();
  const save = useSaveStudentRegister(register.studentId);
  const form = useContractForm<Values>(studentRegisterInput, { initialValues: valuesOf(register), prepare });
  const submit = useSubmit({
    form,
    prepare,
    save: (values: Values) => save.mutateAsync(prepare(values)),
    saved: () => t('registers.saved', { name: studentName }),
    done: onClose,
  });
  const field = (name: keyof Values) => ({ ...form.getInputProps(name), error: errorText(form.errors[name]) });
  const title = t('registers.editTitle', { name: studentName });
  const recorded = register.apaarConsent;

  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': t('common.close') }}>
      <form noValidate onSubmit={submit.onSubmit} aria-label={title}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('registers.admissionNo')} description={t('registers.admissionNoHint')} {...field('admissionNo')} />
            <DateField label={t('registers.admissionDate')} {...field('admissionDate')} />
            <TextInput label={t('registers.pen')} description={t('registers.penHint')} inputMode="numeric" {...field('pen')} />
            <TextInput label={t('registers.apaarId')} description={t('registers.apaarIdHint')} inputMode="numeric" {...field('apaarId')} />
          </SimpleGrid>
          {apaarLooksLikeAadhaar(form.values.apaarId.trim()) ? (
            <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="apaar-aadhaar-warning">
              {t('registers.apaarLooksLikeAadhaar')}
            </Alert>
          ) : null}
          <Paper withBorder radius="md" p="sm">
            <Stack gap="xs">
              <Text size="sm" fw={600} id="apaar-consent-title">
                {t('registers.apaarConsentTitle')}
              </Text>
              <Text size="sm" id="apaar-consent-text" data-version={APAAR_CONSENT_VERSION}>
                {t('registers.apaarConsent')}
              </Text>
              <Checkbox
                label={t('registers.apaarConsentSigned')}
                aria-describedby="apaar-consent-text"
                disabled={recorded !== null}
                description={recorded ? t('registers.apaarConsentRecorded', { date: f.date(recorded.at) }) : undefined}
                {...form.getInputProps('apaarConsent', { type: 'checkbox' })}
                error={errorText(form.errors.apaarConsent)}
              />
            </Stack>
          </Paper>
          <TextInput
            label={t('registers.aadhaarLast4')}
            description={t('registers.aadhaarHint')}
            inputMode="numeric"
            autoComplete="off"
            {...field('aadhaarLast4')}
            // Whatever is wrong (too long above all), say the one rule: the last 4 digits, never more.
            error={form.errors.aadhaarLast4 ? t('validation.aadhaar_last4') : undefined}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextInput label={t('registers.motherTongue')} {...field('motherTongue')} />
            <Select
              label={t('registers.minorityGroup')}
              data={MINORITY_GROUPS.map((g) => ({ value: g, label: t(`registers.minority.${g}`) }))}
              allowDeselect={false}
              {...field('minorityGroup')}
              onChange={(v) => form.setFieldValue('minorityGroup', (v ?? 'none') as MinorityGroup)}
            />
            <TextInput label={t('registers.nationality')} {...field('nationality')} />
            <TextInput label={t('registers.fatherName')} {...field('fatherName')} />
          </SimpleGrid>
          <Checkbox label={t('registers.bplLong')} {...form.getInputProps('bpl', { type: 'checkbox' })} />
          <Checkbox label={t('registers.cwsnLong')} {...form.getInputProps('cwsn', { type: 'checkbox' })} />
          {form.values.cwsn ? (
            <Select
              label={t('registers.cwsnType')}
              placeholder={t('registers.cwsnTypeChoose')}
              data={CWSN_TYPES.map((c) => ({ value: c, label: t(`registers.cwsnTypes.${c}`) }))}
              {...field('cwsnType')}
              onChange={(v) => form.setFieldValue('cwsnType', (v ?? null) as CwsnType | null)}
            />
          ) : null}
          <ModalFooter failure={submit.failure} onCancel={onClose} label={t('registers.save')} pending={submit.pending} leftSection={<IconDeviceFloppy size={18} aria-hidden />} />
        </Stack>
      </form>
    </Modal>
  );
}
