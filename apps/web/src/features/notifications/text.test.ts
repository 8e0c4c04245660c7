import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n';
import { notificationText } from './text';

describe('notification texts', () => {
  it('tells the class teacher the reason in words, and the parent the decision with the comment', () => {
    const params = { child: 'Aarav Verma', fromDate: '2026-12-10', toDate: '2026-12-11', days: 2, reason: 'family reasons', reasonHi: 'पारिवारिक कारण' };
    expect(notificationText({ kind: 'leave_requested', params, message: '' }, i18n.t, 'en')).toBe('Leave asked for Aarav Verma: 10 Dec 2026 to 11 Dec 2026, family reasons (school days: 2).');
    expect(notificationText({ kind: 'leave_requested', params, message: '' }, i18n.t, 'hi')).toContain('पारिवारिक कारण');
    expect(notificationText({ kind: 'leave_decided', params: { ...params, status: 'declined', comment: 'Exams that week' }, message: '' }, i18n.t, 'en')).toBe(
      'Leave for Aarav Verma, 10 Dec 2026 to 11 Dec 2026, is declined. Exams that week',
    );
  });
});
