import { AppShell, Box, Divider, NavLink, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useAuth } from '../../api/auth';
import { useProfile } from '../../api/queries';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { MAIN_ID, SkipLink } from '../../components/RouteAnnouncer';
import { LanguagePicker } from '../../components/LanguagePicker';
import { useRealtimeNotifications } from '../../features/notifications/realtime';
import { QueryScope } from '../QueryScope';
import { Breadcrumb } from './Breadcrumb';
import { Header } from './Header';
import { SessionPicker } from './SessionPicker';
import { Sidebar } from './Sidebar';
import { useSidebarState } from './useSidebar';
import './layout.css';

export { prefetchLanding } from '../QueryScope';

const WIDE_WIDTH = 264;
const NARROW_WIDTH = 68;

/** Below this width the sidebar is a drawer opened by the burger (Mantine `sm`). */
const MOBILE_QUERY = '(max-width: 47.99em)';

/** Sidebar, header, breadcrumb, content and footer for every signed-in screen (spec section 2). */
/** The signed-in layout with the app's query client. */
export default function AppLayout() {
  return (
    <QueryScope>
      <Layout />
    </QueryScope>
  );
}

function Layout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { role, token } = useAuth();
  const duties = useProfile().data?.duties;
  const isMobile = useMediaQuery(MOBILE_QUERY, false) ?? false;
  const sidebar = useSidebarState();
  useRealtimeNotifications(token);
  // Unfoldable (desktop only): a narrow icon rail that unfolds while hovered or focused.
  const narrow = !isMobile && sidebar.sidebarUnfoldable;
  const NarrowIcon = narrow ? IconLayoutSidebarLeftExpand : IconLayoutSidebarLeftCollapse;

  return (
    <ModalsProvider
      labels={{ confirm: t('common.close'), cancel: t('common.cancel') }}
      modalProps={{ closeButtonProps: { 'aria-label': t('common.close') } }}
    >
      <SkipLink />
      <AppShell
        header={{ height: 60 }}
        navbar={{
          width: narrow ? NARROW_WIDTH : WIDE_WIDTH,
          breakpoint: 'sm',
          collapsed: { mobile: !sidebar.mobileOpen, desktop: !sidebar.sidebarShow },
        }}
        padding={0}
      >
        <AppShell.Header>
          <Header
            isMobile={isMobile}
            sidebarOpen={isMobile ? sidebar.mobileOpen : sidebar.sidebarShow}
            onToggleSidebar={isMobile ? sidebar.toggleMobile : sidebar.toggleDesktop}
          />
        </AppShell.Header>

        <AppShell.Navbar p="xs" aria-label={t('layout.navigation')} className="shala-navbar" data-narrow={narrow || undefined}>
          {isMobile ? (
            <>
              <Stack gap="xs" p="xs">
                <SessionPicker fullWidth />
                <LanguagePicker w="100%" />
              </Stack>
              <Divider my="xs" />
            </>
          ) : null}
          <Sidebar role={role} duties={duties} onNavigate={sidebar.closeMobile} />
          {!isMobile ? (
            <NavLink
              component="button"
              type="button"
              className="shala-navbar-fold"
              label={narrow ? t('layout.widenSidebar') : t('layout.narrowSidebar')}
              aria-label={narrow ? t('layout.widenSidebar') : t('layout.narrowSidebar')}
              aria-pressed={narrow}
              leftSection={<NarrowIcon size={18} stroke={1.6} aria-hidden />}
              onClick={sidebar.toggleUnfoldable}
              c="dimmed"
            />
          ) : null}
        </AppShell.Navbar>

        <AppShell.Main id={MAIN_ID} tabIndex={-1} style={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh', outline: 'none' }}>
          <Box px={{ base: 'sm', sm: 'lg' }} pt="md" style={{ flex: 1, minWidth: 0 }}>
            <Breadcrumb />
            <Box mt="md" pb="lg">
              <ErrorBoundary resetKey={pathname}>
                <Outlet />
              </ErrorBoundary>
            </Box>
          </Box>
          <Box component="footer" px={{ base: 'sm', sm: 'lg' }} py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <Text size="xs" c="dimmed" ta="center">
              {t('layout.footer')}
            </Text>
          </Box>
        </AppShell.Main>
      </AppShell>
    </ModalsProvider>
  );
}
