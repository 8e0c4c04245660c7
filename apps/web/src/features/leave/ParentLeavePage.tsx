import { useState } from 'react';
import { Button, Group, Modal, NativeSelect, Radio, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { STUDENT_LEAVE_LIMITS, STUDENT_LEAVE_REASONS, studentLeaveInput, type PersonSummary } from '@shala/contract';
import { useMyChildren } from '../../api/people';
import { useAskLeave, useStudentLeaves } from '../../api/student-leave';
import { isApiError } from '../../api/http';
import type { ScreenProps } from '../../lib/screen';
import { PageHeading } from '../../components/PageHeading';
import { ListState } from '../../components/ListState';
import { ModalFooter } from '../../components/ModalFooter';
import { DateField } from '../../components/DateField';
import { FileUploadsField, useFileUploads } from '../../components/FileUploads';
import { useContractForm } from '../../lib/contractForm';
import { useErrorToken } from '../../lib/validation';
import { useSubmit } from '../../lib/useSubmit';
import { useFormat } from '../../lib/format';
import { useSchoolToday } from '../attendance';
import { ChildrenState } from '../parent';
import { askBody, LEAVE_FILE_ACCEPT, LEAVE_FILE_TYPES, pendingFirst, plusDays, type AskValues } from './logic';
import { LeaveCards, PAGE_SIZE, Pager } from './LeaveCards';

/**
 * /leave (a parent): its children's leave requests, pending first, each with its status and the
 * teacher's comment, cancelled while allowed; "Ask for leave" for a child (from–to, one day by
 * default; a reason, a note, a photo of a note or a medical certificate).
 */
export default function ParentLeavePage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const children = useMyChildren();
  const kids = children.data ?? [];
  const [asking, setAsking] = useState(false);
  const [page, setPage] = useState(1);
  const list = useStudentLeaves(null, page, PAGE_SIZE);
  const items = pendingFirst(list.data?.items ?? []);
  return (
    <>
      <PageHeading title={t(route.title)} description={t('studentLeave.parentDescription')} />
      <ChildrenState query={children}>
        <Stack gap="md" maw={760}>
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text component="h2" fw={700} size="md" m={0}>
              {t('studentLeave.requests')}
            </Text>
            <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAsking(true)}>
              {t('studentLeave.ask')}
            </Button>
          </Group>
          <ListState query={list} isEmpty={items.length === 0} emptyText={t('studentLeave.emptyParent')} errorTitle={t('studentLeave.listError')} rows={3}>
            <LeaveCards items={items} forSchool={false} />
            <Pager total={list.data?.total ?? 0} page={page} setPage={setPage} />
          </ListState>
        </Stack>
      </ChildrenState>
      <Modal opened={asking} onClose={() => setAsking(false)} title={t('studentLeave.ask')} size="lg" closeButtonProps={{ 'aria-label': t('common.close') }}>
        {asking && kids.length > 0 ? <AskForm kids={kids} onClose={() => setAsking(false)} /> : null}
      </Modal>
    </>
  );
}

/** Ask for a child's leave: the child (a choice only with several), the days, the reason, a note and a file. */
function AskForm({ kids, onClose }: { kids: readonly PersonSummary[]; onClose: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const errorText = useErrorToken();
  const ask = useAskLeave();
  const today = useSchoolToday();
  const files = useFileUploads(1);
  // The last day follows the first until the parent chooses it.
  const [ownTo, setOwnTo] = useState(false);
  const form = useContractForm<AskValues>(studentLeaveInput, {
    initialValues: { studentId: kids[0]?.userId ?? '', fromDate: today, toDate: today, reason: '', note: '' },
    prepare: (v) => askBody(v, null),
  });
  const v = form.values;
  const submit = useSubmit({
    form,
    save: (values: AskValues) => ask.mutateAsync(askBody(values, files.names[0] ?? null)),
    saved: () => t('studentLeave.asked'),
    done: onClose,
    // The overlap is the child's own request, not the parent's.
    failure: (error, given) =>
      isApiError(error) && error.reason === 'leave_overlap' && error.params
        ? { title: t('studentLeave.overlap', { from: fmt.date(String(error.params.fromDate)), to: fmt.date(String(error.params.toDate)) }), message: null }
        : given,
  });
  const first = plusDays(today, -STUDENT_LEAVE_LIMITS.daysBack);
  const last = plusDays(today, STUDENT_LEAVE_LIMITS.daysAhead);
  const child = kids.find((k) => k.userId === v.studentId);
  return (
    <form noValidate onSubmit={submit.onSubmit} aria-label={t('studentLeave.askForm')}>
      <Stack gap="md">
        {kids.length > 1 ? (
          <NativeSelect
            label={t('studentLeave.child')}
            required
            data={kids.map((c) => ({ value: c.userId, label: c.fullName }))}
            {...form.getInputProps('studentId')}
            error={errorText(form.errors.studentId)}
          />
        ) : (
          <Text size="sm">
            <Text span fw={600}>
              {t('studentLeave.child')}:
            </Text>{' '}
            {child?.fullName}
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <DateField
            label={t('studentLeave.from')}
            required
            min={first}
            max={last}
            {...form.getInputProps('fromDate')}
            onChange={(d) => {
              // One day unless the last day was chosen: the last day follows the first.
              form.setFieldValue('fromDate', d);
              if (d && (!ownTo || !v.toDate || v.toDate < d)) form.setFieldValue('toDate', d);
            }}
            error={errorText(form.errors.fromDate)}
          />
          <DateField
            label={t('studentLeave.to')}
            required
            min={v.fromDate || first}
            {...form.getInputProps('toDate')}
            onChange={(d) => {
              setOwnTo(true);
              form.setFieldValue('toDate', d);
            }}
            error={errorText(form.errors.toDate)}
          />
        </SimpleGrid>
        <Radio.Group label={t('studentLeave.reason')} required {...form.getInputProps('reason')} error={errorText(form.errors.reason)}>
          <Stack gap="xs" mt={6}>
            {STUDENT_LEAVE_REASONS.map((r) => (
              <Radio key={r} value={r} label={t(`studentLeave.reasons.${r}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={t('studentLeave.note')}
          description={t('studentLeave.noteHint')}
          autosize
          minRows={2}
          maxLength={STUDENT_LEAVE_LIMITS.note}
          {...form.getInputProps('note')}
          error={errorText(form.errors.note)}
        />
        <FileUploadsField
          id="student-leave-file"
          state={files}
          label={t('studentLeave.file')}
          addLabel={t('studentLeave.addFile')}
          listLabel={t('studentLeave.file')}
          accept={LEAVE_FILE_ACCEPT}
          typesText={LEAVE_FILE_TYPES}
        />
        <ModalFooter failure={submit.failure} onCancel={onClose} label={t('studentLeave.askSubmit')} pending={submit.pending} disabled={files.uploading} />
      </Stack>
    </form>
  );
}
