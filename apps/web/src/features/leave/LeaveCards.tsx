import { useState } from 'react';
import { Badge, Button, Group, Pagination, Paper, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { optionalText, STUDENT_LEAVE_LIMITS, type LeaveStatus, type StudentLeave } from '@shala/contract';
import { downloadStudentLeaveFile, useCancelStudentLeave, useDecideStudentLeave } from '../../api/student-leave';
import { FileDownloadButton } from '../../components/FileUploads';
import { ReasonModal } from '../../components/ReasonModal';
import { useFormat } from '../../lib/format';
import { useAcademicNames } from '../academics';

export const PAGE_SIZE = 20;
const STATUS_COLOR: Record<LeaveStatus, string> = { pending: 'yellow', approved: 'green', declined: 'red', cancelled: 'gray' };
type Action = 'approve' | 'decline' | 'cancel';

export function Pager({ total, page, setPage }: { total: number; page: number; setPage: (n: number) => void }) {
  const pages = Math.ceil(total / PAGE_SIZE);
  return pages > 1 ? <Pagination total={pages} value={page} onChange={setPage} mt="sm" size="sm" /> : null;
}

/** "12 Dec 2026" or "12 Dec 2026 to 14 Dec 2026". */
function useRange() {
  const { t } = useTranslation();
  const fmt = useFormat();
  return (l: Pick<StudentLeave, 'fromDate' | 'toDate'>) => (l.fromDate === l.toDate ? fmt.date(l.fromDate) : t('studentLeave.range', { from: fmt.date(l.fromDate), to: fmt.date(l.toDate) }));
}

/**
 * Requests as cards: the child (and its class for the school), dates, school days, reason, status,
 * the note, the file, who asked, the decision and its comment; cancel, approve and decline where the
 * answer allows them (each asks first, with an optional comment).
 */
export function LeaveCards({ items, forSchool }: { items: StudentLeave[]; forSchool: boolean }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const { className } = useAcademicNames();
  const range = useRange();
  const [acting, setActing] = useState<{ leave: StudentLeave; action: Action } | null>(null);
  return (
    <>
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('studentLeave.listLabel')}>
        {items.map((l) => (
          <Paper key={l.leaveId} component="li" withBorder radius="md" p="sm" data-testid="student-leave" data-status={l.status} aria-label={`${l.studentName}, ${range(l)}`}>
            <Stack gap={4}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                  {l.studentName}
                  {forSchool && l.class ? ` · ${className(l.class.masterClass, l.class.section)}` : ''}
                </Text>
                <Badge color={STATUS_COLOR[l.status]} variant="light" tt="none">
                  {t(`studentLeave.status.${l.status}`)}
                </Badge>
              </Group>
              <Text size="sm">
                {range(l)} · {t('studentLeave.days', { count: l.days, n: fmt.number(l.days) })}
              </Text>
              <Group gap="xs" wrap="wrap">
                <Badge variant="outline" color={l.reason === 'school_duty' ? 'teal' : 'blue'} tt="none">
                  {t(`studentLeave.reasons.${l.reason}`)}
                </Badge>
              </Group>
              {l.note ? (
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                  {l.note}
                </Text>
              ) : null}
              {l.file ? (
                <Group>
                  <FileDownloadButton file={l.file} download={() => downloadStudentLeaveFile(l)} />
                </Group>
              ) : null}
              {forSchool ? (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {t('studentLeave.askedBy', { name: l.requestedByName, when: fmt.dateTime(l.createdAt) })}
                </Text>
              ) : null}
              {l.decidedByName ? (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {t('studentLeave.decidedBy', { name: l.decidedByName, when: l.decidedAt ? fmt.dateTime(l.decidedAt) : '' })}
                </Text>
              ) : null}
              {l.comment ? (
                <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                  {t('studentLeave.commentIs', { comment: l.comment })}
                </Text>
              ) : null}
              {l.canDecide || l.canCancel ? (
                <Group gap="xs" justify="flex-end" wrap="wrap">
                  {l.canCancel ? (
                    <Button size="xs" variant="default" onClick={() => setActing({ leave: l, action: 'cancel' })} aria-label={t('studentLeave.cancelOf', { name: l.studentName, what: range(l) })}>
                      {t('studentLeave.cancel')}
                    </Button>
                  ) : null}
                  {l.canDecide ? (
                    <>
                      <Button size="xs" color="red" variant="light" leftSection={<IconX size={14} aria-hidden />} onClick={() => setActing({ leave: l, action: 'decline' })}>
                        {t('studentLeave.decline')}
                      </Button>
                      <Button size="xs" color="green" leftSection={<IconCheck size={14} aria-hidden />} onClick={() => setActing({ leave: l, action: 'approve' })}>
                        {t('studentLeave.approve')}
                      </Button>
                    </>
                  ) : null}
                </Group>
              ) : null}
            </Stack>
          </Paper>
        ))}
      </Stack>
      {acting ? <ActionModal leave={acting.leave} action={acting.action} what={range(acting.leave)} onClose={() => setActing(null)} /> : null}
    </>
  );
}

/** A decision's or a cancellation's optional comment, as the contract checks it. */
const COMMENT = z.object({ reason: optionalText(STUDENT_LEAVE_LIMITS.comment) });

/** Approve, decline or cancel a request, with an optional comment. */
function ActionModal({ leave, action, what, onClose }: { leave: StudentLeave; action: Action; what: string; onClose: () => void }) {
  const { t } = useTranslation();
  const decide = useDecideStudentLeave();
  const cancel = useCancelStudentLeave();
  return (
    <ReasonModal
      title={t(`studentLeave.confirm.${action}`)}
      intro={
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {leave.studentName} · {what} · {t(`studentLeave.reasons.${leave.reason}`)}
        </Text>
      }
      reasonLabel={action === 'cancel' ? t('studentLeave.cancelComment') : t('studentLeave.comment')}
      optional
      schema={COMMENT}
      maxLength={STUDENT_LEAVE_LIMITS.comment}
      save={(c) => (action === 'cancel' ? cancel.mutateAsync({ leaveId: leave.leaveId, comment: c || null }) : decide.mutateAsync({ leaveId: leave.leaveId, body: { decision: action, comment: c || null } }))}
      saved={() => t(`studentLeave.done.${action}`)}
      submitLabel={t(`studentLeave.submit.${action}`)}
      cancelLabel={action === 'cancel' ? t('studentLeave.keep') : undefined}
      color={action === 'approve' ? 'green' : 'red'}
      onClose={onClose}
    />
  );
}
