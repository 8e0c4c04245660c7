import { useMemo, useState } from 'react';
import { Alert, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SubstitutionDay, TeachingCell } from '@shala/contract';
import { useSaveSubstitutions } from '../../api/substitutions';
import { isApiError } from '../../api/http';
import { ModalFooter } from '../../components/ModalFooter';
import { useFormat } from '../../lib/format';
import { useSubmit } from '../../lib/useSubmit';
import { useClassLabel } from '../academics';
import { periodName } from '../timetable';
import { exchangeChoices, exchangeItems, slotKey } from './substitutionLogic';

const NONE = '';

/**
 * "Exchange a period": two teachers present on the date take each other's lesson on that date
 * only. The first select offers every lesson that has a partner; the second, the lessons of the
 * teachers free in the first's period whose period the first's teacher is free in
 * (`exchangeChoices`). Confirm saves both arrangements in one request; a refusal (someone else
 * arranged meanwhile, a cap) shows by its reason and the day is read again.
 */
export function ExchangeModal({ data, onClose, onRefused }: { data: SubstitutionDay; onClose: () => void; onRefused: () => void }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const phone = useMediaQuery('(max-width: 36em)');
  const label = useClassLabel();
  const choices = useMemo(() => exchangeChoices(data), [data]);
  const [first, setFirst] = useState(NONE);
  const [second, setSecond] = useState(NONE);
  const chosen = choices.find((c) => slotKey(c.cell) === first);
  const partner = chosen?.partners.find((b) => slotKey(b) === second);
  const save = useSaveSubstitutions();
  const submit = useSubmit({
    save: ({ a, b }: { a: TeachingCell; b: TeachingCell }) => save.mutateAsync({ date: data.date, items: exchangeItems(a, b) }),
    saved: () => t('substitutions.exchange.saved', { date: fmt.date(data.date) }),
    savedToast: () => ({ check: true }),
    done: onClose,
    failTitle: t('substitutions.exchange.failed'),
    failure: (error, failure) => {
      if (isApiError(error) && error.status === 409) onRefused();
      return failure;
    },
  });
  const cellText = (c: TeachingCell) => `${periodName(c.periodName, t)} · ${label(c.class)} · ${c.subjectName} · ${c.teacherName}`;
  const title = t('substitutions.exchange.title');

  return (
    <Modal opened onClose={onClose} title={title} size="lg" fullScreen={!!phone} closeButtonProps={{ 'aria-label': t('common.close') }}>
      {choices.length === 0 ? (
        <Stack gap="md">
          <Alert color="gray" role="status">
            {t('substitutions.exchange.none')}
          </Alert>
          <ModalFooter onCancel={onClose} cancelLabel={t('common.close')} />
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('substitutions.exchange.help')}
          </Text>
          <CellSelect
            label={t('substitutions.exchange.first')}
            value={first}
            cells={choices.map((c) => c.cell)}
            text={cellText}
            onChange={(key) => {
              setFirst(key);
              setSecond(NONE);
            }}
            data-autofocus
          />
          <CellSelect label={t('substitutions.exchange.second')} value={second} cells={chosen?.partners ?? []} text={cellText} onChange={setSecond} disabled={!chosen} />
          {chosen && partner ? (
            <Alert color="grape" role="status" icon={<IconArrowsExchange size={18} aria-hidden />}>
              {t('substitutions.exchange.summary', {
                date: fmt.date(data.date),
                a: chosen.cell.teacherName,
                b: partner.teacherName,
                aPeriod: periodName(chosen.cell.periodName, t),
                aClass: label(chosen.cell.class),
                bPeriod: periodName(partner.periodName, t),
                bClass: label(partner.class),
              })}
            </Alert>
          ) : null}
          <ModalFooter
            failure={submit.failure}
            onCancel={onClose}
            label={t('substitutions.exchange.confirm')}
            leftSection={<IconArrowsExchange size={18} aria-hidden />}
            pending={submit.pending}
            disabled={!chosen || !partner}
            onConfirm={() => (chosen && partner ? void submit.run({ a: chosen.cell, b: partner }) : undefined)}
          />
        </Stack>
      )}
    </Modal>
  );
}

/** A select of lessons by their key, "Choose a period" first. */
function CellSelect({
  cells,
  text,
  onChange,
  ...props
}: { label: string; value: string; cells: TeachingCell[]; text: (c: TeachingCell) => string; onChange: (key: string) => void; disabled?: boolean; 'data-autofocus'?: boolean }) {
  const { t } = useTranslation();
  return (
    <NativeSelect {...props} onChange={(e) => onChange(e.currentTarget.value)}>
      <option value={NONE}>{t('substitutions.exchange.choose')}</option>
      {cells.map((c) => (
        <option key={slotKey(c)} value={slotKey(c)}>
          {text(c)}
        </option>
      ))}
    </NativeSelect>
  );
}
