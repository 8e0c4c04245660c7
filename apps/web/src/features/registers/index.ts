// The face of the registers: what other features may use.
export { StudentRegisterCard } from './StudentRegisterCard';
export { useClassText } from './UdiseExport';
