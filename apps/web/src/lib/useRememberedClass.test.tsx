import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { rememberedClassKey, useRememberedClass } from './useRememberedClass';

function renderPicker(path: string, classIds: readonly string[] | undefined, own?: string | null) {
  const wrapper = ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;
  return renderHook(({ ids }) => ({ picker: useRememberedClass(ids, own), location: useLocation() }), { wrapper, initialProps: { ids: classIds } });
}
const signedInAs = (userId: string) => {
  document.cookie = `UserID=${userId}; path=/`;
};

describe('the remembered class of a picker', () => {
  it('opens on the class last chosen by this user, once the classes are known; another user has its own', () => {
    signedInAs('u1');
    const first = renderPicker('/viewtimetable', ['c5a', 'c6a']);
    expect(first.result.current.picker.classId).toBeNull();
    act(() => first.result.current.picker.choose('c6a'));
    expect(first.result.current.picker.classId).toBe('c6a');
    first.unmount();

    const again = renderPicker('/viewtimetable', undefined);
    expect(again.result.current.picker.classId).toBeNull();
    again.rerender({ ids: ['c5a', 'c6a'] });
    expect(again.result.current.picker.classId).toBe('c6a');
    expect(again.result.current.location.search).toBe('?class=c6a');
    again.unmount();

    signedInAs('u2');
    expect(renderPicker('/addfeerecord', ['c5a', 'c6a']).result.current.picker.classId).toBeNull();
  });

  it('a class in the address wins and becomes the memory; choosing nothing forgets', () => {
    signedInAs('u1');
    const { result } = renderPicker('/addfeeemi?class=c5a&student=s1', ['c5a', 'c6a']);
    expect(result.current.picker.classId).toBe('c5a');
    expect(localStorage.getItem(rememberedClassKey('u1'))).toBe('c5a');
    act(() => result.current.picker.choose(null));
    expect(localStorage.getItem(rememberedClassKey('u1'))).toBeNull();
  });

  it('starts a teacher without memory on its own class; drops a remembered class no longer offered', () => {
    signedInAs('t1');
    expect(renderPicker('/viewtimetable', ['c5a', 'c6a'], 'c5a').result.current.picker.classId).toBe('c5a');

    localStorage.setItem(rememberedClassKey('t1'), 'old-session-class');
    const { result } = renderPicker('/viewtimetable', ['c5a', 'c6a'], 'c6a');
    expect(result.current.picker.classId).toBe('c6a');
    expect(localStorage.getItem(rememberedClassKey('t1'))).toBe('c6a');

    localStorage.setItem(rememberedClassKey('t1'), 'old-session-class');
    expect(renderPicker('/attendancelogs', ['c5a']).result.current.picker.classId).toBeNull();
    expect(localStorage.getItem(rememberedClassKey('t1'))).toBeNull();
  });
});
