import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { fromContract } from '../../http/route.js';
import { sendDownload } from '../../http/download.js';
import { requireCaller } from '../../policy/index.js';
import { admissionRegister, admissionRegisterCsv, getStudentRegister, saveStudentRegister } from './registers.js';

/** Certificates, part "registers": a student's register entry and the admission register (registers.ts). */
export default async function registersRoutes(app: App) {
  app.route({ ...fromContract(API.studentRegisterGet), handler: async (req) => ({ result: await getStudentRegister(app.deps, requireCaller(req), req.params.studentId) }) });
  app.route({
    ...fromContract(API.studentRegisterSave),
    handler: async (req) => ({ message: 'Register entry saved', result: await saveStudentRegister(app.deps, requireCaller(req), req.params.studentId, req.body) }),
  });
  app.route({ ...fromContract(API.admissionRegister), handler: async (req) => ({ result: await admissionRegister(app.deps, requireCaller(req), req.query) }) });
  app.route({
    ...fromContract(API.admissionRegisterCsv),
    handler: async (req, reply) =>
      sendDownload(reply, { mime: 'text/csv; charset=utf-8', fileName: 'admission-register.csv', body: Buffer.from(await admissionRegisterCsv(app.deps, requireCaller(req), req.query)) }),
  });
}
