import { API } from '@shala/contract';
import type { App } from '../../http/types.js';
import { serve } from '../../http/serve.js';
import { fromContract } from '../../http/route.js';
import { sendDownload } from '../../http/download.js';
import { requireCaller } from '../../policy/index.js';
import { admissionRegister, admissionRegisterCsv, getStudentRegister, saveStudentRegister } from './registers.js';

/** Certificates, part "registers": a student's register entry and the admission register (registers.ts). */
export default async function registersRoutes(app: App) {
  serve(app, API.studentRegisterGet, (deps, caller, req) => getStudentRegister(deps, caller, req.params.studentId));
  serve(app, API.studentRegisterSave, (deps, caller, req) => saveStudentRegister(deps, caller, req.params.studentId, req.body), 'Register entry saved');
  serve(app, API.admissionRegister, (deps, caller, req) => admissionRegister(deps, caller, req.query));
  app.route({
    ...fromContract(API.admissionRegisterCsv),
    handler: async (req, reply) =>
      sendDownload(reply, { mime: 'text/csv; charset=utf-8', fileName: 'admission-register.csv', body: Buffer.from(await admissionRegisterCsv(app.deps, requireCaller(req), req.query)) }),
  });
}
