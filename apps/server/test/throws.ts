/** What a test expects a call to throw (its fields), or fails naming what it got. */
export async function failure<T extends Error>(call: () => unknown, type: new (...args: never[]) => T): Promise<T> {
  try {
    await call();
  } catch (err) {
    if (err instanceof type) return err;
    throw err;
  }
  throw new Error(`expected a ${type.name}`);
}
