import { useEffect, useId, useState, type ReactNode } from 'react';
import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink as RouterLink, useLocation } from 'react-router';
import { menuFor, type MenuItem, type StaffDuty } from '@shala/contract';
import { groupIcon, menuIcon } from './menuIcons';

function samePath(a: string, b: string): boolean {
  return a.replace(/\/+$/, '').toLowerCase() === b.replace(/\/+$/, '').toLowerCase();
}

/** A collapsible group (User / Academic / Other Routes): a real button with aria-expanded. */
function SidebarGroup({ label, icon, initiallyOpen, children }: { label: string; icon: ReactNode; initiallyOpen: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(initiallyOpen);
  const id = useId();
  return (
    <NavLink
      component="button"
      type="button"
      aria-expanded={opened}
      aria-controls={id}
      aria-label={label}
      label={
        <Text span inherit fw={600}>
          {label}
        </Text>
      }
      leftSection={icon}
      opened={opened}
      onChange={setOpened}
      childrenOffset={28}
    >
      <div id={id}>{children}</div>
    </NavLink>
  );
}

interface Props {
  role: number | null;
  /** The profile's duties (issue 42): an item that needs one shows only with it. */
  duties?: readonly StaffDuty[];
  /** Called after a link is followed (closes the drawer on phones). */
  onNavigate?: () => void;
}

/** The role's sidebar, exactly as the contract's MENUS (spec section 2), with the items its duties open. */
export function Sidebar({ role, duties, onNavigate }: Props) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const entries = menuFor(role, duties);

  useEffect(() => {
    if (entries.length === 0) console.warn('No items found for role', role);
  }, [entries.length, role]);

  const item = (entry: MenuItem, nested = false) => {
    const Icon = menuIcon(entry.path);
    return (
      <NavLink
        key={entry.path}
        component={RouterLink}
        to={entry.path}
        label={t(entry.title)}
        aria-label={t(entry.title)}
        leftSection={<Icon size={nested ? 16 : 18} stroke={1.6} aria-hidden />}
        active={samePath(pathname, entry.path)}
        onClick={onNavigate}
        variant="light"
      />
    );
  };

  return (
    <ScrollArea type="auto" style={{ flex: 1 }}>
      <Stack component="ul" gap={2} p={0} m={0} style={{ listStyle: 'none' }}>
        {entries.map((entry) => {
          if ('group' in entry) {
            const Icon = groupIcon(entry.group);
            const containsActive = entry.items.some((x) => samePath(pathname, x.path));
            return (
              <li key={entry.group}>
                <SidebarGroup
                  label={t(entry.group)}
                  icon={<Icon size={18} stroke={1.6} aria-hidden />}
                  initiallyOpen={containsActive}
                >
                  {entry.items.map((x) => item(x, true))}
                </SidebarGroup>
              </li>
            );
          }
          return <li key={entry.path}>{item(entry)}</li>;
        })}
      </Stack>
    </ScrollArea>
  );
}
