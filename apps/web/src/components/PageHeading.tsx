import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';

export function PageHeading({ title, description }: { title: string; description?: ReactNode }) {
  return (
    <Stack gap={2} mb="lg">
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {title}
      </Title>
      {description ? <Text c="dimmed">{description}</Text> : null}
    </Stack>
  );
}
