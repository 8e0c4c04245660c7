import { describe, expect, it } from 'vitest';
import { composeBody, emptyCompose, previewBody, schoolInstant } from './composeForm';

const CLASS = '5f0e8a52-3c1d-4b7a-9a43-2f1c9d7e6b10';

describe('the composer form', () => {
  it('reads a day and time on the school clock (India) as an instant', () => {
    expect(schoolInstant('2026-11-25', '18:00')).toBe('2026-11-25T12:30:00.000Z');
    expect(schoolInstant('2026-11-25', '')).toBe('');
    expect(schoolInstant('', '09:00')).toBe('');
  });

  it('sends the chosen audience only, admins as both admin roles, the time when set for later, and the file uploaded', () => {
    const v = { ...emptyCompose(), title: ' Trip ', body: 'Bus at 7.', classIds: [CLASS], roles: ['admins' as const, 'parents' as const], sms: true };
    expect(composeBody(v)).toEqual({ title: 'Trip', body: 'Bus at 7.', audience: { kind: 'classes', classIds: [CLASS], who: 'parents' }, channels: ['sms'] });
    expect(composeBody({ ...v, audienceKind: 'roles' }).audience).toEqual({ kind: 'roles', roles: [115, 112, 113] });
    expect(composeBody({ ...v, later: true, date: '2026-11-25', time: '18:00' }).scheduledFor).toBe('2026-11-25T12:30:00.000Z');
    const file = '0b7e2a1c-4d5f-4e6a-8b9c-0d1e2f3a4b5c.pdf';
    expect(composeBody(v, file).attachment).toBe(file);
    expect(composeBody(v)).not.toHaveProperty('attachment');
  });

  it('asks for a preview once the text and audience are complete, whatever the time', () => {
    const v = { ...emptyCompose(), title: 'Trip', body: 'Bus at 7.' };
    expect(previewBody(v)).toBeNull();
    expect(previewBody({ ...v, classIds: [CLASS], later: true })).toMatchObject({ audience: { kind: 'classes' } });
    expect(previewBody({ ...v, classIds: [CLASS], later: true })).not.toHaveProperty('scheduledFor');
  });
});
