import { describe, expect, it } from 'vitest';
import { notificationTarget } from './target';

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
