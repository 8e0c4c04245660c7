import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderAt } from '../test/utils';
import { DetailGrid } from './DetailGrid';

describe('DetailGrid', () => {
  const items = [
    { label: 'Name', value: 'Aarav Sharma' },
    { label: 'Phone', value: null },
    { label: 'Email', value: 'aarav@example.in' },
    { label: 'Address', value: '' },
  ];

  it('shows the fields that have a value, then one line naming the missing ones with a link to edit', () => {
    renderAt(<DetailGrid items={items} editTo="/edit/1" />);
    expect(screen.getAllByRole('term').map((el) => el.textContent)).toEqual(['Name', 'Email']);
    expect(screen.queryByText('Not provided')).toBeNull();
    const missing = screen.getByTestId('details-missing');
    expect(missing).toHaveTextContent('Not filled in: Phone, Address.');
    expect(screen.getByRole('link', { name: 'Fill them in' })).toHaveAttribute('href', '/edit/1');
  });

  it('without the right to edit: the line, no link', () => {
    renderAt(<DetailGrid items={items} />);
    expect(screen.getByTestId('details-missing')).toHaveTextContent('Not filled in: Phone, Address.');
    expect(screen.queryByRole('link')).toBeNull();
  });
});
