import { useLocation } from 'react-router';
import type { ProjectPicker } from '../../lib/account/project-picker.ts';
import { signInPath } from '../../lib/auth/settings.ts';
import { lazyComponent } from '../../lib/lazy-component.tsx';
import { Link } from '../ui/link.tsx';

/** The picker's code, fetched when it comes near the window, and only for a signed-in shopper (decision 0054). */
const Picker = lazyComponent(() => import('./add-to-project.tsx').then((module) => module.AddToProject), { whenVisible: true });

/**
 * "Add to project" on a product page: a signed-out visitor is asked to sign in, with no code to fetch.
 * `null` is a signed-out visitor's picker with nothing to say, which the page's data leaves out.
 */
export function AddToProject({ sku, picker, className }: { sku: string; picker: ProjectPicker | null; className?: string }) {
  const location = useLocation();
  if (picker?.signedIn) return <Picker sku={sku} picker={picker} className={className} />;
  return (
    <div id="add-to-project" className={className}>
      <div role="status" aria-live="polite">
        {picker?.problem && <p className="mb-2 rounded-lg border border-red-200 bg-red-50 p-2.5 text-sm font-medium text-red-900">{picker.problem}</p>}
      </div>
      <p className="text-sm text-navy-700">
        <Link to={signInPath(location.pathname + location.search)}>Sign in</Link> to add this to a project.
      </p>
    </div>
  );
}
