import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { modals } from '@mantine/modals';
import { WEB_BASE_PATH } from '@shala/contract/web';

/**
 * Warns before unsaved marks are lost: closing or reloading the tab (the browser's own question),
 * following a link of the app (a confirmation first), or changing the class, date or period on the
 * screen (`confirmLeave(then)`). The app uses the declarative router, which has no navigation
 * blocker, so links are caught as they are clicked.
 */
export function useUnsavedGuard(dirty: boolean) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  }, [dirty]);

  const confirmLeave = useCallback(
    (then: () => void) => {
      if (!dirtyRef.current) return then();
      modals.openConfirmModal({
        title: t('attendance.unsaved.title'),
        children: t('attendance.unsaved.text'),
        labels: { confirm: t('attendance.unsaved.leave'), cancel: t('attendance.unsaved.stay') },
        confirmProps: { color: 'red' },
        onConfirm: then,
      });
    },
    [t],
  );

  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    const click = (e: MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!a || a.target === '_blank' || a.origin !== window.location.origin) return;
      if (a.pathname === window.location.pathname && a.search === window.location.search) return;
      e.preventDefault();
      e.stopPropagation();
      // The router's paths are under its basename.
      const path = a.pathname.startsWith(WEB_BASE_PATH) ? a.pathname.slice(WEB_BASE_PATH.length) || '/' : a.pathname;
      confirmLeave(() => {
        dirtyRef.current = false;
        navigate(path + a.search + a.hash);
      });
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', click, true);
    };
  }, [dirty, confirmLeave, navigate]);

  return confirmLeave;
}
