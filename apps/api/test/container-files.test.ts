import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../src/config/env.js';

/**
 * The container files (Dockerfile, .dockerignore, compose.yaml, deploy/nginx.conf) are not built
 * or run by the test suite (no Docker here): these checks keep their essentials in step with the
 * repository, so a renamed folder, a changed start command or a lost setting fails a test.
 */

const read = (path: string) => readFileSync(join(REPO_ROOT, path), 'utf8');
const rootManifest = JSON.parse(read('package.json')) as { packageManager: string; scripts: Record<string, string> };

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions by stage (comments dropped, continuation lines joined). */
function dockerStages(text: string): { name: string; from: string; instructions: Instruction[] }[] {
  const logical = text
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages: { name: string; from: string; instructions: Instruction[] }[] = [];
  for (const line of logical) {
    const [keyword = '', ...rest] = line.split(/\s+/);
    const args = rest.join(' ');
    if (keyword.toUpperCase() === 'FROM') {
      const [image = '', , name = ''] = rest;
      stages.push({ name, from: image, instructions: [] });
    } else {
      stages.at(-1)?.instructions.push({ keyword: keyword.toUpperCase(), args });
    }
  }
  return stages;
}

const stages = dockerStages(read('Dockerfile'));
const stage = (name: string) => {
  const found = stages.find((s) => s.name === name);
  if (!found) throw new Error(`Dockerfile has no stage "${name}"`);
  return found;
};
const all = (name: string, keyword: string) => stage(name).instructions.filter((i) => i.keyword === keyword);
const jsonArgs = (args: string) => JSON.parse(args.replace(/^--\S+\s+/g, '')) as string[];

describe('Dockerfile', () => {
  it('builds on node:20-slim with the pnpm the repository pins', () => {
    expect(stages[0]?.from).toBe('node:20-slim');
    const pinned = rootManifest.packageManager.split('@')[1];
    expect(all('base', 'ARG').map((i) => i.args)).toContain(`PNPM_VERSION=${pinned}`);
    expect(all('base', 'RUN').some((i) => i.args.includes('pnpm@${PNPM_VERSION}'))).toBe(true);
  });

  it('installs with the lockfile and runs the build in the build stage', () => {
    const runs = all('build', 'RUN').map((i) => i.args);
    expect(runs).toContain('pnpm install --frozen-lockfile');
    expect(runs).toContain('pnpm build');
  });

  it('copies only paths that exist, and only dist folders of packages that build', () => {
    for (const s of stages) {
      for (const copy of s.instructions.filter((i) => i.keyword === 'COPY')) {
        const parts = copy.args.split(/\s+/);
        const fromStage = parts.find((p) => p.startsWith('--from='));
        const sources = parts.filter((p) => !p.startsWith('--')).slice(0, -1);
        for (const source of sources) {
          if (!fromStage) {
            expect(existsSync(join(REPO_ROOT, source)), `COPY ${source}`).toBe(true);
            continue;
          }
          const packageDir = source.replace(/^\/app\//, '').replace(/\/dist$/, '');
          expect(source, 'copied from the build stage').toMatch(/^\/app\/.+\/dist$/);
          const manifest = JSON.parse(read(join(packageDir, 'package.json'))) as { scripts?: Record<string, string> };
          expect(manifest.scripts?.build, `${packageDir} has a build script`).toBeTruthy();
        }
      }
    }
  });

  it('runs production dependencies as a non-root user, with a health check, a data volume and the serve command', () => {
    const runtime = stages.at(-1);
    expect(runtime?.name).toBe('runtime');
    expect(all('runtime', 'RUN').some((i) => /pnpm install --prod --frozen-lockfile/.test(i.args))).toBe(true);
    const users = all('runtime', 'USER').map((i) => i.args);
    expect(users.length).toBeGreaterThan(0);
    expect(['root', '0']).not.toContain(users.at(-1));
    const health = all('runtime', 'HEALTHCHECK').map((i) => i.args).join(' ');
    expect(health).toContain('/api/health/');
    expect(all('runtime', 'ENV').map((i) => i.args).join(' ')).toMatch(/DATA_DIR=\/app\/data\b/);
    expect(all('runtime', 'VOLUME').flatMap((i) => jsonArgs(i.args))).toContain('/app/data');
    const cmd = all('runtime', 'CMD').at(-1);
    expect(cmd && jsonArgs(cmd.args).join(' ')).toBe(rootManifest.scripts.serve);
  });

  it('leaves installed packages, build output, data and git history out of the build context', () => {
    const ignored = read('.dockerignore').split(/\r?\n/).map((l) => l.trim());
    for (const entry of ['**/node_modules', '**/dist', 'data', '.git', '.env']) expect(ignored).toContain(entry);
  });
});

interface ComposeService {
  image?: string;
  build?: string | { context: string };
  environment?: Record<string, string>;
  volumes?: string[];
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  stop_grace_period?: string;
}

describe('compose.yaml', () => {
  // Merge keys (`<<: *api`) are how the instances share one definition.
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, ComposeService> };
  const services = Object.entries(compose.services);
  const apis = services.filter(([, s]) => s.build === '.' || (typeof s.build === 'object' && s.build.context === '.'));

  it('runs PostgreSQL and at least two API instances of this image on it', () => {
    const db = services.find(([, s]) => s.image?.startsWith('postgres:'));
    expect(db).toBeDefined();
    expect(apis.length).toBeGreaterThanOrEqual(2);
    for (const [name, api] of apis) {
      expect(api.environment?.DATABASE_URL, name).toMatch(new RegExp(`^postgres://[^@]+@${db?.[0]}:5432/`));
      expect(api.environment?.JWT_SECRET, name).toBe(apis[0]?.[1].environment?.JWT_SECRET);
      expect(api.environment?.NODE_ENV, name).toBe('production');
      expect(api.environment?.TRUST_PROXY, name).toBe('true');
      expect(api.volumes, name).toContain('data:/app/data');
      // Longer than the server's own 10 s shutdown bound.
      expect(Number.parseInt(api.stop_grace_period ?? '10s', 10), name).toBeGreaterThan(10);
    }
  });

  it('puts nginx in front of every instance, with event streams unbuffered', () => {
    const proxy = services.find(([, s]) => s.image?.startsWith('nginx:'));
    expect(proxy).toBeDefined();
    const mount = proxy?.[1].volumes?.find((v) => v.includes('/etc/nginx/'));
    const configPath = mount?.split(':')[0] ?? '';
    expect(existsSync(join(REPO_ROOT, configPath)), configPath).toBe(true);
    const nginx = read(configPath);
    expect(apis.length).toBeGreaterThanOrEqual(2);
    for (const [name] of apis) expect(nginx).toMatch(new RegExp(`server ${name}:3000\\b`));
    const events = nginx.slice(nginx.indexOf('location /api/events/'));
    expect(events.slice(0, events.indexOf('}'))).toMatch(/proxy_buffering off;/);
    expect(nginx).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
  });
});
