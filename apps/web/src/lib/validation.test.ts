import { describe, expect, it } from 'vitest';
import { classFeeInput, issueInfo, isoDate, personFields, text } from '@shala/contract';
import { issueToken, serverIssueToken } from './validation';

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

describe('a server issue about a number', () => {
  it('says the limit of a number, not a length', () => {
    const parsed = classFeeInput.safeParse({ academic: 2_000_000_000, convenience: 0, development: 0, tuition: 0, other: 0, taxBp: 0 });
    expect(parsed.success).toBe(false);
    const issue = parsed.error!.issues[0]!;
    // What the server sends: the stable code and its params (issueInfo), then the web's token.
    const info = issueInfo(issue as Parameters<typeof issueInfo>[0]);
    expect(serverIssueToken({ message: issue.message, ...info })).toBe('validation.tooBigNumber|1000000000');
    expect(serverIssueToken({ message: 'Too big', code: 'too_big', params: { maximum: 60 } })).toBe('validation.tooLong|60');
  });
});
