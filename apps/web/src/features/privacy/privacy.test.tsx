import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSENT_VERSION, WEB_ROUTES, type ConsentRow } from '@shala/contract';
import { i18n, setLanguage } from '../../i18n';
import { HEADER_MOCKS, json, mockFetch, personFixture, renderAt, signIn } from '../../test/utils';
import ChildConsentPage from './ChildConsentPage';
import DataPrivacyPage from './DataPrivacyPage';
import { EraseModal } from './EraseModal';
import { auditDetails } from './AuditLogPage';
import { namesMatch } from './format';

const routeOf = (path: string) => WEB_ROUTES.find((r) => r.path === path)!;
const T = { timeout: 10_000 };
const STUDENT = 'aaaaaaaa-aaaa-4aaa-8aaa-000000000001';
const row = (over: Partial<ConsentRow> = {}): ConsentRow => ({
  studentId: STUDENT,
  loginId: 'DEMO-S0001',
  fullName: 'Riya Sharma',
  active: false,
  erased: false,
  parentName: 'Sunil Sharma',
  consent: 'given',
  version: CONSENT_VERSION,
  photos: true,
  notifications: false,
  at: '2026-07-01T04:00:00.000Z',
  ...over,
});
const report = (items: unknown[]) => ({ result: { counts: { students: 3, given: 1, withdrawn: 0, missing: 2 }, items, total: items.length, page: 1, pageSize: 20 } });

describe('confirming an erasure', () => {
  it('matches the name whatever the case and spaces, never an empty one', () => {
    expect(namesMatch('  riya   SHARMA ', 'Riya Sharma')).toBe(true);
    expect(namesMatch('Riya', 'Riya Sharma')).toBe(false);
    expect(namesMatch('   ', '')).toBe(false);
  });

  it('keeps the button off until the name is typed, then erases and closes', async () => {
    signIn(113);
    let erased: unknown = null;
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/school/privacy/consent': () => json(200, report([row()])),
      [`POST /api/school/privacy/students/${STUDENT}/erase`]: (_url, init) => {
        erased = JSON.parse(String(init.body));
        return json(200, { result: { studentId: STUDENT, fullName: 'Former student 0001', parentErased: false } });
      },
    });
    renderAt(<DataPrivacyPage route={routeOf('/dataprivacy')} />, '/dataprivacy');
    const user = userEvent.setup();
    expect(await screen.findByTestId('consent-counts', {}, T)).toHaveTextContent('3');
    await user.click(await screen.findByRole('button', { name: 'Erase the data of Riya Sharma' }));
    const dialog = await screen.findByRole('dialog');
    // Before erasing, the office reads what the school keeps by law, and why.
    expect(within(dialog).getByTestId('erase-kept-by-law')).toHaveTextContent(
      'Kept by law: the transfer certificate and the admission register entry, as issued. The state\'s school education rules require',
    );
    expect(within(dialog).getByTestId('erase-kept-by-law')).toHaveTextContent('will say only that it is valid, without the name.');
    const confirm = within(dialog).getByRole('button', { name: 'Erase for good' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type Riya Sharma to confirm'), 'riya sharm');
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Type Riya Sharma to confirm'), 'a');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    await waitFor(() => expect(erased).toEqual({ confirmName: 'riya sharma' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says in Hindi too what the school keeps by law', async () => {
    mockFetch({});
    await setLanguage('hi', { persist: false });
    try {
      renderAt(<EraseModal student={row()} onClose={() => undefined} />);
      const kept = await screen.findByTestId('erase-kept-by-law');
      expect(kept).toHaveTextContent('कानून के अनुसार रखा जाएगा: स्थानांतरण प्रमाणपत्र (TC) और प्रवेश रजिस्टर की प्रविष्टि');
      expect(kept).toHaveTextContent('केवल इतना बताएगा कि वह मान्य है, नाम नहीं।');
    } finally {
      await setLanguage('en', { persist: false });
    }
  });

  it('offers no erasure for an active or an erased student', async () => {
    signIn(113);
    mockFetch({ ...HEADER_MOCKS, 'GET /api/school/privacy/consent': () => json(200, report([row({ active: true }), row({ studentId: 'aaaaaaaa-aaaa-4aaa-8aaa-000000000002', erased: true, fullName: 'Former student 0002' })])) });
    renderAt(<DataPrivacyPage route={routeOf('/dataprivacy')} />, '/dataprivacy');
    await screen.findAllByRole('button', { name: /Download .* as JSON/ }, T);
    expect(screen.queryByRole('button', { name: /Erase the data of/ })).not.toBeInTheDocument();
  });
});

describe('the consent screen', () => {
  it('gives consent with the options chosen and the current text version', async () => {
    signIn(115);
    let sent: unknown = null;
    const consent = { studentId: STUDENT, studentName: 'Riya Sharma', status: 'missing', current: null, history: [] };
    mockFetch({
      ...HEADER_MOCKS,
      'GET /api/parent/children': () => json(200, { result: [personFixture({ userId: STUDENT, loginId: 'DEMO-S0001', fullName: 'Riya Sharma', firstName: 'Riya', lastName: 'Sharma', roleId: 116 })] }),
      [`GET /api/parent/children/${STUDENT}/consent`]: () => json(200, { result: consent }),
      [`POST /api/parent/children/${STUDENT}/consent`]: (_url, init) => {
        sent = JSON.parse(String(init.body));
        return json(200, { result: consent });
      },
    });
    renderAt(<ChildConsentPage route={routeOf('/childconsent')} />, '/childconsent');
    const user = userEvent.setup();
    expect(await screen.findByText('Consent for Riya Sharma', {}, T)).toBeInTheDocument();
    expect(screen.getByText('No consent has been recorded yet.')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Send me notifications about my child (attendance, fees, results)'));
    await user.click(screen.getByRole('button', { name: 'Give consent' }));
    await waitFor(() => expect(sent).toEqual({ version: CONSENT_VERSION, photos: false, notifications: true }));
  });
});

describe('audit details', () => {
  const t = i18n.getFixedT('en');
  it('names the fields edited, the status set and the consent options', () => {
    expect(auditDetails({ action: 'edit', details: { fields: ['contact', 'address'] } }, t)).toBe('Fields: contact, address');
    expect(auditDetails({ action: 'status', details: { status: false } }, t)).toBe('Inactive');
    expect(auditDetails({ action: 'consent_given', details: { photos: true, notifications: false } }, t)).toBe('photos');
    expect(auditDetails({ action: 'view', details: {} }, t)).toBe('');
  });

  it('names what a view saw (the report card, its PDF, the fees; in Hindi too) and an import; an unknown value shows nothing', async () => {
    expect(auditDetails({ action: 'view', details: { of: 'reportcard' } }, t)).toBe('Report card');
    expect(auditDetails({ action: 'view', details: { of: 'reportcardPdf' } }, t)).toBe('Report card (PDF)');
    expect(auditDetails({ action: 'view', details: { of: 'constructor' } }, t)).toBe('');
    expect(auditDetails({ action: 'create', details: { via: 'import' } }, t)).toBe('CSV import');
    expect(auditDetails({ action: 'create', details: {} }, t)).toBe('');
    await setLanguage('hi', { persist: false });
    try {
      expect(auditDetails({ action: 'view', details: { of: 'fees' } }, i18n.getFixedT('hi'))).toBe('शुल्क');
    } finally {
      await setLanguage('en', { persist: false });
    }
  });
});
