import type { ProjectRow } from './projects.repository.ts';
import type { ProjectsDeps as Deps } from './projects.deps.ts';

/** The e-mail a share sends: it reads the same whether or not the address has an account. */
export function shareEmail(deps: Deps, row: ProjectRow, role: 'view' | 'edit') {
  const url = `${deps.publicUrl}/account/projects/${encodeURIComponent(row.id)}`;
  return deps.notifications.renderEmail({
    subject: `${row.ownerName} shared a project with you: ${row.name}`,
    preheader: `${row.lineCount} product${row.lineCount === 1 ? '' : 's'} on Plumbline, shared for you to ${role}.`,
    heading: `Project: ${row.name}`,
    paragraphs: [
      `${row.ownerName} shared their project “${row.name}” with you, for you to ${role === 'edit' ? 'view and change' : 'view'}.`,
      'Sign in with this e-mail address to open it. You will see your own prices, and you can copy it into your projects or add it all to your basket.',
      'New to Plumbline? Create an account with this e-mail address and the project will be waiting for you.',
    ],
    action: { label: 'Open the project', url },
    footnote: 'You are receiving this because a Plumbline customer entered your address to share a project. We have not added you to any mailing list.',
  });
}
