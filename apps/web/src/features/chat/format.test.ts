import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import type { ChatHistory, ChatMessage } from '@shala/contract';
import { readIncoming, withMessage, withRead, type HistoryData } from '../../api/chat';
import { byDay, dayKey, newClientId, relationText } from './format';

const t = ((key: string, params?: Record<string, string>) => (params ? `${key}:${Object.values(params).join('|')}` : key)) as unknown as TFunction;

const ME = '00000000-0000-4000-8000-000000000001';
const PEER = '00000000-0000-4000-8000-000000000002';
let n = 0;
const msg = (from: string, createdAt: string, readAt: string | null = null): ChatMessage => ({
  messageId: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  senderId: from,
  recipientId: from === ME ? PEER : ME,
  text: `m${n}`,
  createdAt,
  readAt,
});
const peer: ChatHistory['peer'] = { userId: PEER, fullName: 'Peer', roleId: 114, image: null, relation: 'childTeacher', detail: null, classTeacherOf: '5-A' };
const data = (items: ChatMessage[]): HistoryData => ({ pages: [{ peer, items, hasMore: false }], pageParams: [undefined] });

describe('chat in the browser', () => {
  it('says why two people may talk, in the reader’s words', () => {
    expect(relationText({ relation: 'principal', detail: null, classTeacherOf: null }, t)).toBe('chat.relation.principal');
    expect(relationText({ relation: 'parent', detail: 'Aarav Verma', classTeacherOf: null }, t)).toBe('chat.relation.parentOf:Aarav Verma');
    expect(relationText({ relation: 'childTeacher', detail: 'Maths (5-A)', classTeacherOf: '5-A' }, t)).toBe('chat.relation.classTeacher:5-A · Maths (5-A)');
    expect(relationText({ relation: 'childTeacher', detail: null, classTeacherOf: null }, t)).toBe('chat.relation.childTeacher');
  });

  it('groups messages under their local day, oldest first', () => {
    const a = msg(ME, '2026-05-01T10:00:00.000Z');
    const b = msg(PEER, '2026-05-01T11:00:00.000Z');
    const c = msg(ME, '2026-05-03T10:00:00.000Z');
    const groups = byDay([a, b, c]);
    expect(groups.map((g) => g.items.length)).toEqual([2, 1]);
    expect(groups[1]!.day).toBe(dayKey(c.createdAt));
  });

  it('puts a live message in the history once, newest first', () => {
    const old = msg(PEER, '2026-05-01T10:00:00.000Z');
    const live = msg(PEER, '2026-05-01T10:05:00.000Z');
    const once = withMessage(data([old]), live);
    expect(once!.pages[0]!.items.map((m) => m.messageId)).toEqual([live.messageId, old.messageId]);
    expect(withMessage(once, live)).toBe(once);
  });

  it('marks read: the peer read mine (ticks); I read the peer’s', () => {
    const mine = msg(ME, '2026-05-01T10:00:00.000Z');
    const later = msg(ME, '2026-05-01T12:00:00.000Z');
    const theirs = msg(PEER, '2026-05-01T10:01:00.000Z');
    const read = withRead(data([later, theirs, mine]), PEER, '2026-05-01T11:00:00.000Z')!.pages[0]!.items;
    expect(read.map((m) => m.readAt)).toEqual([null, null, '2026-05-01T11:00:00.000Z']);
    const mineRead = readIncoming(data([theirs, mine]), PEER)!.pages[0]!.items;
    expect(mineRead[0]!.readAt).not.toBeNull();
    expect(mineRead[1]!.readAt).toBeNull();
  });

  it('makes message ids that the contract accepts', () => {
    expect(newClientId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
