/**
 * The security headers of a page or file (API answers: API_HEADERS), computed once (helmet's defaults and our content
 * security policy): one object set per request instead of a middleware chain rebuilt each time.
 */
const cspOf = (gateway: { checkout: string; api: string }) => [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  // Mantine writes <style> elements at run time (its CSS variables, responsive style props): those
  // still need 'unsafe-inline' (a nonce would need index.html rendered per request). Style
  // attributes are not needed: React sets styles through the CSSOM, which CSP does not govern.
  "style-src 'self'",
  "style-src-elem 'self' 'unsafe-inline'",
  "style-src-attr 'none'",
  // Razorpay Checkout (issue 25): its script, and the frames and calls it makes to the gateway.
  // blob: frames are the page's own PDFs (a receipt printed from a hidden frame, issue 39): a blob
  // URL is made only by a script of this origin, and its document keeps this policy.
  `script-src 'self' ${gateway.checkout}`,
  `frame-src blob: ${gateway.checkout} ${gateway.api}`,
  // Realtime (socket.io) is on the same origin: 'self' covers its ws:/wss: (CSP Level 3).
  `connect-src 'self' ${gateway.checkout} ${gateway.api}`,
  "font-src 'self' data:",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "script-src-attr 'none'",
].join(';');

/** The headers of a page or file; the payment gateway's origins (config) are the only others allowed. */
export const securityHeaders = (config: { RAZORPAY_CHECKOUT_URL: string; RAZORPAY_API_URL: string }): Readonly<Record<string, string>> =>
  Object.freeze({
    ...PAGE_HEADERS,
    'content-security-policy': cspOf({ checkout: new URL(config.RAZORPAY_CHECKOUT_URL).origin, api: new URL(config.RAZORPAY_API_URL).origin }),
  });

const PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
});

/**
 * The headers of an API answer: never sniffed as another type, never kept by a browser or proxy
 * (personal data; a route may say otherwise), never read by another site's page.
 */
export const API_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
});

/**
 * HSTS, sent only on an answer to a request that came over https (directly, or through a proxy
 * trusted by TRUST_PROXY that says so in X-Forwarded-Proto): schools often run Shala on plain http
 * inside their network, where the header means nothing.
 */
export const HSTS = 'max-age=15552000; includeSubDomains';
