import type { ReactNode } from 'react';
import { Paper, Text, Title } from '@mantine/core';

/** One part of the settings: a titled section of its own (its heading names it for a screen reader). */
export function SettingsCard({ id, title, hint, children }: { id: string; title: string; hint?: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={`${id}-title`}>
      <Title order={2} size="h4" id={`${id}-title`} mb={hint ? 0 : 'md'}>
        {title}
      </Title>
      {hint ? (
        <Text size="sm" c="dimmed" mb="md">
          {hint}
        </Text>
      ) : null}
      {children}
    </Paper>
  );
}
