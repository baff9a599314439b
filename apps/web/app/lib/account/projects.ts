/** The account's project pages: their addresses and the sentences they say after a step (shared by pages and the product page). */
export const PROJECTS_PATH = '/account/projects';
export const ADD_TO_PROJECT_PATH = '/account/projects/add';
export const projectPath = (projectId: string) => `${PROJECTS_PATH}/${encodeURIComponent(projectId)}`;

/** `?done=<step>` after a step on a project page, and what the page then says. */
export const PROJECT_STEPS = {
  created: 'Project created.',
  copied: 'Copied into your projects. It is yours to change.',
  saved: 'Project details saved.',
  line: 'Line updated.',
  removed: 'Line removed.',
  swapped: 'Size or finish changed. The quantity and note stay as they were.',
  shared: 'Shared. We have e-mailed them a link. If they have no Plumbline account yet, the e-mail invites them to open one, and the project waits for them.',
  role: 'Their access has changed.',
  unshared: 'They can no longer see this project.',
  deleted: 'Project deleted.',
  added: 'Added to the project.',
} as const;
export type ProjectStep = keyof typeof PROJECT_STEPS;

export const stepOf = (search: URLSearchParams): ProjectStep | null => {
  const done = search.get('done');
  return done && done in PROJECT_STEPS ? (done as ProjectStep) : null;
};

/** A page number from the address (`?page=2`); anything else is the first. */
export const pageOf = (search: URLSearchParams, name = 'page') => Math.max(1, Number.parseInt(search.get(name) ?? '1', 10) || 1);

export const accessWords = { owner: 'Yours', edit: 'Can edit', view: 'View only' } as const;

/** A posted text field, trimmed; absent or not text is empty. */
export const posted = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/** A posted quantity: a whole number as typed, or null for anything else (the API's range check says the rest). */
export const postedQuantity = (form: FormData, name = 'quantity'): number | null => {
  const typed = posted(form, name);
  return /^\d{1,4}$/.test(typed) ? Number(typed) : null;
};

/** The picker's choice that makes a new project from the name typed beside it. */
export const NEW_PROJECT = 'new';
/** After "Add to project", the product page's address names the project added to, or what went wrong. */
export const PROJECT_ADDED_PARAM = 'addedToProject';
export const PROJECT_PROBLEM_PARAM = 'projectProblem';
/** …and the product added, so a page with several products (the basket) says it beside that one. */
export const PROJECT_ADDED_SKU_PARAM = 'addedSku';
/** The element "Add to project" goes back to: the product page's one, or a basket line's. */
export const addToProjectAnchor = (sku?: string) => (sku ? `add-to-project-${sku.replace(/[^\w-]/g, '')}` : 'add-to-project');
