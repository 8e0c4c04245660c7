// The face of fees: what other features may use.
export { useFeeDate } from './feeDate';
