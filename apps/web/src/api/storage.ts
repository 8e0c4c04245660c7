/** Keys of values the browser keeps (spec sections 3 and 9). */
export const COOKIE = {
  token: 'token',
  userId: 'UserID',
  role: 'role',
  schoolId: 'schoolId',
} as const;

export const SESSION_KEY = {
  sessionId: 'SessionId',
  forgotId: 'forgotId',
} as const;

export const LOCAL_KEY = {
  schoolName: 'schoolName',
  lang: 'lang',
} as const;

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const local = {
  get: (key: string) => safe(() => localStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => localStorage.setItem(key, value), undefined),
  remove: (key: string) => safe(() => localStorage.removeItem(key), undefined),
};

export const session = {
  get: (key: string) => safe(() => sessionStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => sessionStorage.setItem(key, value), undefined),
  remove: (key: string) => safe(() => sessionStorage.removeItem(key), undefined),
};
