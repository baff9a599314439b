import type { EndpointDefinition } from './endpoint.ts';

/** (Being built: issue 20.) */
export const helpCentreInboxEndpoints = {} satisfies Record<string, EndpointDefinition>;
