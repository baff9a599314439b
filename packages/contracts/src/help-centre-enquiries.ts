import type { EndpointDefinition } from './endpoint.ts';

/** (Being built: issue 20.) */
export const helpCentreEnquiryEndpoints = {} satisfies Record<string, EndpointDefinition>;
