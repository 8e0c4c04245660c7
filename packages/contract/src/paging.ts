// A list's pages (no schemas: the web's way in imports them, contract-web.ts).

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

/**
 * Page sizes of the dashboard's cards, which its one answer fills: the notice board's first page,
 * a class's latest work, and the bell's first page (`PAGE_SIZE_DEFAULT`, as /api/notifications
 * is asked for). A card that loads on its own asks the same, so the answer fills its query.
 */
export const DASHBOARD_PAGES = { board: 5, classWork: 3, notifications: PAGE_SIZE_DEFAULT } as const;
