/**
 * Renders every overlay of deploy/k8s with `kubectl kustomize` (offline) and checks what an operator relies on: each
 * role's Deployment with its probes on /livez and /readyz, the migration Job and the init containers that hold the
 * api and worker pods until it has run, no secret in a ConfigMap, and every container non-root on a read-only root.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { SECRET_SETTINGS } from '../apps/api/src/config.ts';

const k8s = fileURLToPath(new URL('../deploy/k8s', import.meta.url));
const overlays = fs.readdirSync(path.join(k8s, 'overlays')).toSorted();

/** KUBECTL, else /usr/bin/kubectl, else whatever `kubectl` is on PATH. */
function findKubectl(): string {
  const candidates = [process.env.KUBECTL, '/usr/bin/kubectl', 'kubectl'].filter((candidate): candidate is string => !!candidate);
  const found = candidates.find((candidate) => spawnSync(candidate, ['version', '--client'], { stdio: 'ignore' }).status === 0);
  if (!found) {
    throw new Error(
      'kubectl was not found (KUBECTL, /usr/bin/kubectl or PATH): the Kubernetes manifests cannot be rendered. ' +
        'Install kubectl 1.27 or newer (its kustomize renders deploy/k8s); .ci/run installs it with apt when missing.',
    );
  }
  return found;
}

interface Container {
  name: string;
  image: string;
  args?: string[];
  env?: { name: string; value?: string }[];
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  ports?: { name: string; containerPort: number }[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  securityContext?: { readOnlyRootFilesystem?: boolean; allowPrivilegeEscalation?: boolean; runAsNonRoot?: boolean; runAsUser?: number };
  livenessProbe?: Probe;
  readinessProbe?: Probe;
  startupProbe?: Probe;
}
interface Probe {
  httpGet?: { path: string; port: string | number };
}
interface PodSpec {
  securityContext?: { runAsNonRoot?: boolean; runAsUser?: number };
  containers: Container[];
  initContainers?: Container[];
}
interface Resource {
  apiVersion: string;
  kind: string;
  metadata: { name: string; labels?: Record<string, string> };
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  spec?: {
    template?: { metadata?: { labels?: Record<string, string> }; spec: PodSpec };
    selector?: Record<string, unknown> & { matchLabels?: Record<string, string> };
    scaleTargetRef?: { kind: string; name: string };
    rules?: { http: { paths: { path: string; backend: { service: { name: string } } }[] } }[];
  };
}

const kubectl = findKubectl();
function render(overlay: string): Resource[] {
  const text = execFileSync(kubectl, ['kustomize', path.join(k8s, 'overlays', overlay)], { encoding: 'utf8' });
  return parseAllDocuments(text).map((document) => document.toJS() as Resource);
}

const roles = ['api', 'web', 'worker'] as const;
const matches = (selector: Record<string, string> | undefined, labels: Record<string, string> | undefined) =>
  !!selector && Object.entries(selector).every(([key, value]) => labels?.[key] === value);

describe.each(overlays)('the %s overlay', (overlay) => {
  const resources = render(overlay);
  const named = (kind: string, name: string) => resources.find((resource) => resource.kind === kind && resource.metadata.name === name);
  const deployment = (role: string) => named('Deployment', `plumbline-${role}`)!;
  const shop = (role: string) => deployment(role).spec!.template!.spec.containers.find((container) => container.name === 'shop')!;
  const job = resources.find((resource) => resource.kind === 'Job' && resource.spec?.template?.spec.containers[0]?.args?.[0] === 'migrate');
  const pods = resources.filter((resource) => resource.spec?.template?.spec);
  const containers = () =>
    pods.flatMap((pod) =>
      [...pod.spec!.template!.spec.containers, ...(pod.spec!.template!.spec.initContainers ?? [])].map((container) => ({
        container,
        where: `${pod.metadata.name}/${container.name}`,
      })),
    );

  it('has a Deployment per role, each starting the image in that role with its probes on /livez and /readyz', () => {
    const wiring = (role: string) => {
      const container = shop(role);
      const port = container.ports?.find((candidate) => candidate.containerPort === 3000)?.name;
      return {
        serve: container.env?.find((variable) => variable.name === 'SERVE')?.value,
        liveness: container.livenessProbe?.httpGet,
        startup: container.startupProbe?.httpGet,
        readiness: container.readinessProbe?.httpGet,
        port: port ?? 'no port 3000',
      };
    };
    const expected = (role: string) => ({
      serve: role,
      liveness: { path: '/livez', port: 'http' },
      startup: { path: '/livez', port: 'http' },
      readiness: { path: '/readyz', port: 'http' },
      port: 'http',
    });
    expect(Object.fromEntries(roles.map((role) => [role, wiring(role)]))).toEqual(Object.fromEntries(roles.map((role) => [role, expected(role)])));
  });

  it('migrates in a Job, and holds every api and worker pod until the database has the migrations of its image', () => {
    expect(job).toBeDefined();
    const image = job!.spec!.template!.spec.containers[0]!.image;
    expect(image).toMatch(/\//); // The overlay names the registry's image.
    expect(Object.fromEntries(roles.map((role) => [role, shop(role).image]))).toEqual({ api: image, web: image, worker: image });
    const waits = (role: string) => (deployment(role).spec!.template!.spec.initContainers ?? []).map((container) => [container.image, container.args]);
    expect({ api: waits('api'), worker: waits('worker') }).toEqual({ api: [[image, ['migrate', '--wait']]], worker: [[image, ['migrate', '--wait']]] });
    // No instance migrates by itself: the Job is the only migrator.
    expect(named('ConfigMap', 'plumbline-config')?.data).toMatchObject({ MIGRATE_ON_START: 'false', SHOP_ENV: 'production' });
  });

  it('keeps secrets out of ConfigMaps and out of the manifests: containers read them from the Secret', () => {
    const secretName = /(SECRET|PASSWORD|TOKEN|KEYS?|JWKS)$/;
    const passwordInUrl = /:\/\/[^/\s]*:[^/\s]*@/;
    const leaks = resources
      .filter((resource) => resource.kind === 'ConfigMap')
      .flatMap((configMap) =>
        Object.entries(configMap.data ?? {})
          .filter(([key, value]) => (SECRET_SETTINGS as readonly string[]).includes(key) || secretName.test(key) || passwordInUrl.test(value))
          .map(([key]) => `${configMap.metadata.name}: ${key}`),
      );
    expect(leaks).toEqual([]);
    expect(resources.filter((resource) => resource.kind === 'Secret')).toEqual([]);
    const withoutSecret = containers()
      .filter(({ container }) => !container.envFrom?.some((source) => source.secretRef?.name === 'plumbline-secrets'))
      .map(({ where }) => where);
    expect(withoutSecret).toEqual([]);
    const secretsInline = containers().flatMap(({ container, where }) =>
      (container.env ?? [])
        .filter((variable) => (SECRET_SETTINGS as readonly string[]).includes(variable.name))
        .map((variable) => `${where}: ${variable.name}`),
    );
    expect(secretsInline).toEqual([]);
  });

  it('runs every container as a user of its own on a read-only root, with resources set', () => {
    expect(pods.length).toBeGreaterThanOrEqual(4);
    const rootPods = pods
      .filter((pod) => {
        const context = pod.spec!.template!.spec.securityContext;
        return context?.runAsNonRoot !== true || !((context.runAsUser ?? 0) > 0);
      })
      .map((pod) => pod.metadata.name);
    expect(rootPods).toEqual([]);
    const unsafe = containers()
      .filter(({ container }) => container.securityContext?.readOnlyRootFilesystem !== true || container.securityContext?.allowPrivilegeEscalation !== false)
      .map(({ where }) => where);
    expect(unsafe).toEqual([]);
    const unbounded = containers()
      .filter(({ container }) => !container.resources?.requests?.memory || !container.resources?.limits?.memory)
      .map(({ where }) => where);
    expect(unbounded).toEqual([]);
  });

  it('routes /api and /identity to the API tier and pages to the web tier; autoscales and budgets only what exists', () => {
    const selects = (service: string, role: string) =>
      matches(named('Service', service)?.spec?.selector as Record<string, string>, deployment(role).spec!.template!.metadata!.labels);
    expect({ api: selects('plumbline-api', 'api'), web: selects('plumbline-web', 'web') }).toEqual({ api: true, web: true });
    const paths = Object.fromEntries(
      named('Ingress', 'plumbline')!.spec!.rules!.flatMap((rule) => rule.http.paths.map((entry) => [entry.path, entry.backend.service.name])),
    );
    expect(paths).toEqual({ '/api': 'plumbline-api', '/identity': 'plumbline-api', '/': 'plumbline-web' });
    const targets = resources
      .filter((resource) => resource.kind === 'HorizontalPodAutoscaler')
      .map((hpa) => [hpa.metadata.name, !!named(hpa.spec!.scaleTargetRef!.kind, hpa.spec!.scaleTargetRef!.name)]);
    expect(targets).toEqual([
      ['plumbline-api', true],
      ['plumbline-web', true],
    ]);
    const budgets = resources
      .filter((resource) => resource.kind === 'PodDisruptionBudget')
      .map((budget) => [
        budget.metadata.name,
        roles.filter((role) => matches(budget.spec!.selector!.matchLabels, deployment(role).spec!.template!.metadata!.labels)),
      ]);
    for (const [name, selected] of budgets) expect(selected).toEqual([String(name).replace('plumbline-', '')]);
  });
});

it('renders at least a staging and a production overlay', () => {
  expect(overlays).toEqual(expect.arrayContaining(['staging', 'production']));
});
