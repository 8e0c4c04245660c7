/** Names a back end accepts: exactly what the server generates, so no path can be smuggled in. */
export const STORED_NAME = /^[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}\.[a-z0-9]{2,5}$/;

export function isStoredName(name: string): boolean {
  return STORED_NAME.test(name);
}
