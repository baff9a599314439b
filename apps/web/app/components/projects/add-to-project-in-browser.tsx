import { createProjectsClient } from '@shop/api-client';
import { useLocation } from 'react-router';
import { readProjectPicker, type ProjectPicker } from '../../lib/account/project-picker.ts';
import { signInPath } from '../../lib/auth/settings.ts';
import { useApiData } from '../../lib/use-api.ts';
import { useShopAuth } from '../auth/use-shop-auth.ts';
import { Link } from '../ui/link.tsx';
import { AddToProject, type AddToProjectProps } from './add-to-project.tsx';

/** Pickers asked for at once (each line of a basket) share one reading of the shopper's projects. */
const reading = new Map<string, Promise<ProjectPicker>>();
function readOnce(key: string, read: () => Promise<ProjectPicker>): Promise<ProjectPicker> {
  const running = reading.get(key) ?? read().finally(() => reading.delete(key));
  reading.set(key, running);
  return running;
}

/**
 * "Add to project" where the page is drawn in the browser (the quick view, a signed-in shopper's
 * basket): the same form as the product page's, its picker read with the shopper's token. `skus` are
 * every product the page shows, read together; a visitor who is not signed in is asked to sign in.
 */
export function AddToProjectInBrowser({ skus, ...props }: Omit<AddToProjectProps, 'picker'> & { skus: readonly string[] }) {
  const { settings, getAccessToken, user, status } = useShopAuth();
  const { search, pathname } = useLocation();
  const apiBaseUrl = settings?.apiBaseUrl;
  const key = user && apiBaseUrl ? `${user.profile.sub}|${skus.join(',')}|${search}` : undefined;
  const picker = useApiData(key, () =>
    readOnce(key!, () => readProjectPicker(createProjectsClient({ baseUrl: `${apiBaseUrl}/projects`, getAccessToken }), new URLSearchParams(search), skus)),
  );
  if (status === 'signed-out') {
    return (
      <p className={props.className}>
        <Link to={signInPath(props.returnTo ?? pathname + search)} className="text-sm">
          Sign in
        </Link>{' '}
        <span className="text-sm text-navy-700">to add this to a project.</span>
      </p>
    );
  }
  if (picker.state === 'error') {
    return (
      <p className={props.className} role="status">
        <span className="text-sm text-navy-700">Your projects could not be loaded. </span>
        <button type="button" onClick={picker.reload} className="text-sm font-semibold text-teal-800 underline hover:no-underline">
          Try again
        </button>
      </p>
    );
  }
  if (picker.state !== 'ready') return null;
  return <AddToProject {...props} picker={picker.data} />;
}
