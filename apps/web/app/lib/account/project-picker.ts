import type { ProjectsClient } from '@shop/api-client';
import { PROJECT_ADDED_PARAM, PROJECT_ADDED_SKU_PARAM, PROJECT_PROBLEM_PARAM } from './projects.ts';

/** What "Add to project" needs: the shopper's projects, which hold these skus, and what the last add did. */
export interface ProjectPicker {
  signedIn: boolean;
  projects: { projectId: string; name: string }[];
  /** Projects holding one of the skus, by sku. */
  holding: { sku: string; projectId: string; projectName: string }[];
  /** The project the last add went to. */
  added: { projectId: string; name: string } | null;
  problem: string | null;
  /** The product the last add was for: a page of several products says what happened beside that one only. */
  lastSku: string | null;
}

const PICKER_SIZE = 50;

/** The picker of a visitor who is not signed in: only the last add's problem, from the page's address (`account-projects-add.ts` puts it there). */
export const signedOutPicker = (search: URLSearchParams): ProjectPicker => ({
  signedIn: false,
  projects: [],
  holding: [],
  added: null,
  problem: search.get(PROJECT_PROBLEM_PARAM)?.slice(0, 200) ?? null,
  lastSku: search.get(PROJECT_ADDED_SKU_PARAM),
});

/**
 * The picker for a signed-in shopper, read with their projects client: by the product page's loader
 * on the server, and in the browser by the quick view and the basket's lines.
 */
export async function readProjectPicker(projects: ProjectsClient, search: URLSearchParams, skus: readonly string[]): Promise<ProjectPicker> {
  const [list, found] = await Promise.all([
    projects.listProjects({ query: { pageNumber: 1, pageSize: PICKER_SIZE } }),
    skus.length > 0 ? projects.checkIfVariantsExistInProject({ params: { projectId: 'mine' }, body: [...skus].slice(0, 100) }) : { found: [] },
  ]);
  const addedId = search.get(PROJECT_ADDED_PARAM);
  const added = list.projects.find((project) => project.projectId === addedId) ?? null;
  return {
    signedIn: true,
    projects: list.projects.map(({ projectId, name }) => ({ projectId, name })),
    holding: found.found,
    added: added && { projectId: added.projectId, name: added.name },
    problem: signedOutPicker(search).problem,
    lastSku: search.get(PROJECT_ADDED_SKU_PARAM),
  };
}
