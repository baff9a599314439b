import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ShopServer } from './server.ts';

/** A port nothing listens on, for a shop whose settings name its port before it starts (PUBLIC_URL, API_INTERNAL_URL). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/**
 * What a test file's composed servers leave behind: the servers, their folders, and the settings
 * `createShopServer` puts in this process's environment. `cleanUp` (in `afterAll`) undoes them all.
 */
export function serverTestBed() {
  const dirs: string[] = [];
  const servers: ShopServer[] = [];
  const settingsBefore = { API_INTERNAL_URL: process.env.API_INTERNAL_URL, WEB_TIER_SECRET: process.env.WEB_TIER_SECRET };
  return {
    /** A new folder under `parent` (the system's temporary folder by default), removed by `cleanUp`. */
    tempDir(name: string, parent = os.tmpdir()): string {
      const dir = fs.mkdtempSync(path.join(parent, name));
      dirs.push(dir);
      return dir;
    },
    /** A started server, closed by `cleanUp`. */
    keep(server: ShopServer): ShopServer {
      servers.push(server);
      return server;
    },
    async cleanUp(): Promise<void> {
      for (const server of servers) await server.close();
      for (const [name, value] of Object.entries(settingsBefore)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
