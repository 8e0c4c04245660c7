import type { ReactNode } from 'react';
import { Anchor, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

const isEmpty = (value: ReactNode) => value === null || value === undefined || value === '';

/**
 * A definition list of the label / value pairs that have a value, then one line naming the fields
 * not filled in, with a link to the edit screen when the reader may edit (`editTo`).
 */
export function DetailGrid({ items, cols = 2, editTo }: { items: DetailItem[]; cols?: number; editTo?: string | null }) {
  const { t } = useTranslation();
  const filled = items.filter((item) => !isEmpty(item.value));
  const missing = items.filter((item) => isEmpty(item.value)).map((item) => item.label);
  return (
    <>
      {filled.length > 0 ? (
        <SimpleGrid component="dl" cols={{ base: 1, sm: cols }} spacing="lg" verticalSpacing="md" m={0}>
          {filled.map((item) => (
            <div key={item.label} style={{ minWidth: 0 }}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600} component="dt">
                {item.label}
              </Text>
              <Text size="sm" component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
                {item.value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      ) : null}
      {missing.length > 0 ? (
        <Text size="sm" c="dimmed" mt={filled.length > 0 ? 'lg' : 0} data-testid="details-missing">
          {t('details.missing', { fields: missing.join(', ') })}{' '}
          {editTo ? (
            <Anchor component={Link} to={editTo} size="sm" underline="always">
              {t('details.fillIn')}
            </Anchor>
          ) : null}
        </Text>
      ) : null}
    </>
  );
}
