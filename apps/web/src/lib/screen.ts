import { lazy, type ComponentType } from 'react';
import type { WebRoute } from '@shala/contract/web';

/** What every screen of the route table gets (screens and routes import it). */
export interface ScreenProps {
  route: WebRoute;
}

/** A module that a screen is loaded from: its default export is the screen. */
export type ScreenModule = Promise<{ default: ComponentType<ScreenProps> }>;

/**
 * A feature's screens by route path (signedIn.tsx spreads them), each loaded on its first visit.
 * Routes given the same loader share one component.
 */
export function lazyScreens(loaders: Record<string, () => ScreenModule>): Record<string, ComponentType<ScreenProps>> {
  const made = new Map<() => ScreenModule, ComponentType<ScreenProps>>();
  const screenOf = (load: () => ScreenModule) => made.get(load) ?? made.set(load, lazy(load)).get(load)!;
  return Object.fromEntries(Object.entries(loaders).map(([path, load]) => [path, screenOf(load)]));
}
