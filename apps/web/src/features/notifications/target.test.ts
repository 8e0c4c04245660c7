import { describe, expect, it } from 'vitest';
import { notificationTarget } from './target';
import { countsInBell } from './realtime';

const SENDER = '0b6d3f4e-8c1a-4d3e-9f2a-1b2c3d4e5f60';

describe('notificationTarget', () => {
  it('goes to the link when there is one, whatever the role', () => {
    for (const role of [112, 115, 116] as const) {
      expect(notificationTarget({ link: '/viewall_notice', senderId: SENDER, fullName: 'Anita Sharma' }, role)).toBe('/viewall_notice');
    }
  });

  it('opens the chat with the sender for the roles with a chat (112–115)', () => {
    for (const role of [112, 113, 114, 115] as const) {
      expect(notificationTarget({ link: null, senderId: SENDER, fullName: 'Anita Sharma' }, role)).toBe(`/chat?teacherId=${SENDER}&UserName=Anita+Sharma`);
    }
  });

  it('goes nowhere without a sender, or for a role with no chat', () => {
    expect(notificationTarget({ link: null, senderId: null, fullName: 'Shala' }, 113)).toBeNull();
    expect(notificationTarget({ link: null, senderId: SENDER, fullName: 'Anita Sharma' }, 116)).toBeNull();
    expect(notificationTarget({ link: null, senderId: SENDER, fullName: 'Anita Sharma' }, 111)).toBeNull();
    expect(notificationTarget({ link: null, senderId: SENDER, fullName: 'Anita Sharma' }, null)).toBeNull();
  });
});

describe('the bell count', () => {
  const peer = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
  it('does not count a message of the chat open on screen; counts the others', () => {
    expect(countsInBell({ kind: 'chat', senderId: peer }, peer)).toBe(false);
    expect(countsInBell({ kind: 'chat', senderId: peer }, null)).toBe(true);
    expect(countsInBell({ kind: 'chat', senderId: 'someone-else' }, peer)).toBe(true);
    expect(countsInBell({ kind: 'holiday', senderId: peer }, peer)).toBe(true);
  });
});
