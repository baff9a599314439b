import { apiBaseUrl, apiFetch, visitorHeaders } from '../api.server.ts';
import { formLimitBytes } from '../uploads/posted-form.ts';
import { readShopSession } from '../auth/session.server.ts';
import { bodyFromForm, fieldId, typedValues, type EnquiryFormSpec, type EnquiryRefused, type EnquirySent, type SignedInContact } from './enquiry-forms.ts';

/**
 * Sends a help-centre form from the web tier (a React Router action), so it works before and
 * without the page's scripts. A signed-in customer's form goes with their token from the storefront's
 * session (decision 0063), never from a form field. The API decides and words every refusal.
 */

/** The most a form with files may post (three files): a larger one is refused unread (`tooLargeToRead`). */
/**
 * The signed-in customer's name and e-mail address, to fill a form in on the server: there from the
 * first paint, so nothing typed before the page's scripts run is replaced when they do.
 */
export function signedInContact(request: Request): SignedInContact | null {
  const profile = readShopSession(request)?.profile;
  if (!profile) return null;
  return { ...(profile.name ? { name: profile.name } : {}), ...(profile.email ? { email: profile.email } : {}) };
}

export const ENQUIRY_FORM_MAX_BYTES = formLimitBytes(3);

/** What was typed (`typedFieldsOf`) is drawn again; the files must be chosen again, smaller. */
export const refusedAsTooLarge = (typed: FormData): EnquiryRefused => ({
  sent: false,
  values: typedValues(typed),
  problems: [{ message: 'The files are too large: choose up to 3 files, each smaller than 5MB.' }],
  fieldErrors: {},
});

export async function submitEnquiry(form: EnquiryFormSpec, posted: FormData, request: Request): Promise<EnquirySent | EnquiryRefused> {
  const token = readShopSession(request)?.accessToken;
  const headers: Record<string, string> = { ...visitorHeaders(request), ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const url = `${apiBaseUrl()}/help-centre${form.path}`;
  let response: Response;
  try {
    if (form.multipart) {
      const body = new FormData();
      for (const [name, value] of posted.entries()) {
        // A file input left empty still posts a nameless, empty part.
        if (typeof value !== 'string' && value.size === 0 && !value.name) continue;
        body.append(name, value);
      }
      response = await apiFetch(url, { method: 'POST', headers, body });
    } else {
      response = await apiFetch(url, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(bodyFromForm(form, posted)),
      });
    }
  } catch {
    return refused(posted, [{ message: 'We could not send your form just now. Please try again in a minute.' }], {});
  }
  const answer = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (response.ok && answer) {
    return {
      sent: true,
      title: form.sentTitle,
      reference: typeof answer.reference === 'string' ? answer.reference : null,
      dueAt: typeof answer.dueAt === 'string' ? answer.dueAt : null,
      nextSteps: Array.isArray(answer.nextSteps) ? (answer.nextSteps as string[]) : [],
      alreadyWaiting: answer.alreadyWaiting === true,
      productName: typeof answer.productName === 'string' ? answer.productName : undefined,
      sentTo: typeof answer.sentTo === 'string' ? answer.sentTo : undefined,
    };
  }
  if (response.status >= 500 || !answer) return refused(posted, [{ message: 'Something went wrong on our side. Please try again in a minute.' }], {});
  if (response.status === 429) return refused(posted, [{ message: 'You have sent this form a lot just now. Wait a minute and try again.' }], {});
  const errors = Array.isArray(answer.errors) ? (answer.errors as { path: string; message: string }[]) : [];
  const fieldErrors: Record<string, string> = {};
  for (const error of errors) {
    const name = error.path.replace(/^body\./, '').replace(/\.\d+$/, '');
    fieldErrors[name] ??= error.message;
  }
  const problems = Object.keys(fieldErrors).length
    ? Object.entries(fieldErrors).map(([name, message]) => ({ message, fieldId: fieldId(name) }))
    : [{ message: typeof answer.detail === 'string' ? answer.detail : 'Check what you entered and try again.' }];
  return refused(posted, problems, fieldErrors);
}

const refused = (posted: FormData, problems: EnquiryRefused['problems'], fieldErrors: Record<string, string>): EnquiryRefused => ({
  sent: false,
  values: typedValues(posted),
  problems,
  fieldErrors,
});

/** The roles open now (a public call); none when the API does not answer, so the page says so rather than something untrue. */
export async function openRoles(request: Request): Promise<{ id: string; title: string; location: string; summary: string }[]> {
  try {
    const response = await apiFetch(`${apiBaseUrl()}/help-centre/Careers/open-roles`, { headers: visitorHeaders(request) });
    return response.ok ? ((await response.json()) as { roles: { id: string; title: string; location: string; summary: string }[] }).roles : [];
  } catch {
    return [];
  }
}

/** A call by a link's token (unsubscribing, confirming a request): the answer, or the API's words for why not, with its status. */
export async function callByToken<T>(
  method: 'GET' | 'POST',
  path: string,
  request: Request,
  service = 'help-centre',
): Promise<{ ok: true; value: T } | { ok: false; message: string; status: number }> {
  try {
    const response = await apiFetch(`${apiBaseUrl()}/${service}${path}`, { method, headers: visitorHeaders(request) });
    const answer = (await response.json().catch(() => null)) as (T & { detail?: string }) | null;
    if (response.ok && answer) return { ok: true, value: answer };
    return {
      ok: false,
      status: response.status,
      message: response.status < 500 && answer?.detail ? answer.detail : 'Something went wrong on our side. Please try again in a minute.',
    };
  } catch {
    return { ok: false, status: 0, message: 'Something went wrong on our side. Please try again in a minute.' };
  }
}
