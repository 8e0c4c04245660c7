import type { ReactNode } from 'react';
import { Group, Title } from '@mantine/core';

/** A section's title, with its buttons on the right (they wrap under the title on phones). */
export function SectionHeading({ title, actions, mb }: { title: string; actions?: ReactNode; mb?: string }) {
  return (
    <Group justify="space-between" align="center" gap="sm" mb={mb} wrap="wrap">
      <Title order={2} size="h4">
        {title}
      </Title>
      {actions ? (
        <Group gap="xs" wrap="wrap">
          {actions}
        </Group>
      ) : null}
    </Group>
  );
}
