import { useState } from 'react';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import type { PromotionResult } from '@shala/contract';
import { useClassDetail, usePromote, useSessionClasses } from '../../../api/academics-enrolment';
import { apiErrorText } from '../../../api/errors';
import { useCurrentSession } from '../../../lib/useCurrentSession';
import { notifySaved } from '../../../lib/notify';
import { useAcademicNames } from '../names';
import { defaultTarget, laterSessions, toggle } from './logic';

/**
 * The choices of /promotion (source class, target session and class, who is held back) and the
 * promotion itself: a preview, or the real run after a confirmation. Any change of a choice clears
 * what the last run answered.
 */
export function usePromotion() {
  const { t } = useTranslation();
  const { className } = useAcademicNames();
  const { current, sessions, isLoading } = useCurrentSession();
  const later = laterSessions(sessions ?? [], current);
  const [sourceId, setSourceId] = useState('');
  const [chosenSession, setChosenSession] = useState<string | null>(null);
  const [chosenTarget, setChosenTarget] = useState<string | null>(null);
  const [heldBack, setHeldBack] = useState<Set<string>>(new Set());
  const [result, setResult] = useState<PromotionResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const targetSessionId = chosenSession ?? later[0]?.sessionId ?? '';
  const targetSession = later.find((s) => s.sessionId === targetSessionId) ?? null;
  const sourceClasses = useSessionClasses(current?.sessionId);
  const targetClasses = useSessionClasses(targetSessionId || null);
  const source = sourceClasses.data?.find((c) => c.assignClassId === sourceId) ?? null;
  const targets = targetClasses.data ?? [];
  const target = (chosenTarget !== null ? targets.find((c) => c.assignClassId === chosenTarget) : defaultTarget(targets, source)) ?? null;
  const detail = useClassDetail(sourceId || null);
  const students = detail.data?.studentList ?? [];
  const promote = usePromote();

  const clear = () => {
    setResult(null);
    setFailure(null);
  };
  const run = (dryRun: boolean) => {
    if (!source || !target) return;
    clear();
    promote.mutate(
      { fromAssignClassId: source.assignClassId, toAssignClassId: target.assignClassId, heldBackIds: [...heldBack], dryRun },
      {
        onSuccess: (answer) => {
          setResult(answer);
          if (!answer.dryRun) {
            notifySaved(t('promotion.done', { count: answer.promoted.length, className: className(target.masterClass, target.section) }));
          }
        },
        onError: (error) => setFailure(apiErrorText(error, t)),
      },
    );
  };
  const movingCount = students.filter((s) => !heldBack.has(s.userId)).length;
  // Done: nothing left to run until the choice changes (which clears the result).
  const done = !!result && !result.dryRun;
  const askPromote = () => {
    if (!source || !target || !targetSession) return;
    modals.openConfirmModal({
      title: t('promotion.confirmTitle'),
      children: (
        <Text size="sm">
          {t('promotion.confirmText', {
            moving: movingCount,
            from: className(source.masterClass, source.section),
            to: className(target.masterClass, target.section),
            session: targetSession.sessionYear,
            held: heldBack.size,
          })}
        </Text>
      ),
      labels: { confirm: t('promotion.promote'), cancel: t('common.cancel') },
      onConfirm: () => run(false),
    });
  };

  const chooseSource = (id: string) => {
    setSourceId(id);
    setHeldBack(new Set());
    setChosenTarget(null);
    clear();
  };
  const chooseSession = (id: string) => {
    setChosenSession(id);
    setChosenTarget(null);
    clear();
  };
  const chooseTarget = (id: string) => {
    setChosenTarget(id);
    clear();
  };
  const hold = (userId: string, on: boolean) => {
    setHeldBack(toggle(heldBack, userId, on));
    clear();
  };

  return {
    current,
    isLoading,
    later,
    sourceId,
    sourceClasses,
    targetSessionId,
    targetClasses,
    targets,
    source,
    target,
    detail,
    students,
    heldBack,
    movingCount,
    result,
    failure,
    done,
    promote,
    run,
    askPromote,
    chooseSource,
    chooseSession,
    chooseTarget,
    hold,
  };
}

export type Promotion = ReturnType<typeof usePromotion>;
