import { type AddressInfo, connect, type Socket } from 'node:net';
import { API_BASE } from '@kopi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { connectionCap } from '../src/lib/connection-limits.ts';
import { openTestDatabase, testConfig } from './helpers.ts';

// Slowloris: requests whose headers came and whose body never does. They are timed out (408, closed),
// the number of connections is capped, and the shop keeps answering others while they are held.

type Db = Awaited<ReturnType<typeof openTestDatabase>>;
let database: Db;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function listening(overrides: Parameters<typeof testConfig>[0] = {}) {
  const app = await buildApp(testConfig(overrides), database);
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as AddressInfo).port };
}

/** A socket that sent complete headers announcing a body, and a few bytes of it, then nothing. */
function stalled(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST ${API_BASE}/auth HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"em`,
      );
      resolve(socket);
    });
    socket.on('error', reject);
  });
}

/** What the server said on `socket` until it closed it, and after how long; undefined if still open at `within` ms. */
function untilClosed(socket: Socket, within: number): Promise<{ answer: string; ms: number } | undefined> {
  const started = performance.now();
  let answer = '';
  socket.on('data', (d) => {
    answer += d.toString('latin1');
  });
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), within);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, ms: performance.now() - started });
    });
  });
}

describe('a request whose body never arrives', () => {
  it('is answered 408 and its connection closed once REQUEST_TIMEOUT_SECONDS have passed', async () => {
    const { app, port } = await listening({ requestTimeoutSeconds: 2 });
    try {
      const socket = await stalled(port);
      const closed = await untilClosed(socket, 8_000);
      socket.destroy();
      expect(closed, 'still open after 8 s').toBeDefined();
      expect(closed!.answer).toMatch(/^HTTP\/1\.1 408 /);
      expect(closed!.ms).toBeGreaterThan(1_500);
      expect(closed!.ms).toBeLessThan(5_000);
    } finally {
      await app.close();
    }
  });

  it('2,000 of them held open: others are still answered quickly, then all of them are closed', async () => {
    const { app, port } = await listening({ requestTimeoutSeconds: 10 });
    const sockets: Socket[] = [];
    try {
      for (let i = 0; i < 2_000; i += 100) sockets.push(...(await Promise.all(Array.from({ length: 100 }, () => stalled(port)))));
      const closings = sockets.map((socket) => untilClosed(socket, 25_000));
      const times: number[] = [];
      for (let i = 0; i < 20; i++) {
        const started = performance.now();
        const res = await fetch(`http://127.0.0.1:${port}${i % 2 ? '/health' : `${API_BASE}/shop`}`);
        expect(res.status).toBe(200);
        await res.arrayBuffer();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      console.info(`2,000 stalled sockets held: 20 requests, median ${times[10]!.toFixed(1)} ms, slowest ${times.at(-1)!.toFixed(1)} ms`);
      // Quick on a shared, loaded machine: half within a quarter of a second, the slowest within two.
      expect(times[10]).toBeLessThan(250);
      expect(times.at(-1)).toBeLessThan(2_000);
      const closed = await Promise.all(closings);
      expect(closed.filter((c) => c === undefined)).toHaveLength(0);
      expect(closed.filter((c) => c!.answer.startsWith('HTTP/1.1 408 '))).toHaveLength(2_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await app.close();
    }
  }, 60_000);
});

describe('the number of connections', () => {
  it('is capped by MAX_CONNECTIONS: those beyond it are closed at once', async () => {
    const { app, port } = await listening({ maxConnections: 50 });
    const sockets: Socket[] = [];
    try {
      for (let i = 0; i < 60; i++) sockets.push(await stalled(port));
      await new Promise((r) => setTimeout(r, 1_000));
      expect(sockets.filter((socket) => socket.destroyed).length).toBe(10);
      // The 50 kept are served as usual once their body arrives.
      const kept = sockets.find((socket) => !socket.destroyed)!;
      const answer = new Promise<string>((resolve) => kept.once('data', (d) => resolve(d.toString('latin1'))));
      kept.write('ail":"x@test.local","password":"whatever-pass"}'.padEnd(996, ' '));
      expect(await answer).toMatch(/^HTTP\/1\.1 401 /);
    } finally {
      for (const socket of sockets) socket.destroy();
      await app.close();
    }
  });

  it('stays below the open-file limit, leaving room for the database and the log', () => {
    expect(connectionCap(10_000, 1_024)).toBe(768);
    expect(connectionCap(10_000, 1_048_576)).toBe(10_000);
    expect(connectionCap(500, undefined)).toBe(500);
  });
});
