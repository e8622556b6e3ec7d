import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { ENV_VARIABLES, loadConfig } from '../src/config.ts';

// An operator learns the variables from .env.example and the README: both must list every one
// that config.ts reads, and the defaults they state must be the real ones.

const root = new URL('../../../', import.meta.url);

/** `# NAME=value` lines of .env.example, as [name, value]. */
async function exampleEntries(): Promise<[string, string][]> {
  const text = await readFile(new URL('.env.example', root), 'utf8');
  return [...text.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1]!, m[2]!.trim()]);
}

describe('.env.example and the README', () => {
  it('.env.example lists every variable, and only those', async () => {
    const names = (await exampleEntries()).map(([name]) => name);
    expect(names.filter((name) => !ENV_VARIABLES.includes(name))).toEqual([]);
    expect(ENV_VARIABLES.filter((name) => !names.includes(name))).toEqual([]);
  });

  it('.env.example states the real defaults', async () => {
    const defaults = loadConfig({}, '/srv/shop');
    for (const [name, value] of await exampleEntries()) {
      // A blank value means "no default" or "depends on another variable", said in the comment above it.
      if (value === '') continue;
      expect(loadConfig({ [name]: value }, '/srv/shop'), `${name}=${value}`).toEqual(defaults);
    }
  });

  it("the README's configuration table names every variable", async () => {
    const readme = await readFile(new URL('README.md', root), 'utf8');
    const start = readme.indexOf('## Configuration');
    const table = readme.slice(start, readme.indexOf('\n## ', start + 1));
    const named = new Set([...table.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]));
    expect(ENV_VARIABLES.filter((name) => !named.has(name))).toEqual([]);
  });

  it('package.json says the Node versions as the README does, in plain text', async () => {
    const raw = await readFile(new URL('package.json', root), 'utf8');
    const readme = await readFile(new URL('README.md', root), 'utf8');
    const engines = (JSON.parse(raw) as { engines: { node: string } }).engines.node;
    expect(readme).toContain(`\`engines\` is \`${engines}\``);
    expect(readme).toContain('Needs Node 20.19+ or 24');
    // A \u escape is valid JSON, but the file is read by people too.
    expect(raw).not.toMatch(/\\u[0-9a-f]{4}/i);
  });
});
