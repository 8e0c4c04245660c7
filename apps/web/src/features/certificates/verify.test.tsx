import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { CertificateVerification } from '@shala/contract';
import { json, mockFetch, renderApp } from '../../test/utils';

const TOKEN = 'Vq3xT9kLmP2sRw8yZb4nHc';
const answer = (over: Partial<CertificateVerification> = {}): CertificateVerification => ({
  kind: 'tc',
  number: 12,
  issuedOn: '2026-05-14',
  schoolName: 'Demo Public School',
  studentName: 'Riya Sharma',
  status: 'valid',
  ...over,
});

/** The public page behind the QR code on a certificate, as anyone who scans it sees it (signed out). */
async function open(result: CertificateVerification) {
  mockFetch({ [`GET /api/verify/${TOKEN}`]: () => json(200, { result }) });
  renderApp(`/verify/${TOKEN}`);
  return screen.findByTestId('verify-state');
}

describe('/verify/:token', () => {
  it('says a valid certificate is valid and names its pupil', async () => {
    const state = await open(answer());
    expect(state).toHaveTextContent('This certificate was issued by the school and is valid.');
    expect(screen.getByText("Student's name")).toBeInTheDocument();
    expect(screen.getByText('Riya Sharma')).toBeInTheDocument();
    expect(screen.getByText('Demo Public School')).toBeInTheDocument();
  });

  it("of a pupil whose data was erased: says only that the certificate is valid, and names nobody", async () => {
    const state = await open(answer({ studentName: null }));
    expect(state).toHaveTextContent('Valid');
    expect(state).toHaveTextContent("The pupil's personal details were erased at the family's request, so this page does not name the pupil.");
    // No name, and no empty or "not filled" name field either.
    expect(screen.queryByText(/Student's name/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Riya/)).not.toBeInTheDocument();
    expect(screen.getByText('Demo Public School')).toBeInTheDocument();
  });
});
