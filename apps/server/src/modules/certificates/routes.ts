import type { App } from '../../http/types.js';
import registersRoutes from './registers.routes.js';
import certificatesRoutes from './certificates.routes.js';
import udiseRoutes from './udise.routes.js';
import idCardsRoutes from './idcards.routes.js';

/**
 * Registers and certificates (issue 26), in parts of one module:
 * - registers: a student's register entry (admission number and date, UDISE+ fields, APAAR
 *   consent, leaving) and the admission register (registers.ts);
 * - certificates: TC, bonafide, character and tuition-fee certificates, issued with gapless numbers,
 *   as PDFs in English and Hindi, cancelled with a reason, verified on a public page
 *   (certificates.ts, certificate-pdf.ts);
 * - ID cards: CR80 cards ten to an A4 sheet, for a class, chosen students or staff, made by the job
 *   queue, each with the QR code of its verification page (idcards.ts, idcard-pdf.ts);
 * - UDISE+: the student data of a session for the school's UDISE+ entry, CSV, spreadsheet or what is missing (udise.ts).
 */
export default async function certificateRoutes(app: App) {
  await registersRoutes(app);
  await certificatesRoutes(app);
  await udiseRoutes(app);
  await idCardsRoutes(app);
}
