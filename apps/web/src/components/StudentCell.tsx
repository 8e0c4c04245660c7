import type { ReactNode } from 'react';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';

/** A person in a table cell: the name in bold (a link where `to` is given) over a dimmed line. */
export function NameLines({ name, sub, to }: { name: ReactNode; sub: ReactNode; to?: string }) {
  const look = { fw: 600, size: 'sm', style: { overflowWrap: 'anywhere' } } as const;
  return (
    <div style={{ minWidth: 0 }}>
      {to ? <Anchor component={Link} to={to} {...look}>{name}</Anchor> : <Text {...look}>{name}</Text>}
      <Text size="xs" c="dimmed">
        {sub}
      </Text>
    </div>
  );
}

/** A student in a table row: the name over the admission (login) id, with the roll number first where `roll` is given. */
export function StudentCell({ student, roll, to }: { student: { fullName: string; loginId: string }; roll?: string | null; to?: string }) {
  return <NameLines name={student.fullName} sub={roll ? `${roll} · ${student.loginId}` : student.loginId} to={to} />;
}
