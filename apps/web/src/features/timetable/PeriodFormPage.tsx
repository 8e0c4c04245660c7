import { useRef } from 'react';
import { Alert, Button, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PERIODS_MAX, periodInput, type AcademicSession } from '@shala/contract';
import { useCreatePeriod, usePeriods } from '../../api/timetable';
import { FormFooter } from '../../components/FormFooter';
import { useContractForm } from '../../lib/contractForm';
import { useSubmit } from '../../lib/useSubmit';
import { sessionScreen } from '../academics';
import { EMPTY_PERIOD, PeriodFields, periodBody, type PeriodValues } from './PeriodFields';

export const PERIODS_PATH = '/period_datapage';

function PeriodForm({ session }: { session: AcademicSession }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const another = useRef(false);
  const existing = usePeriods(session.sessionId);
  const create = useCreatePeriod(session.sessionId);
  const form = useContractForm<PeriodValues>(periodInput, { initialValues: EMPTY_PERIOD, prepare: periodBody });
  const full = (existing.data?.length ?? 0) >= PERIODS_MAX;

  const submit = useSubmit({
    form,
    save: (values: PeriodValues) => create.mutateAsync(periodBody(values)),
    saved: (period) => t('timetable.periodAdded', { name: period.name }),
    done: (period) => {
      if (another.current) {
        // The next period usually starts when this one ends.
        form.setValues({ ...EMPTY_PERIOD, startTime: period.endTime });
        form.resetDirty();
      } else navigate(PERIODS_PATH);
    },
    invalidAlert: true,
  });

  return (
    <form noValidate onSubmit={submit.onSubmit} aria-label={t('timetable.periodFormLabel', { session: session.sessionYear })}>
      <Stack gap="lg" maw={640}>
        {full ? (
          <Alert color="yellow" role="status">
            {t('timetable.periodsFull', { max: PERIODS_MAX })}
          </Alert>
        ) : null}
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
          <PeriodFields form={form} autoFocus />
        </Paper>
        <FormFooter failure={submit.failure} cancelTo={PERIODS_PATH}>
          <Button
            variant="light"
            disabled={full}
            loading={submit.pending && another.current}
            onClick={() => {
              another.current = true;
              submit.onSubmit();
            }}
          >
            {t('timetable.saveAndAdd')}
          </Button>
          <Button type="submit" disabled={full} loading={submit.pending && !another.current} onClick={() => (another.current = false)}>
            {t('timetable.savePeriod')}
          </Button>
        </FormFooter>
      </Stack>
    </form>
  );
}

/** /addclass_periods: add a period to the header's session (name, start, end, break). */
export default sessionScreen('timetable.addPeriodHint', (session) => <PeriodForm key={session.sessionId} session={session} />);
