import { lazy, Suspense, useEffect, useState } from 'react';
import { whenSettled } from '../../api/idle';
import { ProfileButton } from './ProfileButton';

// The menu (Mantine's Menu and Popover, about 7 KB gzip) is not on the way to the dashboard's
// numbers: the avatar shows at once, the menu's code is fetched once the page has settled, and the
// first click on the avatar puts the menu in its place, open.
const loadPopup = () => import('./ProfileMenuPopup');
const ProfileMenuPopup = lazy(loadPopup);

export function ProfileMenu() {
  const [clicked, setClicked] = useState(false);
  useEffect(() => whenSettled(() => void loadPopup()), []);
  const waiting = <ProfileButton aria-haspopup="menu" aria-expanded={false} onClick={() => setClicked(true)} />;
  if (!clicked) return waiting;
  return (
    <Suspense fallback={waiting}>
      <ProfileMenuPopup defaultOpened />
    </Suspense>
  );
}
