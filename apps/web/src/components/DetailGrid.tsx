import type { ReactNode } from 'react';
import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** A definition list of label / value pairs; empty values read 'Not provided'. */
export function DetailGrid({ items, cols = 2 }: { items: DetailItem[]; cols?: number }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: cols }} spacing="lg" verticalSpacing="md" m={0}>
      {items.map((item) => (
        <div key={item.label} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} component="dt">
            {item.label}
          </Text>
          <Text size="sm" component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
            {item.value === null || item.value === undefined || item.value === '' ? (
              <Text span c="dimmed" size="sm">
                {t('common.notProvided')}
              </Text>
            ) : (
              item.value
            )}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
