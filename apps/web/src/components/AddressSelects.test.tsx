import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, mockFetch, renderAt } from '../test/utils';
import { AddressSelects, type AddressValue } from './AddressSelects';

const STATES = [
  { id: 'MH', name: 'Maharashtra' },
  { id: 'KA', name: 'Karnataka' },
];
const DISTRICTS: Record<string, { id: string; name: string }[]> = {
  MH: [
    { id: 'MH-PN', name: 'Pune' },
    { id: 'MH-MU', name: 'Mumbai City' },
  ],
  KA: [{ id: 'KA-MY', name: 'Mysuru' }],
};
const CITIES: Record<string, { id: string; name: string }[]> = {
  'MH-PN': [
    { id: 'c1', name: 'Pune' },
    { id: 'c2', name: 'Baramati' },
  ],
  'KA-MY': [{ id: 'c3', name: 'Mysuru' }],
};

function Harness({ initial }: { initial: AddressValue }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <AddressSelects value={value} onChange={setValue} />
      <output data-testid="value">{JSON.stringify(value)}</output>
    </>
  );
}

function mockPlaces() {
  return mockFetch({
    'GET /api/states': () => json(200, { result: STATES }),
    'GET /api/districts/MH': () => json(200, { result: DISTRICTS.MH }),
    'GET /api/districts/KA': () => json(200, { result: DISTRICTS.KA }),
    'GET /api/cities/MH-PN': () => json(200, { result: CITIES['MH-PN'] }),
    'GET /api/cities/KA-MY': () => json(200, { result: CITIES['KA-MY'] }),
  });
}

const urls = (fetch: ReturnType<typeof mockFetch>) => fetch.mock.calls.map(([url]) => String(url));
const value = () => JSON.parse(screen.getByTestId('value').textContent ?? '{}') as AddressValue;

async function pick(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  // Floating UI cannot measure in jsdom and hides detached dropdowns: query hidden options too.
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('state → district → city', () => {
  it('loads each level from the one above and stores the names', async () => {
    const fetch = mockPlaces();
    const user = userEvent.setup();
    renderAt(<Harness initial={{ state: '', district: '', city: '' }} />);
    await waitFor(() => expect(urls(fetch)).toContain('/api/states'));
    expect(screen.getByRole('combobox', { name: 'District' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'City' })).toBeDisabled();

    await pick(user, 'State', 'Maharashtra');
    await waitFor(() => expect(urls(fetch)).toContain('/api/districts/MH'));
    await pick(user, 'District', 'Pune');
    await waitFor(() => expect(urls(fetch)).toContain('/api/cities/MH-PN'));
    await pick(user, 'City', 'Baramati');
    expect(value()).toEqual({ state: 'Maharashtra', district: 'Pune', city: 'Baramati' });

    // Another state clears the district and the city and asks for that state's districts.
    await pick(user, 'State', 'Karnataka');
    expect(value()).toEqual({ state: 'Karnataka', district: '', city: '' });
    await waitFor(() => expect(urls(fetch)).toContain('/api/districts/KA'));
    expect(screen.getByRole('combobox', { name: 'City' })).toBeDisabled();
    await pick(user, 'District', 'Mysuru');
    await waitFor(() => expect(urls(fetch)).toContain('/api/cities/KA-MY'));
  });

  it('finds the ids of stored names so an edit form shows the lists', async () => {
    const fetch = mockPlaces();
    renderAt(<Harness initial={{ state: 'Maharashtra', district: 'Pune', city: 'Pune' }} />);
    await waitFor(() => expect(urls(fetch)).toEqual(expect.arrayContaining(['/api/states', '/api/districts/MH', '/api/cities/MH-PN'])));
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('Maharashtra');
    expect(screen.getByRole('combobox', { name: 'District' })).toHaveValue('Pune');
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveValue('Pune');
    expect(screen.getByRole('combobox', { name: 'City' })).toBeEnabled();
  });
});
