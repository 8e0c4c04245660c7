import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router';
import { useAddressParams, useListParams } from './useListParams';

function renderPicker(path: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
  return renderHook(() => ({ address: useAddressParams(), location: useLocation(), how: useNavigationType() }), { wrapper });
}

function renderList(path: string) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
  return renderHook(() => ({ list: useListParams(['all', 'active', 'inactive'] as const, 'all'), location: useLocation() }), { wrapper });
}

describe('list parameters in the address', () => {
  it('keeps both of two changes made before the list renders again (a filter picked right after another)', () => {
    const { result } = renderList('/viewstudent?q=Verma&page=3');
    act(() => {
      result.current.list.setStatus('inactive');
      result.current.list.setParam('class', 'c5a');
    });
    const params = new URLSearchParams(result.current.location.search);
    expect(Object.fromEntries(params)).toEqual({ q: 'Verma', status: 'inactive', class: 'c5a' });
    expect(result.current.list.status).toBe('inactive');
  });

  it('a change after the address moved elsewhere starts from the new address', () => {
    const { result } = renderList('/viewstudent?q=Verma');
    act(() => result.current.list.setParam('class', 'c5a'));
    act(() => result.current.list.setParam('q', null));
    act(() => result.current.list.setPage(2));
    expect(Object.fromEntries(new URLSearchParams(result.current.location.search))).toEqual({ class: 'c5a', page: '2' });
  });
});

describe('picker choices in the address', () => {
  const search = (location: { search: string }) => Object.fromEntries(new URLSearchParams(location.search));

  it('keeps both of two picks made before the screen renders again (a class, then its date)', () => {
    const { result } = renderPicker('/markattendance?period=p1');
    act(() => {
      result.current.address.update({ class: 'c5a' });
      result.current.address.update({ date: '2026-07-01', period: null });
    });
    expect(search(result.current.location)).toEqual({ class: 'c5a', date: '2026-07-01' });
    expect(result.current.address.params.get('class')).toBe('c5a');
  });

  it('a reset drops the other choices; a push adds a history entry, the default replaces', () => {
    const { result } = renderPicker('/feerecords?class=c5a&page=2&student=s1');
    act(() => result.current.address.update({ class: 'c6b' }, { reset: true }));
    expect(search(result.current.location)).toEqual({ class: 'c6b' });
    expect(result.current.how).toBe('REPLACE');
    act(() => result.current.address.update({ student: 's2' }, { push: true }));
    expect(search(result.current.location)).toEqual({ class: 'c6b', student: 's2' });
    expect(result.current.how).toBe('PUSH');
  });
});
