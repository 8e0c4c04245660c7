import type { ErrorCode, ErrorParams, ErrorReason } from '@shala/contract';

const STATUS: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  BAD_REQUEST: 400,
  INVALID_OTP: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_INACTIVE: 403,
  SCHOOL_INACTIVE: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};

/** Why, finer than the code (`reason`, translated by the web with `params`), and the input at fault. */
export interface ErrorDetail {
  reason?: ErrorReason;
  field?: string;
  params?: ErrorParams;
}

/**
 * An error with a stable code; its HTTP status comes from the one table above. The message is the
 * English fallback; `detail` carries what the web translates (`reason`, `params`) and the `field`.
 */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly detail: ErrorDetail = {},
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export const notFound = (what = 'Record') => new AppError('NOT_FOUND', `${what} not found.`);
export const forbidden = () => new AppError('FORBIDDEN', 'You are not allowed to do this.');
/** A secret (a provider's or a gateway's key) cannot be stored sealed: the operator has not set SECRETS_KEY. */
export const secretsKeyMissing = () =>
  new AppError('CONFLICT', 'SECRETS_KEY is not set on the server: secrets cannot be stored. Ask the operator to set it.', { reason: 'secrets_key_missing' });
export const unauthenticated = (message = 'Please sign in again.') => new AppError('UNAUTHENTICATED', message);

export function statusOf(code: ErrorCode): number {
  return STATUS[code];
}
