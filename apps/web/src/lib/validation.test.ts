import { describe, expect, it } from 'vitest';
import { isoDate, personFields, text } from '@shala/contract';
import { issueToken } from './validation';

const firstIssue = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } }, value: unknown) =>
  schema.safeParse(value).error!.issues[0]!;

describe('safe-text and date issues of the contract', () => {
  it('turn into translation keys by their code', () => {
    const control = firstIssue(text(), 'a\u0000b');
    expect(issueToken(control)).toBe('validation.controlCharacters');
    const address = firstIssue(personFields.pick({ address: true }), { address: 'a\u0000' });
    expect(issueToken(address)).toBe('validation.controlCharactersMultiline');
    expect(issueToken(firstIssue(text(), '\ud800'))).toBe('validation.brokenText');
    expect(issueToken(firstIssue(isoDate, '0000-01-01'))).toBe('validation.dateRange');
    expect(issueToken(firstIssue(isoDate, '2023-02-29'))).toBe('validation.date');
  });
});
