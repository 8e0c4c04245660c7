import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROLE } from '@shala/contract';
import { json, mockFetch, personFixture, renderApp, renderAt, signIn } from '../../test/utils';
import { ChosenChild } from './ChildPicker';

const AARAV = personFixture({ userId: '11111111-1111-4111-8111-111111111111', loginId: 'DEMO-S0001', fullName: 'Aarav Verma', roleId: ROLE.STUDENT });
const DIYA = personFixture({ userId: '44444444-4444-4444-8444-444444444444', loginId: 'DEMO-S0004', fullName: 'Diya Verma', roleId: ROLE.STUDENT });

function Screen() {
  return <ChosenChild label="Child">{(child) => <p data-testid="shown">{child.fullName}</p>}</ChosenChild>;
}

describe('the parent’s child picker', () => {
  it('shows the first child, keeps the one picked in the address, and reopens on it', async () => {
    mockFetch({ 'GET /api/parent/children': () => json(200, { result: [AARAV, DIYA] }) });
    signIn(ROLE.PARENT);
    const user = userEvent.setup();
    const { router, unmount } = renderAt(<Screen />, '/childwork');
    expect(await screen.findByTestId('shown')).toHaveTextContent('Aarav Verma');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Child' }), 'Diya Verma (DEMO-S0004)');
    expect(screen.getByTestId('shown')).toHaveTextContent('Diya Verma');
    expect(router.state.location.search).toBe(`?child=${DIYA.userId}`);
    unmount();

    renderApp(`/childwork?child=${DIYA.userId}`, [{ path: '/childwork', element: <Screen /> }]);
    expect(await screen.findByTestId('shown')).toHaveTextContent('Diya Verma');
    expect(screen.getByRole('combobox', { name: 'Child' })).toHaveValue(DIYA.userId);
  });

  it('with one child shows no picker; with none, the empty text', async () => {
    mockFetch({ 'GET /api/parent/children': () => json(200, { result: [AARAV] }) });
    signIn(ROLE.PARENT);
    const { unmount } = renderAt(<Screen />, '/childwork');
    expect(await screen.findByTestId('shown')).toHaveTextContent('Aarav Verma');
    expect(screen.queryByRole('combobox')).toBeNull();
    unmount();

    mockFetch({ 'GET /api/parent/children': () => json(200, { result: [] }) });
    renderAt(<Screen />, '/childwork');
    expect(await screen.findByText(/no children/i)).toBeInTheDocument();
  });
});
