// The face of the sign-in pages: what other features may use.
export { AuthLayout } from './AuthLayout';
