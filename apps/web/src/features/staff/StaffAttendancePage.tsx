import { SegmentedControl, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../../lib/screen';
import { PageHeading } from '../../components/PageHeading';
import { useAddressParams } from '../../lib/useListParams';
import { useSchoolToday } from '../attendance';
import { StaffDayView } from './StaffDayView';
import { StaffMonthView } from './StaffMonthView';
import { CheckinQrView } from './CheckinQrView';

/**
 * /staffattendance (112, 113): the day's staff register (everyone present until saved; a tap on
 * those absent, on half a day or on duty, then Save) and, on its second view, the month's register
 * with its CSV for payroll; on its third, the office's check-in QR and the staff settings. The date, the view and the month stay in the address.
 */
export default function StaffAttendancePage({ route }: ScreenProps) {
  const { t } = useTranslation();
  const { params, update } = useAddressParams();
  const today = useSchoolToday();
  const asked = params.get('view');
  const view = asked === 'month' || asked === 'qr' ? asked : 'day';
  return (
    <>
      <PageHeading title={t(route.title)} description={t('staff.day.description')} />
      <Stack gap="md" maw={960}>
        <SegmentedControl
          aria-label={t('staff.view')}
          value={view}
          onChange={(v) => update({ view: v === 'month' || v === 'qr' ? v : null })}
          data={[
            { value: 'day', label: t('staff.dayView') },
            { value: 'month', label: t('staff.monthView') },
            { value: 'qr', label: t('checkin.qr.view') },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
        {view === 'day' ? <StaffDayView today={today} /> : view === 'month' ? <StaffMonthView today={today} /> : <CheckinQrView />}
      </Stack>
    </>
  );
}
