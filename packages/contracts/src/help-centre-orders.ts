import type { EndpointDefinition } from './endpoint.ts';

/** (Being built: issue 20.) */
export const helpCentreOrderEndpoints = {} satisfies Record<string, EndpointDefinition>;
