import { type AddressInfo, connect } from 'node:net';
import { API_BASE, MSG, TOKEN_HEADER } from '@kopi/shared';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestShop, productFields, signUpAs, type TestShop } from './helpers.ts';

// Browsers send a form over a real socket, in pieces, and go on sending while the server answers:
// app.inject() hands the server the whole body at once and never saw the 400s browsers got.

let shop: TestShop;
let admin: { token: string };
let base: string;

beforeAll(async () => {
  shop = await createTestShop();
  admin = await signUpAs(shop, 'Admin');
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(shop.app.server.address() as AddressInfo).port}${API_BASE}`;
});
afterAll(() => shop.close());

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const bigFile = (mb: number) => Buffer.concat([PNG_MAGIC, Buffer.alloc(Math.round(mb * 1024 * 1024), 0x42)]);

function form(fileFirst: boolean, bytes: Buffer) {
  const data = new FormData();
  const fields = productFields({ product_name: 'Streamed Probe' });
  const file = () => data.append('images', new Blob([bytes], { type: 'image/png' }), 'big.png');
  if (fileFirst) file();
  for (const [key, value] of Object.entries(fields)) data.append(key, String(value));
  if (!fileFirst) file();
  return data;
}

/**
 * Sends a multipart form over a raw socket in pieces: `cuts` are the offsets of the body after which
 * the sender pauses, as a network does. Answers the status line and the body.
 */
async function sendInPieces(
  path: string,
  parts: { name: string; filename?: string; bytes: Buffer }[],
  cuts: (body: Buffer, fileStart: number) => number[],
) {
  const boundary = '----KopiProbe7MA4YWxkTrZu0gW';
  const chunks: Buffer[] = [];
  let fileStart = 0;
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.filename ? 'Content-Type: image/png\r\n' : ''}\r\n`;
    chunks.push(Buffer.from(head));
    if (part.filename) fileStart = Buffer.concat(chunks).length;
    chunks.push(part.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const body = Buffer.concat(chunks);
  const { port } = shop.app.server.address() as AddressInfo;
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => {
      answer += d.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    socket.on('connect', async () => {
      socket.write(
        `POST ${API_BASE}${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${TOKEN_HEADER}: ${admin.token}\r\nConnection: close\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`,
      );
      let at = 0;
      for (const cut of [...cuts(body, fileStart), body.length]) {
        if (socket.destroyed) break;
        socket.write(body.subarray(at, cut));
        at = cut;
        await new Promise((r) => setTimeout(r, 30));
      }
    });
  });
}

describe('an oversize upload sent over a socket', () => {
  it('413 when the file reaches the limit exactly at the end of a piece the network delivered', async () => {
    const before = [await countRows(shop, 'products'), await countRows(shop, 'images')];
    const fields = Object.entries(productFields({ product_name: 'Piece Probe' })).map(([name, v]) => ({
      name,
      bytes: Buffer.from(String(v)),
    }));
    const results: string[] = [];
    for (const extra of [1, 100, 70_000]) {
      const file = { name: 'images', filename: 'big.png', bytes: bigFile(2 + extra / 1024 / 1024 - 8 / 1024 / 1024) };
      for (const order of ['file first', 'file last']) {
        const parts = order === 'file first' ? [file, ...fields] : [...fields, file];
        const answer = await sendInPieces('/products', parts, (_body, start) => [start + 2_097_152]);
        results.push(
          `${order} +${extra}: ${answer.split('\r\n')[0]} ${answer.slice(answer.indexOf('\r\n\r\n') + 4, answer.indexOf('\r\n\r\n') + 80)}`,
        );
      }
    }
    expect(
      results.every((r) => r.includes('HTTP/1.1 413') && r.includes(MSG.fileTooBig)),
      results.join('\n'),
    ).toBe(true);
    expect([await countRows(shop, 'products'), await countRows(shop, 'images')]).toEqual(before);
  });

  it('is answered 413 with the spec message every time, whether the file comes first or last, nothing stored', async () => {
    const before = [await countRows(shop, 'products'), await countRows(shop, 'images')];
    const seen: string[] = [];
    for (let i = 0; i < 12; i++) {
      const sizes = [2.1, 3, 8, 20];
      const res = await fetch(`${base}/products`, {
        method: 'POST',
        headers: { [TOKEN_HEADER]: admin.token },
        body: form(i % 2 === 0, bigFile(sizes[i % 4]!)),
      }).catch((error: Error) => ({ status: 0, text: async () => `${error.message} ${String((error as { cause?: unknown }).cause)}` }));
      seen.push(`${res.status} ${(await res.text()).slice(0, 120)}`);
    }
    expect(seen).toEqual(Array(12).fill(`413 ${JSON.stringify({ msg: MSG.fileTooBig, code: 'file_too_large' })}`));
    expect([await countRows(shop, 'products'), await countRows(shop, 'images')]).toEqual(before);
  });

  it('from Chromium (fetch with FormData in a page) is answered 413 every time', async () => {
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
    try {
      const page = await browser.newPage();
      // A blank page of the shop's origin (the browser then sends same-origin requests): not one of
      // the API's JSON answers, whose Content-Security-Policy forbids a page any fetch.
      const origin = base.replace(API_BASE, '');
      await page.route(`${origin}/probe`, (route) =>
        route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>probe</title>' }),
      );
      await page.goto(`${origin}/probe`);
      const seen = await page.evaluate(
        async ({ url, token, header }) => {
          const out: string[] = [];
          for (let i = 0; i < 12; i++) {
            const data = new FormData();
            if (i % 2) data.append('product_name', 'Browser Probe');
            const bytes = new Uint8Array(2 * 1024 * 1024 + 1 + i * 300_000);
            bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
            data.append('images', new Blob([bytes], { type: 'image/png' }), 'big.png');
            data.append('price', '27000');
            data.append('category_id', '2');
            data.append('description', 'probe');
            if (!(i % 2)) data.append('product_name', 'Browser Probe');
            try {
              const res = await fetch(`${url}/products`, { method: 'POST', headers: { [header]: token }, body: data });
              out.push(`${res.status} ${(await res.text()).slice(0, 120)}`);
            } catch (error) {
              out.push(`failed ${String(error)}`);
            }
          }
          return out;
        },
        { url: base, token: admin.token, header: TOKEN_HEADER },
      );
      expect(seen).toEqual(Array(12).fill(`413 ${JSON.stringify({ msg: MSG.fileTooBig, code: 'file_too_large' })}`));
    } finally {
      await browser.close();
    }
  });
});
