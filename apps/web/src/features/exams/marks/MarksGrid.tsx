import { memo, useCallback, useEffect, useMemo, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { Box, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MarkSheet, MarkSheetBody, MarkSheetRow, MarkValue } from '@shala/contract';
import { reasonText } from '../../../api/errors';
import { markText, parseCell, pastedColumn, sameMark, type CellError } from './markCells';

interface Props {
  sheet: MarkSheet;
  editable: boolean;
  saving: boolean;
  /** Sends the changed marks; resolves true when saved (the drafts are then dropped). */
  onSave: (marks: MarkSheetBody['marks']) => Promise<boolean>;
  onDirtyChange?: (changed: number) => void;
}

/**
 * The marks grid: a row per student (roll, name, marks, Absent / Exempt). Built for the keyboard:
 * Tab, Enter and ↓ go to the next student, Shift+Enter and ↑ back; a column pasted from a
 * spreadsheet fills the cell and those below. A wrong value is refused in its cell at once (red,
 * with why) and Save waits until it is fixed. Rows are memoised: typing re-renders one row.
 */
export function MarksGrid({ sheet, editable, saving, onSave, onDirtyChange }: Props) {
  const { t } = useTranslation();
  const [texts, setTexts] = useState<Record<string, string>>({});
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const max = sheet.maxMarks;

  const rows = useMemo(
    () =>
      sheet.students.map((s) => {
        const text = texts[s.studentId] ?? markText(s.mark);
        const cell = parseCell(text, max);
        return { s, text, cell, changed: cell.ok ? !sameMark(cell.mark, s.mark) : true };
      }),
    [sheet.students, texts, max],
  );
  const errors = rows.filter((r) => !r.cell.ok).length;
  const changed = rows.filter((r) => r.changed).length;
  const entered = rows.filter((r) => r.cell.ok && r.cell.mark).length;

  useEffect(() => onDirtyChange?.(changed), [changed, onDirtyChange]);

  const setText = useCallback((studentId: string, text: string) => setTexts((c) => ({ ...c, [studentId]: text })), []);

  const focusRow = useCallback((i: number) => {
    const el = inputs.current[i];
    if (el) {
      el.focus();
      el.select();
    }
  }, []);

  const onKey = useCallback(
    (i: number, e: KeyboardEvent<HTMLInputElement>) => {
      const last = sheet.students.length - 1;
      const next = (e.key === 'Enter' && !e.shiftKey) || e.key === 'ArrowDown' || (e.key === 'Tab' && !e.shiftKey && i < last);
      const back = (e.key === 'Enter' && e.shiftKey) || e.key === 'ArrowUp';
      if (next) {
        e.preventDefault();
        focusRow(Math.min(i + 1, last));
      } else if (back) {
        e.preventDefault();
        focusRow(Math.max(i - 1, 0));
      }
    },
    [sheet.students.length, focusRow],
  );

  const onPaste = useCallback(
    (i: number, e: ClipboardEvent<HTMLInputElement>) => {
      const column = pastedColumn(e.clipboardData.getData('text'));
      if (!column) return;
      e.preventDefault();
      const ids = sheet.students.slice(i, i + column.length).map((s) => s.studentId);
      setTexts((c) => ({ ...c, ...Object.fromEntries(ids.map((id, k) => [id, column[k]!])) }));
      focusRow(Math.min(i + ids.length - 1, sheet.students.length - 1));
    },
    [sheet.students, focusRow],
  );

  const register = useCallback((i: number, el: HTMLInputElement | null) => {
    inputs.current[i] = el;
  }, []);

  const save = async () => {
    const marks = rows.filter((r) => r.changed && r.cell.ok).map((r) => ({ studentId: r.s.studentId, mark: r.cell.ok ? r.cell.mark : null }));
    if (!marks.length || errors) return;
    if (await onSave(marks)) setTexts({});
  };

  return (
    <Stack gap="sm">
      <Paper withBorder radius="md" p={0} component="section" aria-label={t('examMarks.gridLabel', { subject: sheet.subjectName })}>
        <Group gap="xs" wrap="nowrap" px="sm" py={6} bg="var(--mantine-color-default-hover)" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }} aria-hidden>
          <Text size="xs" fw={700} w={32}>
            {t('examMarks.roll')}
          </Text>
          <Text size="xs" fw={700} style={{ flex: 1, minWidth: 0 }}>
            {t('examMarks.student')}
          </Text>
          <Text size="xs" fw={700} w={{ base: 'auto', sm: 220 }} ta="left">
            {t('examMarks.outOf', { max })}
          </Text>
        </Group>
        {rows.map((r, i) => (
          <MarkRow
            key={r.s.studentId}
            index={i}
            student={r.s}
            text={r.text}
            error={r.cell.ok ? null : r.cell.error}
            status={r.cell.ok ? (r.cell.mark?.status ?? null) : null}
            changed={r.changed}
            editable={editable}
            onText={setText}
            onKey={onKey}
            onPaste={onPaste}
            register={register}
          />
        ))}
      </Paper>
      <Paper withBorder shadow="md" radius="md" p="sm" pos="sticky" bottom={8} style={{ zIndex: 5 }} component="section" aria-label={t('examMarks.summary')}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {t('examMarks.entered', { entered, total: sheet.students.length })} · {t('examMarks.maxMarks', { max })}
            </Text>
            <Text size="xs" c={errors ? 'red.8' : changed ? 'orange.8' : 'dimmed'} role="status">
              {errors ? t('examMarks.fixErrors', { count: errors }) : changed ? t('examMarks.unsaved', { count: changed }) : t('examMarks.upToDate')}
            </Text>
          </Stack>
          {editable ? (
            <Button size="md" leftSection={<IconDeviceFloppy size={18} aria-hidden />} onClick={() => void save()} loading={saving} disabled={!!errors || changed === 0}>
              {t('examMarks.save')}
            </Button>
          ) : null}
        </Group>
      </Paper>
    </Stack>
  );
}

interface RowProps {
  index: number;
  student: MarkSheetRow;
  text: string;
  error: CellError | null;
  status: MarkValue['status'] | null;
  changed: boolean;
  editable: boolean;
  onText: (studentId: string, text: string) => void;
  onKey: (i: number, e: KeyboardEvent<HTMLInputElement>) => void;
  onPaste: (i: number, e: ClipboardEvent<HTMLInputElement>) => void;
  register: (i: number, el: HTMLInputElement | null) => void;
}

const MarkRow = memo(function MarkRow({ index, student, text, error, status, changed, editable, onText, onKey, onPaste, register }: RowProps) {
  const { t } = useTranslation();
  const errorText = error
    ? error.kind === 'above'
      ? (reasonText('mark_above_max', { max: error.max }, t) ?? t('examMarks.invalid'))
      : error.kind === 'decimal'
        ? t('validation.one_decimal')
        : t('examMarks.invalid')
    : null;
  const toggle = (to: 'absent' | 'exempt') => onText(student.studentId, status === to ? '' : to === 'absent' ? 'AB' : 'EX');
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      align="flex-start"
      px="sm"
      py={6}
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      bg={changed ? 'var(--mantine-color-yellow-light)' : undefined}
      data-testid="mark-row"
    >
      <Text size="sm" w={32} pt={6} c="dimmed">
        {student.rollNo ?? '–'}
      </Text>
      <Box style={{ flex: 1, minWidth: 0 }} pt={6}>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {student.fullName}
        </Text>
      </Box>
      <Group gap={4} wrap="nowrap" align="flex-start" w={{ base: 'auto', sm: 220 }}>
        <TextInput
          ref={(el) => register(index, el)}
          value={text}
          onChange={(e) => onText(student.studentId, e.currentTarget.value)}
          onKeyDown={(e) => onKey(index, e)}
          onPaste={(e) => onPaste(index, e)}
          onFocus={(e) => e.currentTarget.select()}
          readOnly={!editable}
          aria-label={t('examMarks.markOf', { name: student.fullName })}
          aria-invalid={!!error}
          error={errorText}
          autoComplete="off"
          size="sm"
          w={76}
          styles={{ input: { textAlign: 'right' }, error: { width: 150, whiteSpace: 'normal' } }}
        />
        {editable ? (
          <>
            <Button
              size="compact-sm"
              variant={status === 'absent' ? 'filled' : 'default'}
              color="orange"
              onClick={() => toggle('absent')}
              aria-pressed={status === 'absent'}
              aria-label={t('examMarks.absentOf', { name: student.fullName })}
              tabIndex={-1}
              mt={3}
            >
              {t('examMarks.absentShort')}
            </Button>
            <Button
              size="compact-sm"
              variant={status === 'exempt' ? 'filled' : 'default'}
              color="gray"
              onClick={() => toggle('exempt')}
              aria-pressed={status === 'exempt'}
              aria-label={t('examMarks.exemptOf', { name: student.fullName })}
              tabIndex={-1}
              mt={3}
            >
              {t('examMarks.exemptShort')}
            </Button>
          </>
        ) : null}
      </Group>
    </Group>
  );
});
