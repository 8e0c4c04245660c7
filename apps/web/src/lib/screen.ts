import type { WebRoute } from '@shala/contract/web';

/** What every screen of the route table gets (a leaf module: screens and routes import it). */
export interface ScreenProps {
  route: WebRoute;
}
