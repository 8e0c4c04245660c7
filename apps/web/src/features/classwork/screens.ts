import { lazyScreens } from '../../lib/screen';

const myWorkPage = () => import('./MyWorkPage');

/** The screens of this area, by route path (routes.tsx spreads them). */
export const CLASSWORK_SCREENS = lazyScreens({
  '/classwork': () => import('./PostClassWorkPage'),
  '/viewclasswork': () => import('./ViewClassWorkPage'),
  '/mywork': myWorkPage,
  '/mywork/:assignClassId': myWorkPage,
  '/childwork': () => import('./ChildWorkPage'),
});
