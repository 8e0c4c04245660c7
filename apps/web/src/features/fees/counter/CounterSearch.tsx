import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Badge, Group, Loader, Paper, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CounterHit } from '@shala/contract';
import { useCounterSearch } from '../../../api/fees-counter';
import { QueryError } from '../../../components/ListState';
import { useClassLabel } from '../../academics';
import { useFeeFormat } from '../reports/parts';
import { searchable } from './logic';
import { PhoneNumber } from '../../../components/PhoneNumber';

const DEBOUNCE_MS = 200;
const LIST_ID = 'counter-hits';

/**
 * The counter's search, a combobox: a name, login id, roll number or phone; the students found
 * below it (↑ ↓ move, Enter opens the one marked, Escape clears). Enter typed before the answer
 * came opens the first student of that answer, so a clerk who knows the name types it and presses
 * Enter.
 */
export function CounterSearch({ inputRef, onPick }: { inputRef: RefObject<HTMLInputElement | null>; onPick: (hit: CounterHit, sessionId: string) => void }) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const [q, setQ] = useState('');
  const [active, setActive] = useState(0);
  const pickWhenReady = useRef(false);
  const search = useCounterSearch(q);

  // The term is searched once typing pauses.
  useEffect(() => {
    const next = searchable(term) ? term.trim() : '';
    const timer = setTimeout(() => setQ(next), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [term]);
  useEffect(() => setActive(0), [q]);

  const current = !!q && !search.isPlaceholderData && !search.isFetching;
  const hits = q && search.data ? search.data.hits : [];
  const pick = (hit: CounterHit | undefined) => {
    if (!hit || !search.data?.sessionId) return;
    pickWhenReady.current = false;
    onPick(hit, search.data.sessionId);
    setTerm('');
    setQ('');
  };

  // Enter pressed before the answer: the first student of the answer, once it is here.
  useEffect(() => {
    if (pickWhenReady.current && current && q === term.trim()) {
      pickWhenReady.current = false;
      if (hits[0]) pick(hits[0]);
    }
  });

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!hits.length) return;
      e.preventDefault();
      setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : hits.length - 1)) % hits.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (current && q === term.trim()) pick(hits[active]);
      else if (searchable(term)) {
        pickWhenReady.current = true;
        setQ(term.trim());
      }
    } else if (e.key === 'Escape') {
      setTerm('');
      setQ('');
    }
  };

  const open = !!q && hits.length > 0;
  return (
    <Stack gap="xs" component="section" aria-label={t('fees.counter.search.section')}>
      <TextInput
        ref={inputRef}
        label={t('fees.counter.search.label')}
        description={t('fees.counter.search.hint')}
        placeholder={t('fees.counter.search.placeholder')}
        value={term}
        onChange={(e) => setTerm(e.currentTarget.value)}
        onKeyDown={onKeyDown}
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={search.isFetching ? <Loader size="xs" aria-label={t('common.loading')} /> : null}
        size="md"
        maxLength={100}
        autoComplete="off"
        spellCheck={false}
        data-autofocus
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={LIST_ID}
        aria-activedescendant={open ? `${LIST_ID}-${active}` : undefined}
      />
      {q && search.isError ? <QueryError query={search} title={t('fees.counter.search.loadError')} /> : null}
      {q && current && hits.length === 0 && !search.isError ? (
        <Text c="dimmed" role="status" data-testid="counter-no-hits">
          {t('fees.counter.search.none', { q })}
        </Text>
      ) : null}
      <Stack gap={6} id={LIST_ID} role="listbox" aria-label={t('fees.counter.search.results')} hidden={!open}>
        {hits.map((hit, i) => (
          <Hit key={hit.student.userId} id={`${LIST_ID}-${i}`} hit={hit} active={i === active} onHover={() => setActive(i)} onPick={() => pick(hit)} />
        ))}
      </Stack>
    </Stack>
  );
}

/** One student found: name and login id, class and roll number, parent and phone, what it owes. */
function Hit({ id, hit, active, onHover, onPick }: { id: string; hit: CounterHit; active: boolean; onHover: () => void; onPick: () => void }) {
  const { t } = useTranslation();
  const f = useFeeFormat();
  const classLabel = useClassLabel();
  const dues = hit.dues;
  const badge = !dues ? (
    <Badge color="gray" variant="light">
      {t('fees.counter.search.noRecord')}
    </Badge>
  ) : dues.dueAmount > 0 ? (
    <Badge color="red" variant="light">
      {t('fees.counter.search.due', { amount: f.money(dues.dueAmount), count: dues.dueCount })}
    </Badge>
  ) : dues.nextDue ? (
    <Badge color="blue" variant="light">
      {t('fees.counter.search.nextDue', { date: f.date(dues.nextDue) })}
    </Badge>
  ) : (
    <Badge color="teal" variant="light">
      {t('fees.counter.search.nothingDue')}
    </Badge>
  );
  const phone = hit.parent?.contact ?? hit.contact;
  return (
    <UnstyledButton
      component="div"
      id={id}
      role="option"
      aria-selected={active}
      tabIndex={-1}
      onMouseEnter={onHover}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onPick}
      data-testid="counter-hit"
    >
      <Paper withBorder radius="md" p="sm" bg={active ? 'var(--mantine-color-blue-light)' : undefined} style={{ borderColor: active ? 'var(--mantine-color-blue-filled)' : undefined }}>
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {hit.student.fullName}{' '}
              <Text span c="dimmed" size="sm" fw={400}>
                {hit.student.loginId}
              </Text>
            </Text>
            <Text size="sm">
              {classLabel(hit.class)}
              {hit.student.rollNo !== null ? ` · ${t('fees.counter.search.roll', { n: hit.student.rollNo })}` : ''}
            </Text>
            {hit.parent || phone ? (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {hit.parent ? t('fees.counter.search.parent', { name: hit.parent.fullName }) : null}
                {hit.parent && phone ? ' · ' : null}
                {phone ? <PhoneNumber value={phone} /> : null}
              </Text>
            ) : null}
          </div>
          {badge}
        </Group>
      </Paper>
    </UnstyledButton>
  );
}
