import { useEffect, useState, type ReactNode } from 'react';
import { allTextsLoaded, loadAllTexts } from '../i18n';
import { whenSettled } from '../api/idle';

/**
 * Shows its children once every text of the language is in: the signed-in layout and the
 * dashboard's numbers come with their own few (i18n-core.ts), a screen or the dashboard's cards
 * with the whole file, which the first of them brings (the fallback meanwhile). `later`: not before
 * the page has settled (the dashboard's cards wait for its numbers).
 */
export function TextsReady({ fallback = null, later = false, children }: { fallback?: ReactNode; later?: boolean; children: ReactNode }) {
  const [ready, setReady] = useState(allTextsLoaded);
  useEffect(() => {
    if (ready) return;
    let live = true;
    const load = () =>
      loadAllTexts().then(
        () => live && setReady(true),
        () => live && setReady(true),
      );
    if (later) whenSettled(() => void load());
    else void load();
    return () => {
      live = false;
    };
  }, [ready, later]);
  return ready ? children : fallback;
}
