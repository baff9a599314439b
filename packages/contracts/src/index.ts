export * from './endpoint.ts';
export * from './problem.ts';
export * from './services.ts';
export * from './platform.ts';
export * from './catalogue.ts';

import { platformEndpoints } from './platform.ts';
import { catalogueEndpoints } from './catalogue.ts';
import type { EndpointDefinition } from './endpoint.ts';

/** Every declared endpoint, grouped by the module file that declares it. */
export const endpointGroups = {
  platform: platformEndpoints,
  catalogue: catalogueEndpoints,
} as const;

export const allEndpoints: readonly EndpointDefinition[] = Object.values(endpointGroups).flatMap(
  (group) => Object.values(group) as EndpointDefinition[],
);
