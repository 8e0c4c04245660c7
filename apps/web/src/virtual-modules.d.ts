declare module 'virtual:i18n/*' {
  /** A part of a language's texts (i18n-core.ts): virtual:i18n/<lang>/core or way-in. */
  const texts: Record<string, unknown>;
  export default texts;
}

declare module 'virtual:api-routes' {
  /** Each route of the contract's API: [method, path, 1 when public] (contract-web.ts). */
  const routes: Record<import('@shala/contract').ApiName, readonly [method: string, url: string, isPublic: 0 | 1]>;
  export default routes;
}
