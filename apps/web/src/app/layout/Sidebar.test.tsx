import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Sidebar } from './Sidebar';
import { renderAt } from '../../test/utils';
import { ALL_ROLES, menuFor } from '@shala/contract';
import { IconCircleDot } from '@tabler/icons-react';
import { menuIcon } from './menuIcons';

describe('sidebar', () => {
  it('gives every menu item an icon of its own (none falls back to the plain dot)', () => {
    const items = ALL_ROLES.flatMap((role) => menuFor(role).flatMap((e) => ('group' in e ? e.items : [e])));
    expect(items.filter((item) => menuIcon(item.path) === IconCircleDot).map((item) => item.path)).toEqual([]);
  });

  it('shows the 112 menu with collapsible groups: User, Academic, Other Routes and those of the screens beyond the spec', async () => {
    const user = userEvent.setup();
    renderAt(<Sidebar role={112} />, '/systemadmin');
    expect(await screen.findByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/systemadmin');
    for (const group of ['User', 'Academic', 'Fees', 'Registers and certificates', 'Messages', 'Other Routes', 'Settings and privacy']) {
      expect(screen.getByRole('button', { name: group })).toHaveAttribute('aria-expanded', 'false');
    }
    expect(screen.queryByRole('link', { name: 'Principals' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'User' }));
    expect(screen.getByRole('button', { name: 'User' })).toHaveAttribute('aria-expanded', 'true');
    for (const [name, href] of [
      ['Principals', '/viewadminschool'],
      ['Parents', '/viewparents'],
      ['Teachers', '/viewteachers'],
      ['Students', '/viewstudent'],
    ]) {
      expect(await screen.findByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('opens the group that holds the current page', async () => {
    renderAt(<Sidebar role={113} />, '/viewsubject');
    expect(await screen.findByRole('button', { name: 'Academic' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Subjects' })).toHaveAttribute('data-active', 'true');
  });

  it('shows a teacher the arrangement register only with the arrangement duty (issue 42)', async () => {
    const { unmount } = renderAt(<Sidebar role={114} duties={[]} />, '/teacherdashboard');
    expect(await screen.findByRole('link', { name: 'Check in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Arrangements' })).toBeNull();
    unmount();
    renderAt(<Sidebar role={114} duties={['arrangement']} />, '/teacherdashboard');
    expect(await screen.findByRole('link', { name: 'Arrangements' })).toHaveAttribute('href', '/substitutions');
  });

  it("gives an unknown role an empty menu and warns 'No items found for role'", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderAt(<Sidebar role={999} />, '/');
    await screen.findByRole('list');
    expect(screen.queryAllByRole('link')).toHaveLength(0);
    expect(warn).toHaveBeenCalledWith('No items found for role', 999);
  });
});
