import { createProjectsClient } from '@shop/api-client';
import { readShopSession, sessionClientOptions } from '../auth/session.server.ts';
import { throwIfRateLimited } from '../api.server.ts';
import { readProjectPicker, signedOutPicker, type ProjectPicker } from './project-picker.ts';

export type { ProjectPicker } from './project-picker.ts';

/** Loaded beside the product; a failure leaves the picker with what it has rather than failing the page. */
export async function loadProjectPicker(request: Request, skus: readonly string[]): Promise<ProjectPicker> {
  const { searchParams } = new URL(request.url);
  const session = readShopSession(request);
  const signedOut = signedOutPicker(searchParams);
  if (!session) return signedOut;
  try {
    return await readProjectPicker(createProjectsClient(sessionClientOptions(request, session, 'projects')), searchParams, skus);
  } catch (error) {
    throwIfRateLimited(error);
    return { ...signedOut, signedIn: true };
  }
}
