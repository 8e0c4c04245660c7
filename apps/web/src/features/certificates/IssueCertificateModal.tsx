import { useMemo, useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Group, List, Modal, NativeSelect, Radio, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconFileCheck, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CERTIFICATE_TYPES, PROMOTION_ANSWERS, TC_TEMPLATES, certificateInput, formatRupees, type Certificate, type CertificateInput, type CertificatePreview, type CertificateType } from '@shala/contract';
import { useCertificatePreview, useIssueCertificate } from '../../api/certificates';
import { PEOPLE_API } from '../../api/people';
import { DateField } from '../../components/DateField';
import { RecordState } from '../../components/ListState';
import { ModalFooter } from '../../components/ModalFooter';
import { RemoteSelect } from '../../components/RemoteSelect';
import { useContractForm } from '../../lib/contractForm';
import { useFormat } from '../../lib/format';
import { useSubmit } from '../../lib/useSubmit';
import { useErrorToken } from '../../lib/validation';
import { schoolToday } from '../attendance';
import { PdfButtons, useCertificateName } from './parts';

/** The financial year a day falls in, by its first calendar year (April to March). */
export function financialYearOf(day: string): number {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m >= 4 ? y : y - 1;
}
/** "2026–27" */
export const financialYearLabel = (fy: number) => `${fy}–${String((fy + 1) % 100).padStart(2, '0')}`;

/**
 * The principal issues a certificate: its type, the student (searched on the server), then the
 * type's form, filled from the records (`GET /api/school/certificates/preview`): a TC's class,
 * subjects and dues (dues make the reason to issue anyway required), what the register misses (a
 * link to the student), a TC issued already. Once issued: its number and its PDF to download.
 */
export function IssueCertificateModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const [type, setType] = useState<CertificateType>('tc');
  const [student, setStudent] = useState<{ id: string; label: string } | null>(null);
  const currentFy = financialYearOf(schoolToday());
  const [fy, setFy] = useState(currentFy);
  const [issued, setIssued] = useState<Certificate | null>(null);
  const preview = useCertificatePreview(type, student?.id ?? null, type === 'feecert' ? fy : undefined);
  const title = t('certificates.issue.title');

  return (
    <Modal opened onClose={onClose} title={title} size="xl" fullScreen={!!phone} closeButtonProps={{ 'aria-label': t('common.close') }}>
      {issued ? (
        <Issued certificate={issued} onClose={onClose} />
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: type === 'feecert' ? 3 : 2 }}>
            <NativeSelect
              label={t('certificates.type')}
              value={type}
              onChange={(e) => setType(e.currentTarget.value as CertificateType)}
              data={CERTIFICATE_TYPES.map((v) => ({ value: v, label: t(`certificates.types.${v}`) }))}
              data-autofocus
            />
            <RemoteSelect
              label={t('certificates.student')}
              placeholder={t('certificates.issue.findStudent')}
              queryKey={['people', 'students', 'certificate-options']}
              fetchOptions={async (search, signal) => {
                const page = await PEOPLE_API.students.list({ page: 1, pageSize: 20, status: 'all', search: search || undefined }, signal);
                return page.items.map((p) => ({ value: p.userId, label: `${p.fullName} (${p.loginId})` }));
              }}
              value={student?.id ?? null}
              onChange={(id, label) => setStudent(id ? { id, label: label ?? '' } : null)}
              required
            />
            {type === 'feecert' ? (
              <NativeSelect
                label={t('certificates.fields.financialYear')}
                value={String(fy)}
                onChange={(e) => setFy(Number(e.currentTarget.value))}
                data={[currentFy, currentFy - 1, currentFy - 2].map((y) => ({ value: String(y), label: financialYearLabel(y) }))}
              />
            ) : null}
          </SimpleGrid>
          {student ? (
            <RecordState query={preview}>
              {() => (preview.data ? <CertificateForm key={`${type}-${student.id}-${fy}`} type={type} financialYear={fy} preview={preview.data} onIssued={setIssued} onClose={onClose} /> : null)}
            </RecordState>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {t('certificates.issue.pickStudent')}
              </Text>
              <ModalFooter onCancel={onClose} />
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}

function Issued({ certificate, onClose }: { certificate: Certificate; onClose: () => void }) {
  const { t } = useTranslation();
  const name = useCertificateName();
  return (
    <Stack gap="md">
      <Alert color="teal" icon={<IconFileCheck size={18} aria-hidden />} title={t('certificates.issue.done', { name: name(certificate) })}>
        <Text size="sm">{t('certificates.issue.doneText', { student: certificate.student.fullName })}</Text>
      </Alert>
      <Group gap="sm" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('certificates.issue.download')}
        </Text>
        <PdfButtons certificate={certificate} />
      </Group>
      <Group justify="flex-end">
        <Button onClick={onClose}>{t('common.close')}</Button>
      </Group>
    </Stack>
  );
}

interface Fields {
  template: string;
  applicationDate: string;
  leavingDate: string;
  reason: string;
  lastExam: string;
  result: string;
  qualifiedForPromotion: string;
  subjects: string;
  activities: string;
  conduct: string;
  remarks: string;
  duesOverride: string;
  purpose: string;
}
interface Values {
  type: CertificateType;
  studentId: string;
  shareWithParent: boolean;
  /** A TC with dues: print them on it (off unless asked). */
  printDues: boolean;
  fields: Fields;
}

function prepareInput(v: Values, financialYear: number): CertificateInput {
  const f = Object.fromEntries(Object.entries(v.fields).map(([k, x]) => [k, x.trim()])) as unknown as Fields;
  const base = { studentId: v.studentId, shareWithParent: v.shareWithParent };
  switch (v.type) {
    case 'tc':
      return {
        ...base,
        type: 'tc',
        fields: {
          template: f.template as 'cbse' | 'state',
          applicationDate: f.applicationDate,
          leavingDate: f.leavingDate,
          reason: f.reason,
          lastExam: f.lastExam,
          result: f.result,
          qualifiedForPromotion: f.qualifiedForPromotion as 'yes' | 'no' | 'na',
          subjects: f.subjects,
          activities: f.activities,
          conduct: f.conduct,
          remarks: f.remarks,
          duesOverride: f.duesOverride,
          printDues: v.printDues,
        },
      };
    case 'bonafide':
      return { ...base, type: 'bonafide', fields: { purpose: f.purpose } };
    case 'character':
      return { ...base, type: 'character', fields: { conduct: f.conduct, remarks: f.remarks } };
    default:
      return { ...base, type: 'feecert', fields: { financialYear } };
  }
}

function CertificateForm({ type, financialYear, preview, onIssued, onClose }: { type: CertificateType; financialYear: number; preview: CertificatePreview; onIssued: (c: Certificate) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorToken();
  const issue = useIssueCertificate();
  const name = useCertificateName();
  const today = schoolToday();
  const withDues = type === 'tc' && preview.dues > 0;
  // Dues make the reason to issue anyway required (the server refuses without it too).
  const schema = useMemo(
    () => (withDues ? certificateInput.refine((v) => v.type !== 'tc' || v.fields.duesOverride !== '', { message: 'Required', path: ['fields', 'duesOverride'] }) : certificateInput),
    [withDues],
  );
  const prepare = (v: Values) => prepareInput(v, financialYear);
  const form = useContractForm<Values>(schema, {
    initialValues: {
      type,
      studentId: preview.student.userId,
      shareWithParent: true,
      printDues: false,
      fields: {
        template: 'cbse',
        applicationDate: today,
        leavingDate: today,
        reason: '',
        lastExam: '',
        result: '',
        qualifiedForPromotion: 'yes',
        subjects: preview.subjects,
        activities: '',
        conduct: t('certificates.fields.conductDefault'),
        remarks: '',
        duesOverride: '',
        purpose: '',
      },
    },
    prepare,
  });
  const submit = useSubmit({
    form,
    prepare,
    save: (values: Values) => issue.mutateAsync(prepare(values)),
    saved: (c) => t('certificates.issue.saved', { name: name(c), student: c.student.fullName }),
    done: onIssued,
  });
  const input = (path: keyof Fields) => {
    const props = form.getInputProps(`fields.${path}`);
    return { ...props, error: errorText(props.error as string | undefined) };
  };
  const blocked = (type === 'tc' && !!preview.existingTc) || ((type === 'tc' || type === 'bonafide') && !preview.student.active);

  return (
    <form noValidate onSubmit={submit.onSubmit} aria-label={t(`certificates.types.${type}`)}>
      <Stack gap="md">
        <Facts type={type} preview={preview} financialYear={financialYear} />
        {type === 'tc' ? (
          <>
            <Radio.Group label={t('certificates.fields.template')} {...form.getInputProps('fields.template')}>
              <Group gap="lg" mt={4}>
                {TC_TEMPLATES.map((v) => (
                  <Radio key={v} value={v} label={t(`certificates.templates.${v}`)} />
                ))}
              </Group>
            </Radio.Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DateField label={t('certificates.fields.applicationDate')} required max={today} {...input('applicationDate')} />
              <DateField label={t('certificates.fields.leavingDate')} required {...input('leavingDate')} />
            </SimpleGrid>
            <TextInput label={t('certificates.fields.reason')} required maxLength={200} {...input('reason')} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput label={t('certificates.fields.lastExam')} maxLength={200} {...input('lastExam')} />
              <TextInput label={t('certificates.fields.result')} maxLength={100} {...input('result')} />
            </SimpleGrid>
            <Radio.Group label={t('certificates.fields.qualifiedForPromotion')} {...form.getInputProps('fields.qualifiedForPromotion')}>
              <Group gap="lg" mt={4}>
                {PROMOTION_ANSWERS.map((v) => (
                  <Radio key={v} value={v} label={t(`certificates.promotion.${v}`)} />
                ))}
              </Group>
            </Radio.Group>
            <Textarea label={t('certificates.fields.subjects')} description={t('certificates.fields.subjectsHint')} autosize minRows={2} maxLength={300} {...input('subjects')} />
            <TextInput label={t('certificates.fields.activities')} description={t('certificates.fields.activitiesHint')} maxLength={200} {...input('activities')} />
            <TextInput label={t('certificates.fields.conduct')} required maxLength={60} {...input('conduct')} />
            <Textarea label={t('certificates.fields.remarks')} autosize minRows={2} maxLength={300} {...input('remarks')} />
            {withDues ? (
              <>
                <Textarea label={t('certificates.fields.duesOverride')} description={t('certificates.fields.duesOverrideHint')} required autosize minRows={2} maxLength={200} {...input('duesOverride')} />
                <Checkbox label={t('certificates.fields.printDues')} {...form.getInputProps('printDues', { type: 'checkbox' })} />
              </>
            ) : null}
          </>
        ) : null}
        {type === 'bonafide' ? <TextInput label={t('certificates.fields.purpose')} description={t('certificates.fields.purposeHint')} required maxLength={200} {...input('purpose')} /> : null}
        {type === 'character' ? (
          <>
            <TextInput label={t('certificates.fields.conduct')} required maxLength={60} {...input('conduct')} />
            <Textarea label={t('certificates.fields.remarks')} autosize minRows={2} maxLength={300} {...input('remarks')} />
          </>
        ) : null}
        <Checkbox label={t('certificates.fields.shareWithParent')} {...form.getInputProps('shareWithParent', { type: 'checkbox' })} />
        <ModalFooter failure={submit.failure} onCancel={onClose} label={t('certificates.issue.submit')} pending={submit.pending} disabled={blocked} />
      </Stack>
    </form>
  );
}

/** What the records say before issuing: the class, dues, fees paid up to, what the register misses. */
function Facts({ type, preview, financialYear }: { type: CertificateType; preview: CertificatePreview; financialYear: number }) {
  const { t } = useTranslation();
  const f = useFormat();
  const warn = <IconAlertTriangle size={18} aria-hidden />;
  const details = `/viewstudentdetail/${preview.student.userId}`;
  return (
    <Stack gap="sm">
      <Text size="sm">
        {t('certificates.issue.summary', {
          student: preview.student.fullName,
          loginId: preview.student.loginId,
          className: preview.className ?? t('certificates.issue.noClass'),
          admissionNo: preview.student.admissionNo ?? '—',
        })}
      </Text>
      {type === 'tc' ? (
        <Text size="sm" c="dimmed">
          {t('certificates.issue.feesPaidUpTo', { month: preview.feesPaidUpTo ? f.month(preview.feesPaidUpTo) : '—' })}
        </Text>
      ) : null}
      {type === 'tc' && preview.student.active && !preview.existingTc ? (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} title={t('certificates.issue.tcEffectTitle')} data-testid="tc-effect">
          {t('certificates.issue.tcEffect', { student: preview.student.fullName })}
        </Alert>
      ) : null}
      {type === 'feecert' ? (
        <Alert color="blue" variant="light" title={t('certificates.issue.tuitionPaid', { year: financialYearLabel(financialYear) })}>
          <Text size="lg" fw={700} data-testid="tuition-paid">
            {formatRupees(preview.tuitionPaid ?? 0)}
          </Text>
        </Alert>
      ) : null}
      {!preview.student.active && (type === 'tc' || type === 'bonafide') ? (
        <Alert color="red" icon={warn}>
          {t('errors.reasons.student_left')}
        </Alert>
      ) : null}
      {type === 'tc' && preview.existingTc ? (
        <Alert color="red" icon={warn}>
          {t('errors.reasons.tc_exists', { number: preview.existingTc.number })}
        </Alert>
      ) : null}
      {type === 'tc' && preview.dues > 0 ? (
        <Alert color="orange" icon={warn} title={t('certificates.issue.duesTitle', { amount: formatRupees(preview.dues) })}>
          {t('certificates.issue.duesText')}
        </Alert>
      ) : null}
      {preview.missing.length ? (
        <Alert color="yellow" icon={warn} title={t('certificates.issue.missingTitle')}>
          <List size="sm">
            {preview.missing.map((m) => (
              <List.Item key={m}>{t(`certificates.missing.${m}`, { defaultValue: m })}</List.Item>
            ))}
          </List>
          <Anchor component={Link} to={details} size="sm">
            {t('certificates.issue.openStudent', { name: preview.student.fullName })}
          </Anchor>
        </Alert>
      ) : null}
    </Stack>
  );
}
