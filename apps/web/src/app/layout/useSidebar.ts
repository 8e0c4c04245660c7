import { useState } from 'react';

/** sidebarShow defaults to true, sidebarUnfoldable to false (spec section 4). */
export function useSidebarState() {
  const [sidebarShow, setSidebarShow] = useState(true);
  const [sidebarUnfoldable, setSidebarUnfoldable] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  return {
    sidebarShow,
    sidebarUnfoldable,
    mobileOpen,
    toggleDesktop: () => setSidebarShow((v) => !v),
    toggleUnfoldable: () => setSidebarUnfoldable((v) => !v),
    toggleMobile: () => setMobileOpen((v) => !v),
    closeMobile: () => setMobileOpen(false),
  };
}
