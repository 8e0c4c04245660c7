import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { useListParams } from './useListParams';

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
