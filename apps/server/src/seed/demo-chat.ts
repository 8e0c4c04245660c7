import type { Tx } from '../db/client.js';
import { chatConversations, chatMessages, notifications } from '../db/schema.js';
import type { DemoCommunicationInput } from './demo-communication-input.js';
import { nowMs } from '../clock.js';

/** A demo chat line: who writes, how many minutes before now, the text; unread when the recipient has not read it. */
type Line = [from: 'x' | 'y', minutesAgo: number, text: string];

const CHATS: Array<{ x: string; y: string; xName: string; lines: Line[]; unreadLast: number }> = [
  {
    // The parent of Aarav (5-A) and his class teacher.
    x: 'DEMO-G0001',
    y: 'DEMO-T0001',
    xName: 'Meena Verma',
    unreadLast: 1,
    lines: [
      ['x', 26 * 60, '{Greeting} sir, Aarav was unwell today. Could you tell me what was covered in Mathematics?'],
      ['y', 25 * 60, '{Greeting}. We started fractions: pages 42 to 45. He can finish the exercise by Friday.'],
      ['x', 24 * 60, 'Thank you, he will do it.'],
      ['x', 40, 'Will there be a test on fractions next week?'],
    ],
  },
  {
    // The class teacher and the principal.
    x: 'DEMO-P0001',
    y: 'DEMO-T0001',
    xName: 'Anita Sharma',
    unreadLast: 2,
    lines: [
      ['y', 3 * 24 * 60, 'Madam, the 5-A attendance registers are up to date.'],
      ['x', 3 * 24 * 60 - 30, 'Thank you, Ravi.'],
      ['x', 90, 'Please share the plan for the science fair by Monday.'],
      ['x', 85, 'Each class can have two stalls.'],
    ],
  },
];

/** "Good morning", "Good afternoon" or "Good evening" for a moment in the school's time zone. */
export function greetingAt(at: Date, timeZone: string): string {
  const hour = Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone }).format(at));
  return hour < 12 ? 'Good morning' : hour < 17 ? 'Good afternoon' : 'Good evening';
}

/** What other parents ask their child's class teacher: the parent's lines and the teacher's answers ({child} is the child's first name). */
const FAMILY_CHATS: Array<Array<[from: 'x' | 'y', text: string]>> = [
  [
    ['x', 'Namaste, {child} has a fever today and will not come to school.'],
    ['y', 'Thank you for letting me know. Wishing {child} a quick recovery.'],
    ['x', 'Thank you. Could you share the homework on the app?'],
  ],
  [
    ['x', '{Greeting}, when is the next parent–teacher meeting?'],
    ['y', '{Greeting}. It is on Saturday, from 9 am; the notice is on the board.'],
  ],
  [
    ['x', '{child} forgot the science notebook in class yesterday. Is it with you?'],
    ['y', 'Yes, it is on my table. {child} can collect it in the morning.'],
    ['x', 'Thank you so much!'],
  ],
  [
    ['x', 'Namaste, {child} will be late tomorrow because of a doctor’s appointment.'],
    ['y', 'Noted, thank you.'],
  ],
];

/**
 * The demo school's chats (issue 10): a parent with its child's class teacher, a teacher with the
 * principal, and a few other families with their child's class teacher (one in each of the first
 * sections with a class teacher); the last messages unread.
 */
export async function seedDemoChat(tx: Tx, d: DemoCommunicationInput): Promise<void> {
  const now = nowMs();
  const chats = [...CHATS];
  const sections = [...(d.classTeachers ?? [])].filter(([key]) => key !== '5-A').slice(0, FAMILY_CHATS.length);
  sections.forEach(([key, teacher], i) => {
    const family = d.students?.find((s) => s.cls === key && s.parent !== 'DEMO-G0001');
    if (!family) return;
    const lines = FAMILY_CHATS[i]!;
    const child = family.name.split(' ')[0]!;
    chats.push({
      x: family.parent,
      y: teacher,
      xName: family.parentName,
      unreadLast: 0,
      lines: lines.map(([from, text], j) => [from, (i + 2) * 24 * 60 - j * 45, text.replaceAll('{child}', child)]),
    });
  });
  for (const chat of chats) {
    const x = d.idOf.get(chat.x);
    const y = d.idOf.get(chat.y);
    if (!x || !y) continue;
    const [userA, userB] = x < y ? [x, y] : [y, x];
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
    const last = at(chat.lines.at(-1)![1]);
    const [conv] = await tx
      .insert(chatConversations)
      .values({ schoolId: d.schoolId, userA, userB, lastMessageAt: last, createdAt: at(chat.lines[0]![1]) })
      .returning({ id: chatConversations.id });
    const rows = chat.lines.map(([from, minutesAgo, text], i) => {
      const unread = i >= chat.lines.length - chat.unreadLast;
      return {
        schoolId: d.schoolId,
        conversationId: conv!.id,
        senderId: from === 'x' ? x : y,
        recipientId: from === 'x' ? y : x,
        // A greeting fits the hour the message is dated (the seed's clock decides it).
        body: text.replaceAll('{Greeting}', greetingAt(at(minutesAgo), d.timeZone)),
        createdAt: at(minutesAgo),
        readAt: unread ? null : at(minutesAgo - 5),
      };
    });
    await tx.insert(chatMessages).values(rows);
    // The unread ones are in the recipient's bell too (a chat notification opens the chat).
    const unread = rows.filter((r) => r.readAt === null);
    if (unread.length) {
      await tx.insert(notifications).values(
        unread.map((r) => ({
          schoolId: d.schoolId,
          userId: r.recipientId,
          senderId: r.senderId,
          senderName: chat.xName,
          message: r.body,
          kind: 'chat',
          link: `/chat?teacherId=${r.senderId}&UserName=${encodeURIComponent(chat.xName)}`,
          createdAt: r.createdAt,
        })),
      );
    }
  }
}
