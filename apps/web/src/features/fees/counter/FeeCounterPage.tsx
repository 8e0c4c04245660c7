import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { cashRounded, type CounterCollectResult, type CounterHit, type ReceiptLayout } from '@shala/contract';
import { batchReceipt } from '../../../api/fees-counter';
import type { ScreenProps } from '../../../lib/screen';
import { PageHeading } from '../../../components/PageHeading';
import { useFormat } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useFeeFormat } from '../reports/parts';
import { CollectPanel } from './CollectPanel';
import { CounterSearch } from './CounterSearch';
import { DayCollection, type Tally } from './DayCollection';
import { printPdf, receiptNos, saveLayout, savedLayout } from './logic';

/**
 * /feecounter (112, 113; issue 25): the office takes a family's fees in one screen, by keyboard.
 * The day's collection by mode at the top (and the cash tally that closes the day); the search
 * (focused); the student picked, its dues ticked, the mode and reference, "Collect ₹X"; then the
 * receipt of the whole collection is printed (A5 or the 80 mm roll, as this counter last chose)
 * and the search is focused again for the next family.
 */
export default function FeeCounterPage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { hindi } = useFormat();
  const f = useFeeFormat();
  const searchRef = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<{ hit: CounterHit; sessionId: string } | null>(null);
  const [last, setLast] = useState<CounterCollectResult | null>(null);
  const [layout, setLayout] = useState<ReceiptLayout>(savedLayout);
  const [tally, setTally] = useState<Tally>({});
  const [printing, setPrinting] = useState(false);

  useEffect(() => searchRef.current?.focus(), []);
  const focusSearch = () => searchRef.current?.focus();

  const print = async (result: CounterCollectResult) => {
    setPrinting(true);
    try {
      const pdf = await batchReceipt(result.batchId, hindi ? 'hi' : 'en', layout);
      printPdf(pdf, t('fees.counter.receipt.frame', { nos: receiptNos(result.payments) }), focusSearch);
    } catch (err) {
      notifyError(err, t('fees.counter.receipt.failed'));
    } finally {
      setPrinting(false);
    }
  };

  return (
    <>
      <PageHeading title={t(route.title)} description={t('fees.counter.description')} />
      <Stack gap="lg" maw={960}>
        <DayCollection tally={tally} onTally={setTally} />
        {last ? (
          <Alert color={last.created ? 'teal' : 'blue'} role="status" data-testid="counter-done">
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text size="sm" fw={500}>
                {last.created
                  ? t('fees.counter.collect.done', { amount: f.money(last.total), name: last.student.fullName, nos: receiptNos(last.payments) })
                  : t('fees.counter.collect.already', { nos: receiptNos(last.payments) })}
                {last.payments[0]?.mode === 'cash' && cashRounded(last.total) !== last.total ? ` ${t('fees.counter.collect.doneCash', { amount: f.money(cashRounded(last.total)) })}` : null}
              </Text>
              <Button size="xs" variant="white" leftSection={<IconPrinter size={16} aria-hidden />} loading={printing} onClick={() => void print(last)}>
                {t('fees.counter.receipt.print', { nos: receiptNos(last.payments) })}
              </Button>
            </Group>
          </Alert>
        ) : null}
        <CounterSearch
          inputRef={searchRef}
          onPick={(hit, sessionId) => {
            setPicked({ hit, sessionId });
            setLast(null);
          }}
        />
        {picked ? (
          <CollectPanel
            key={picked.hit.student.userId}
            hit={picked.hit}
            sessionId={picked.sessionId}
            layout={layout}
            onLayout={(l) => {
              setLayout(l);
              saveLayout(l);
            }}
            onCollected={(result) => {
              setLast(result);
              setPicked(null);
              focusSearch();
              void print(result);
            }}
            onClose={() => {
              setPicked(null);
              focusSearch();
            }}
          />
        ) : null}
      </Stack>
    </>
  );
}
