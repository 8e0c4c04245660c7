// The contract's API table with its schemas: api/client.ts loads this module on demand, so that
// zod and every area's schemas stay off the way in (contract-web.ts).
export { API } from '@shala/contract';
