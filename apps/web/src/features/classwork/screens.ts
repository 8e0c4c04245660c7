import { lazy, type ComponentType } from 'react';
import type { ScreenProps } from '../../lib/screen';

const PostClassWorkPage = lazy(() => import('./PostClassWorkPage'));
const ViewClassWorkPage = lazy(() => import('./ViewClassWorkPage'));
const MyWorkPage = lazy(() => import('./MyWorkPage'));
const ChildWorkPage = lazy(() => import('./ChildWorkPage'));

/** The screens of this area, by route path (routes.tsx spreads them). */
export const CLASSWORK_SCREENS: Record<string, ComponentType<ScreenProps>> = {
  '/classwork': PostClassWorkPage,
  '/viewclasswork': ViewClassWorkPage,
  '/mywork': MyWorkPage,
  '/mywork/:assignClassId': MyWorkPage,
  '/childwork': ChildWorkPage,
};
