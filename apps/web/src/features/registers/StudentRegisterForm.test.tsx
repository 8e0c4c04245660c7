import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StudentRegister } from '@shala/contract';
import { json, mockFetch, renderAt, signIn } from '../../test/utils';
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
    mockFetch({});
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
  });
});
