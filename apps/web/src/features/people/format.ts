// The formatters moved to lib/format.ts (useFormat); these names stay for the screens that import them here.
export { formatDate, localeOf } from '../../lib/format';
