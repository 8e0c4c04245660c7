import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

export const MAIN_ID = 'main';

/** The first stop of the keyboard on every page: jumps past the header and menu to the content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="shala-skip-link" href={`#${MAIN_ID}`} onClick={() => focusMain()}>
      {t('layout.skipToContent')}
    </a>
  );
}

function focusMain(): void {
  const main = document.getElementById(MAIN_ID);
  const heading = main?.querySelector<HTMLElement>('h1');
  const target = heading ?? main;
  if (!target) return;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}

/**
 * After a route change: moves the focus to the new page's heading (once it has rendered: screens
 * load on demand) and announces it in a polite live region.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const [message, setMessage] = useState('');
  const first = useRef(true);

  useEffect(() => {
    const initial = first.current;
    first.current = false;
    let done = false;
    const settle = () => {
      if (done) return false;
      const heading = document.getElementById(MAIN_ID)?.querySelector<HTMLElement>('h1');
      if (!heading || !heading.textContent?.trim()) return false;
      done = true;
      const title = heading.textContent.trim();
      if (!initial) {
        heading.setAttribute('tabindex', '-1');
        heading.focus({ preventScroll: false });
        setMessage(title);
      }
      return true;
    };
    if (settle()) return;
    const observer = new MutationObserver(() => {
      if (settle()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    const stop = window.setTimeout(() => observer.disconnect(), 10_000);
    return () => {
      done = true;
      observer.disconnect();
      window.clearTimeout(stop);
    };
  }, [pathname]);

  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="shala-visually-hidden" data-testid="route-announcer">
      {message}
    </div>
  );
}
