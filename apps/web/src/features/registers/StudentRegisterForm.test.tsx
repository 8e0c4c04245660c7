import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { APAAR_CONSENT_VERSION, type StudentRegister } from '@shala/contract';
import { json, mockFetch, renderAt, signIn } from '../../test/utils';
import { StudentRegisterCard } from './StudentRegisterCard';
import { StudentRegisterForm } from './StudentRegisterForm';

const STUDENT = '3b0c1f4e-2d6a-4a8e-9f1b-5c7d9e0a1b2c';
const REGISTER: StudentRegister = {
  studentId: STUDENT,
  admissionNo: '12',
  admissionDate: '2024-04-02',
  admissionNoAuto: true,
  pen: null,
  apaarId: null,
  apaarConsent: null,
  motherTongue: 'Hindi',
  minorityGroup: 'none',
  bpl: false,
  cwsn: false,
  cwsnType: null,
  aadhaarLast4: null,
  nationality: 'Indian',
  fatherName: null,
  left: null,
  updatedAt: null,
  warnings: [],
};

describe('the register form', () => {
  it('refuses a whole Aadhaar number and an APAAR id without consent on their fields, and sends nothing', async () => {
    const fetch = mockFetch({ [`PUT /api/school/students/${STUDENT}/register`]: () => json(200, { result: REGISTER }) });
    signIn(113);
    const user = userEvent.setup();
    renderAt(<StudentRegisterForm register={REGISTER} studentName="Asha Verma" onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Register of Asha Verma' });
    expect(within(dialog).getByText(/never the whole number/)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Aadhaar: last 4 digits only'), '123456789012');
    await user.type(within(dialog).getByLabelText('APAAR ID'), '123456789012');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('Enter only the last 4 digits of Aadhaar, never the whole number')).toBeInTheDocument();
    expect(within(dialog).getByText(/An APAAR ID needs the parent's signed consent/)).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
  });

  it('warns, without refusing, of an APAAR id that passes the Aadhaar number check', async () => {
    const fetch = mockFetch({ [`PUT /api/school/students/${STUDENT}/register`]: () => json(200, { result: { ...REGISTER, apaarId: '234567890124', warnings: ['apaar_looks_like_aadhaar'] } }) });
    signIn(113);
    const user = userEvent.setup();
    renderAt(<StudentRegisterForm register={REGISTER} studentName="Asha Verma" onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Register of Asha Verma' });
    const apaar = within(dialog).getByLabelText('APAAR ID');
    await user.type(apaar, '234567890123');
    expect(within(dialog).queryByText(/passes the check of an Aadhaar number/)).not.toBeInTheDocument();
    await user.clear(apaar);
    await user.type(apaar, '234567890124');
    expect(within(dialog).getByText(/passes the check of an Aadhaar number/)).toBeInTheDocument();
    // A warning only: with the parent's consent the id is saved as typed.
    await user.click(within(dialog).getByLabelText('The parent signed the APAAR consent form'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fetch.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(1));
    expect(JSON.parse(String(fetch.mock.calls.find(([, init]) => init?.method === 'PUT')![1]!.body))).toMatchObject({ apaarId: '234567890124', apaarConsent: true });
  });
});

describe('the register card', () => {
  it("repeats the server's warning of an APAAR id that passes the Aadhaar number check, and only then", async () => {
    signIn(113);
    let answer: StudentRegister = { ...REGISTER, apaarId: '234567890124', apaarConsent: { version: APAAR_CONSENT_VERSION, at: '2026-06-01T04:00:00.000Z' }, warnings: ['apaar_looks_like_aadhaar'] };
    mockFetch({ [`GET /api/school/students/${STUDENT}/register`]: () => json(200, { result: answer }) });
    const first = renderAt(<StudentRegisterCard studentId={STUDENT} studentName="Asha Verma" />);
    const card = await screen.findByTestId('student-register');
    expect(await within(card).findByText('234567890124')).toBeInTheDocument();
    expect(within(card).getByText(/passes the check of an Aadhaar number/)).toBeInTheDocument();
    first.unmount();

    answer = { ...answer, apaarId: '234567890123', warnings: [] };
    renderAt(<StudentRegisterCard studentId={STUDENT} studentName="Asha Verma" />);
    expect(await screen.findByText('234567890123')).toBeInTheDocument();
    expect(screen.queryByText(/passes the check of an Aadhaar number/)).not.toBeInTheDocument();
  });
});
