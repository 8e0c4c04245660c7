import { describe, expect, it } from 'vitest';
import { isoDate, personFields, text } from '@shala/contract';
import { issueToken, messageToken } from './validation';

const firstIssue = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } }, value: unknown) =>
  schema.safeParse(value).error!.issues[0]!;

describe('safe-text and date messages of the contract', () => {
  it('turns them into translation keys, in the form and from a server answer', () => {
    const control = firstIssue(text(), 'a\u0000b');
    expect(issueToken(control)).toBe('validation.controlCharacters');
    expect(messageToken(control.message)).toBe('validation.controlCharacters');
    const address = firstIssue(personFields.pick({ address: true }), { address: 'a\u0000' });
    expect(issueToken(address)).toBe('validation.controlCharactersMultiline');
    expect(issueToken(firstIssue(text(), '\ud800'))).toBe('validation.brokenText');
    expect(messageToken(firstIssue(isoDate, '0000-01-01').message)).toBe('validation.dateRange');
    expect(messageToken(firstIssue(isoDate, '2023-02-29').message)).toBe('validation.date');
  });
});
