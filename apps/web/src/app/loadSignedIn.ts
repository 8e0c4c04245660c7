import { loadWayInTexts } from '../i18n';
import { tracked } from '../api/idle';

/** The signed-in layout's chunk (with the dashboard, chunks.ts) and its screens' map. */
interface SignedInApp {
  layout: typeof import('./layout/AppLayout');
  routes: typeof import('./signedIn');
}

let app: SignedInApp | null = null;
let loading: Promise<SignedInApp> | null = null;

/**
 * Loads what the signed-in layout needs: its code (with the dashboard's), its texts and the
 * dashboard's, and the screens' map. Once in, they are at hand (`signedInApp`): the layout then
 * renders in the first pass after the sign-in, where a lazy one showed a loader first and each
 * boundary it passed (the layout, the screens' map, the dashboard) a throttled moment later
 * (React holds a revealed Suspense boundary back up to 300 ms).
 */
export function loadSignedInApp(): Promise<SignedInApp> {
  if (!loading) {
    // Counted as a call on its way (api/idle.ts): what waits for the page to settle (the contract's
    // schemas, the socket) does not take the line while the layout's code comes.
    const started = tracked(Promise.all([import('./layout/AppLayout'), import('./signedIn'), loadWayInTexts()])).then(([layout, routes]) => (app = { layout, routes }));
    started.catch(() => {
      loading = null;
    });
    loading = started;
  }
  return loading;
}

/** The signed-in layout's modules, if loaded. */
export function signedInApp(): SignedInApp | null {
  return app;
}

/**
 * Fetches the signed-in layout ahead of the sign-in: the sign-in form calls it when it is first
 * touched, so on a slow phone the code arrives while the person types (or at least while the
 * sign-in itself is on its way), not after it. Never on the page's load: a visitor who does not
 * sign in does not fetch it.
 */
export function prefetchSignedIn(): void {
  loadSignedInApp().catch(() => undefined);
}
