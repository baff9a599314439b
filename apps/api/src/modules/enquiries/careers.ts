import { JobApplicationFieldsSchema, OPEN_ROLES, type EnquiryAccepted } from '@shop/contracts';
import type { UploadForm } from '../files/index.ts';
import type { EnquiriesDeps } from './enquiries.deps.ts';
import { EnquiryErrors } from './enquiries.errors.ts';
import { summaryLine } from './enquiry-rules.ts';
import { contactOf, parseFields, recordEnquiry, withStoredFiles, type Ctx } from './form-requests.ts';

/** Careers: the roles open now, and an application for one with a CV, for the people team. */

export const openRoles = () => ({ roles: OPEN_ROLES.map((role) => ({ ...role })) });

export async function applyForJob(deps: EnquiriesDeps, ctx: Ctx, form: UploadForm): Promise<EnquiryAccepted> {
  const body = parseFields(JobApplicationFieldsSchema, form.fields);
  const cvs = form.files.filter((file) => file.field === 'cv');
  if (cvs.length === 0) throw EnquiryErrors.cvMissing();
  if (form.files.length > 1) throw EnquiryErrors.tooManyFiles('cv', 1);
  const contact = contactOf(deps, ctx, body);
  const role = OPEN_ROLES.find((candidate) => candidate.id === body.roleId)!;
  return withStoredFiles(deps, ctx, { purpose: 'job-application' }, cvs, (stored) =>
    recordEnquiry(deps, ctx, 'JOB_APPLICATION', contact, {
      phone: body.phone,
      summary: summaryLine(role.title, role.location),
      details: { roleId: role.id, roleTitle: role.title },
      message: body.coverNote,
      files: stored.map((file) => ({ file, role: 'cv' })),
      nextSteps: [`Our people team will read your application for ${role.title} and reply within two weeks.`],
    }),
  );
}
